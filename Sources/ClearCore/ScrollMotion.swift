/// How a released list keeps moving (docs/product-decisions.md "Scrolling").
///
/// The curve is constant deceleration (kinetic friction): the offset's speed falls
/// linearly from the release speed |v₀| to 0 at `decelerationPixelsPerSecondSquared`,
/// so the offset is the parabola off(τ) = off₀ + v₀·τ − ½·sign(v₀)·d·τ² for
/// 0 ≤ τ ≤ |v₀|/d, after which the list rests. A fling travels v₀²/(2d). The motion
/// stops early, without bouncing, where it reaches an end of the scroll range.
/// It needs only arithmetic and a square root, so ClearCore stays free of libm.
public enum ScrollDeceleration {
    /// d, the friction. At 3000 px/s² a 3000 px/s flick travels 1500 px in 1 s, about
    /// what UIScrollView's normal deceleration rate does with the same flick.
    public static let decelerationPixelsPerSecondSquared = 3000.0
    /// Release speeds are capped here, so that a wild velocity estimate cannot fling far.
    public static let maximumVelocityPixelsPerSecond = 50_000.0
    /// A release slower than this (offset speed) leaves the list where it is.
    public static let minimumVelocityPixelsPerSecond = 50.0
}

/// One deceleration, a pure function of time.
struct Deceleration: Hashable, Sendable {
    var startMicroseconds: Int64
    var startOffsetPixels: Double
    /// The offset's velocity at release (the finger's y velocity negated).
    var velocityPixelsPerSecond: Double
    var decelerationPixelsPerSecondSquared: Double
    var range: ClosedRange<Double>

    /// The end of the range the motion heads for.
    var bound: Double { velocityPixelsPerSecond > 0 ? range.upperBound : range.lowerBound }

    /// True when the motion reaches `bound` before friction stops it.
    var reachesBound: Bool {
        let speed = abs(velocityPixelsPerSecond)
        return abs(bound - startOffsetPixels) < speed * speed
            / (2 * decelerationPixelsPerSecondSquared)
    }

    /// The time from the start at which the motion stops, in seconds.
    var durationSeconds: Double {
        let speed = abs(velocityPixelsPerSecond)
        let d = decelerationPixelsPerSecondSquared
        guard speed > 0, d > 0 else { return 0 }
        guard reachesBound else { return speed / d }
        // speed·τ − ½·d·τ² = distance to the bound, the earlier root.
        return (speed - (speed * speed - 2 * d * abs(bound - startOffsetPixels)).squareRoot()) / d
    }

    /// Saturates at 2^61 microseconds of motion: a fling from absurd input (a contact
    /// jumping millions of pixels in a microsecond) must not overflow.
    var endMicroseconds: Int64 {
        let limit = Double(Int64(1) << 61)
        let duration = (durationSeconds * 1_000_000).rounded(.up)
        return startMicroseconds + Int64(duration.isNaN ? 0 : min(max(duration, 0), limit))
    }

    func offset(at time: Int64) -> Double {
        let duration = durationSeconds
        let elapsed = min(max((Double(time) - Double(startMicroseconds)) / 1_000_000, 0), duration)
        if elapsed >= duration, reachesBound { return bound }
        let sign: Double = velocityPixelsPerSecond < 0 ? -1 : 1
        let raw =
            startOffsetPixels + velocityPixelsPerSecond * elapsed - 0.5 * sign
            * decelerationPixelsPerSecondSquared * elapsed * elapsed
        return min(max(raw, range.lowerBound), range.upperBound)
    }
}

/// The list moving at a constant speed while a held row is in an edge zone, stopping
/// at an end of `range`.
struct AutoScroll: Hashable, Sendable {
    var startMicroseconds: Int64
    var startOffsetPixels: Double
    var velocityPixelsPerSecond: Double
    var range: ClosedRange<Double>

    func offset(at time: Int64) -> Double {
        let elapsed = max(0, (Double(time) - Double(startMicroseconds)) / 1_000_000)
        let raw = startOffsetPixels + velocityPixelsPerSecond * elapsed
        return min(max(raw, range.lowerBound), range.upperBound)
    }

    /// When the motion reaches the end of the range it heads for.
    var endMicroseconds: Int64 {
        guard velocityPixelsPerSecond != 0 else { return startMicroseconds }
        let bound = velocityPixelsPerSecond > 0 ? range.upperBound : range.lowerBound
        let seconds = max(0, (bound - startOffsetPixels) / velocityPixelsPerSecond)
        return startMicroseconds + Int64(min(seconds * 1_000_000, 1e15).rounded(.up))
    }
}

/// The list's scroll offset as a function of time.
enum ScrollMotion: Hashable, Sendable {
    case still(Double)
    /// A held row in an edge zone scrolls the list.
    case autoScroll(AutoScroll)
    case decelerating(Deceleration)
    /// Going back to rest after a pull, ease-in-out.
    case settling(Tween)

    func offset(at time: Int64) -> Double {
        switch self {
        case .still(let offset): offset
        case .decelerating(let deceleration): deceleration.offset(at: time)
        case .settling(let tween): tween.value(at: time)
        case .autoScroll(let motion): motion.offset(at: time)
        }
    }

    var endMicroseconds: Int64? {
        switch self {
        case .still: nil
        case .decelerating(let deceleration): deceleration.endMicroseconds
        case .settling(let tween): tween.endMicroseconds
        case .autoScroll(let motion): motion.endMicroseconds
        }
    }
}
