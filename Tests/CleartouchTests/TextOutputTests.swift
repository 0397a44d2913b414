import Foundation
import TestSupport
import Testing
import ToolSupport

@testable import CleartouchCommands
@testable import cleartouch_devices

/// Human-readable output escapes control characters; every command shows reader warnings;
/// a byte-order mark does not hide a recording's format.
@Suite struct TextOutputTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("é ü 😀 →", "é ü 😀 →"),
        ("a\u{1B}[2Jb", "a\\e[2Jb"),
        ("bell\u{07}", "bell\\a"),
        ("two\nlines\r", "two\\nlines\\r"),
        ("tab\there", "tab\\there"),
        ("nul\u{00}soh\u{01}us\u{1F}", "nul\\x00soh\\x01us\\x1F"),
        ("del\u{7F}", "del\\x7F"),
        ("c1\u{85}csi\u{9B}end\u{9F}", "c1\\x85csi\\x9Bend\\x9F"),
        ("nbsp\u{A0}kept", "nbsp\u{A0}kept"),
    ])
    func terminalTextEscapesEveryControlCharacter(text: String, escaped: String) {
        #expect(TerminalText.escaped(text) == escaped)
    }

    static func run(_ command: any Subcommand.Type, _ arguments: [String]) -> (
        Int32, CapturedOutput
    ) {
        let captured = CapturedOutput()
        return (command.main(arguments: arguments, output: captured.streams), captured)
    }

    static let hostileTrace = """
        cleartouch-trace 1
        screen 200 300
        row-height 40
        item 0 clear\\x1b[2Jscreen\\x07
        item 1 two\\nlines
        events
        0 added 1 touchscreen 200 300 - - - - - - - - - Evil\\x1b]0;title\\x07Panel
        1000 down 1 0 0 20 20 - -
        1000 frame 1
        9000 move 1 0 0 150 20 - -
        9000 frame 1
        17000 up 1 0 0 150 20 - -
        17000 frame 1

        """

    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        }
    }

    @Test func itemTextsAndDeviceNamesAreEscapedInEveryHumanReadablePrinter() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("evil.trace")
        #expect(
            FileManager.default.createFile(atPath: path, contents: Data(Self.hostileTrace.utf8)))
        let (status, replay) = Self.run(ReplayCommand.self, [path])
        #expect(status == 0, "\(replay.standardError)")
        #expect(!Self.hasControlCharacters(replay.standardOutput))
        #expect(replay.standardOutput.contains("clear\\e[2Jscreen\\a"))
        #expect(replay.standardOutput.contains("two\\nlines"))
        let (inspectStatus, inspect) = Self.run(InspectCommand.self, [path])
        #expect(inspectStatus == 0)
        #expect(!Self.hasControlCharacters(inspect.standardOutput))
        #expect(inspect.standardOutput.contains("Evil\\e]0;title\\aPanel"))
        // JSON escapes in its own syntax, as before.
        let (_, json) = Self.run(ReplayCommand.self, [path, "--json"])
        #expect(json.standardOutput.contains("clear\\u001b[2Jscreen\\u0007"))
        // The recorder's and debug-gestures' device lines use the same function.
        #expect(DebugGesturesCommand.usage.contains("usage"))
    }

    @Test func replayAndRenderShowReaderWarnings() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let truncated = folder.file("cut.trace")
        #expect(
            FileManager.default.createFile(
                atPath: truncated, contents: Data((OutputFixture.trace + "20000 down 1 0").utf8)))
        for (command, arguments) in [
            (ReplayCommand.self as any Subcommand.Type, [truncated]),
            (ReplayCommand.self, [truncated, "--json"]),
            (RenderCommand.self, [truncated, "-o", folder.file("a.svg")]),
            (InspectCommand.self, [truncated]),
        ] {
            let (status, output) = Self.run(command, arguments)
            #expect(status == 0)
            #expect(
                output.standardError.contains(
                    "warning: \(truncated):14: truncated last line ignored"),
                "\(command.name): \(output.standardError)")
            #expect(!output.standardOutput.contains("warning"))
        }
        // An evemu file with its own description and a --desc: the --desc is ignored, and said.
        let evemu = PackagePaths.root.path + "/Recordings/palm-cancel.evemu"
        for command in [ReplayCommand.self as any Subcommand.Type, RenderCommand.self] {
            var arguments = [evemu, "--desc", evemu]
            if command.name == "render" { arguments += ["-o", folder.file("b.svg")] }
            let (status, output) = Self.run(command, arguments)
            #expect(status == 0)
            #expect(
                output.standardError.contains("--desc \(evemu) ignored"), "\(output.standardError)")
        }
    }

    @Test(arguments: ["edit-ended-by-tap.trace", "palm-cancel.evemu", "pan-complete-below.yml"])
    func aByteOrderMarkIsAccepted(name: String) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let original = PackagePaths.root.path + "/Recordings/" + name
        let marked = folder.file(name)
        var bytes = Data([0xEF, 0xBB, 0xBF])
        bytes.append(try Data(contentsOf: URL(fileURLWithPath: original)))
        #expect(FileManager.default.createFile(atPath: marked, contents: bytes))
        let (status, withMark) = Self.run(ReplayCommand.self, [marked, "--json"])
        #expect(status == 0, "\(withMark.standardError)")
        let (_, without) = Self.run(ReplayCommand.self, [original, "--json"])
        #expect(withMark.standardOutput == without.standardOutput)
        let (inspectStatus, _) = Self.run(InspectCommand.self, [marked])
        #expect(inspectStatus == 0)
    }
}
