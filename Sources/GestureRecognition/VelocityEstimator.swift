import TouchInput

/// Estimates a finger's velocity by a least-squares line fit of position against time
/// over the samples of the last `windowMicroseconds`, never from the last two samples
/// alone, so the jitter of a resting finger gives a velocity near zero and a finger
/// that rested before lifting gives exactly zero (its samples have aged out).
///
/// The samples live in a ring buffer allocated once; adding a sample never allocates.
///
/// The window's far end is the one place its two users differ: a touchscreen pan counts
/// the samples younger than the window (`.excluded`, as Flutter's horizon), a touchpad
/// stroke those at most that old (`.included`: libinput's events come further apart).
struct VelocityEstimator {
    /// Whether a sample exactly one window old counts.
    enum FarEnd {
        case excluded
        case included
    }

    /// One sample: its time and position.
    private struct Sample {
        var timeMicroseconds: Int64
        var x: Double
        var y: Double
    }

    /// The ring, the newest at `newest`, older ones before it (wrapping round).
    private var samples: ContiguousArray<Sample>
    private var newest = -1
    private(set) var count = 0
    /// Samples count while younger than this.
    private let ageLimitMicroseconds: Int64

    init(capacity: Int, windowMicroseconds: Int64, farEnd: FarEnd) {
        let capacity = max(2, capacity)
        samples = ContiguousArray(
            repeating: Sample(timeMicroseconds: 0, x: 0, y: 0), count: capacity)
        switch farEnd {
        case .excluded:
            ageLimitMicroseconds = max(0, windowMicroseconds)
        case .included:
            let (limit, overflow) = windowMicroseconds.addingReportingOverflow(1)
            ageLimitMicroseconds = max(0, overflow ? .max : limit)
        }
    }

    mutating func reset() {
        newest = -1
        count = 0
    }

    // Inlined: every frame of a drag adds a sample.
    @inline(__always)
    mutating func add(timeMicroseconds: Int64, pixels: Point) {
        newest = newest + 1 == samples.count ? 0 : newest + 1
        samples[newest] = Sample(timeMicroseconds: timeMicroseconds, x: pixels.x, y: pixels.y)
        count = min(count + 1, samples.count)
    }

    /// The velocity in pixels per second at `time`, from the samples in the window
    /// ending at `time`; zero with fewer than two such samples.
    func velocityPixelsPerSecond(atMicroseconds time: Int64) -> Point {
        guard count >= 2 else { return .zero }
        return samples.withUnsafeBufferPointer { velocity(in: $0, atMicroseconds: time) }
    }

    /// The fit over `ring` (the samples' storage, read without bounds checks: the fit runs
    /// for every pan report).
    private func velocity(in ring: UnsafeBufferPointer<Sample>, atMicroseconds time: Int64)
        -> Point
    {
        // One pass of sums; times and positions are taken relative to the newest sample
        // so the sums stay small and the subtraction below loses no precision.
        let originX = ring[newest].x
        let originY = ring[newest].y
        var n = 0.0
        var sumT = 0.0
        var sumTT = 0.0
        var sumX = 0.0
        var sumY = 0.0
        var sumTX = 0.0
        var sumTY = 0.0
        var index = newest
        for _ in 0..<count {
            let sample = ring[index]
            guard let age = ageInWindow(sample.timeMicroseconds, time) else { break }
            let t = -age
            let x = sample.x - originX
            let y = sample.y - originY
            n += 1
            sumT += t
            sumTT += t * t
            sumX += x
            sumY += y
            sumTX += t * x
            sumTY += t * y
            index = index == 0 ? ring.count - 1 : index - 1
        }
        guard n >= 2 else { return .zero }
        let stt = sumTT - sumT * sumT / n
        guard stt > 0 else { return .zero }
        // Ages are in seconds, so the slopes are in pixels per second.
        let vx = (sumTX - sumT * sumX / n) / stt
        let vy = (sumTY - sumT * sumY / n) / stt
        guard vx.isFinite, vy.isFinite else { return .zero }
        return Point(x: vx, y: vy)
    }

    /// The age in seconds at `time` of a sample taken at `sampleTime`, or nil when it is
    /// outside the window.
    @inline(__always)
    private func ageInWindow(_ sampleTime: Int64, _ time: Int64) -> Double? {
        let (age, overflow) = time.subtractingReportingOverflow(sampleTime)
        guard !overflow, age >= 0, age < ageLimitMicroseconds else { return nil }
        return Double(age) / 1_000_000
    }
}
