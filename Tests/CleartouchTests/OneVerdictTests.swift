import Foundation
import TestSupport
import Testing

@testable import CleartouchCommands
@testable import cleartouch_devices

/// One verdict per run (docs/replay.md, "One verdict"): for every way a recording can pass,
/// fail or not run, and every option that changes what counts, `cleartouch test`'s summary
/// line, its exit status and its JUnit file say the same. On the code before, `--brittle`
/// exited 1 under `N passed, 0 failed` and a JUnit without failure, an unreadable
/// expectation was "failed" in the summary and an error in the JUnit, and `--update`
/// printed `3 passed, 2 failed` and exited 0.
@Suite struct OneVerdictTests {
    /// The counts a run gave, by each of its three outputs.
    struct Verdict: CustomStringConvertible {
        var status: Int32
        var summary: [String: Int]
        var junit: [String: Int]
        var description: String { "exit \(status), summary \(summary), JUnit \(junit)" }
    }

    /// A suite of its own: two passing recordings, and what `damage` does to it.
    static func suite(_ damage: (ScratchFolder) throws -> Void) throws -> ScratchFolder {
        let folder = ScratchFolder()
        for name in ["pan-complete-above", "delete-last-row"] {
            for file in try FileManager.default.contentsOfDirectory(atPath: TestPaths.recordings)
            where file.hasPrefix(name + ".") {
                try FileManager.default.copyItem(
                    atPath: TestPaths.recordings + "/" + file, toPath: folder.file(file))
            }
        }
        try damage(folder)
        return folder
    }

    /// Replaces `old` with `new` in the suite's file `name`.
    static func edit(_ folder: ScratchFolder, _ name: String, _ old: String, _ new: String) throws {
        let text = try String(contentsOfFile: folder.file(name), encoding: .utf8)
        try #require(text.contains(old), "\(name) has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(
            toFile: folder.file(name), atomically: true, encoding: .utf8)
    }

    /// Runs `cleartouch test FOLDER OPTIONS --junit FILE` and reads its three verdicts.
    static func verdict(of folder: ScratchFolder, _ options: [String]) throws -> Verdict {
        let junit = folder.file("junit.xml")
        let output = CapturedOutput()
        let status = TestCommand.main(
            arguments: [folder.path] + options + ["--junit", junit], output: output.streams)
        // With `--margins --json` the summary is on stderr.
        let text = output.standardOutput + output.standardError
        let line = try #require(
            text.split(separator: "\n").last {
                $0.range(of: #"^\d+ passed, \d+ failed"#, options: .regularExpression) != nil
            },
            "no summary line in:\n\(text)")
        var summary: [String: Int] = [:]
        for part in line.split(separator: ",") {
            let words = part.split(separator: " ")
            guard words.count == 2, let count = Int(words[0]) else { continue }
            summary[
                words[1].hasSuffix("s") && words[1] != "passed"
                    ? String(words[1].dropLast()) : String(words[1])] = count
        }
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        let suite = try #require(
            xml.split(separator: "\n").first { $0.contains("<testsuite ") }, "\(xml)")
        var counts: [String: Int] = [:]
        for name in ["tests", "failures", "errors", "skipped"] {
            let pattern = try NSRegularExpression(pattern: " \(name)=\"(\\d+)\"")
            let text = String(suite)
            if let match = pattern.firstMatch(
                in: text, range: NSRange(text.startIndex..., in: text)),
                let range = Range(match.range(at: 1), in: text)
            {
                counts[name] = Int(text[range])
            }
        }
        return Verdict(status: status, summary: summary, junit: counts)
    }

    /// The three agree: the same failures, errors and skips, everything counted once, and
    /// the status 2 with an error, else 1 with a failure, else 0.
    static func expectAgreement(
        _ verdict: Verdict, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let failed = verdict.summary["failed", default: 0]
        let errors = verdict.summary["error", default: 0]
        let skipped = verdict.summary["skipped", default: 0]
        let cases =
            verdict.summary["passed", default: 0] + failed + errors + skipped
            + verdict.summary["updated", default: 0]
        #expect(verdict.junit["failures"] == failed, "\(verdict)", sourceLocation: sourceLocation)
        #expect(verdict.junit["errors"] == errors, "\(verdict)", sourceLocation: sourceLocation)
        #expect(verdict.junit["skipped"] == skipped, "\(verdict)", sourceLocation: sourceLocation)
        #expect(verdict.junit["tests"] == cases, "\(verdict)", sourceLocation: sourceLocation)
        let status: Int32 = errors > 0 ? 2 : failed > 0 ? 1 : 0
        #expect(verdict.status == status, "\(verdict)", sourceLocation: sourceLocation)
    }

    /// Every way, with what the summary must count.
    static var ways:
        [(
            name: String, options: [String], damage: (ScratchFolder) throws -> Void,
            counts: [String: Int]
        )]
    {
        [
            ("all pass", [], { _ in }, ["passed": 2, "failed": 0]),
            (
                "an expectation not met", [],
                { try edit($0, "pan-complete-above.expect.json", "\"complete\"", "\"delete\"") },
                ["passed": 1, "failed": 1]
            ),
            (
                "an expectation that is not JSON", [],
                { try edit($0, "pan-complete-above.expect.json", "\"actions\"", "actions") },
                ["passed": 1, "failed": 0, "error": 1]
            ),
            (
                "an expectation without its recording", [],
                { try FileManager.default.removeItem(atPath: $0.file("delete-last-row.evemu")) },
                ["passed": 1, "failed": 0, "error": 1]
            ),
            (
                "an unreadable recording", [],
                {
                    try "garbage\n".write(
                        toFile: $0.file("delete-last-row.evemu"), atomically: true, encoding: .utf8)
                },
                ["passed": 1, "failed": 0, "error": 1]
            ),
            ("a brittle recording", ["--brittle", "0.05"], { _ in }, ["passed": 1, "failed": 1]),
            (
                "a brittle recording with margins as JSON",
                ["--brittle", "0.05", "--margins", "--json"],
                { _ in }, ["passed": 1, "failed": 1]
            ),
            (
                "a failure updated", ["--update"],
                { try edit($0, "pan-complete-above.expect.json", "\"complete\"", "\"delete\"") },
                ["passed": 1, "failed": 0, "updated": 1]
            ),
            (
                "a failure updated beside an unreadable expectation", ["--update"],
                {
                    try edit($0, "pan-complete-above.expect.json", "\"complete\"", "\"delete\"")
                    try edit($0, "delete-last-row.expect.json", "\"actions\"", "actions")
                },
                ["passed": 0, "failed": 0, "error": 1, "updated": 1]
            ),
            (
                "a brittle recording is not updated", ["--update", "--brittle", "0.05"], { _ in },
                ["passed": 1, "failed": 1]
            ),
            (
                "a failure in one shard", ["--shard", "1/2"],
                {
                    try edit($0, "pan-complete-above.expect.json", "\"complete\"", "\"delete\"")
                    try edit($0, "delete-last-row.expect.json", "\"delete\"", "\"complete\"")
                },
                ["passed": 0, "failed": 1]
            ),
            (
                "a failure with its report page", ["--report", "pages"],
                { try edit($0, "pan-complete-above.expect.json", "\"complete\"", "\"delete\"") },
                ["passed": 1, "failed": 1]
            ),
            (
                "a failure with changed thresholds", ["--set", "pan-complete-fraction=0.6"],
                { _ in },
                ["passed": 1, "failed": 1]
            ),
        ]
    }

    @Test(arguments: 0..<ways.count) func theSummaryTheStatusAndTheJUnitAgree(way: Int) throws {
        let (name, options, damage, counts) = Self.ways[way]
        let folder = try Self.suite(damage)
        let arguments = options.map { $0 == "pages" ? folder.file("pages") : $0 }
        let verdict = try Self.verdict(of: folder, arguments)
        Self.expectAgreement(verdict)
        #expect(verdict.summary == counts, "\(name): \(verdict)")
    }

    /// A sweep writes no JUnit: its table and its status agree, a recording that cannot
    /// run counted as an error at every value, not as a failure.
    @Test func aSweepCountsErrorsApartAndExits2() throws {
        let folder = try Self.suite {
            try Self.edit($0, "delete-last-row.expect.json", "\"actions\"", "actions")
        }
        let output = CapturedOutput()
        let status = TestCommand.main(
            arguments: [folder.path, "--sweep", "pan-complete-fraction=0.5:0.55:0.05"],
            output: output.streams)
        #expect(status == 2)
        #expect(
            output.standardOutput.contains("passed  failed  errors\n"), "\(output.standardOutput)")
        #expect(
            output.standardOutput.contains("0.5 *                      1       0       1\n"),
            "\(output.standardOutput)")
    }
}
