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

/// `app --replay --speed 0` as a 60 Hz display on the recording's clock (docs/app.md,
/// "Replay"): a frame whenever the clock passes the next 1/60 s while something moves,
/// never more, so a run costs the same whatever the recording's event rate.
@Suite struct KioskReplayFrameRateTests {
    let folder = ScratchFolder("app-replay-60hz")

    /// A finger down for `seconds`, at `hertz`, 600 px down then 600 px up (a pull that
    /// moves every frame), as a ClearTouch trace.
    static func continuousDrag(seconds: Int, hertz: Int) -> String {
        let device =
            "1 touchscreen 1080 1920 269.975 479.975 0 10799 40 0 19199 40 10 ClearTouch Synthetic Touchscreen"
        var lines = [
            "cleartouch-trace 1", "screen 1080 1920", "row-height 169", "device \(device)",
            "events", "0 added \(device)",
        ]
        let steps = seconds * hertz
        for step in 0...steps {
            let time = step * 1_000_000 / hertz
            let half = steps / 2
            let y = 500 + (step <= half ? step : steps - step) * 600 / half
            let phase = step == 0 ? "down" : step == steps ? "up" : "move"
            lines.append("\(time) \(phase) 1 0 0 540 \(y) 135 \(Double(y) / 4)")
            lines.append("\(time) frame 1")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The counts of the app's `replay finished` line: frames made, the last one's time
    /// after the first event, frames shown in the window.
    static func finishedCounts(_ standardError: String) -> (
        made: Int, lastMicroseconds: Int, shown: Int
    )? {
        guard
            let line = standardError.split(separator: "\n").first(where: {
                $0.contains("replay finished:")
            })
        else { return nil }
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        // "N frames at 60 Hz of ..., the last T µs after its first event; S shown ..."
        guard numbers.count == 4, numbers[1] == 60 else { return nil }
        return (numbers[0], numbers[2], numbers[3])
    }

    /// At 120 Hz and at 1000 Hz of input, 4 s of a moving finger make one frame per
    /// 1/60 s of the recording (241, frames 0 to 240), each on the 60 Hz clock.
    @Test(arguments: [120, 1000])
    func aFrameEverySixtiethOfASecondOfTheRecording(hertz: Int) throws {
        let path = folder.file("drag-\(hertz).trace")
        try Self.continuousDrag(seconds: 4, hertz: hertz).write(
            toFile: path, atomically: true, encoding: .utf8)
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let run = try runCommand(
            executable: executable,
            arguments: [
                "app", "--offscreen", "--sound", "off", "--list", folder.file("list.json"),
                "--screen", "1080x1920", "--replay", path, "--speed", "0",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        let counts = try #require(Self.finishedCounts(run.standardError), "\(run.standardError)")
        // The last frame is due N/60 s in, rounded up to a microsecond.
        let number = (counts.lastMicroseconds * 60 + 500_000) / 1_000_000
        #expect(counts.lastMicroseconds == (number * 1_000_000 + 59) / 60)
        // One frame per sixtieth while the finger moves (4 s: frames 0 to 240), and the
        // settling after it lifts at most a frame each.
        #expect(counts.made >= 4 * 60 + 1 - 1)
        #expect(counts.made <= number + 1)
        #expect(counts.shown >= 1 && counts.shown <= counts.made)
    }
}
