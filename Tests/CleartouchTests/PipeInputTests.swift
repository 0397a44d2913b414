import Foundation
import TestSupport
import Testing
import ToolSupport

/// Every input that can be a FIFO (docs/trace-format.md, "Ranges"): with no writer it
/// reads as nothing at once (never blocks); with a writer that stays open and silent the
/// command waits, as `cat` does, and SIGINT or SIGTERM ends it at once, leaving no output
/// file, whole or half-written.
@Suite struct PipeInputTests {
    static let recordings = PackagePaths.root.appendingPathComponent("Recordings").path

    /// Each command with `FIFO` where the pipe goes.
    static let inputs: [(name: String, arguments: [String])] = [
        ("recording", ["render", "FIFO", "-o", "OUT"]),
        ("list", ["render", recordings + "/uncomplete.trace", "--list", "FIFO", "-o", "OUT"]),
        ("expectation", ["replay", recordings + "/uncomplete.trace", "--expect", "FIFO"]),
        (
            "layout",
            ["render", recordings + "/uncomplete.trace", "--keyboard-layout", "FIFO", "-o", "OUT"]
        ),
        (
            "gesture configuration",
            ["view", recordings + "/uncomplete.trace", "--gesture-config", "FIFO", "-o", "OUT"]
        ),
        ("suite expectation", ["test", "FIFO.expect.json"]),
    ]

    /// A FIFO in a fresh folder, and the path of an output beside it.
    static func folderWithFIFO(_ name: String = "in") throws -> (
        ScratchFolder, fifo: String, output: String
    ) {
        let folder = ScratchFolder()
        let fifo = folder.file(name)
        try #require(mkfifo(fifo, 0o600) == 0)
        return (folder, fifo, folder.file("out.svg"))
    }

    static func arguments(_ template: [String], fifo: String, output: String) -> [String] {
        template.map {
            $0 == "FIFO"
                ? fifo
                : $0 == "OUT"
                    ? output
                    : $0 == "FIFO.expect.json" ? fifo : $0
        }
    }

    @Test(arguments: inputs.indices)
    func aFIFOWithoutAWriterReadsAsNothingAtOnce(index: Int) throws {
        let cleartouch = try #require(cleartouchExecutable(), "build cleartouch first")
        let (name, template) = Self.inputs[index]
        let (folder, fifo, output) = try Self.folderWithFIFO(
            name == "suite expectation" ? "s.expect.json" : "in")
        defer { folder.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: cleartouch)
        process.arguments = Self.arguments(template, fifo: fifo, output: output)
        // `test` reports a case on stdout, the others on stderr: both are read.
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        let ended = waitUntil { !process.isRunning }
        if !ended { kill(process.processIdentifier, SIGKILL) }
        #expect(ended, "\(name): blocked on a FIFO with no writer")
        process.waitUntilExit()
        let message = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus != 0, "\(name): \(message)")
        #expect(message.contains(fifo), "\(name): \(message)")
        #expect(!FileManager.default.fileExists(atPath: output), "\(name)")
    }

    /// The calibration file is read by the app and `calibrate` (not named on a command line).
    @Test func aCalibrationFIFOWithoutAWriterReadsAsNothing() throws {
        let (folder, fifo, _) = try Self.folderWithFIFO()
        defer { folder.remove() }
        #expect(throws: Diagnostic.self) { try CalibrationFile.read(path: fifo) }
    }

    @Test(arguments: [SIGINT, SIGTERM], [0, 1])
    func aSilentWriterIsWaitedForAndASignalEndsTheWait(signal: Int32, input: Int) throws {
        let cleartouch = try #require(cleartouchExecutable(), "build cleartouch first")
        let (name, template) = Self.inputs[input]
        let (folder, fifo, output) = try Self.folderWithFIFO()
        defer { folder.remove() }
        // The test holds the FIFO open for writing and never writes.
        let writer = open(fifo, O_RDWR)
        try #require(writer >= 0)
        defer { close(writer) }
        let process = Process()
        // As from a terminal: a test run started in the background (`nohup`, `cmd &` in a
        // script) ignores SIGINT, and an ignored signal stays ignored across exec, as it
        // should. env(1) execs the command in place, so the pid is the command's.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["--default-signal=INT,TERM", cleartouch]
            + Self.arguments(template, fifo: fifo, output: output)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Waiting in the read: the FIFO is among its open files and it sleeps.
        let pid = process.processIdentifier
        let waiting = waitUntil {
            let descriptors =
                (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            let holdsFIFO = descriptors.contains {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)"))
                    == fifo
            }
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?
                .split(separator: ")").last?.split(separator: " ").first
            return holdsFIFO && state == "S"
        }
        #expect(waiting, "\(name): never waited on the FIFO")
        #expect(process.isRunning, "\(name): did not wait for the silent writer")
        kill(pid, signal)
        let ended = waitUntil { !process.isRunning }
        if !ended { kill(pid, SIGKILL) }
        #expect(ended, "\(name): signal \(signal) did not end the wait")
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        // Nothing written: no output, no temporary beside it.
        #expect(folder.contents == ["in"], "\(name): \(folder.contents)")
    }
}
