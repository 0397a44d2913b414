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

    /// The values the suite runs for: the swept ones, and Clear's default among them
    /// when the sweep leaves it out, so that the table always has the row to compare with.
    public var runValues: [Double] {
        values.contains(threshold.defaultValue)
            ? values : (values + [threshold.defaultValue]).sorted()
    }

    /// One value's run: how many recordings passed, how many could not run (errors), of
    /// how many; the rest failed.
    public struct Point: Hashable, Sendable {
        public var value: Double
        public var passed: Int
        public var total: Int
        public var errors: Int

        public init(value: Double, passed: Int, total: Int, errors: Int = 0) {
            self.value = value
            self.passed = passed
            self.total = total
            self.errors = errors
        }

        /// Recordings that ran and did not meet their expectation.
        public var failed: Int { total - passed - errors }
    }

    /// The table printed on stdout: one line per value, Clear's default starred (an
    /// `errors` column when a recording could not run).
    public func table(_ points: [Point]) -> String {
        let defaultValue = threshold.defaultValue
        let showsErrors = points.contains { $0.errors > 0 }
        var text =
            "\(threshold.name) (\(threshold.unit))  passed  failed"
            + (showsErrors ? "  errors" : "")
            + "\n"
        let width = max(threshold.name.count + threshold.unit.count + 3, 8)
        for point in points {
            var value = Thresholds.format(point.value)
            if point.value == defaultValue { value += " *" }
            let failed = String(point.failed)
            text +=
                value.padded(to: width) + "  " + String(point.passed).padded(to: 6) + "  "
                + (showsErrors ? failed.padded(to: 6) + "  " + String(point.errors) : failed)
                + "\n"
        }
        text +=
            values.contains(defaultValue)
            ? "(* Clear's default)\n"
            : "(* Clear's default, run besides the values swept)\n"
        return text
    }

    /// The recordings whose result changes over the sweep, each with the values it passes
    /// and fails at: `verdicts[case][value]` (true: passed), in `paths`' and `runValues`'
    /// order. Empty when none changes.
    public func flips(paths: [String], verdicts: [[Bool]]) -> String {
        let values = runValues
        var lines: [String] = []
        for (path, results) in zip(paths, verdicts) where Set(results).count > 1 {
            func at(_ outcome: Bool) -> String {
                zip(values, results).filter { $0.1 == outcome }.map { Thresholds.format($0.0) }
                    .joined(separator: ", ")
            }
            lines.append("  \(path): passes at \(at(true)); fails at \(at(false))")
        }
        guard !lines.isEmpty else {
            return "no recording changes its result over the sweep\n"
        }
        return
            "\(lines.count) of \(paths.count) recording\(paths.count == 1 ? "" : "s") change\(lines.count == 1 ? "s" : "") with \(threshold.name):\n"
            + lines.joined(separator: "\n") + "\n"
    }
}
