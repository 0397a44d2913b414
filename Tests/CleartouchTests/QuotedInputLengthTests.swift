import Foundation
import TestSupport
import Testing
import ToolSupport
import TouchInput

@testable import CleartouchCommands
@testable import cleartouch_devices

/// Every message that quotes what the user gave is cut to a documented length
/// (docs/trace-format.md, "Ranges": 80 scalars, a path 4096): a 1 MB argument, option
/// name or bad value never becomes a 1 MB line, and the message names the cut
/// (`… (N bytes)`). Run in-process, as one argument may be 1 MB here (`execve` takes at
/// most 128 KiB per argument).
@Suite struct QuotedInputLengthTests {
    /// The most a usage error or a `FILE:LINE:` message may print for one huge input:
    /// a path cut at 4096 scalars, some of them 4 bytes, and the fixed words around it.
    static let largestStandardErrorBytes = 20_000

    /// 1 MiB of text that is neither a number nor a name (mixed widths, an escape).
    static let huge = String(repeating: "wé\u{1B}[31m𝄞", count: 1 << 20 / 12)

    static let recording = PackagePaths.root
        .appendingPathComponent("Recordings/uncomplete.trace").path

    /// Each command with `BIG` where the huge input goes: an unknown option, an operand, a
    /// bad value of each option that checks its value, a path nothing can open.
    static let cases: [(command: any Subcommand.Type, arguments: [String])] = {
        let every: [any Subcommand.Type] = [
            AppCommand.self, RecordCommand.self, DebugGesturesCommand.self, InspectCommand.self,
            ConvertCommand.self, ReplayCommand.self, RenderCommand.self, ViewCommand.self,
            CalibrateCommand.self, KeyboardCommand.self, TestCommand.self, ThemesCommand.self,
            GesturesCommand.self,
        ]
        var cases: [(any Subcommand.Type, [String])] = every.map { ($0, ["--BIG"]) }
        let replaySource = [
            "--format", "--screen", "--row-height", "--calibration", "--rotate", "--levels",
            "--theme", "--keyboard", "--keyboard-layout", "--list",
        ]
        for option in replaySource {
            cases.append((ReplayCommand.self, [recording, option, "BIG"]))
            cases.append((RenderCommand.self, [recording, option, "BIG", "-o", "/dev/null"]))
            cases.append((ViewCommand.self, [recording, option, "BIG", "-o", "/dev/null"]))
        }
        for option in ["--speed", "--set", "--sound", "--idle-seconds", "--expect"] {
            cases.append((ReplayCommand.self, [recording, option, "BIG"]))
        }
        cases += [
            (ReplayCommand.self, ["BIG"]),
            (ReplayCommand.self, [recording, "--snapshot", "/dev/null", "--at", "BIG"]),
            (ReplayCommand.self, [recording, "--frames", "/nonexistent/f", "--fps", "BIG"]),
            (ReplayCommand.self, [recording, "--json=BIG"]),
            (ReplayCommand.self, [recording, "BIG"]),
            (ReplayCommand.self, [recording, "--write-expect", "/nonexistent/BIG"]),
            (RenderCommand.self, ["BIG", "-o", "/dev/null"]),
            (RenderCommand.self, [recording, "-o", "/nonexistent/BIG"]),
            (ViewCommand.self, [recording, "-o", "/dev/null", "--fps", "BIG"]),
            (ViewCommand.self, [recording, "-o", "/dev/null", "--gesture-config", "BIG"]),
            (InspectCommand.self, ["BIG"]),
            (ConvertCommand.self, ["BIG", "/dev/null"]),
            (TestCommand.self, ["BIG"]),
            (TestCommand.self, ["-j", "BIG", recording]),
            (TestCommand.self, ["--set", "BIG", recording]),
            (TestCommand.self, ["--set", "BIG=1", recording]),
            (TestCommand.self, ["--sweep", "BIG", recording]),
            (TestCommand.self, ["--brittle", "BIG", recording]),
            (ThemesCommand.self, ["BIG"]),
            (KeyboardCommand.self, ["BIG"]),
            (KeyboardCommand.self, ["--keyboard-layout", "BIG"]),
            (GesturesCommand.self, ["--bus", "BIG"]),
            (GesturesCommand.self, ["--replay", recording, "--config", "BIG"]),
            (RecordCommand.self, ["--until-events", "BIG"]),
            (AppCommand.self, ["--theme", "BIG"]),
            (AppCommand.self, ["--levels", "BIG"]),
            (CalibrateCommand.self, ["--replay", "BIG"]),
        ]
        return cases
    }()

    @Test(arguments: cases.indices)
    func aHugeArgumentIsQuotedCut(index: Int) {
        let (command, template) = Self.cases[index]
        let arguments = template.map { $0.replacingOccurrences(of: "BIG", with: Self.huge) }
        let captured = CapturedOutput()
        let status = command.main(arguments: arguments, output: captured.streams)
        let shown = "\(command.name) \(template)"
        #expect(status != 0, "\(shown)")
        #expect(
            captured.standardError.utf8.count <= Self.largestStandardErrorBytes,
            "\(shown): \(captured.standardError.utf8.count) bytes")
        #expect(captured.standardOutput.utf8.count <= Self.largestStandardErrorBytes, "\(shown)")
        #expect(
            captured.standardError.contains(" bytes)"),
            "\(shown): \(captured.standardError.prefix(300))")
        // Cut messages are still terminal-safe: the escape in the input is shown, not sent.
        #expect(!captured.standardError.contains("\u{1B}"), "\(shown)")
    }

    /// A reader's message quotes a bad word of a file cut, too.
    @Test(arguments: ["layout", "expectation", "list", "calibration"])
    func aHugeWordInAFileIsQuotedCut(kind: String) throws {
        let folder = ScratchFolder()
        // Half the smallest of these files' limits (1 MiB), so the reader reaches the word.
        let word = String(repeating: "q", count: 1 << 19)
        let captured = CapturedOutput()
        let status: Int32
        switch kind {
        case "layout":
            try "name x\nletters \(word) y\n".write(
                toFile: folder.file("l.layout"), atomically: true, encoding: .utf8)
            status = KeyboardCommand.main(
                arguments: ["--keyboard-layout", folder.file("l.layout")], output: captured.streams)
        case "expectation":
            try #"{"actions": [{"t_ms": 1, "action": "\#(word)", "index": 0}]}"#.write(
                toFile: folder.file("e.json"), atomically: true, encoding: .utf8)
            status = ReplayCommand.main(
                arguments: [Self.recording, "--expect", folder.file("e.json")],
                output: captured.streams)
        case "list":
            try #"{"format": "\#(word)"}"#.write(
                toFile: folder.file("l.json"), atomically: true, encoding: .utf8)
            status = ReplayCommand.main(
                arguments: [Self.recording, "--list", folder.file("l.json")],
                output: captured.streams)
        default:
            // The app's and `calibrate`'s file (no command names it on its command line).
            try "matrix 1 0 \(word) 0 1 0 Panel\n".write(
                toFile: folder.file("c.conf"), atomically: true, encoding: .utf8)
            do throws(Diagnostic) {
                _ = try CalibrationFile.read(path: folder.file("c.conf"))
                status = 0
            } catch {
                captured.printed(error: error.description)
                status = 2
            }
        }
        #expect(status != 0, "\(kind)")
        #expect(captured.standardError.utf8.count <= Self.largestStandardErrorBytes, "\(kind)")
        #expect(
            captured.standardError.contains("(524288 bytes)"),
            "\(kind): \(captured.standardError.prefix(300))")
    }
}

extension CapturedOutput {
    /// Records `line` as a command prints an error.
    func printed(error line: String) { streams.printError(line) }
}
