import Foundation
import JSON
import Replay
import TestSupport
import Testing
import ToolSupport

@testable import CleartouchCommands
@testable import cleartouch_devices

/// Every number of an expectation file, replaced in turn by an extreme value, is checked
/// before anything converts it: `replay --expect` and `test` exit 0, 1 or 2 with a
/// `FILE:LINE:` message, never a trap (a trap here kills the test run).
@Suite struct HostileExpectationNumberTests {
    /// Expectations with every kind of number: times, counts, indexes, `editing`, `open_list`.
    static let expectations = [
        "clear-completed", "calibrate-session", "lists-reorder", "reorder-auto-scroll",
    ]

    static let extremes =
        ExtremeNumberTests.extremes + [
            "1e16", "-1e16", "1e15", "-1e15", "9.2233720368547758e15", "999999999999", "1e12",
            "-1e12", "1000000000", "1000000001", "-1000000001", "2.5", "1e-320",
        ]

    @Test(arguments: expectations)
    func everyNumberOfAnExpectation(name: String) throws {
        let folder = ScratchFolder("hostile-expect-\(name)")
        defer { folder.remove() }
        let recordings = PackagePaths.root.path + "/Recordings/"
        let original = try String(
            contentsOfFile: recordings + name + ".expect.json", encoding: .utf8)
        guard case .object = try JSONParser.parse(original),
            case .string(let recordingName)? = try JSONParser.parse(original)["recording"]
        else {
            Issue.record("\(name): no recording")
            return
        }
        let recording = folder.file(recordingName)
        try FileManager.default.copyItem(atPath: recordings + recordingName, toPath: recording)
        let tokens = ExtremeNumberTests.numberTokens(original)
        #expect(tokens.count >= 4)
        let expectation = folder.file(name + ".expect.json")
        var generator = SplitMix64(seed: 0x24_02 &+ UInt64(name.utf8.count))
        for token in tokens {
            // The reproducer's values for every field, two more chosen by the seed.
            let values =
                ["1e16", "-1e16"]
                + (0..<2).map { _ in Self.extremes.randomElement(using: &generator)! }
            for value in values {
                let mutated = ExtremeNumberTests.replacing(original, token, with: value)
                #expect(
                    FileManager.default.createFile(
                        atPath: expectation, contents: Data(mutated.utf8)))
                let (status, output) = ExtremeNumberTests.run(
                    ReplayCommand.self, [recording, "--expect", expectation])
                let firstLine =
                    output.standardError.split(separator: "\n").first.map(String.init) ?? ""
                #expect(
                    status == 0 || status == 1
                        || (status == 2 && firstLine.hasPrefix(expectation + ":")),
                    "line \(token.line + 1) = \(value): \(status) \(output.standardError)")
            }
        }
        // One suite run over the last variant: it ends with a summary, whatever the file.
        let (status, output) = ExtremeNumberTests.run(TestCommand.self, [folder.path])
        #expect(status <= 2)
        #expect(output.standardOutput.contains("passed") || output.standardError.contains(":"))
    }

    /// The reproducer: `"t_ms": ±1e16` is an error naming the line, under `replay --expect`
    /// and under `test`, which still reports (and writes its JUnit file).
    @Test(arguments: ["1e16", "-1e16", "1e300"])
    func theReproducerIsAnError(value: String) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let recordings = PackagePaths.root.path + "/Recordings/"
        try FileManager.default.copyItem(
            atPath: recordings + "clear-completed.trace",
            toPath: folder.file("clear-completed.trace"))
        let text = try String(
            contentsOfFile: recordings + "clear-completed.expect.json", encoding: .utf8
        ).replacingOccurrences(of: "\"t_ms\": 360.000", with: "\"t_ms\": \(value)")
        let expectation = folder.file("clear-completed.expect.json")
        #expect(FileManager.default.createFile(atPath: expectation, contents: Data(text.utf8)))
        let (status, output) = ExtremeNumberTests.run(
            ReplayCommand.self, [folder.file("clear-completed.trace"), "--expect", expectation])
        #expect(status == 2)
        #expect(output.standardError.hasPrefix("\(expectation):8: t_ms must be a time"))
        let junit = folder.file("junit.xml")
        let (suiteStatus, _) = ExtremeNumberTests.run(
            TestCommand.self, [folder.path, "--junit", junit])
        #expect(suiteStatus != 0)
        #expect(FileManager.default.fileExists(atPath: junit))
    }

    /// The checked conversion at the edges of its ranges, and beyond any Int64.
    @Test func theCheckedConversionAtItsEdges() {
        #expect(
            CheckedNumber.microseconds(fromMilliseconds: 999_999_999_999) == 999_999_999_999_000)
        #expect(CheckedNumber.microseconds(fromMilliseconds: 1e12) == nil)
        #expect(CheckedNumber.microseconds(fromMilliseconds: -1e12) == nil)
        #expect(CheckedNumber.microseconds(fromMilliseconds: .nan) == nil)
        #expect(CheckedNumber.microseconds(fromMilliseconds: -.infinity) == nil)
        #expect(CheckedNumber.microseconds(fromMilliseconds: 0.0004) == 0)
        #expect(CheckedNumber.integer(1e9) == 1_000_000_000)
        #expect(CheckedNumber.integer(1e9 + 1) == nil)
        #expect(CheckedNumber.integer(2.5) == nil)
        #expect(CheckedNumber.integer(-0.0) == 0)
        #expect(CheckedNumber.rounded(9.223372036854775807e18, in: Int64.min...Int64.max) == nil)
        #expect(CheckedNumber.rounded(-9.223372036854775808e18, in: Int64.min...Int64.max) == .min)
        #expect(CheckedNumber.rounded(4.5, in: 0...4) == nil)
        #expect(CheckedNumber.rounded(4.4, in: 0...4) == 4)
        for exponent in stride(from: -320.0, through: 308, by: 7) {
            for sign in [1.0, -1.0] {
                let value = sign * pow(10, exponent)
                _ = CheckedNumber.rounded(value, in: Int64.min...Int64.max)
                _ = CheckedNumber.integer(value)
                _ = CheckedNumber.microseconds(fromMilliseconds: value)
            }
        }
    }
}
