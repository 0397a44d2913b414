import Foundation
import Replay
import ToolSupport

/// `cleartouch test [PATH...]`: runs captured recordings with their expectations as a
/// regression suite (docs/replay.md "Regression suites").
enum TestCommand: Subcommand {
    static let name = "test"
    static let summary = "replay every recording that has a NAME.expect.json, as a test suite"
    static let usage = """
        usage: cleartouch test [PATH...] [-j N] [--shard I/N] [--junit FILE] [--update]

        Finds every recording with a NAME.expect.json beside it under each PATH (folders
        are searched recursively; default: the current folder), replays each one with the
        settings its expectation records, and compares. Prints one block per failure with
        the differences (gestures, actions, final items, editing), the first difference
        first, then the line `N passed, N failed`.

          -j, --jobs N     replay N recordings at a time (default: every core, here \(defaultJobs))
          --shard I/N      run only the I-th of N disjoint parts of the suite, balanced by
                           recorded duration, the same on every machine (one CI job each)
          --junit FILE     also write the results as JUnit XML for CI systems
          --update         after showing the differences, rewrite each failing expectation
                           with what the replay produced (keeping its settings)

        Exit status: 0 all passed (or all failures updated, or a shard with no recordings:
        more shards than recordings), 1 an expectation not met, 2 bad usage, nothing to
        test, or an unreadable recording or expectation.

        """

    /// The command line.
    struct Options: Hashable, Sendable {
        var paths: [String] = []
        var jobs = TestCommand.defaultJobs
        var junitPath: String?
        var update = false
        var shard: SuiteShard?
    }

    /// One job per core.
    static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    static func parse(_ parser: inout OptionParser) throws(UsageError) -> Options {
        var options = Options()
        while let argument = try parser.next() {
            switch argument {
            case .operand(let path): options.paths.append(path)
            case .option("-j"), .option("--jobs"):
                let text = try parser.value(for: argument.text)
                guard let jobs = Int(text), (1...1024).contains(jobs) else {
                    throw UsageError(
                        "\(argument.text) needs a whole number of jobs, 1 to 1024, got '\(text)'")
                }
                options.jobs = jobs
            case .option("--junit"): options.junitPath = try parser.value(for: "--junit")
            case .option("--update"): options.update = true
            case .option("--shard"):
                let text = try parser.value(for: "--shard")
                do throws(UsageText) {
                    options.shard = try SuiteShard(parsing: text)
                } catch {
                    throw UsageError(error.description)
                }
            case .option(let name): throw UsageError.unknownOption(name)
            }
        }
        if options.paths.isEmpty { options.paths = ["."] }
        return options
    }

    static func run(_ options: Options, output: CommandOutput) -> Int32 {
        var cases: [RegressionCase]
        do throws(Diagnostic) {
            cases = try RegressionSuite.discover(options.paths)
        } catch {
            output.printError(error.description)
            return 2
        }
        guard !cases.isEmpty else {
            output.printError(
                "cleartouch test: no NAME.expect.json under \(options.paths.joined(separator: " "))"
            )
            return 2
        }
        let suite = cases
        if let shard = options.shard {
            let durations = RegressionSuite.recordedDurations(suite, jobs: options.jobs)
            cases = shard.cases(of: suite, durationMicroseconds: durations)
            let inShard = Set(cases)
            let shardSeconds = zip(suite, durations).filter { inShard.contains($0.0) }
                .reduce(Int64(0)) { $0 + $1.1 }
            output.printLine(
                "shard \(shard): \(cases.count) of \(suite.count) recordings (\(shardSeconds / 1_000_000) s of \(durations.reduce(0, +) / 1_000_000) s recorded)"
            )
        }
        let reports = RegressionSuite.run(cases, jobs: options.jobs)
        for report in reports {
            if let block = RegressionSuite.failureBlock(report) {
                output.standardOutput(TerminalText.lines(block))
            }
        }
        var status: Int32 = reports.allSatisfy(\.passed) ? 0 : 1
        if reports.contains(where: { if case .error = $0.outcome { true } else { false } }) {
            status = 2
        }
        if let path = options.junitPath {
            do throws(Diagnostic) {
                let name = options.shard.map { "cleartouch test, shard \($0)" } ?? "cleartouch test"
                // Never over one of the suite's recordings or expectations.
                try TextFile.write(
                    JUnitReport.xml(reports, suiteName: name), to: path,
                    protecting: RegressionSuite.inputFiles(options.paths))
            } catch {
                output.printError(error.description)
                status = 2
            }
        }
        if options.update {
            var updated = 0
            for report in reports {
                guard case .failed(_, let expectation) = report.outcome else { continue }
                do throws(Diagnostic) {
                    try TextFile.write(
                        expectation.jsonText(), to: report.testCase.expectationPath,
                        protecting: [report.testCase.recordingPath].compactMap { $0 })
                    output.printLine("updated \(report.testCase.expectationPath)")
                    updated += 1
                } catch {
                    output.printError(error.description)
                    status = 2
                }
            }
            if status == 1 && updated == reports.filter({ !$0.passed }).count { status = 0 }
        }
        output.printLine(RegressionSuite.summary(reports))
        return status
    }
}
