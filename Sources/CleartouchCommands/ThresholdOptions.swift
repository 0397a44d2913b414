import Foundation
import JSON
import RegressionSuites
import Replay
import ReplayPages
import ToolSupport

/// `--set NAME=VALUE` of `replay` and `test`: one named threshold changed for the run.
package enum SetOption {
    /// The help lines (the replay's column).
    package static let help = """
          --set NAME=VALUE     change one named threshold of the recognizers or of Clear's
                               rules for this run (may be repeated; `cleartouch test
                               --list-thresholds` lists them with units, defaults, ranges)
        """

    /// Reads the value of `--set` into `thresholds`.
    package static func parse(
        _ option: String, from parser: inout OptionParser, into thresholds: inout Thresholds
    ) throws(UsageError) {
        let text = try parser.value(for: option)
        do throws(UsageText) {
            try thresholds.apply(assignment: text)
        } catch {
            throw UsageError(error.description)
        }
    }
}

/// The threshold options of `cleartouch test`: `--list-thresholds`, `--set`, `--margins`,
/// `--brittle`, `--sweep` (`reportFolder` is `TestCommand`'s `--report DIR`, where the
/// sweep's page goes). Kept apart from
/// `TestCommand` so that its own options stay few.
package struct TestThresholdOptions: Hashable, Sendable {
    package var listThresholds = false
    package var json = false
    package var thresholds = Thresholds()
    package var margins = false
    package var brittle: Double?
    package var sweep: ThresholdSweep?
    package var reportFolder: String?

    /// The help lines.
    package static let help = """
          --list-thresholds
                           print every named threshold: name, unit, default, range, what
                           it sets (with --json as {"thresholds": [...]}), and exit
          --set NAME=VALUE change one threshold for this run (may be repeated): the
                           failures show which recordings would change
          --margins        print, for each recording, every decision against a threshold:
                           its value, the threshold and the relative margin
                           |value - threshold| / threshold (--json: {"recordings": [...]},
                           the rest of the output on stderr)
          --brittle R      fail each recording whose smallest relative margin is below R
                           (0 to 1000), naming the rule, its value and its threshold
          --sweep NAME=A:B:STEP
                           run the suite once per value A, A+STEP, ... up to B (at most
                           \(ThresholdSweep.maximumSteps) values) and print how many recordings pass at
                           each; with --report DIR, also the plot DIR/sweep.html
        """

    /// `--brittle`'s range.
    package static let brittleRange: ClosedRange<Double> = 0...1000

    /// Reads `option` when it is one of these; false otherwise.
    package mutating func parse(_ option: String, from parser: inout OptionParser)
        throws(UsageError)
        -> Bool
    {
        switch option {
        case "--list-thresholds": listThresholds = true
        case "--json": json = true
        case "--margins": margins = true
        case "--set": try SetOption.parse(option, from: &parser, into: &thresholds)
        case "--brittle":
            brittle = try parser.number(
                for: option, in: Self.brittleRange, what: "a relative margin from 0 to 1000")
        case "--sweep":
            let text = try parser.value(for: option)
            do throws(UsageText) {
                sweep = try ThresholdSweep(parsing: text)
            } catch {
                throw UsageError(error.description)
            }
        default: return false
        }
        return true
    }

    /// The combinations that make no sense.
    package func check(update: Bool, junit: Bool) throws(UsageError) {
        if json && !margins && !listThresholds {
            throw UsageError("--json goes with --margins or --list-thresholds")
        }
        if update && !thresholds.isDefault {
            throw UsageError(
                "--set is for one run: --update would write expectations that fail with Clear's thresholds"
            )
        }
        guard let sweep else { return }
        if update || margins || brittle != nil || junit {
            throw UsageError("--sweep does not go with --update, --margins, --brittle or --junit")
        }
        if thresholds.value(of: sweep.threshold.key) != Thresholds().value(of: sweep.threshold.key)
        {
            throw UsageError(
                "--sweep \(sweep.threshold.name) and --set \(sweep.threshold.name) both set it")
        }
    }

    /// How the suite's cases replay.
    package var runOptions: RegressionRunOptions {
        RegressionRunOptions(thresholds: thresholds, observesDecisions: margins || brittle != nil)
    }

    /// Where the text of the run goes: stderr when stdout carries the margins' JSON.
    package func textOutput(_ output: CommandOutput) -> CommandOutput {
        guard margins && json else { return output }
        return CommandOutput(
            standardOutput: output.standardError, standardError: output.standardError)
    }

    /// `--list-thresholds`.
    package func printThresholds(_ output: CommandOutput) {
        guard json else { return output.printText(Thresholds.table()) }
        let entries = Thresholds.all.map { threshold in
            JSONValue.object(fields: [
                ("name", .string(threshold.name)), ("unit", .string(threshold.unit)),
                ("default", .number(JSONNumber(threshold.defaultValue))),
                ("minimum", .number(JSONNumber(threshold.range.lowerBound))),
                ("maximum", .number(JSONNumber(threshold.range.upperBound))),
                ("whole", .bool(threshold.isWhole)), ("sets", .string(threshold.sets)),
                ("rule", threshold.rule.map(JSONValue.string) ?? .null),
            ])
        }
        output.standardOutput(
            JSONValue.object(fields: [("thresholds", .array(entries))]).encoded() + "\n")
    }

    /// `--brittle R`: each passed recording whose smallest margin is below R becomes a
    /// failure (`RegressionOutcome.brittle`), so the summary, the exit status and the JUnit
    /// count it as one.
    package func markingBrittle(_ reports: [RegressionReport]) -> [RegressionReport] {
        guard let brittle else { return reports }
        return reports.map { report in
            guard report.passed, let decision = SuiteMargins.brittleDecision(report, below: brittle)
            else { return report }
            var marked = report
            marked.outcome = .brittle(
                line: SuiteMargins.brittleLine(report, decision, ratio: brittle))
            return marked
        }
    }

    /// Prints the margins (`--margins`).
    package func printMargins(_ reports: [RegressionReport], output: CommandOutput) {
        guard margins else { return }
        if json {
            output.standardOutput(SuiteMargins.json(reports))
        } else {
            output.printText(SuiteMargins.text(reports))
        }
    }

    /// `--sweep`: the suite once per value; the table, and `DIR/sweep.html` with
    /// `--report DIR`. 0, or 2 when a case could not run or the page cannot be written.
    package func runSweep(
        _ sweep: ThresholdSweep, _ cases: [RegressionCase], roots: [String], jobs: Int,
        output: CommandOutput
    )
        -> Int32
    {
        var status: Int32 = 0
        var points: [ThresholdSweep.Point] = []
        // Per case, whether it passed at each value (the flips).
        var verdicts = Array(repeating: [Bool](), count: cases.count)
        for value in sweep.runValues {
            var thresholds = self.thresholds
            thresholds.set(sweep.threshold.key, to: value)
            let reports = RegressionSuite.run(
                cases, jobs: jobs, options: RegressionRunOptions(thresholds: thresholds))
            for report in reports {
                if case .error(let diagnostic) = report.outcome {
                    output.printError(diagnostic.description)
                    status = 2
                }
            }
            for (index, report) in reports.enumerated() { verdicts[index].append(report.passed) }
            let counts = RegressionSuite.counts(reports)
            points.append(
                ThresholdSweep.Point(
                    value: value, passed: counts[.passed, default: 0], total: reports.count,
                    errors: counts[.error, default: 0]))
        }
        output.printText(sweep.table(points))
        output.printText(
            sweep.flips(
                paths: cases.map { $0.recordingPath ?? $0.expectationPath }, verdicts: verdicts))
        if let folder = reportFolder {
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + "sweep.html"
            do throws(Diagnostic) {
                try OutputFile.createFolder(folder, naming: folder)
                try SuiteOutput(roots: roots).write(sweep.page(points), to: path)
                output.printError("wrote \(path)")
            } catch {
                output.printError(error.description)
                status = 2
            }
        }
        return status
    }
}
