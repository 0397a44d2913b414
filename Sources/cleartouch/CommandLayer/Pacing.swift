import Glibc
import ToolSupport

/// The wall clock as pacing sees it. Injected so tests can pace without sleeping.
protocol PacingClock {
    /// A monotonic time in microseconds.
    mutating func nowMicroseconds() -> Int64
    /// Waits `microseconds` of wall time.
    mutating func sleep(microseconds: Int64)
}

/// The real clock: `MonotonicClock`, and nanosleep. Pacing is the only place ClearTouch
/// sleeps.
struct SleepingClock: PacingClock {
    mutating func nowMicroseconds() -> Int64 { MonotonicClock.nowMicroseconds() }

    mutating func sleep(microseconds: Int64) {
        guard microseconds > 0 else { return }
        var request = timespec(
            tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int(microseconds % 1_000_000) * 1000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}

/// Holds a replay back so recording time passes `speed` times faster than wall time
/// (`--speed 1`: as recorded). It only delays the feeding of events; every decision
/// still reads event times, so the result is the same at every speed.
struct Pacer<Clock: PacingClock> {
    let speed: Double
    private var clock: Clock
    private var anchor: (recording: Int64, wall: Int64)?

    /// `speed` must be positive and finite.
    init(speed: Double, clock: Clock) {
        precondition(speed > 0 && speed.isFinite, "speed must be positive")
        self.speed = speed
        self.clock = clock
    }

    /// The wall-clock delay between recording time 0 and `recordingMicroseconds` at this speed.
    func wallDelay(forRecordingMicroseconds recordingMicroseconds: Int64) -> Int64 {
        Int64((Double(recordingMicroseconds) / speed).rounded())
    }

    /// Waits until the event at `recordingMicroseconds` is due. The first call sets the anchor.
    mutating func wait(untilRecordingMicroseconds recordingMicroseconds: Int64) {
        let now = clock.nowMicroseconds()
        guard let anchor else {
            self.anchor = (recordingMicroseconds, now)
            return
        }
        let due =
            anchor.wall
            + wallDelay(forRecordingMicroseconds: recordingMicroseconds - anchor.recording)
        if due > now { clock.sleep(microseconds: due - now) }
    }
}
