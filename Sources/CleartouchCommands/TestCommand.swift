import Foundation
import RegressionSuites
import Replay
import ReplayPages
import ToolSupport
import TouchInput

/// `cleartouch test [PATH...]`: runs captured recordings with their expectations as a
/// regression suite (docs/replay.md "Regression suites").
/// `--via-libinput` takes what `Libraries` links: the lean front hands it to
/// cleartouch-devices.
package enum TestCommandOf<Libraries: DeviceLibraries>: Subcommand {
    package static var name: String { CommandCatalog.test.name }
    package static var summary: String { CommandCatalog.test.summary }
    package static var usage: String {
        """
        usage: cleartouch test [PATH...] [-j N] [--shard I/N] [--junit FILE] [--update]
                               [--report DIR] [--via-libinput] [--set NAME=VALUE]...
                               [--margins [--json]] [--brittle R] [--sweep NAME=A:B:STEP]
               cleartouch test --list-thresholds [--json]

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
          --report DIR     also write DIR/NAME.html for each failing recording: the viewer's
                           page of its replay beside its expectation, the first difference
                           marked, and DIR/index.html listing them (DIR is created if
                           missing; NAME: docs/replay.md, "Failure pages"); with --sweep,
                           DIR/sweep.html instead
          --via-libinput   play each evdev recording through the real libinput under
                           umockdev, in real time, -j at a time, unprivileged; recordings
                           that cannot go through libinput (traces, devices libinput
                           refuses) are skipped, each with its reason (SKIP, in the summary
                           and the JUnit); not with --update or --sweep
        \(TestThresholdOptions.help)

        Exit status: 0 all passed or skipped (or all failures updated, or a shard with no
        recordings: more shards than recordings; with --sweep, every run ran), 1 an
        expectation not met or a brittle recording, 2 bad usage (an unknown threshold, a
        value out of range), nothing to test, an unreadable recording or expectation, or a
        report that cannot be written.

        """
    }

    /// The command line.
    package struct Options: Hashable, Sendable {
        package var paths: [String] = []
        package var jobs = TestCommandOf.defaultJobs
        package var junitPath: String?
        package var update = false
        package var shard: SuiteShard?
        package var reportDirectory: String?
        package var viaLibinput = false
        /// `--list-thresholds`, `--set`, `--margins`, `--brittle`, `--sweep`.
        package var thresholdRun = TestThresholdOptions()
    }

    /// One job per core.
    package static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    package static func parse(_ parser: inout OptionParser) throws(UsageError) -> Options {
        var options = Options()
        while let argument = try parser.next() {
            switch argument {
            case .operand(let path): options.paths.append(path)
            case .option("-j"), .option("--jobs"):
                let text = try parser.value(for: argument.text)
                guard let jobs = Int(text), (1...1024).contains(jobs) else {
                    throw UsageError(
                        "\(argument.text) needs a whole number of jobs, 1 to 1024, got '\(QuotedInput.cut(text))'"
                    )
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
            case .option("--report"):
                options.reportDirectory = try parser.value(for: "--report")
                // The sweep's plot goes into the same folder.
                options.thresholdRun.reportFolder = options.reportDirectory
            case .option("--via-libinput"): options.viaLibinput = true
            case .option(let name):
                if try options.thresholdRun.parse(name, from: &parser) { continue }
                throw UsageError.unknownOption(name)
            }
        }
        if options.viaLibinput && options.update {
            throw UsageError(
                "--update does not go with --via-libinput (times through umockdev come late)")
        }
        if options.viaLibinput && options.thresholdRun.sweep != nil {
            throw UsageError(
                "--sweep does not go with --via-libinput (a suite through libinput per value)")
        }
        try options.thresholdRun.check(update: options.update, junit: options.junitPath != nil)
        if options.paths.isEmpty { options.paths = ["."] }
        return options
    }

    /// `--via-libinput`: real libinput, which the lean front does not link.
    package static func handsOver(_ options: Options) -> Bool {
        !Libraries.areLinked && options.viaLibinput
    }

    package static func run(_ options: Options, output standardOutput: CommandOutput) -> Int32 {
        if options.thresholdRun.listThresholds {
            options.thresholdRun.printThresholds(standardOutput)
            return 0
        }
        // With `--margins --json`, stdout is the JSON only.
        let output = options.thresholdRun.textOutput(standardOutput)
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
        // Where the run writes is checked before it runs (a report folder made now), not
        // found missing after the whole suite has run.
        do throws(Diagnostic) {
            if let directory = options.reportDirectory {
                try OutputFile.createFolder(directory, naming: directory)
            }
            if let path = options.junitPath { try OutputFile.checkFolder(for: path) }
        } catch {
            output.printError(error.description)
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
        if let sweep = options.thresholdRun.sweep {
            return options.thresholdRun.runSweep(
                sweep, cases, roots: options.paths, jobs: options.jobs, output: output)
        }
        var player: RecordingPlayer?
        if options.viaLibinput {
            guard let made = Libraries.libinputPlayer(output) else { return 2 }
            player = made
        }
        // One verdict per case (docs/replay.md, "One verdict"): brittle ones are failures and
        // updated ones are not, before anything counts them.
        var reports = options.thresholdRun.markingBrittle(
            RegressionSuite.run(
                cases, jobs: options.jobs, options: options.thresholdRun.runOptions,
                player: player))
        for report in reports {
            if let block = RegressionSuite.failureBlock(report) {
                output.printText(block)
            }
        }
        if options.update { reports = update(reports, output: output) }
        // A file of the run that cannot be written (a report page, the JUnit file) makes the
        // run's status 2, whatever the cases' verdicts.
        var unwritten = false
        if let directory = options.reportDirectory {
            do throws(Diagnostic) {
                let pages = try FailurePages.write(
                    reports, roots: options.paths, into: directory, player: player,
                    thresholds: options.thresholdRun.thresholds)
                output.printError(
                    "wrote \(pages) failure page\(pages == 1 ? "" : "s") and \(directory)/index.html"
                )
            } catch {
                output.printError(error.description)
                unwritten = true
            }
        }
        if let path = options.junitPath {
            do throws(Diagnostic) {
                let name = options.shard.map { "cleartouch test, shard \($0)" } ?? "cleartouch test"
                // Never over a file of the suite (SuiteOutput).
                try SuiteOutput(roots: options.paths).write(
                    JUnitReport.xml(reports, suiteName: name), to: path)
            } catch {
                output.printError(error.description)
                unwritten = true
            }
        }
        options.thresholdRun.printMargins(reports, output: standardOutput)
        output.printLine(RegressionSuite.summary(reports))
        return unwritten ? 2 : RegressionSuite.exitStatus(reports)
    }

    /// `--update`: each expectation the replay did not meet rewritten with what it did
    /// (`updated`); one that cannot be written is an error. A brittle case has nothing to
    /// update and stays a failure.
    static func update(_ reports: [RegressionReport], output: CommandOutput) -> [RegressionReport] {
        reports.map { report in
            guard case .failed(let diff, let expectation) = report.outcome else { return report }
            var result = report
            do throws(Diagnostic) {
                try TextFile.write(
                    expectation.jsonText(), to: report.testCase.expectationPath,
                    protecting: [report.testCase.recordingPath].compactMap { $0 })
                output.printLine("updated \(report.testCase.expectationPath)")
                result.outcome = .updated(diff: diff)
            } catch {
                output.printError(error.description)
                result.outcome = .error(error)
            }
            return result
        }
    }
}
