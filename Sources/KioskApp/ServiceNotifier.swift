import CSystemd

/// What the app tells systemd through libsystemd's `sd_notify` (docs/app.md, "Running for
/// months"): `READY=1` once its first frame is on screen, `WATCHDOG=1` from the main loop,
/// `STOPPING=1` when it stops. Outside systemd (`NOTIFY_SOCKET` unset) every call does
/// nothing.
struct ServiceNotifier {
    /// How many pings the loop sends per `WATCHDOG_USEC` (systemd asks for at least two;
    /// three leave room for a slow turn of the loop).
    static let pingsPerWatchdogPeriod: Int64 = 3

    /// The time between two `WATCHDOG=1`; nil when systemd runs no watchdog for the app.
    let pingIntervalMicroseconds: Int64?
    /// The loop time of the last ping.
    private var lastPingMicroseconds: Int64?

    /// Reads `WATCHDOG_USEC` (and `WATCHDOG_PID`) through `sd_watchdog_enabled`.
    init() {
        var watchdogMicroseconds: UInt64 = 0
        if sd_watchdog_enabled(0, &watchdogMicroseconds) > 0, watchdogMicroseconds > 0 {
            pingIntervalMicroseconds = max(
                1, Int64(clamping: watchdogMicroseconds) / Self.pingsPerWatchdogPeriod)
        } else {
            pingIntervalMicroseconds = nil
        }
    }

    /// `READY=1`.
    func ready() { _ = sd_notify(0, "READY=1") }

    /// `STOPPING=1`.
    func stopping() { _ = sd_notify(0, "STOPPING=1") }

    /// `WATCHDOG=1` when a ping is due at `now` (monotonic µs). Called once per turn of
    /// the loop, so a loop that hangs stops the pings and systemd restarts the app.
    mutating func loopTurned(atMicroseconds now: Int64) {
        guard let interval = pingIntervalMicroseconds else { return }
        if let last = lastPingMicroseconds, now - last < interval { return }
        lastPingMicroseconds = now
        _ = sd_notify(0, "WATCHDOG=1")
    }

    /// How long the loop may wait before the next ping is due (nil: no limit).
    func millisecondsUntilPing(atMicroseconds now: Int64) -> Int32? {
        guard let interval = pingIntervalMicroseconds else { return nil }
        let due = (lastPingMicroseconds ?? now) + interval
        return Int32(clamping: max(0, (due - now + 999) / 1000))
    }
}
