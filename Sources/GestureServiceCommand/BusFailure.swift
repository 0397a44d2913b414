import SDBus

#if canImport(Glibc)
    import Glibc
#endif

/// What the service and the agent say when their bus fails at start: the failing call and,
/// where a desktop user can do something about it, which option works instead.
enum BusFailure {
    /// `cannot DOING on TARGET: CALL: REASON`, then the hint: no system bus (a container, a
    /// session without one) names `--bus session` and `--bus-address`; a name the system
    /// bus's policy does not let this user own names the policy.
    static func message(_ doing: String, on target: BusConnection.Target, _ error: BusError)
        -> String
    {
        var text = "cannot \(doing) on \(target): \(error)"
        switch (target, error.errno) {
        case (.system, ENOENT), (.system, ECONNREFUSED):
            text +=
                " (no system bus here: `--bus session` uses your session's bus, `--bus-address ADDRESS` any other)"
        case (.system, EACCES), (.system, EPERM):
            text +=
                " (the system bus lets only the users its policy names own the name: the package's io.github.cleartouch.Gestures1.conf names cleartouch and root; `--bus session` uses your session's bus)"
        default:
            break
        }
        return text
    }
}
