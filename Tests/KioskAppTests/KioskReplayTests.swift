import Foundation
import TestSupport
import Testing

/// `cleartouch app --replay RECORDING [--speed X]`: a recording through the real app loop
/// (offscreen) leaves the list `cleartouch replay` gives, at any speed.
@Suite struct KioskReplayTests {
    let folder = ScratchFolder("app-replay")

    static func recording(_ name: String) -> String {
        PackagePaths.root.appendingPathComponent("Recordings/\(name)").path
    }

    func app(_ arguments: [String]) throws -> CommandRun {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        return try runCommand(
            executable: executable,
            arguments: ["app", "--offscreen", "--sound", "off", "--list", folder.file("list.json")]
                + arguments)
    }

    /// The final items of `cleartouch replay NAME --json`.
    func replayedItems(_ name: String) throws -> [[String: Any]] {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let run = try runCommand(
            executable: executable, arguments: ["replay", Self.recording(name), "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
                as? [String: Any])
        return try #require(object["items"] as? [[String: Any]])
    }

    static func summary(_ items: [[String: Any]]) -> [String] {
        items.map { "\($0["text"] as? String ?? "?") \($0["completed"] as? Bool ?? false)" }
    }

    /// A long-press, a reorder with auto-scroll: timers and animations run on the
    /// recording's spacing, as fast as the loop takes it.
    @Test(arguments: ["reorder-auto-scroll.trace", "reorder-down.trace", "delete-last-row.evemu"])
    func asFastAsTheLoopTakesItTheListIsReplays(name: String) throws {
        let run = try app(["--replay", Self.recording(name), "--speed", "0"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("replay finished"))
        let saved = try savedListItems(at: folder.file("list.json"))
        #expect(Self.summary(saved) == Self.summary(try replayedItems(name)))
        #expect(Self.summary(saved) != Self.summary(try replayedItems("pan-complete-below.yml")))
    }

    /// At speed 1 the 360 ms swipe takes at least its recorded time.
    @Test func atSpeedOneTheRecordingTakesItsTime() throws {
        let start = Date()
        let run = try app(["--replay", Self.recording("pan-complete-above.trace")])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(Date().timeIntervalSince(start) >= 0.36)
        let saved = try savedListItems(at: folder.file("list.json"))
        #expect(saved[1]["completed"] as? Bool == true)
    }

    @Test func speedAndKeepRunningNeedReplay() throws {
        for arguments in [["--speed", "2"], ["--keep-running"]] {
            let run = try app(arguments)
            #expect(run.status == 2)
            #expect(run.standardError.contains("go with --replay RECORDING"))
        }
        let run = try app(["--replay", Self.recording("pan-complete-above.trace"), "--speed", "-1"])
        #expect(run.status == 2)
    }
}
