import Evdev
import Foundation
import JSON
import Recordings
import TestSupport
import Testing

@testable import CleartouchCommands
@testable import RegressionSuites
@testable import Replay
@testable import ToolSupport
@testable import cleartouch_devices

/// Suspicious input is an error or a warning on stderr, never silence (issue 24, class 6):
/// each case is tried in its variants, not only the reproducer.
@Suite struct SilentInputTests {
    static let recordings = PackagePaths.root.path + "/Recordings/"

    /// A folder with one case (`a`) in `sub`, reached as given.
    static func suite(_ folder: ScratchFolder) throws -> String {
        let sub = folder.file("cases/sub")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: recordings + "clear-completed.trace", toPath: sub + "/a.trace")
        try FileManager.default.copyItem(
            atPath: recordings + "clear-completed.expect.json", toPath: sub + "/a.expect.json")
        return folder.file("cases")
    }

    /// A folder that cannot be read fails the suite (exit 2) naming it, at every depth,
    /// whatever the reason (injected: the tests may run as root, who reads every folder).
    @Test(arguments: ["cases", "cases/sub"])
    func anUnreadableFolderIsAnError(unreadable: String) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let root = try Self.suite(folder)
        let bad = folder.file(unreadable)
        for errno in [EACCES, EIO, ENOENT] {
            #expect(throws: Diagnostic.self) {
                _ = try RegressionSuite.files(under: root) { path in
                    guard path != bad && path != bad + "/" else { return nil }
                    return try? FileManager.default.contentsOfDirectory(atPath: path)
                } reason: { _ in
                    String(cString: strerror(errno))
                }
            }
            do {
                _ = try RegressionSuite.files(under: root) { path in
                    path == bad ? nil : try? FileManager.default.contentsOfDirectory(atPath: path)
                } reason: { _ in
                    String(cString: strerror(errno))
                }
            } catch {
                #expect(error.path == bad)
                #expect(
                    error.message == "cannot read the folder: \(String(cString: strerror(errno)))")
            }
        }
        // Through the command: a folder that is not there any more is exit 2, not green.
        let (status, output) = ExtremeNumberTests.run(
            TestCommand.self, [root, folder.file("missing")])
        #expect(status == 2, "\(output.standardError)")
    }

    /// A symbolic link to a folder is followed; a link back up is entered once, not
    /// forever; the same real folder through two links gives its cases once.
    @Test func symbolicLinksToFoldersAreFollowedOnce() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let elsewhere = try Self.suite(folder)
        let root = folder.file("root")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        #expect(symlink(elsewhere + "/sub", root + "/linked") == 0)
        #expect(symlink(elsewhere + "/sub", root + "/again") == 0)
        #expect(symlink(root, root + "/loop") == 0)
        #expect(symlink(root + "/nowhere", root + "/dangling") == 0)
        let cases = try RegressionSuite.discover([root])
        #expect(cases.count == 1, "\(cases)")
        let (status, output) = ExtremeNumberTests.run(TestCommand.self, [root])
        #expect(status == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasSuffix("1 passed, 0 failed\n"))
    }

    /// Escape sequences in file names reach the terminal visibly, never raw: `test`'s
    /// blocks and summary, `replay --expect`'s verdict, every error.
    @Test(arguments: ["\u{1B}[2J", "\u{1B}]0;title\u{07}", "\u{9B}31m", "\r", "\u{7F}"])
    func fileNamesAreSafeForTheTerminal(sequence: String) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let name = "bad\(sequence)name"
        let trace = folder.file(name + ".trace")
        try FileManager.default.copyItem(
            atPath: Self.recordings + "clear-completed.trace", toPath: trace)
        let golden = try String(
            contentsOfFile: Self.recordings + "clear-completed.expect.json", encoding: .utf8)
        let expectation = folder.file(name + ".expect.json")
        #expect(
            FileManager.default.createFile(
                atPath: expectation,
                contents: Data(
                    golden.replacingOccurrences(of: "\"count\": 2", with: "\"count\": 3").utf8)))
        let runs = [
            ExtremeNumberTests.run(TestCommand.self, [folder.path]),
            ExtremeNumberTests.run(ReplayCommand.self, [trace, "--expect", expectation]),
            ExtremeNumberTests.run(ReplayCommand.self, [folder.file(name + ".missing")]),
        ]
        for (status, output) in runs {
            #expect(status != 0)
            let printed = output.standardOutput + output.standardError
            #expect(printed.contains("bad"), "\(printed)")
            #expect(
                !printed.unicodeScalars.contains {
                    TerminalText.needsEscape($0) && $0 != "\n" && $0 != "\t"
                },
                "\(printed.debugDescription)")
        }
    }

    /// An evemu or `libinput record` device with more slots than a device can have is an
    /// error naming the file and line, never a single-touch device.
    @Test(arguments: [1023, 1024, 1025, 65535, 2_147_483_647])
    func tooManySlotsIsAnError(maximum: Int) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let evemu = try String(
            contentsOfFile: Self.recordings + "palm-cancel.evemu", encoding: .utf8)
        let lines = evemu.components(separatedBy: "\n")
        let slotLine = try #require(lines.firstIndex { $0.hasPrefix("A: 2f ") })
        var mutated = lines
        mutated[slotLine] = "A: 2f 0 \(maximum) 0 0 0"
        let path = folder.file("slots.evemu")
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data(mutated.joined(separator: "\n").utf8)))
        let (status, output) = ExtremeNumberTests.run(
            ReplayCommand.self, [path, "--screen", "200x300"])
        if maximum < EvdevDevice.maximumSlotCount {
            #expect(status == 0, "\(output.standardError)")
        } else {
            #expect(status == 2)
            #expect(
                output.standardError.hasPrefix(
                    "\(path):\(slotLine + 1): ABS_MT_SLOT 0 to \(maximum)"),
                "\(output.standardError)")
        }
        // The same range in a `libinput record` file.
        let yaml = try String(
            contentsOfFile: Self.recordings + "gestures-pinch-out-4.yml", encoding: .utf8)
        let yamlPath = folder.file("slots.yml")
        let mutatedYAML = yaml.replacingOccurrences(
            of: "      47: [0, 9, 0, 0, 0]", with: "      47: [0, \(maximum), 0, 0, 0]")
        #expect(mutatedYAML != yaml)
        #expect(FileManager.default.createFile(atPath: yamlPath, contents: Data(mutatedYAML.utf8)))
        let (yamlStatus, yamlOutput) = ExtremeNumberTests.run(ReplayCommand.self, [yamlPath])
        #expect(
            yamlStatus == (maximum < EvdevDevice.maximumSlotCount ? 0 : 2),
            "\(yamlOutput.standardError)")
    }

    /// Times that run backwards: a warning on stderr, and replay and inspect give the same
    /// duration (from the first event to the latest time), wherever the step back is.
    @Test(arguments: ["9000 move", "17000 up"], [-5000, 500, 999])
    func timeRunningBackwardsIsAWarningAndOneDuration(line: String, time: Int) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("back.trace")
        let original = line.split(separator: " ")[0]
        var text = OutputFixture.trace.replacingOccurrences(
            of: line, with: "\(time) \(line.split(separator: " ")[1])")
        text = text.replacingOccurrences(of: "\(original) frame", with: "\(time) frame")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        let replay = ExtremeNumberTests.run(ReplayCommand.self, [path, "--json"])
        #expect(replay.0 == 0, "\(replay.1.standardError)")
        #expect(replay.1.standardError.contains("time runs backwards"), "\(replay.1.standardError)")
        let inspect = ExtremeNumberTests.run(InspectCommand.self, [path, "--json"])
        #expect(inspect.0 == 0)
        let replayed = try JSONParser.parse(replay.1.standardOutput)
        let inspected = try JSONParser.parse(inspect.1.standardOutput)
        guard case .number(let a)? = replayed["duration_ms"],
            case .number(let b)? = inspected["duration_ms"]
        else {
            Issue.record("no duration_ms: \(replay.1.standardOutput) \(inspect.1.standardOutput)")
            return
        }
        #expect(a.value == b.value)
    }

    /// A duplicate key in any JSON object, at any depth, is an error naming the key and
    /// its line (Python and JavaScript would take the last, this reader took the first).
    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, 1), ("{\n\"a\": 1,\n\"b\": {\"x\": 1,\n\"x\": 2}}", 4),
        (#"[{"t_ms": 1}, {"t_ms": 1, "t_ms": 2}]"#, 1), ("{\"\": 1, \"\": 1}", 1),
    ])
    func duplicateJSONKeysAreAnError(text: String, line: Int) throws {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.line == line)
            #expect(error.message.hasPrefix("duplicate key \""))
        }
        // Equal keys in different objects are not duplicates.
        #expect(throws: Never.self) {
            try JSONParser.parse(#"[{"a": 1}, {"a": 2}, {"b": {"a": 3}}]"#)
        }
        // A long key is quoted cut.
        let long = String(repeating: "k", count: 10_000)
        do {
            _ = try JSONParser.parse("{\"\(long)\": 1, \"\(long)\": 2}")
        } catch {
            #expect(error.message.utf8.count < 200)
        }
    }
}
