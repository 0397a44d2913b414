import ClearCore
import TouchInput

/// The theme the app starts with: the one the list file saved (a theme chosen on the
/// Themes page), else `--theme`, else `heat`. A saved name the program does not know
/// falls back the same way.
public func startTheme(savedName: String?, commandLine: Theme?) -> Theme {
    savedName.flatMap(Theme.named) ?? commandLine ?? .heat
}

/// What `cleartouch app` was asked to do.
public struct KioskOptions: Hashable, Sendable {
    /// The list file (`ListStore`): loaded at start, saved after every change.
    public var listPath: String
    /// The layout's screen in pixels; nil: the display's size in full screen, else 540x960.
    public var screen: ScreenSize?
    /// H; nil: round(W·50/320).
    public var rowHeightPixels: Double?
    public var fullscreen = false
    /// `--theme NAME`: the start theme when the list file names none (docs/themes.md).
    public var theme: Theme?
    /// `--offscreen`: draw without any display (SDL's offscreen driver), invisibly. Without
    /// it (or `SDL_VIDEODRIVER=offscreen`), finding no display is an error.
    public var offscreen = false
    /// Record every input event the session gets to this ClearTouch trace.
    public var recordPath: String?
    /// Record typed text as typed (otherwise each character is recorded as `x`).
    public var recordText = false
    /// `--force`: `--record` may replace an existing file (a recording is never replaced
    /// without it, as for `cleartouch record`).
    public var forceRecord = false
    /// libinput device nodes; empty: every device of `seat`.
    public var devicePaths: [String] = []
    public var seat = "seat0"
    /// Skip libinput and take touches from the window (mouse as one finger, window touch).
    public var windowInputOnly = false
    #if CLEARTOUCH_TEST_HOOKS
        /// Test builds only: umockdev barrier scripts to release once libinput has opened
        /// the devices (`--umockdev-barrier`, docs/libinput-backend.md "Test hooks"); the
        /// command hands them to `KioskApp` as its `ScriptedInput`.
        public var umockdevBarrierNodes: [String] = []
        /// Test builds only: where sysfs is mounted (`--sysfs-root`), for the backlights.
        public var sysfsRoot: String?
        /// Test builds only: the loop stops turning once this file exists (`--freeze-when`),
        /// so a test sees the watchdog's pings stop.
        public var freezeWhenPath: String?
    #endif
    /// How the panel is mounted (`--rotate`): the app lays out upright and draws turned.
    public var rotation: Rotation = .none
    /// `--calibration`: every libinput touch device's calibration; nil: each device's line
    /// in `calibrationFilePath`, else libinput's default (its udev property).
    public var calibration: CalibrationMatrix?
    /// The calibration file `cleartouch calibrate` writes; nil: none is read.
    public var calibrationFilePath: String?
    /// `--keyboard`: when the on-screen keyboard shows (default: while no physical
    /// keyboard is attached).
    public var keyboardMode: OnScreenKeyboardMode = .auto
    /// `--keyboard-layout`, else XKBLAYOUT of /etc/default/keyboard when known, else us.
    public var keyboardLayout: KeyboardLayout = KeyboardLayout.embedded(
        named: KeyboardLayout.defaultName)!

    /// `--sound on|off`: play the actions' sounds (when an audio device exists and the
    /// saved setting, the Settings page's `Sound`, is on); off keeps the app silent without
    /// changing the setting.
    public var soundOn = true

    /// `--levels`: the levels the kiosk may reach (default all).
    public var levels: AllowedLevels = .all

    /// `--idle-seconds N`: the screen goes dark after N seconds with no input (0: never).
    public var idleSeconds = 0

    /// `--replay RECORDING`: feed this recording into the loop instead of live input.
    public var replayPath: String?
    /// `--speed X` of `--replay`: times the recorded rate; 0 as fast as the loop takes it.
    public var replaySpeed = 1.0
    /// `--keep-running`: after `--replay`'s last event, stay on screen until stopped.
    public var keepRunning = false

    /// The files the app reads, which no output of it may replace (docs/output-files.md):
    /// the list, the recording replayed, the calibration file.
    public var inputPaths: [String] {
        [listPath] + [replayPath, calibrationFilePath].compactMap { $0 }
    }

    public init(listPath: String) {
        self.listPath = listPath
    }

    /// `$XDG_DATA_HOME/cleartouch/list.json`, with `XDG_DATA_HOME` defaulting to
    /// `$HOME/.local/share` as the XDG base directory specification says.
    public static func defaultListPath(environment: [String: String]) -> String {
        let dataHome: String
        if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") {
            dataHome = value
        } else {
            dataHome = (environment["HOME"] ?? ".") + "/.local/share"
        }
        return dataHome + "/cleartouch/list.json"
    }
}
