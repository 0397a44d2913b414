import Foundation
import TestSupport
import Testing
import ToolSupport

@testable import CleartouchCommands
@testable import cleartouch_devices

/// A small recording every output test replays.
enum OutputFixture {
    static let trace = """
        cleartouch-trace 1
        screen 200 300
        row-height 40
        item 0 one
        item 1 two
        events
        0 added 1 touchscreen 200 300 - - - - - - - - - Panel
        1000 down 1 0 0 20 20 - -
        1000 frame 1
        9000 move 1 0 0 150 20 - -
        9000 frame 1
        17000 up 1 0 0 150 20 - -
        17000 frame 1

        """

    static func write(in folder: ScratchFolder, name: String = "in.trace") -> String {
        let path = folder.file(name)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(trace.utf8)))
        return path
    }
}

func mode(_ path: String) -> mode_t {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode : 0
}

func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
}

/// Every command writes its outputs through `OutputFile` (docs/output-files.md).
@Suite struct OutputFileTests {
    /// The writers: the arguments that make each write `out` from the recording `input`.
    static func writer(_ index: Int, _ input: String, _ out: String) -> [String] {
        switch index {
        case 0: ["replay", input, "--write-expect", out]
        case 1: ["render", input, "-o", out]
        case 2: ["convert", input, out]
        default: ["replay", input, "--snapshot", out]
        }
    }
    static let writerCount = 4

    static func run(_ arguments: [String]) -> (status: Int32, output: CapturedOutput) {
        let captured = CapturedOutput()
        // main.swift's list is top-level code, which does not run in tests.
        let commands: [any Subcommand.Type] = [
            ConvertCommand.self, ReplayCommand.self, RenderCommand.self, InspectCommand.self,
        ]
        let command = commands.first { $0.name == arguments[0] }!
        let status = command.main(arguments: Array(arguments.dropFirst()), output: captured.streams)
        return (status, captured)
    }

    @Test(arguments: 0..<writerCount)
    func aSymbolicLinkIsFollowedAndStaysALink(writer: Int) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        let target = folder.file("target")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let link = folder.file("link")
        #expect(symlink("target", link) == 0)
        let (status, output) = Self.run(Self.writer(writer, input, link))
        #expect(status == 0, "\(output.standardError)")
        #expect(isSymbolicLink(link))
        let written = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect(written.count > 3 && written != Data("old".utf8))
    }

    @Test(arguments: 0..<writerCount)
    func aDanglingLinkCreatesItsTarget(writer: Int) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        let link = folder.file("link")
        #expect(symlink("made", link) == 0)
        let (status, output) = Self.run(Self.writer(writer, input, link))
        #expect(status == 0, "\(output.standardError)")
        #expect(isSymbolicLink(link))
        #expect(FileManager.default.fileExists(atPath: folder.file("made")))
    }

    @Test(arguments: 0..<writerCount)
    func anExistingFileKeepsItsMode(writer: Int) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        let out = folder.file("out")
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        #expect(chmod(out, 0o640) == 0)
        let (status, output) = Self.run(Self.writer(writer, input, out))
        #expect(status == 0, "\(output.standardError)")
        #expect(mode(out) & 0o7777 == 0o640)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) != Data("old".utf8))
        // Nothing left behind: no temporary file next to the output.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "in.trace", "out",
            ])
    }

    @Test(arguments: 0..<writerCount)
    func aMissingFolderIsAnErrorNamingThePath(writer: Int) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        let out = folder.file("a/b/out")
        let (status, output) = Self.run(Self.writer(writer, input, out))
        #expect(status == 2)
        #expect(
            output.standardError.hasPrefix(
                "\(out):0: cannot create (the folder \(folder.file("a/b")) is missing): No such file or directory"
            ),
            "\(output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("a")))
    }

    @Test(arguments: 0..<writerCount)
    func aFolderThatCannotBeMadeIsNamedInPlainWords(writer: Int) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        // A regular file where a folder should be.
        let blocker = folder.file("blocker")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let out = blocker + "/out"
        let (status, output) = Self.run(Self.writer(writer, input, out))
        #expect(status == 2)
        #expect(output.standardError.hasPrefix(out + ":0: "))
        #expect(output.standardError.contains("Not a directory"))
        #expect(!output.standardError.contains("NSCocoaErrorDomain"))
    }

    /// As root (here and in CI) /dev/full could be replaced by a rename; it must be written
    /// through, and the full disk reported.
    @Test(arguments: 0..<writerCount)
    func aDeviceIsWrittenThroughAndItsErrorsReported(writer: Int) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        let (status, output) = Self.run(Self.writer(writer, input, "/dev/full"))
        #expect(status == 2)
        #expect(output.standardError.contains("/dev/full:0: write failed: No space left on device"))
        var status2 = stat()
        #expect(stat("/dev/full", &status2) == 0 && (status2.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test(arguments: 0..<writerCount)
    func aFIFOIsWrittenThrough(writer: Int) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        let fifo = folder.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader drains the FIFO while the command writes.
        let received = LockedBytes()
        let reader = Thread {
            let handle = FileHandle(forReadingAtPath: fifo)!
            received.set(handle.readDataToEndOfFile())
        }
        reader.start()
        let (status, output) = Self.run(Self.writer(writer, input, fifo))
        #expect(status == 0, "\(output.standardError)")
        while !received.isSet { usleep(1000) }
        #expect(received.count > 10)
        #expect(mode(fifo) & S_IFMT == S_IFIFO)
    }

    /// `-o /dev/stdout` with the shell's stdout on a regular file writes into that file (a
    /// rename would leave the shell's descriptor on a deleted file).
    @Test func devStdoutOnARegularFileIsWrittenThrough() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        let executable = try #require(
            PackagePaths.builtExecutable("cleartouch"), "build cleartouch first")
        let out = folder.file("shell.svg")
        #expect(FileManager.default.createFile(atPath: out, contents: nil))
        var before = stat()
        #expect(stat(out, &before) == 0)
        let run = try runCommand(
            executable: "/bin/sh",
            arguments: [
                "-c", "exec \"$0\" render \"$1\" -o /dev/stdout > \"$2\"", executable, input, out,
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("<svg"))
        // The same file, not a new one renamed over it.
        var after = stat()
        #expect(stat(out, &after) == 0 && after.st_ino == before.st_ino)
    }

    @Test func convertRefusesToOverwriteItsOwnInput() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        let link = folder.file("alias.trace")
        #expect(symlink(input, link) == 0)
        for out in [input, link, folder.path + "/./in.trace"] {
            let (status, output) = Self.run(["convert", input, out])
            #expect(status == 2)
            #expect(output.standardError.contains("refusing to overwrite an input"))
        }
        #expect(try String(contentsOfFile: input, encoding: .utf8) == OutputFixture.trace)
        // The same for render and --write-expect over the recording.
        #expect(Self.run(["render", input, "-o", input]).status == 2)
        #expect(Self.run(["replay", input, "--write-expect", link]).status == 2)
        #expect(try String(contentsOfFile: input, encoding: .utf8) == OutputFixture.trace)
    }

    @Test func framesGoThroughTheSameWriter() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        // DIR itself is made; a missing parent is an error.
        let nested = folder.file("x/frames")
        let (nestedStatus, nestedOutput) = Self.run(["replay", input, "--frames", nested])
        #expect(nestedStatus == 2)
        #expect(nestedOutput.standardError.hasPrefix("\(nested):0: cannot create"))
        let frames = folder.file("frames")
        let (status, output) = Self.run(["replay", input, "--frames", frames, "--fps", "10"])
        #expect(status == 0, "\(output.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames)
        #expect(names.contains("frame-000000.png"))
        #expect(output.standardError.contains("wrote"))
    }

    @Test func renderAndReplaySayWroteOnStandardError() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        let render = Self.run(["render", input, "-o", folder.file("a.svg")])
        #expect(render.output.standardOutput.isEmpty)
        #expect(render.output.standardError.contains("wrote \(folder.file("a.svg"))"))
        let replay = Self.run(["replay", input, "--write-expect", folder.file("e.json")])
        #expect(!replay.output.standardOutput.contains("wrote"))
        #expect(replay.output.standardError.contains("wrote expectation"))
    }

    /// `record -o`'s stream: in place (a killed recorder leaves its lines), refusing an
    /// existing file unless forced, new files 0600, links followed.
    @Test func inPlaceStreamsFollowTheSameRules() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let out = folder.file("rec.trace")
        let stream = try OutputFile.Stream(
            path: out, newFileMode: 0o600, replacesAtomically: false, exclusive: true,
            protecting: [])
        try stream.write(Array("line\n".utf8))
        // Already there before the commit: in place.
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "line\n")
        try stream.commit()
        #expect(mode(out) & 0o7777 == 0o600)
        #expect(throws: Diagnostic.self) {
            try OutputFile.Stream(
                path: out, replacesAtomically: false, exclusive: true, protecting: [])
        }
        #expect(throws: Diagnostic.self) { try OutputFile.refuseExisting(out) }
        let link = folder.file("link")
        #expect(symlink(out, link) == 0)
        #expect(throws: Diagnostic.self) { try OutputFile.refuseExisting(link) }
        #expect(chmod(out, 0o640) == 0)
        let forced = try OutputFile.Stream(
            path: link, replacesAtomically: false, exclusive: false, protecting: [])
        try forced.write(Array("new\n".utf8))
        try forced.commit()
        #expect(isSymbolicLink(link))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "new\n")
        #expect(mode(out) & 0o7777 == 0o640)
        // A device is not "an existing file": written through without --force.
        try OutputFile.refuseExisting("/dev/null")
        // A discarded new file is removed; an atomic one never appears.
        let discarded = try OutputFile.Stream(
            path: folder.file("gone"), replacesAtomically: false, exclusive: true,
            protecting: [])
        discarded.discard()
        #expect(!FileManager.default.fileExists(atPath: folder.file("gone")))
        do {
            let atomic = try OutputFile.Stream(
                path: folder.file("never"), replacesAtomically: true, protecting: [])
            try atomic.write([1, 2, 3])
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "link", "rec.trace",
            ])
    }
}

/// Bytes handed from a reader thread to the test.
final class LockedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var count: Int { lock.withLock { data?.count ?? 0 } }
}
