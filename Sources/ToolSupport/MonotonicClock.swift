#if canImport(Glibc)
    import Glibc
#endif

/// `CLOCK_MONOTONIC`: the clock libinput stamps events with, and the one clock every
/// front end (live input, the app, the recorder, pacing, benchmarks) reads time from.
public enum MonotonicClock {
    /// Now, in nanoseconds since an unspecified start (boot).
    @inline(__always)
    public static func nowNanoseconds() -> Int64 { nanoseconds(on: CLOCK_MONOTONIC) }

    /// Now, in microseconds: the unit of `InputEvent` times.
    @inline(__always)
    public static func nowMicroseconds() -> Int64 { nowNanoseconds() / 1000 }
}

/// `CLOCK_THREAD_CPUTIME_ID`: the CPU time the calling thread has used, which benchmarks
/// measure so that other processes on the machine do not count.
public enum ThreadCPUClock {
    /// The calling thread's CPU time, in nanoseconds.
    @inline(__always)
    public static func nowNanoseconds() -> Int64 { nanoseconds(on: CLOCK_THREAD_CPUTIME_ID) }
}

/// `clock_gettime(clock)` in nanoseconds.
@inline(__always)
private func nanoseconds(on clock: clockid_t) -> Int64 {
    var now = timespec()
    clock_gettime(clock, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}
