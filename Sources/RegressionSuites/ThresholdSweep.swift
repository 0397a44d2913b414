import JSON
import Replay
import TouchInput

/// `cleartouch test --sweep NAME=A:B:STEP`: the suite run once per value of one threshold,
/// A, A+STEP, … up to B, each run counting the recordings that still pass
/// (docs/replay.md, "Sweeps").
public struct ThresholdSweep: Hashable, Sendable {
    /// The threshold swept.
    public let threshold: NamedThreshold
    /// The values, in order.
    public let values: [Double]

    /// The most values one sweep runs the suite for (each is a whole suite run).
    public static let maximumSteps = 100

    /// `NAME=A:B:STEP` with A ≤ B, STEP > 0, every value in the threshold's range (whole
    /// where it must be) and at most `maximumSteps` values.
    public init(parsing text: String) throws(UsageText) {
        guard let equals = text.firstIndex(of: "=") else {
            throw UsageText(
                "--sweep needs NAME=A:B:STEP (e.g. slop-px=6:14:2), got '\(QuotedInput.cut(text))'")
        }
        let threshold = try Thresholds.threshold(
            named: String(text[..<equals]), option: "--sweep")
        let parts = text[text.index(after: equals)...].split(
            separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw UsageText(
                "--sweep needs NAME=A:B:STEP (e.g. slop-px=6:14:2), got '\(QuotedInput.cut(text))'")
        }
        let numbers = try parts.map { (part) throws(UsageText) in
            try threshold.parse(String(part), option: "--sweep", rangeChecked: false)
        }
        let (start, end, step) = (numbers[0], numbers[1], numbers[2])
        guard start <= end else {
            throw UsageText("--sweep \(QuotedInput.cut(text)): A must not be above B")
        }
        guard step > 0 else {
            throw UsageText("--sweep \(QuotedInput.cut(text)): STEP must be above 0")
        }
        // The last value may fall a rounding error short of B.
        let steps = ((end - start) / step * (1 + 1e-12)).rounded(.down) + 1
        guard steps <= Double(Self.maximumSteps) else {
            throw UsageText(
                "--sweep \(QuotedInput.cut(text)): \(steps < 1e9 ? "\(Int(steps))" : "too many") values, at most \(Self.maximumSteps) (each runs the whole suite)"
            )
        }
        let values = (0..<Int(steps)).map { ((start + Double($0) * step) * 1e9).rounded() / 1e9 }
        for value in values {
            _ = try threshold.parse(Thresholds.format(value), option: "--sweep")
        }
        self.threshold = threshold
        self.values = values
    }

    /// One value's run: how many recordings passed of how many.
    public struct Point: Hashable, Sendable {
        public var value: Double
        public var passed: Int
        public var total: Int

        public init(value: Double, passed: Int, total: Int) {
            self.value = value
            self.passed = passed
            self.total = total
        }
    }

    /// The table printed on stdout: one line per value.
    public func table(_ points: [Point]) -> String {
        let defaultValue = threshold.defaultValue
        var text = "\(threshold.name) (\(threshold.unit))  passed  failed\n"
        let width = max(threshold.name.count + threshold.unit.count + 3, 8)
        for point in points {
            var value = Thresholds.format(point.value)
            if point.value == defaultValue { value += " *" }
            text +=
                value.padded(to: width) + "  " + String(point.passed).padded(to: 6) + "  "
                + String(point.total - point.passed) + "\n"
        }
        text += "(* Clear's default)\n"
        return text
    }
}
