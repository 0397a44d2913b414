import Foundation
import TestSupport
import Testing

@testable import CleartouchCommands
@testable import cleartouch_devices

/// `cleartouch test`: options, output, exit status, `--junit`, `--update`.
@Suite struct TestCommandTests {
    static let recordings = PackagePaths.root.appendingPathComponent("Recordings").path

    /// A copy of Recordings/ in which `pan-delete-above`'s golden says "complete".
    /// How many recordings with an expectation the repository bundles.
    static var bundledCount: Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: recordings)) ?? []
        return names.filter { $0.hasSuffix(".expect.json") }.count
    }

    static func suite() throws -> String {
        let root = NSTemporaryDirectory() + "cleartouch-test-command-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: recordings, toPath: root)
        let golden = root + "/pan-delete-above.expect.json"
        let text = try String(contentsOfFile: golden, encoding: .utf8)
        try text.replacingOccurrences(of: "\"delete\"", with: "\"complete\"").write(
            toFile: golden, atomically: true, encoding: .utf8)
        return root
    }

    @Test func parsesItsOptions() throws {
        let options = try #require(
            try TestCommand.options(["a", "-j", "2", "b", "--junit=r.xml", "--update"]))
        #expect(options.paths == ["a", "b"])
        #expect(options.jobs == 2)
        #expect(options.junitPath == "r.xml")
        #expect(options.update)
        let defaults = try #require(try TestCommand.options([]))
        #expect(defaults.paths == ["."])
        #expect(defaults.jobs == TestCommand.defaultJobs && defaults.jobs >= 1)
        #expect(try TestCommand.options(["--jobs=1024"])?.jobs == 1024)
    }

    @Test(arguments: [
        ["-j", "0"], ["-j", "1025"], ["-j", "x"], ["-j"], ["--bogus"], ["--update=1"],
    ])
    func rejectsBadUsage(arguments: [String]) {
        let output = CapturedOutput()
        #expect(TestCommand.main(arguments: arguments, output: output.streams) == 2)
        #expect(output.standardError.hasPrefix("cleartouch test: "))
    }

    /// A `--report` folder whose parent is missing, or a `--junit` file's missing folder,
    /// is found before the suite runs: nothing replayed, no summary (before, only after
    /// the whole run).
    @Test(arguments: [
        ["--report", "/nonexistent-cleartouch/x/pages"],
        ["--junit", "/nonexistent-cleartouch/x/j.xml"],
    ])
    func aMissingOutputFolderIsFoundBeforeTheRun(option: [String]) {
        let output = CapturedOutput()
        #expect(
            TestCommand.main(arguments: [Self.recordings] + option, output: output.streams) == 2)
        #expect(output.standardOutput.isEmpty, "\(output.standardOutput)")
        #expect(
            output.standardError.contains("/nonexistent-cleartouch/x is missing"),
            "\(output.standardError)")
    }

    @Test func theBundledRecordingsPass() {
        let output = CapturedOutput()
        #expect(TestCommand.main(arguments: [Self.recordings], output: output.streams) == 0)
        #expect(Self.bundledCount >= 30)
        #expect(output.standardOutput == "\(Self.bundledCount) passed, 0 failed\n")
    }

    @Test func aFailureIsOneBlockThenTheSummaryAndExit1() throws {
        let root = try Self.suite()
        let junit = root + "/report.xml"
        let output = CapturedOutput()
        #expect(
            TestCommand.main(
                arguments: [root, "-j", "2", "--junit", junit], output: output.streams)
                == 1)
        let lines = output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "FAIL \(root)/pan-delete-above.evemu", "\(output.standardOutput)")
        #expect(lines.filter { $0.hasPrefix("FAIL ") }.count == 1)
        #expect(output.standardOutput.contains("  first difference: action 1 at "))
        #expect(output.standardOutput.contains("  + ") && output.standardOutput.contains("  - "))
        #expect(output.standardOutput.hasSuffix("\n\(Self.bundledCount - 1) passed, 1 failed\n"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("tests=\"\(Self.bundledCount)\" failures=\"1\" errors=\"0\""))
        #expect(xml.contains("<failure type=\"expectation\""))
    }

    @Test func updateRewritesTheFailingExpectationAfterShowingIt() throws {
        let root = try Self.suite()
        let untouched = try String(
            contentsOfFile: root + "/pull-below.expect.json", encoding: .utf8)
        let output = CapturedOutput()
        #expect(TestCommand.main(arguments: [root, "--update"], output: output.streams) == 0)
        #expect(output.standardOutput.hasPrefix("FAIL \(root)/pan-delete-above.evemu\n"))
        #expect(output.standardOutput.contains("updated \(root)/pan-delete-above.expect.json\n"))
        // Updated, so not failed: the run passes now (docs/replay.md, "One verdict").
        #expect(
            output.standardOutput.hasSuffix(
                "\(Self.bundledCount - 1) passed, 0 failed, 1 updated\n"))
        #expect(
            try String(contentsOfFile: root + "/pan-delete-above.expect.json", encoding: .utf8)
                == String(
                    contentsOfFile: Self.recordings + "/pan-delete-above.expect.json",
                    encoding: .utf8))
        #expect(
            try String(contentsOfFile: root + "/pull-below.expect.json", encoding: .utf8)
                == untouched)
        let again = CapturedOutput()
        #expect(TestCommand.main(arguments: [root], output: again.streams) == 0)
        #expect(again.standardOutput == "\(Self.bundledCount) passed, 0 failed\n")
    }

    @Test func nothingToTestOrAnUnreadableGoldenIsExit2() throws {
        let empty = NSTemporaryDirectory() + "cleartouch-test-empty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let output = CapturedOutput()
        #expect(TestCommand.main(arguments: [empty], output: output.streams) == 2)
        #expect(output.standardError.contains("no NAME.expect.json under"))
        let missing = CapturedOutput()
        #expect(TestCommand.main(arguments: [empty + "/nope"], output: missing.streams) == 2)
        #expect(missing.standardError == "\(empty)/nope:0: no such file or folder\n")
        try "{\"actions\": 3, \"items\": []}".write(
            toFile: empty + "/bad.expect.json", atomically: true, encoding: .utf8)
        try "".write(toFile: empty + "/bad.trace", atomically: true, encoding: .utf8)
        let bad = CapturedOutput()
        #expect(TestCommand.main(arguments: [empty], output: bad.streams) == 2)
        #expect(
            bad.standardOutput.hasPrefix("ERROR \(empty)/bad.trace\n  \(empty)/bad.expect.json:1: ")
        )
        #expect(bad.standardOutput.hasSuffix("0 passed, 0 failed, 1 error\n"))
    }
}

/// `cleartouch test --shard I/N` over the bundled recordings: the shards' JUnit files name
/// every recording exactly once, the same on every run, and bad specifications exit 2.
@Suite struct TestCommandShardTests {
    static func junitRecordings(_ path: String) throws -> [String] {
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        return xml.components(separatedBy: " file=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
    }

    @Test func threeShardsRunEveryRecordingOnceAndTheirJUnitNamesThem() throws {
        let root = NSTemporaryDirectory() + "cleartouch-shards-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var named: [[String]] = []
        for index in 1...3 {
            let junit = "\(root)/shard-\(index).xml"
            let output = CapturedOutput()
            let status = TestCommand.main(
                arguments: [
                    TestCommandTests.recordings, "--shard", "\(index)/3", "--junit", junit,
                ],
                output: output.streams)
            #expect(status == 0, "\(output.standardError)")
            #expect(output.standardOutput.hasPrefix("shard \(index)/3: "))
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(xml.contains("name=\"cleartouch test, shard \(index)/3\""))
            named.append(try Self.junitRecordings(junit))
        }
        let all = named.flatMap { $0 }
        #expect(all.count == TestCommandTests.bundledCount)
        #expect(Set(all).count == all.count, "no recording in two shards")
        #expect(named.allSatisfy { !$0.isEmpty })
        // Again, one job at a time: the same shard.
        let again = "\(root)/again.xml"
        let output = CapturedOutput()
        _ = TestCommand.main(
            arguments: [
                TestCommandTests.recordings, "--shard", "2/3", "--junit", again, "-j", "1",
            ],
            output: output.streams)
        #expect(try Self.junitRecordings(again) == named[1])
    }

    @Test(arguments: [["--shard"], ["--shard", "0/2"], ["--shard", "3/2"], ["--shard", "x"]])
    func badSpecificationsExit2(arguments: [String]) {
        let output = CapturedOutput()
        #expect(
            TestCommand.main(
                arguments: [TestCommandTests.recordings] + arguments, output: output.streams)
                == 2)
        #expect(output.standardError.hasPrefix("cleartouch test: "))
    }

    @Test func aShardWithNoRecordingsPassesEmpty() throws {
        let output = CapturedOutput()
        let single = TestCommandTests.recordings + "/pan-delete-above.expect.json"
        #expect(
            TestCommand.main(arguments: [single, "--shard", "2/2"], output: output.streams) == 0)
        #expect(output.standardOutput.contains("0 passed, 0 failed"))
    }
}
