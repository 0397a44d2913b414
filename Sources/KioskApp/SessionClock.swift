import CSDL2
import ToolSupport

/// The session's one microsecond clock: `CLOCK_MONOTONIC`, the clock of libinput's
/// event times. SDL event timestamps (milliseconds since SDL started) are mapped onto it.
public struct SessionClock: Sendable {
    /// `CLOCK_MONOTONIC` minus SDL's tick count, in microseconds, fixed at creation.
    let sdlOffsetMicroseconds: Int64

    /// A clock; SDL must be initialised.
    public init() {
        let ticks = Int64(SDL_GetTicks64())
        sdlOffsetMicroseconds = MonotonicClock.nowMicroseconds() - ticks * 1000
    }

    /// Now on `CLOCK_MONOTONIC`, in microseconds.
    public var nowMicroseconds: Int64 { MonotonicClock.nowMicroseconds() }

    /// The session time of an SDL event timestamp (32-bit milliseconds, which wrap after
    /// 49 days: the timestamp is read as the most recent tick count with those low bits).
    public func microseconds(sdlTimestamp: UInt32) -> Int64 {
        let now = SDL_GetTicks64()
        let age = UInt32(truncatingIfNeeded: now) &- sdlTimestamp
        let ticks = Int64(now) - Int64(age)
        return ticks * 1000 + sdlOffsetMicroseconds
    }
}
