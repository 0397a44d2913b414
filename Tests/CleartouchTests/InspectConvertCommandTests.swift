import Foundation
import TestSupport
import Testing
import TouchInput

@testable import Recordings

/// `cleartouch inspect` and `cleartouch convert`, run as the built executable.
enum Cleartouch {
    static let executable = PackagePaths.debugExecutable("cleartouch")
    static var available: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let run = try runCommand(executable: executable, arguments: arguments)
        return (run.status, run.standardOutput, run.standardError)
    }
}

@Suite(
    .enabled(
        if: Cleartouch.available,
        "cleartouch is not built (.build/debug/cleartouch): command tests skipped"))
struct InspectConvertCommandTests {
    @Test func inspectSummarisesARecording() throws {
        let result = try Cleartouch.run(["inspect", LibinputFixtures.path("ts-pinch.yml")])
        #expect(result.status == 0)
        #expect(
            result.out.contains(
                "device 1: Mock MT Touchscreen (touchscreen, 315x177.154 mm, 10 slots)"))
        #expect(result.out.contains("contacts: 3\n"))
        #expect(result.out.contains("most fingers at once: 2\n"))
        #expect(result.err.isEmpty)
    }

    @Test func inspectJSONIsOneObject() throws {
        let result = try Cleartouch.run([
            "inspect", "--json", LibinputFixtures.path("two-devices.yml"),
        ])
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "libinput")
        #expect((object["devices"] as? [Any])?.count == 2)
        #expect(object["contacts"] as? Int == 6)
        #expect(object["most_fingers_at_once"] as? Int == 3)
    }

    @Test func convertWritesATraceThatReadsBackTheSameTouches() throws {
        let input = LibinputFixtures.path("two-devices.yml")
        let output = TestFiles.scratchPath(name: "two.trace")
        let result = try Cleartouch.run(["convert", input, output, "--screen", "800x600"])
        #expect(result.status == 0, "\(result.err)")
        let original = touchFrames(
            try readAll(
                try Recording.open(
                    path: input, screen: ScreenSize(widthPixels: 800, heightPixels: 600))))
        let converted = try Recording.open(path: output)
        #expect(converted.format == .trace)
        #expect(
            converted.header.devices.map(\.name) == ["Mock MT Touchscreen", "Mock MT Touchpad"])
        let frames = touchFrames(try readAll(converted))
        #expect(frames.count == original.count)
        for (a, b) in zip(original, frames) {
            #expect(
                a.device == b.device && a.timeMicroseconds == b.timeMicroseconds
                    && a.fingerCount == b.fingerCount)
            #expect(a.contacts.map(\.phase) == b.contacts.map(\.phase))
            for (x, y) in zip(a.contacts, b.contacts) {
                #expect(abs(x.positionPixels.x - y.positionPixels.x) <= 0.0005)
                #expect(
                    abs((x.positionMillimetres?.y ?? 0) - (y.positionMillimetres?.y ?? 0))
                        <= 0.00005)
            }
        }
    }

    @Test(arguments: [
        (["inspect"], "expected one FILE"),
        (["inspect", "a", "b"], "expected one FILE"),
        (["inspect", "--format", "xml", "a"], "--format needs"),
        (["inspect", "--screen", "big", "a"], "--screen needs"),
        (["convert", "only-one"], "expected IN and OUT"),
        (["inspect", "--bogus", "a"], "unknown option --bogus"),
    ])
    func badUsageExitsTwo(arguments: [String], message: String) throws {
        let result = try Cleartouch.run(arguments)
        #expect(result.status == 2)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test func unreadableInputExitsTwoWithFileAndLine() throws {
        let bad = TestFiles.scratch("N: x\nE: 0.000001 0003 0039 zz\n", name: "bad.evemu")
        let result = try Cleartouch.run(["inspect", bad])
        #expect(result.status == 2)
        #expect(result.err == "\(bad):2: bad event value (expected a decimal number)\n")
        let missing = try Cleartouch.run([
            "convert", "/nonexistent/in.yml", TestFiles.scratchPath(),
        ])
        #expect(missing.status == 2)
        #expect(missing.err.hasPrefix("/nonexistent/in.yml:0: cannot open"))
        let unwritable = try Cleartouch.run([
            "convert", LibinputFixtures.path("ts-pinch.yml"), "/nonexistent/out.trace",
        ])
        #expect(unwritable.status == 2)
        #expect(unwritable.err.hasPrefix("/nonexistent/out.trace:0: cannot create"))
    }

    @Test func helpExitsZero() throws {
        for command in ["inspect", "convert"] {
            let result = try Cleartouch.run([command, "--help"])
            #expect(result.status == 0)
            #expect(result.out.hasPrefix("usage: cleartouch \(command)"))
        }
    }
}
