import LibInputBackend

#if canImport(Glibc)
    import Glibc
#endif

/// A testbed's barrier scripts as the program under umockdev sees them: released by
/// writing the token to their nodes, played out once the fix-up preload has counted each
/// one's end marker (`BarrierScript.endMarker`). Product code of `replay --via-libinput`'s
/// child; elsewhere only test builds reach it (docs/libinput-backend.md, "Test hooks").
public enum UmockdevBarriers {
    /// The scripts of `nodes` as live input's `ScriptedInput`: started by releasing every
    /// barrier, ended once as many end markers passed as scripts are left (a removed
    /// device's script never ends).
    public static func scriptedInput(nodes: [String]) -> ScriptedInput? {
        guard !nodes.isEmpty else { return nil }
        return ScriptedInput(
            start: {
                for node in nodes { release(node: node) }
            },
            hasEnded: { devicesRemoved in
                endMarkersRead + devicesRemoved >= nodes.count
            })
    }

    /// Writes the token a barrier script (`w 0 GO`) waits for, so its events flow.
    @discardableResult
    public static func release(node: String, token: String = UmockdevTestbed.barrierToken)
        -> Bool
    {
        let fd = open(node, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return token.withCString { write(fd, $0, strlen($0)) } == token.utf8.count
    }

    /// The end markers the fix-up preload has seen pass: 0 when it is not loaded.
    static var endMarkersRead: Int { Int(endMarkerCounter?() ?? 0) }

    private typealias Counter = @convention(c) () -> UInt32
    private static let endMarkerCounter: Counter? = {
        // RTLD_DEFAULT: the preload is loaded ahead of everything else.
        guard let symbol = dlsym(nil, "cleartouch_fixup_end_markers_read") else { return nil }
        return unsafeBitCast(symbol, to: Counter.self)
    }()
}
