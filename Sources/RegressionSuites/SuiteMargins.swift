import Foundation
import GestureRecognition
import JSON
import ToolSupport

/// `cleartouch test --margins` and `--brittle R`: how near each decision of each replay
/// came to its threshold (docs/replay.md, "Margins"). The decisions are the ones the
/// recognizers and Clear's rules reported as they decided (`ThresholdDecision`).
public enum SuiteMargins {
    /// The path a report is named by: its recording's, else its expectation's.
    static func path(_ report: RegressionReport) -> String {
        report.testCase.recordingPath ?? report.testCase.expectationPath
    }

    /// `{"recordings": [{"path": "...", "margins": [{"rule": "pan-complete", "value": 0.0,
    /// "threshold": 0.0, "relative": 0.0}]}]}`, in the order of `reports`, each
    /// recording's decisions in the order they were made.
    public static func json(_ reports: [RegressionReport]) -> String {
        let recordings = reports.map { report in
            JSONValue.object(fields: [
                ("path", .string(path(report))),
                (
                    "margins",
                    .array(
                        report.decisions.map { decision in
                            .object(fields: [
                                ("rule", .string(decision.rule)),
                                ("value", .number(JSONNumber(decision.value))),
                                ("threshold", .number(JSONNumber(decision.threshold))),
                                // Infinite only for a zero threshold, which no range allows.
                                (
                                    "relative",
                                    decision.relativeMargin.isFinite
                                        ? .number(JSONNumber(decision.relativeMargin)) : .null
                                ),
                            ])
                        })
                ),
            ])
        }
        return JSONValue.object(fields: [("recordings", .array(recordings))]).encoded() + "\n"
    }

    /// One block per recording: its path with the decision that came nearest its
    /// threshold, then a line per decision (rule, value, threshold, relative margin), the
    /// nearest first: the margin that matters leads, the slop and the holds that every touch
    /// decides far from theirs come after.
    public static func text(_ reports: [RegressionReport]) -> String {
        var text = ""
        for report in reports {
            // Stable: decisions as near as each other keep the order they were made in.
            let decisions = report.decisions.enumerated().sorted {
                ($0.element.relativeMargin, $0.offset) < ($1.element.relativeMargin, $1.offset)
            }.map(\.element)
            if let nearest = decisions.first {
                text +=
                    TerminalText.escaped(path(report))
                    + ": nearest \(nearest.rule), relative margin "
                    + number(nearest.relativeMargin) + "\n"
            } else {
                text +=
                    TerminalText.escaped(path(report)) + "\n  (no decision against a threshold)\n"
            }
            for decision in decisions {
                text +=
                    "  " + decision.rule.padding(toLength: 16, withPad: " ", startingAt: 0)
                    + " value " + number(decision.value) + " " + decision.unit + "  threshold "
                    + number(decision.threshold) + " " + decision.unit + "  relative "
                    + number(decision.relativeMargin) + "\n"
            }
        }
        return text
    }

    /// The decision with the smallest relative margin when that margin is under
    /// `ratio`, else nil: the recording is brittle (`--brittle R`).
    public static func brittleDecision(_ report: RegressionReport, below ratio: Double)
        -> ThresholdDecision?
    {
        guard let smallest = report.decisions.min(by: { $0.relativeMargin < $1.relativeMargin }),
            smallest.relativeMargin < ratio
        else { return nil }
        return smallest
    }

    /// `BRITTLE PATH: rule pan-complete, value V, threshold T (relative M < R)`.
    public static func brittleLine(
        _ report: RegressionReport, _ decision: ThresholdDecision, ratio: Double
    ) -> String {
        "BRITTLE \(path(report)): rule \(decision.rule), value \(number(decision.value)) \(decision.unit), threshold \(number(decision.threshold)) \(decision.unit) (relative margin \(number(decision.relativeMargin)) < \(number(ratio)))"
    }

    /// Three decimals, or fewer where they are zeros.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
