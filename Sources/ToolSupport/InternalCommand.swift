/// First arguments a ClearTouch executable answers that are no command a user sees.
public enum InternalCommand {
    /// The child process of the via-libinput replay (Recorder's `ViaLibinputCapture`):
    /// the lean `cleartouch` hands it to cleartouch-devices, as it does every command
    /// that needs libinput.
    public static let viaLibinputChild = "__via-libinput-child"
}
