import DescriptorIO
import Foundation
import GestureRecognition
import Replay
import ToolSupport

/// One regression test: a recording and the `NAME.expect.json` beside it.
public struct RegressionCase: Hashable, Sendable {
    /// The golden file.
    public var expectationPath: String
    /// The recording it is for; nil when none is beside it (the case then fails).
    public var recordingPath: String?

    public init(expectationPath: String, recordingPath: String?) {
        self.expectationPath = expectationPath
        self.recordingPath = recordingPath
    }
}

/// How one regression test went.
public enum RegressionOutcome: Sendable {
    /// The replay met the expectation.
    case passed
    /// The replay did not meet it: the readable diff, and the expectation the replay
    /// meets (what `--update` writes).
    case failed(diff: String, updated: Expectation)
    /// The case could not run: unreadable recording or golden file.
    case error(Diagnostic)
    /// The suite's player cannot play the recording (`test --via-libinput`: a trace, a
    /// device libinput refuses): the reason. Shown, counted and in the JUnit, never a pass.
    case skipped(reason: String)
    /// The replay met the expectation, but a decision came nearer its threshold than
    /// `--brittle R` allows: the line that says which (`SuiteMargins.brittleLine`). A
    /// failure, as `failed` is.
    case brittle(line: String)
    /// The replay did not meet the expectation and `--update` rewrote it: the diff shown.
    /// Not a failure any more: the run's verdict is that the suite now passes.
    case updated(diff: String)
}

/// What one case counts as in the summary line, the exit status and the JUnit file: the
/// one verdict of the three (docs/replay.md, "One verdict").
public enum RegressionVerdict: Sendable, CaseIterable {
    case passed, failed, error, skipped, updated
}

/// A regression test's outcome and how long it took.
public struct RegressionReport: Sendable {
    public var testCase: RegressionCase
    public var outcome: RegressionOutcome
    /// Wall time of the replay, in microseconds.
    public var durationMicroseconds: Int64
    /// The replay's decisions against thresholds, when the run observed them
    /// (`RegressionRunOptions.observesDecisions`); empty otherwise.
    public var decisions: [ThresholdDecision] = []

    /// True when the expectation was met.
    public var passed: Bool {
        if case .passed = outcome { true } else { false }
    }

    /// True when the case was skipped (`RegressionOutcome.skipped`).
    public var skipped: Bool {
        if case .skipped = outcome { true } else { false }
    }

    /// What the case counts as: a brittle case is a failure, an unreadable one an error.
    public var verdict: RegressionVerdict {
        switch outcome {
        case .passed: .passed
        case .failed, .brittle: .failed
        case .error: .error
        case .skipped: .skipped
        case .updated: .updated
        }
    }
}

/// How the cases of one `cleartouch test` run replay: with changed thresholds (`--set`,
/// a `--sweep` step), observing the decisions (`--margins`, `--brittle`).
public struct RegressionRunOptions: Hashable, Sendable {
    /// The thresholds every Clear replay of the run uses (gesture-service expectations
    /// replay with their own configuration file).
    public var thresholds = Thresholds()
    /// Keep each replay's decisions in its report.
    public var observesDecisions = false

    public init(thresholds: Thresholds = Thresholds(), observesDecisions: Bool = false) {
        self.thresholds = thresholds
        self.observesDecisions = observesDecisions
    }
}

/// `cleartouch test`: finds recordings with their expectations and replays them in
/// parallel.
public enum RegressionSuite {
    /// Extensions of recording files, tried in this order beside `NAME.expect.json`.
    public static let recordingExtensions = [
        "trace", "evemu", "yml", "yaml", "events", "event", "getevent",
    ]
    /// The suffix of golden files.
    public static let expectationSuffix = ".expect.json"

    /// Every case under `paths`: folders are searched recursively for `*.expect.json`; a
    /// golden file is taken as is; a recording file takes the golden file beside it. In
    /// path order, each folder's cases sorted by path.
    public static func discover(_ paths: [String]) throws(Diagnostic) -> [RegressionCase] {
        var cases: [RegressionCase] = []
        for path in paths {
            guard let status = FileCall.status(path) else {
                throw Diagnostic(path: path, line: 0, message: "no such file or folder")
            }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                cases += try expectations(under: path).map(testCase(expectation:))
            } else if path.hasSuffix(expectationSuffix) {
                cases.append(testCase(expectation: path))
            } else {
                let golden = stem(path) + expectationSuffix
                guard FileCall.exists(golden) else {
                    throw Diagnostic(
                        path: path, line: 0,
                        message:
                            "no expectation \(golden) beside the recording (write one with `cleartouch replay FILE --write-expect \(golden)`)"
                    )
                }
                cases.append(RegressionCase(expectationPath: golden, recordingPath: path))
            }
        }
        return cases
    }

    /// The most folders `expectations(under:)` enters below one path.
    public static let maximumFolderDepth = 64

    /// Every `*.expect.json` under the folder `root`, sorted.
    static func expectations(under root: String) throws(Diagnostic) -> [String] {
        try files(under: root).filter { $0.hasSuffix(expectationSuffix) }.sorted()
    }

    /// Every file (not folder) under the folder `root`. Symbolic links to folders are
    /// followed, each real folder entered once (a link back up is a loop, not an endless
    /// walk); a folder that cannot be read is an error naming it, never a folder silently
    /// skipped (a false pass in CI).
    ///
    /// `list` gives a folder's entry names (nil: it cannot be read) and `reason` why, in
    /// plain words; tests inject them (root reads every folder).
    static func files(
        under root: String,
        list: (String) -> [String]? = FileCall.folderEntries,
        reason: (String) -> String = unreadableReason
    ) throws(Diagnostic) -> [String] {
        var found: [String] = []
        var entered: Set<[UInt64]> = []
        var pending: [(path: String, depth: Int)] = [(root, 0)]
        while let (folder, depth) = pending.popLast() {
            guard let status = FileCall.status(folder) else {
                throw Diagnostic(
                    path: folder, line: 0,
                    message: "cannot read the folder: \(String(cString: strerror(errno)))")
            }
            guard entered.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted else {
                continue
            }
            guard depth <= maximumFolderDepth else {
                throw Diagnostic(
                    path: folder, line: 0,
                    message: "folders nested deeper than \(maximumFolderDepth) levels")
            }
            guard let names = list(folder) else {
                throw Diagnostic(
                    path: folder, line: 0, message: "cannot read the folder: \(reason(folder))")
            }
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            for name in names {
                if FileCall.isFolder(prefix + name) {
                    pending.append((prefix + name, depth + 1))
                } else {
                    found.append(prefix + name)
                }
            }
        }
        return found
    }

    /// Why the folder at `path` cannot be read (`strerror`).
    static func unreadableReason(_ path: String) -> String {
        FileCall.access(path, R_OK | X_OK) == 0 ? "read failed" : String(cString: strerror(errno))
    }

    /// Every recording and expectation `paths` name or hold (as `discover` walks them),
    /// with a case or without: what `--junit` may never replace.
    public static func inputFiles(_ paths: [String]) -> [String] {
        paths.flatMap { path in
            let inside = (try? files(under: path)) ?? [path]
            return inside.filter { file in
                file.hasSuffix(expectationSuffix)
                    || recordingExtensions.contains { file.hasSuffix("." + $0) }
            } + [path]
        }
    }

    /// The path without its last extension.
    static func stem(_ path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
        return String(path.dropLast(name.distance(from: dot, to: name.endIndex)))
    }

    /// The case of a golden file: the recording `NAME.EXT` beside it.
    static func testCase(expectation path: String) -> RegressionCase {
        let base = String(path.dropLast(expectationSuffix.count))
        let recording = recordingExtensions.map { base + "." + $0 }.first {
            FileCall.exists($0)
        }
        return RegressionCase(expectationPath: path, recordingPath: recording)
    }

    /// The folder of `path` (`.` for a bare name).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Replays one case with the settings its golden file records; with a `player`, the
    /// events are the player's, and their times are compared as `LateTiming` says.
    public static func run(
        _ testCase: RegressionCase, options: RegressionRunOptions = RegressionRunOptions(),
        player: RecordingPlayer? = nil
    ) -> RegressionReport {
        let start = MonotonicClock.nowMicroseconds()
        let outcome: RegressionOutcome
        var decisions: [ThresholdDecision] = []
        let refusal = PlayerRefusal()
        var openInput: ((ReplaySource) throws(ReplayError) -> ReplayInput)?
        if let player {
            openInput = { source throws(ReplayError) in
                try player.input(for: source, noting: refusal)
            }
        }
        do throws(Diagnostic) {
            let path = testCase.expectationPath
            let expectation = try Expectation.parse(
                try TextFile.read(path, limitBytes: TextFile.maximumListOrExpectationBytes),
                path: path)
            guard let recording = testCase.recordingPath else {
                throw Diagnostic(
                    path: path, line: 0,
                    message:
                        "no recording beside it (NAME.\(recordingExtensions.joined(separator: "|")))"
                )
            }
            if let service = expectation.service {
                var result = try service.replay(
                    ReplaySource(path: recording), expectationPath: path, openInput: openInput)
                if player != nil { result = LateTiming.aligned(result, to: service) }
                if let diff = service.mismatch(with: result) {
                    var updated = expectation
                    updated.service?.gestures = result.gestures.map(\.pinned)
                    outcome = .failed(diff: diff, updated: updated)
                } else {
                    outcome = .passed
                }
                return RegressionReport(
                    testCase: testCase, outcome: outcome,
                    durationMicroseconds: MonotonicClock.nowMicroseconds() - start)
            }
            var source = (expectation.settings ?? ReplaySettings()).applied(
                to: ReplaySource(path: recording), folder: folder(of: path))
            source.thresholds = options.thresholds
            var harness = ReplayHarness(source: source, keepListsAfterActions: false)
            harness.openInput = openInput
            harness.observesDecisions = options.observesDecisions
            var result = try harness.run()
            if player != nil { result = LateTiming.aligned(result, to: expectation) }
            decisions = result.decisions
            if let diff = expectation.mismatch(with: result) {
                var updated = Expectation(
                    result: result, recording: expectation.recording, settings: expectation.settings
                )
                // Keep the file's choice of leaving `editing` out.
                if expectation.editing == nil { updated.editing = nil }
                outcome = .failed(diff: diff, updated: updated)
            } else {
                outcome = .passed
            }
        } catch {
            outcome = refusal.reason.map { .skipped(reason: $0) } ?? .error(error)
        }
        return RegressionReport(
            testCase: testCase, outcome: outcome,
            durationMicroseconds: MonotonicClock.nowMicroseconds() - start, decisions: decisions)
    }

    /// How long the case's recording lasts (its last event's time minus its first), read
    /// with the settings its expectation records; 0 when it cannot be read (the case then
    /// reports the error in whichever shard runs it).
    public static func recordedDurationMicroseconds(_ testCase: RegressionCase) -> Int64 {
        guard let recording = testCase.recordingPath else { return 0 }
        let path = testCase.expectationPath
        do {
            let expectation = try Expectation.parse(
                try TextFile.read(path, limitBytes: TextFile.maximumListOrExpectationBytes),
                path: path)
            let source = (expectation.settings ?? ReplaySettings()).applied(
                to: ReplaySource(path: recording), folder: folder(of: path))
            let input = try RecordingInput(source)
            var first: Int64?
            var last: Int64 = 0
            while let event = try input.next() {
                first = first ?? event.timeMicroseconds
                last = max(last, event.timeMicroseconds)
            }
            return first.map { max(0, last - $0) } ?? 0
        } catch {
            return 0
        }
    }

    /// The recorded duration of every case, read on `jobs` threads, in the order of `cases`.
    public static func recordedDurations(_ cases: [RegressionCase], jobs: Int) -> [Int64] {
        let durations = DurationTable(count: cases.count)
        let queue = WorkQueue(count: cases.count)
        runOnThreads(jobs: min(jobs, cases.count)) {
            while let index = queue.take() {
                durations.store(recordedDurationMicroseconds(cases[index]), at: index)
            }
        }
        return durations.values()
    }

    /// Runs every case on `jobs` threads; the reports come back in the order of `cases`.
    /// `finished` is called (serially, from any thread) as each case ends.
    public static func run(
        _ cases: [RegressionCase], jobs: Int,
        options: RegressionRunOptions = RegressionRunOptions(), player: RecordingPlayer? = nil,
        finished: (@Sendable (RegressionReport) -> Void)? = nil
    ) -> [RegressionReport] {
        let queue = WorkQueue(count: cases.count)
        runOnThreads(jobs: min(jobs, cases.count)) {
            while let index = queue.take() {
                let report = run(cases[index], options: options, player: player)
                queue.store(report, at: index, finished: finished)
            }
        }
        return queue.reports()
    }

    /// Runs `work` on `jobs` threads at once (this one included) and waits for all.
    static func runOnThreads(jobs: Int, _ work: @escaping @Sendable () -> Void) {
        let threadCount = max(1, jobs)
        let done = DispatchGroup()
        for _ in 1..<threadCount {
            done.enter()
            let thread = Thread {
                work()
                done.leave()
            }
            // Replays of long recordings recurse little, but keep the main thread's room.
            thread.stackSize = 8 << 20
            thread.start()
        }
        work()
        done.wait()
    }

    /// How many cases have each verdict.
    public static func counts(_ reports: [RegressionReport]) -> [RegressionVerdict: Int] {
        var counts = Dictionary(uniqueKeysWithValues: RegressionVerdict.allCases.map { ($0, 0) })
        for report in reports { counts[report.verdict, default: 0] += 1 }
        return counts
    }

    /// The closing line: `N passed, N failed`, then `, N errors` (cases that could not
    /// run), `, N skipped` and `, N updated` when there are any.
    public static func summary(_ reports: [RegressionReport]) -> String {
        let counts = counts(reports)
        let errors = counts[.error, default: 0]
        let skipped = counts[.skipped, default: 0]
        let updated = counts[.updated, default: 0]
        return "\(counts[.passed, default: 0]) passed, \(counts[.failed, default: 0]) failed"
            + (errors > 0 ? ", \(errors) error\(errors == 1 ? "" : "s")" : "")
            + (skipped > 0 ? ", \(skipped) skipped" : "")
            + (updated > 0 ? ", \(updated) updated" : "")
    }

    /// The exit status the cases give: 2 when one could not run, else 1 when one failed
    /// (brittle included), else 0 (skipped and updated ones included).
    public static func exitStatus(_ reports: [RegressionReport]) -> Int32 {
        let counts = counts(reports)
        if counts[.error, default: 0] > 0 { return 2 }
        return counts[.failed, default: 0] > 0 ? 1 : 0
    }

    /// The block printed for a case that did not pass; nil when it passed.
    public static func failureBlock(_ report: RegressionReport) -> String? {
        let name = report.testCase.recordingPath ?? report.testCase.expectationPath
        switch report.outcome {
        case .passed:
            return nil
        case .failed(let diff, _):
            return "FAIL \(name)\n  expectation: \(report.testCase.expectationPath)\n"
                + diff.split(separator: "\n", omittingEmptySubsequences: false).map {
                    "  " + $0
                }.joined(separator: "\n") + "\n"
        case .error(let diagnostic):
            return "ERROR \(name)\n  \(diagnostic)\n"
        case .skipped(let reason):
            return "SKIP \(name)\n  \(reason)\n"
        case .brittle(let line):
            return line + "\n"
        case .updated:
            return nil
        }
    }
}

/// Hands out case indices to the worker threads and collects their reports.
private final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private var stored: [RegressionReport?]

    init(count: Int) {
        self.count = count
        stored = Array(repeating: nil, count: count)
    }

    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func store(
        _ report: RegressionReport, at index: Int,
        finished: (@Sendable (RegressionReport) -> Void)?
    ) {
        lock.lock()
        defer { lock.unlock() }
        stored[index] = report
        finished?(report)
    }

    func reports() -> [RegressionReport] {
        lock.lock()
        defer { lock.unlock() }
        return stored.map { $0! }
    }
}

/// The recorded durations read by several threads, each into its own place.
private final class DurationTable: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int64]

    init(count: Int) { stored = Array(repeating: 0, count: count) }

    func store(_ duration: Int64, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        stored[index] = duration
    }

    func values() -> [Int64] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
