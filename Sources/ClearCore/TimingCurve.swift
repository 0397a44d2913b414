/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1) and
/// (x2, y2), as CSS `cubic-bezier()` and Core Animation's `CAMediaTimingFunction`.
///
/// `value(atProgress:)` solves x(s) = progress for the curve parameter s (x is
/// monotonic when x1 and x2 lie in 0...1, so the root is unique) with Newton's method
/// kept inside a shrinking bisection bracket, until the bracket stops shrinking: the
/// root to the last bit of a Double. Then it returns y(s).
public struct TimingCurve: Hashable, Sendable {
    /// The first control point's x, 0...1.
    public var x1: Double
    /// The first control point's y.
    public var y1: Double
    /// The second control point's x, 0...1.
    public var x2: Double
    /// The second control point's y.
    public var y2: Double

    /// x1 and x2 are clamped to 0...1 so that x(s) is monotonic.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// Core Animation's `kCAMediaTimingFunctionEaseInEaseOut`, also UIView's default
    /// animation curve: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInOut = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// No easing: the value is the progress.
    public static let linear = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)

    /// The eased value for a linear progress in 0...1 (clamped outside).
    public func value(atProgress progress: Double) -> Double {
        if !(progress > 0) { return 0 }
        if progress >= 1 { return 1 }
        return Self.bezier(parameter(forX: progress), p1: y1, p2: y2)
    }

    /// One coordinate of the curve with end points 0 and 1.
    static func bezier(_ s: Double, p1: Double, p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    static func bezierDerivative(_ s: Double, p1: Double, p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The s in 0...1 with x(s) = x.
    func parameter(forX x: Double) -> Double {
        var low = 0.0
        var high = 1.0
        var s = x
        for _ in 0..<200 {
            let error = Self.bezier(s, p1: x1, p2: x2) - x
            if error == 0 { return s }
            if error > 0 { high = s } else { low = s }
            let slope = Self.bezierDerivative(s, p1: x1, p2: x2)
            var next = slope > 0 ? s - error / slope : (low + high) / 2
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == s || high - low <= high.ulp { return next }
            s = next
        }
        return s
    }
}
