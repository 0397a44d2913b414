/// The one conversion of a parsed number (JSON, a command-line value, a YAML scalar) to an
/// integer: the range is checked on the Double, before the conversion, so no input can
/// trap (`Int64(1e16 * 1000)` traps; a NaN or an infinity traps in any conversion).
/// docs/trace-format.md, "Ranges", lists the ranges callers pass.
public enum CheckedNumber {
    /// Milliseconds a time in an expectation or on the command line may have either way
    /// (about 31 years): times in microseconds then stay far inside Int64.
    public static let timeMillisecondsMagnitudeLimit: Double = 1e12

    /// The integers a count or an index in a file may be (`index`, `count`, `editing`,
    /// `open_list`, `fingers`): ±10^9.
    public static let countRange: ClosedRange<Int64> = -1_000_000_000...1_000_000_000

    /// `value` rounded to the nearest integer when that integer is in `range`; nil for a
    /// NaN, an infinity or anything outside `range`.
    public static func rounded(_ value: Double, in range: ClosedRange<Int64>) -> Int64? {
        guard value.isFinite else { return nil }
        let whole = value.rounded()
        // Compared as Doubles: every bound up to 2^53 is exact, and beyond it the check
        // still keeps the conversion inside Int64 (2^63 itself is refused).
        guard whole >= Double(range.lowerBound), whole <= Double(range.upperBound),
            whole < 9_223_372_036_854_775_808.0
        else { return nil }
        return Int64(whole)
    }

    /// `value` when it is a whole number in `range` (no rounding: `2.5` is not an index).
    public static func integer(_ value: Double, in range: ClosedRange<Int64> = countRange)
        -> Int?
    {
        guard value.isFinite, value == value.rounded(),
            let whole = rounded(value, in: range), let exact = Int(exactly: whole)
        else { return nil }
        return exact
    }

    /// `milliseconds` as whole microseconds (rounded), when its magnitude is below
    /// `timeMillisecondsMagnitudeLimit`; nil otherwise.
    public static func microseconds(fromMilliseconds milliseconds: Double) -> Int64? {
        guard milliseconds.isFinite, abs(milliseconds) < timeMillisecondsMagnitudeLimit else {
            return nil
        }
        return rounded(milliseconds * 1000, in: Int64.min...Int64.max)
    }
}
