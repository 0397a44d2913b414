import DescriptorIO
import Replay
import ToolSupport

/// The one writer of what `cleartouch test` writes: the JUnit file, the failure pages and
/// their index, the sweep page (docs/output-files.md, "Overwriting"). None of them ever
/// replaces a file of the suite: every recording and expectation under the paths tested
/// (a recording's expectation and an expectation's recording when a path is a file), and
/// every file an expectation names (its `recording`, its `settings.desc`, its
/// `gesture_config`), whichever shard runs it.
public struct SuiteOutput: Sendable {
    /// Every file the suite reads.
    public let inputs: [String]

    /// The writer for a suite of the paths `roots` (the operands of `cleartouch test`).
    public init(roots: [String]) {
        var inputs = RegressionSuite.inputFiles(roots)
        // A recording given alone: its expectation beside it.
        for root in roots where !FileCall.isFolder(root) {
            if !root.hasSuffix(RegressionSuite.expectationSuffix) {
                inputs.append(RegressionSuite.stem(root) + RegressionSuite.expectationSuffix)
            }
        }
        for file in inputs where file.hasSuffix(RegressionSuite.expectationSuffix) {
            inputs += [RegressionSuite.testCase(expectation: file).recordingPath].compactMap { $0 }
            inputs += Self.namedFiles(ofExpectationAt: file)
        }
        self.inputs = inputs
    }

    /// Writes `text` at `path` (`OutputFile`), refusing every file of the suite.
    public func write(_ text: String, to path: String) throws(Diagnostic) {
        try OutputFile.write(text, to: path, protecting: inputs)
    }

    /// The files the expectation at `path` names, as a replay of it reads them; none when it
    /// cannot be read (its case reports that).
    static func namedFiles(ofExpectationAt path: String) -> [String] {
        guard
            let text = try? TextFile.read(
                path, limitBytes: TextFile.maximumListOrExpectationBytes),
            let expectation = try? Expectation.parse(text, path: path)
        else { return [] }
        let settings = [expectation.settings, expectation.service?.settings].compactMap { $0 }
        let recordings = [expectation.recording, expectation.service?.recording].compactMap { $0 }
        return (settings.compactMap { $0.descPath } + recordings).map {
            RegressionSuite.resolvedPath($0, expectationPath: path)
        } + [expectation.service?.configurationPath(expectationPath: path)].compactMap { $0 }
    }
}

extension RegressionSuite {
    /// `path`, as a command was given it (absolute, or relative to the current folder), as
    /// an expectation at `expectationPath` records it (docs/replay.md, "Paths in an
    /// expectation"): relative to the expectation's own folder, so the expectation works
    /// wherever `test` runs from; only an absolute path to a file outside the expectation's
    /// folder (such as /etc/cleartouch/gestures.yaml) stays absolute. Both folders are
    /// taken as the system finds them (`realpath`), so a link on the way is followed as
    /// opening the file follows it; the file's own name is kept (a link to a configuration
    /// stays a link). When a folder cannot be found, `path` as it was given.
    public static func recordedPath(_ path: String, forExpectationAt expectationPath: String)
        -> String
    {
        guard let fileFolder = FileCall.realPath(folder(of: path)),
            let expectationFolder = FileCall.realPath(folder(of: expectationPath))
        else { return path }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        let from = expectationFolder.split(separator: "/")
        let to = fileFolder.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] {
            common += 1
        }
        if path.hasPrefix("/") && common < from.count { return path }
        let steps =
            Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return (steps + [String(name)]).joined(separator: "/")
    }

    /// The file a path recorded in the expectation at `expectationPath` names: an absolute
    /// path as it is, a relative one from the expectation's folder. An expectation written
    /// by an older `--write-expect` run from another folder holds a path relative to that
    /// folder instead: when nothing is at the path from the expectation's folder but there is
    /// a file at the path itself (from the folder `test` runs in), that file is read, so such
    /// a suite still runs from where it was written.
    public static func resolvedPath(_ recorded: String, expectationPath: String) -> String {
        resolvedPath(recorded, expectationFolder: folder(of: expectationPath))
    }

    /// `resolvedPath(_:expectationPath:)` for an expectation in the folder `expectationFolder`.
    public static func resolvedPath(_ recorded: String, expectationFolder: String) -> String {
        guard !recorded.hasPrefix("/") else { return recorded }
        let beside = expectationFolder + "/" + recorded
        if FileCall.linkStatus(beside) == nil, FileCall.status(recorded) != nil { return recorded }
        return beside
    }
}
