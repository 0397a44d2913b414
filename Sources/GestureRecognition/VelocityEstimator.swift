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

    private var timesMicroseconds: ContiguousArray<Int64>
    private var xs: ContiguousArray<Double>
    private var ys: ContiguousArray<Double>
    private var newest = -1
    private(set) var count = 0
    /// Samples count while younger than this.
    private let ageLimitMicroseconds: Int64

    init(capacity: Int, windowMicroseconds: Int64, farEnd: FarEnd) {
        let capacity = max(2, capacity)
        timesMicroseconds = ContiguousArray(repeating: 0, count: capacity)
        xs = ContiguousArray(repeating: 0, count: capacity)
        ys = ContiguousArray(repeating: 0, count: capacity)
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

    mutating func add(timeMicroseconds: Int64, pixels: Point) {
        newest = (newest + 1) % xs.count
        timesMicroseconds[newest] = timeMicroseconds
        xs[newest] = pixels.x
        ys[newest] = pixels.y
        count = min(count + 1, xs.count)
    }

    /// The velocity in pixels per second at `time`, from the samples in the window
    /// ending at `time`; zero with fewer than two such samples.
    func velocityPixelsPerSecond(atMicroseconds time: Int64) -> Point {
        // One pass of sums; times and positions are taken relative to the newest sample
        // so the sums stay small and the subtraction below loses no precision.
        guard count >= 2 else { return .zero }
        let originX = xs[newest]
        let originY = ys[newest]
        var n = 0.0
        var sumT = 0.0
        var sumTT = 0.0
        var sumX = 0.0
        var sumY = 0.0
        var sumTX = 0.0
        var sumTY = 0.0
        var index = newest
        for _ in 0..<count {
            guard let age = ageInWindow(index, time) else { break }
            let t = -age
            let x = xs[index] - originX
            let y = ys[index] - originY
            n += 1
            sumT += t
            sumTT += t * t
            sumX += x
            sumY += y
            sumTX += t * x
            sumTY += t * y
            index = index == 0 ? xs.count - 1 : index - 1
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

    /// The sample's age in seconds at `time`, or nil when it is outside the window.
    private func ageInWindow(_ index: Int, _ time: Int64) -> Double? {
        let (age, overflow) = time.subtractingReportingOverflow(timesMicroseconds[index])
        guard !overflow, age >= 0, age < ageLimitMicroseconds else { return nil }
        return Double(age) / 1_000_000
    }
}
