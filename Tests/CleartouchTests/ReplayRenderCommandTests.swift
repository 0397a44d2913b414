import Foundation
import TestSupport
import Testing

@testable import Replay

/// The built `cleartouch replay` / `render`: exit statuses 0, 1 and 2, and messages.
@Suite struct ReplayRenderCommandTests {
    static func cleartouch(_ arguments: [String]) throws -> CommandRun {
        let binary = TestPaths.cleartouchBinary
        try #require(
            FileManager.default.isExecutableFile(atPath: binary),
            "build cleartouch first (swift build)")
        return try runCommand(executable: binary, arguments: arguments)
    }

    static func recording(_ name: String) -> String { TestPaths.recordings + "/" + name }

    @Test(arguments: ["pan-complete-above.trace", "pan-delete-above.evemu", "pull-below.yml"])
    func metExpectationExitsZero(name: String) throws {
        let base = name.split(separator: ".").first!
        let run = try Self.cleartouch([
            "replay", Self.recording(name), "--expect", Self.recording("\(base).expect.json"),
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("final list"))
    }

    @Test func unmetExpectationExitsOneWithADiff() throws {
        let dir = TestPaths.temporaryDirectory()
        let wrong = dir + "/wrong.expect.json"
        // pan-complete-below does nothing; claim it completed row 1.
        let text = try String(
            contentsOfFile: Self.recording("pan-complete-above.expect.json"), encoding: .utf8)
        try text.write(toFile: wrong, atomically: true, encoding: .utf8)
        let run = try Self.cleartouch([
            "replay", Self.recording("pan-complete-below.yml"), "--expect", wrong, "--json",
        ])
        #expect(run.status == 1)
        #expect(run.standardError.contains("expectation not met"))
        #expect(run.standardError.contains("  - "))
        #expect(run.standardError.contains("complete 1"))
        // stdout stays one JSON object.
        #expect((try? JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))) != nil)
    }

    @Test func writtenExpectationIsMet() throws {
        let dir = TestPaths.temporaryDirectory()
        let written = dir + "/mixed.expect.json"
        let first = try Self.cleartouch([
            "replay", Self.recording("mixed-session.trace"), "--write-expect", written,
        ])
        #expect(first.status == 0)
        let second = try Self.cleartouch([
            "replay", Self.recording("mixed-session.trace"), "--expect", written,
        ])
        #expect(second.status == 0, "\(second.standardError)")
    }

    /// One line of a good recording spoiled: replay and render exit 2 naming that line.
    @Test(arguments: [
        ("pinch-below.evemu", "E:", 3, "E: 0.5 zz 0035 12"),
        ("pan-complete-above.trace", "10000 move", 0, "10000 move 1 zero 0 327 254 81.75 63.5"),
        ("pull-below.yml", "    - [0, 10000", 0, "    - [0, 10000, 3, 54, lots]"),
    ])
    func malformedRecordingExitsTwoWithFileAndLine(
        name: String, prefix: String, after: Int, spoiled: String
    ) throws {
        let dir = TestPaths.temporaryDirectory()
        let bad = dir + "/bad-" + name
        let good = try String(contentsOfFile: Self.recording(name), encoding: .utf8)
        var lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix(prefix) }) + after
        lines[index] = spoiled
        try lines.joined(separator: "\n").write(toFile: bad, atomically: true, encoding: .utf8)
        for command in ["replay", "render"] {
            let run = try Self.cleartouch(
                [command, bad] + (command == "render" ? ["-o", dir + "/x.svg"] : []))
            #expect(run.status == 2, "\(command) \(name)")
            #expect(
                run.standardError.hasPrefix("\(bad):\(index + 1):"),
                "\(command): \(run.standardError)")
        }
    }

    @Test func malformedExpectationExitsTwoWithFileAndLine() throws {
        let dir = TestPaths.temporaryDirectory()
        let bad = dir + "/bad.expect.json"
        try "{\n  \"actions\": [],\n  \"items\": [\n    {\"text\": 1}\n  ]\n}\n".write(
            toFile: bad, atomically: true, encoding: .utf8)
        let run = try Self.cleartouch([
            "replay", Self.recording("pan-complete-above.trace"), "--expect", bad,
        ])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("\(bad):4:"), "\(run.standardError)")
    }

    @Test func missingFileAndBadUsageExitTwo() throws {
        let missing = try Self.cleartouch(["replay", "/nonexistent/x.trace"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("/nonexistent/x.trace:"))
        let usage = try Self.cleartouch([
            "replay", Self.recording("pan-complete-above.trace"), "--speed", "0",
        ])
        #expect(usage.status == 2)
        #expect(usage.standardError.contains("--speed"))
        let help = try Self.cleartouch(["replay", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("usage: cleartouch replay FILE"))
    }

    /// The real clock paces these (a few milliseconds); the output must not change.
    @Test func pacedCommandPrintsTheSameJSON() throws {
        let path = Self.recording("pan-complete-above.trace")
        let unpaced = try Self.cleartouch(["replay", path, "--json"])
        for speed in ["50", "1000"] {
            let paced = try Self.cleartouch(["replay", path, "--json", "--speed", speed])
            #expect(paced.status == 0)
            #expect(paced.standardOutput == unpaced.standardOutput, "--speed \(speed)")
        }
    }

    /// The progress bar goes to stderr only when stderr is a terminal (a pseudo-terminal here).
    @Test func progressBarOnlyOnATerminal() throws {
        let path = Self.recording("mixed-session.trace")
        let piped = try Self.cleartouch(["replay", path, "--json"])
        #expect(!piped.standardError.contains("replay ["))

        var controller: Int32 = -1
        var terminal: Int32 = -1
        try #require(openpty(&controller, &terminal, nil, nil, nil) == 0)
        defer { close(controller) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.cleartouchBinary)
        process.arguments = ["replay", path, "--json"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
        try process.run()
        process.waitUntilExit()
        process.standardError = nil
        var drawn = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var flags = fcntl(controller, F_GETFL)
        flags |= O_NONBLOCK
        _ = fcntl(controller, F_SETFL, flags)
        while true {
            let count = read(controller, &buffer, buffer.count)
            if count <= 0 { break }
            drawn += buffer[0..<count]
        }
        let text = String(decoding: drawn, as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(
            text.contains("replay [##############################] 100%"), "\(text.suffix(200))")
    }

    @Test func jsonOutputIsTheContractObject() throws {
        let run = try Self.cleartouch(["replay", Self.recording("pull-add-above.trace"), "--json"])
        #expect(run.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        for key in ["gestures", "actions", "items", "editing"] {
            #expect(object[key] != nil, "\(key)")
        }
    }

    @Test func framesAndSnapshotArePNGFiles() throws {
        let dir = TestPaths.temporaryDirectory()
        let run = try Self.cleartouch([
            "replay", Self.recording("pan-complete-above.trace"), "--frames", dir + "/frames",
            "--fps",
            "10",
            "--snapshot", dir + "/at.png", "--at", "200",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
        #expect(frames.count >= 6)
        #expect(frames.first == "frame-000000.png")
        #expect(run.standardError.contains("wrote \(frames.count) frames (10 per second)"))
        for path in [dir + "/frames/" + frames[0], dir + "/at.png"] {
            let data = try #require(FileManager.default.contents(atPath: path))
            #expect(
                data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
                "\(path) is not a PNG")
        }
        let usage = try Self.cleartouch([
            "replay", Self.recording("pan-complete-above.trace"), "--at", "5",
        ])
        #expect(usage.status == 2)
        #expect(usage.standardError.contains("--at goes with --snapshot"))
    }
}
