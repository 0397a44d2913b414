/// One comparison of a measured value against a named threshold that made or refused an
/// action: a tap's duration against the tap's longest, a pan's end against W/2 (`cleartouch
/// test --margins`, docs/replay.md "Margins"). The recognizers and Clear's core report them
/// at the point they compare, to a `ThresholdDecisionObserver` when one listens.
public struct ThresholdDecision: Hashable, Sendable {
    /// The rule, named as its threshold without the unit (`slop` for `slop-px` and
    /// `slop-mm`, `pan-complete` for `pan-complete-fraction`).
    public var rule: String
    /// The event time of the decision.
    public var timeMicroseconds: Int64
    /// What was measured, in the threshold's unit (pixels, millimetres, milliseconds).
    public var value: Double
    /// What it was compared with, in the same unit.
    public var threshold: Double
    /// The unit of both: `px`, `mm` or `ms`.
    public var unit: String

    public init(
        rule: String, timeMicroseconds: Int64, value: Double, threshold: Double, unit: String
    ) {
        self.rule = rule
        self.timeMicroseconds = timeMicroseconds
        self.value = value
        self.threshold = threshold
        self.unit = unit
    }

    /// |value − threshold| / threshold: how far the threshold may move, as a share of
    /// itself, before this decision goes the other way. Infinite for a zero threshold.
    public var relativeMargin: Double {
        threshold == 0 ? .infinity : abs(value - threshold) / abs(threshold)
    }
}

/// Hears every `ThresholdDecision` as it is made. Nobody listens by default; then the
/// deciding code only checks for nil.
public protocol ThresholdDecisionObserver: AnyObject {
    func decided(_ decision: ThresholdDecision)
}
