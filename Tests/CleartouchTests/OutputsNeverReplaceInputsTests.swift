import Foundation
import TestSupport
import Testing
import ToolSupport

@testable import CleartouchCommands
@testable import cleartouch_devices

/// No output of any command replaces one of its inputs (docs/output-files.md): every
/// writer, every input role (the recording, `--list`, `--keyboard-layout`), every way of
/// naming the same file (the path, `./`, `DIR/../`, a symbolic link, a hard link). The
/// refusal is exit 2 naming the output, and the input keeps every byte.
@Suite struct OutputsNeverReplaceInputsTests {
    static let roles = ["recording", "list", "layout"]
    static let spellings = ["same", "dot", "parent", "symlink", "hardlink"]

    /// The writers, as a command and its arguments writing `out`.
    static func writers(input: String, list: String, layout: String, out: String)
        -> [(any Subcommand.Type, [String])]
    {
        let context = ["--list", list, "--keyboard-layout", layout]
        return [
            (ViewCommand.self, [input, "-o", out] + context),
            (RenderCommand.self, [input, "-o", out] + context),
            (ReplayCommand.self, [input, "--snapshot", out] + context),
            (ReplayCommand.self, [input, "--write-expect", out] + context),
            (ConvertCommand.self, [input, out]),
            (KeyboardCommand.self, ["--keyboard-layout", layout, "-o", out]),
        ]
    }

    @Test(arguments: roles, spellings)
    func everyWriterRefusesEveryInput(role: String, spelling: String) throws {
        let folder = ScratchFolder("inputs-\(role)-\(spelling)")
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        let list = folder.file("list.json")
        #expect(
            FileManager.default.createFile(
                atPath: list, contents: Data(#"["one", "two"]"#.utf8)))
        let layout = folder.file("us.layout")
        try FileManager.default.copyItem(
            atPath: PackagePaths.root.path + "/Resources/keyboard-layouts/us.layout",
            toPath: layout)
        let target = role == "recording" ? input : role == "list" ? list : layout
        let name = String(target.split(separator: "/").last!)
        let out: String
        switch spelling {
        case "same": out = target
        case "dot": out = folder.path + "/./" + name
        case "parent": out = folder.path + "/sub/../" + name
        case "symlink":
            out = folder.file("link")
            #expect(symlink(target, out) == 0)
        default:
            out = folder.file("hard")
            #expect(link(target, out) == 0)
        }
        try FileManager.default.createDirectory(
            atPath: folder.file("sub"), withIntermediateDirectories: true)
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        var refused = 0
        for (command, arguments) in Self.writers(
            input: input, list: list, layout: layout, out: out)
        {
            // A writer that does not read this role has nothing to refuse.
            let reads =
                command == KeyboardCommand.self
                ? role == "layout" : command == ConvertCommand.self ? role == "recording" : true
            guard reads else { continue }
            let (status, output) = ExtremeNumberTests.run(command, arguments)
            #expect(status == 2, "\(command.name) \(arguments): \(output.standardError)")
            #expect(
                output.standardError.contains("refusing to overwrite an input"),
                "\(command.name) \(arguments): \(output.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
            refused += 1
        }
        #expect(refused >= 2)
        // Nothing left behind: no temporary beside the input.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.contains(".tmp-") }, "\(names)")
    }

    /// `test DIR --junit DIR/x.trace` never replaces a recording of the folder, with an
    /// expectation beside it or without one.
    @Test(arguments: [true, false])
    func theJUnitFileIsNeverARecording(withExpectation: Bool) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let recordings = PackagePaths.root.path + "/Recordings/"
        try FileManager.default.copyItem(
            atPath: recordings + "clear-completed.trace", toPath: folder.file("a.trace"))
        try FileManager.default.copyItem(
            atPath: recordings + "clear-completed.expect.json",
            toPath: folder.file("a.expect.json"))
        let victim = withExpectation ? folder.file("a.trace") : folder.file("x.trace")
        if !withExpectation {
            try FileManager.default.copyItem(
                atPath: recordings + "clear-completed.trace", toPath: victim)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: victim))
        let (status, output) = ExtremeNumberTests.run(
            TestCommand.self, [folder.path, "--junit", victim])
        #expect(status == 2)
        #expect(output.standardError.contains("refusing to overwrite an input"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == before)
    }

    /// An in-place stream over an existing file (`record -o OLD --force`) leaves it as it
    /// was until it is published: a recorder that fails to start truncates nothing.
    @Test(arguments: [false, true])
    func aForcedRecordingReplacesNothingBeforeItStarts(publishes: Bool) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let old = folder.file("old.trace")
        #expect(FileManager.default.createFile(atPath: old, contents: Data("old\n".utf8)))
        #expect(chmod(old, 0o640) == 0)
        let stream = try OutputFile.Stream(
            path: old, newFileMode: 0o600, replacesAtomically: false, protecting: [])
        #expect(Glibc.write(stream.descriptor, "header\n", 7) == 7)
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "old\n")
        if publishes {
            try stream.publish()
            #expect(try String(contentsOfFile: old, encoding: .utf8) == "header\n")
            // In place from now on: each line is there before the commit.
            try stream.write(Array("line\n".utf8))
            #expect(try String(contentsOfFile: old, encoding: .utf8) == "header\nline\n")
            try stream.commit()
            #expect(mode(old) & 0o7777 == 0o640)
        } else {
            stream.discard()
            #expect(try String(contentsOfFile: old, encoding: .utf8) == "old\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["old.trace"])
    }

    /// `--frames DIR` holds this run's frames only: an earlier, longer run's are removed;
    /// other files stay.
    @Test func framesOfAnEarlierRunAreRemoved() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        let frames = folder.file("frames")
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        for number in [1, 500, 99_999, 1_000_000] {
            let name = String(format: "frame-%06d.png", number)
            #expect(FileManager.default.createFile(atPath: frames + "/" + name, contents: Data()))
        }
        for other in ["notes.txt", "frame-1.png", "frame-000001.png.bak"] {
            #expect(FileManager.default.createFile(atPath: frames + "/" + other, contents: Data()))
        }
        let (status, output) = ExtremeNumberTests.run(
            ReplayCommand.self, [input, "--frames", frames, "--fps", "100"])
        #expect(status == 0, "\(output.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        let written = names.filter { $0.hasPrefix("frame-0") && $0.hasSuffix(".png") }
        #expect(!written.contains("frame-099999.png") && !written.contains("frame-1000000.png"))
        #expect(names.contains("notes.txt") && names.contains("frame-1.png"))
        #expect(names.contains("frame-000001.png.bak"))
        #expect(!written.isEmpty)
    }
}
