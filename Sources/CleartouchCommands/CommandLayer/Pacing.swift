import Glibc
import ToolSupport

/// The wall clock as pacing sees it. Injected so tests can pace without sleeping.
package protocol PacingClock {
    /// A monotonic time in microseconds.
    mutating func nowMicroseconds() -> Int64
    /// Waits `microseconds` of wall time.
    mutating func sleep(microseconds: Int64)
}

/// The real clock: `MonotonicClock`, and nanosleep. Pacing is the only place ClearTouch
/// sleeps.
package struct SleepingClock: PacingClock {
    package mutating func nowMicroseconds() -> Int64 { MonotonicClock.nowMicroseconds() }

    package mutating func sleep(microseconds: Int64) {
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
package struct Pacer<Clock: PacingClock> {
    package let speed: Double
    private var clock: Clock
    private var anchor: (recording: Int64, wall: Int64)?

    /// `speed` must be positive and finite.
    package init(speed: Double, clock: Clock) {
        precondition(speed > 0 && speed.isFinite, "speed must be positive")
        self.speed = speed
        self.clock = clock
    }

    /// The wall-clock delay between recording time 0 and `recordingMicroseconds` at this speed.
    /// Saturates at ±2^62 microseconds (a delay no replay waits out), so no speed and no
    /// time traps.
    package func wallDelay(forRecordingMicroseconds recordingMicroseconds: Int64) -> Int64 {
        let delay = (Double(recordingMicroseconds) / speed).rounded()
        let limit = Double(Int64(1) << 62)
        return Int64(min(limit, max(-limit, delay.isNaN ? 0 : delay)))
    }

    /// Waits until the event at `recordingMicroseconds` is due. The first call sets the anchor.
    package mutating func wait(untilRecordingMicroseconds recordingMicroseconds: Int64) {
        let now = clock.nowMicroseconds()
        guard let anchor else {
            self.anchor = (recordingMicroseconds, now)
            return
        }
        let elapsed = recordingMicroseconds.subtractingReportingOverflow(anchor.recording)
        let delay = wallDelay(
            forRecordingMicroseconds: elapsed.overflow
                ? (recordingMicroseconds > anchor.recording ? .max : .min) : elapsed.partialValue)
        let sum = anchor.wall.addingReportingOverflow(delay)
        let due = sum.overflow ? (delay > 0 ? Int64.max : Int64.min) : sum.partialValue
        if due > now { clock.sleep(microseconds: due - now) }
    }
}
