import GestureService
import RegressionSuites
import Replay
import ToolSupport

/// `cleartouch test --report DIR`: a `FailurePage` for each failing recording, and
/// `DIR/index.html` listing every recording that did not pass (docs/replay.md, "Failure
/// pages").
public enum FailurePages {
    /// Page names the suite's pages never take: the index, and the sweep's plot.
    public static let reservedNames = ["index", "sweep"]
    /// The longest page name before `.html` and a uniqueness suffix, in bytes.
    public static let longestNameBytes = 200

    /// The page file name of each path (recordings, or golden files without one), in order.
    /// NAME is the path relative to the suite root it was found under (the PATH operand;
    /// a file operand: its file name), with `/` made `__`, every character other than
    /// ASCII letters, digits, `.`, `-` and `_` made `_`, a leading `.` made `_`, cut to
    /// `longestNameBytes`; a name already given (letter case aside) or reserved gets `-2`,
    /// `-3`… So `sub/pan complete.trace` under the root `suite` is `sub__pan_complete.trace.html`.
    public static func fileNames(for paths: [String], roots: [String]) -> [String] {
        var taken = Set(reservedNames)
        return paths.map { path in
            let base = safeName(relative(path, roots: roots))
            var name = base
            var suffix = 2
            while taken.contains(name.lowercased()) {
                name = base + "-\(suffix)"
                suffix += 1
            }
            taken.insert(name.lowercased())
            return name + ".html"
        }
    }

    /// `path` relative to the first root it is under (a root that is the path itself: its
    /// file name), without leading `./`; the path itself when under none.
    static func relative(_ path: String, roots: [String]) -> String {
        var relative = path
        for root in roots {
            let folder = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
            if path == folder {
                relative = path.split(separator: "/").last.map(String.init) ?? path
                break
            }
            if folder == "/" && path.hasPrefix("/") {
                relative = String(path.dropFirst())
                break
            }
            if path.hasPrefix(folder + "/") {
                relative = String(path.dropFirst(folder.count + 1))
                break
            }
        }
        while relative.hasPrefix("./") { relative.removeFirst(2) }
        return relative
    }

    /// The file-name rule of `fileNames`, without uniqueness.
    static func safeName(_ relative: String) -> String {
        var name = ""
        for scalar in relative.unicodeScalars {
            switch scalar {
            case "/": name += "__"
            case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_": name.unicodeScalars.append(scalar)
            default: name += "_"
            }
        }
        if name.hasPrefix(".") { name = "_" + name.dropFirst() }
        if name.isEmpty { name = "_" }
        return String(name.prefix(longestNameBytes))
    }

    /// Writes a page for each failed report and the index into `directory` (created when
    /// missing; its parent must exist), through `OutputFile`, never over an input of the
    /// suite. With a `player` (`--via-libinput`) each page's replay is played again by it;
    /// `thresholds` are the run's (`--set`), so each page replays as the suite did.
    /// Returns how many pages were written; the first error once all were tried.
    public static func write(
        _ reports: [RegressionReport], roots: [String], into directory: String,
        player: RecordingPlayer? = nil, thresholds: Thresholds = Thresholds()
    ) throws(Diagnostic) -> Int {
        try OutputFile.createFolder(directory, naming: directory)
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        let paths = reports.map { $0.testCase.recordingPath ?? $0.testCase.expectationPath }
        let names = fileNames(for: paths, roots: roots)
        let output = SuiteOutput(roots: roots)
        var firstError: Diagnostic?
        var written: [Int: String] = [:]
        for (index, report) in reports.enumerated() {
            guard case .failed = report.outcome else { continue }
            do throws(Diagnostic) {
                guard let page = try page(report.testCase, player: player, thresholds: thresholds)
                else { continue }
                try output.write(page, to: folder + names[index])
                written[index] = names[index]
            } catch {
                firstError = firstError ?? error
            }
        }
        do throws(Diagnostic) {
            try output.write(indexPage(reports, pages: written), to: folder + "index.html")
        } catch {
            firstError = firstError ?? error
        }
        if let firstError { throw firstError }
        return written.count
    }

    /// The recording as the case replays it: its expectation's settings applied.
    static func source(of testCase: RegressionCase) throws(Diagnostic) -> ReplaySource {
        let path = testCase.expectationPath
        let expectation = try Expectation.parse(
            try TextFile.read(path, limitBytes: TextFile.maximumListOrExpectationBytes), path: path)
        guard let recording = testCase.recordingPath else {
            throw Diagnostic(path: path, line: 0, message: "no recording beside it")
        }
        let settings = expectation.service.map { $0.settings } ?? expectation.settings
        return (settings ?? ReplaySettings()).applied(
            to: ReplaySource(path: recording), folder: RegressionSuite.folder(of: path))
    }

    /// The page of a failed case (a gesture expectation's shows the service's gestures
    /// too); nil when the replay meets its expectation after all.
    static func page(
        _ testCase: RegressionCase, player: RecordingPlayer?, thresholds: Thresholds = Thresholds()
    ) throws(Diagnostic) -> String? {
        let path = testCase.expectationPath
        let expectation = try Expectation.parse(
            try TextFile.read(path, limitBytes: TextFile.maximumListOrExpectationBytes), path: path)
        var source = try source(of: testCase)
        source.thresholds = thresholds
        let title = source.path.split(separator: "/").last.map(String.init) ?? source.path
        var viewer = TraceViewer(source: source, title: title)
        if let service = expectation.service {
            viewer.gestureConfiguration = try service.configuration(expectationPath: path)
        }
        if let player {
            viewer.openInput = { source throws(ReplayError) in
                try player.input(for: source, noting: nil)
            }
        }
        var page = FailurePage(viewer: viewer, expectation: expectation, expectationPath: path)
        page.timesComeLate = player != nil
        return try page.page()
    }

    /// `index.html`: the summary line, then every recording that did not pass, linked to
    /// its page when it has one. No script and no style: nothing for a policy to allow.
    static func indexPage(_ reports: [RegressionReport], pages: [Int: String]) -> String {
        // Names as messages show them, then escaped for HTML.
        let escaped = { (text: String) in HTMLPage.escapedText(TerminalText.escaped(text)) }
        var rows = ""
        for (index, report) in reports.enumerated() where !report.passed {
            let path = report.testCase.recordingPath ?? report.testCase.expectationPath
            let status: String
            let detail: String
            switch report.outcome {
            case .passed: continue
            case .failed(let diff, _):
                status = "FAIL"
                detail = diff.split(separator: "\n").first.map(String.init) ?? ""
            case .error(let diagnostic):
                status = "ERROR"
                detail = diagnostic.description
            case .skipped(let reason):
                status = "SKIP"
                detail = reason
            case .brittle(let line):
                status = "BRITTLE"
                detail = line
            case .updated(let diff):
                status = "UPDATED"
                detail = diff.split(separator: "\n").first.map(String.init) ?? ""
            }
            let name =
                pages[index].map { "<a href=\"\(escaped($0))\">\(escaped(path))</a>" }
                ?? escaped(path)
            rows +=
                "<tr><td>\(status)</td><td>\(name)</td><td>\(escaped(report.testCase.expectationPath))</td><td>\(escaped(detail))</td></tr>\n"
        }
        let summary = RegressionSuite.summary(reports)
        return HTMLPage.staticPage(
            title: "\(summary) · cleartouch test",
            body: """
                <h1>cleartouch test: \(escaped(summary))</h1>
                <table id="failures">
                <tr><th>result</th><th>recording</th><th>expectation</th><th>first difference or reason</th></tr>
                \(rows)</table>

                """)
    }
}
