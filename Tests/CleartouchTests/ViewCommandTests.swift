import Foundation
import TestSupport
import Testing

/// `cleartouch view` as a user runs it: the page is written, bad usage and unreadable
/// input exit 2 with a message.
@Suite struct ViewCommandTests {
    @Test func writesThePage() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let page = directory + "/view.html"
        let run = try ReplayRenderCommandTests.cleartouch([
            "view", ReplayRenderCommandTests.recording("pull-below.yml"), "-o", page, "--fps", "12",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        // Status goes to stderr, as for `render` and `replay`: stdout stays empty.
        #expect(run.standardError.contains("wrote \(page)"))
        #expect(run.standardOutput.isEmpty, "\(run.standardOutput)")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.contains("<title>pull-below.yml · cleartouch view</title>"))
        #expect(text.contains("\"fps\": 12"))
    }

    @Test(arguments: [
        (["view"], "no recording FILE given"),
        (["view", "x.trace"], "no output given (-o OUT.html)"),
        // The range of docs/replay.md, as for `replay --frames`: 0.01 to 1000.
        (["view", "x.trace", "-o", "o.html", "--fps", "0"], "--fps: '0' is not a number"),
        (["view", "x.trace", "-o", "o.html", "--fps", "0.0099"], "from 0.01 to 1000"),
        (["view", "x.trace", "-o", "o.html", "--fps", "1000.01"], "from 0.01 to 1000"),
        (["view", "x.trace", "-o", "o.html", "--fps", "nan"], "from 0.01 to 1000"),
        (["view", "x.trace", "-o", "o.html", "--speed", "2"], "--speed"),
    ])
    func badUsageExitsTwo(arguments: [String], message: String) throws {
        let run = try ReplayRenderCommandTests.cleartouch(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    /// Both ends of docs/replay.md's range are accepted, as by `replay --frames`.
    @Test(arguments: ["0.01", "1000"]) func theEndsOfTheFrameRateRangeAreAccepted(fps: String)
        throws
    {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A small screen and a short pan: at 1000 frames a second a full-size panel's
        // fling drew thousands of 1080×1920 PNGs, half a minute of the suite's CPU.
        let trace = directory + "/short.trace"
        try """
        cleartouch-trace 1
        screen 200 300
        row-height 40
        item 0 one
        device 1 touchscreen 200 300 50 75 0 4095 13 0 2303 13 10 Panel
        events
        0 added 1 touchscreen 200 300 50 75 0 4095 13 0 2303 13 10 Panel
        0 down 1 0 0 20 20 5 5
        0 frame 1 1
        10000 move 1 0 0 60 20 15 5
        10000 frame 1 1
        20000 up 1 0 0 60 20 15 5
        20000 frame 1 0

        """.write(toFile: trace, atomically: true, encoding: .utf8)
        let run = try ReplayRenderCommandTests.cleartouch([
            "view", trace, "-o", directory + "/v.html", "--fps", fps,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let replay = try ReplayRenderCommandTests.cleartouch([
            "replay", trace, "--frames", directory + "/frames", "--fps", fps,
        ])
        #expect(replay.status == 0, "\(replay.standardError)")
        // Frames were drawn: at least the first, and at 1000 a second one per millisecond.
        let frames = try FileManager.default.contentsOfDirectory(atPath: directory + "/frames")
        #expect(fps == "1000" ? frames.count >= 20 : frames.count >= 1, "\(frames.count) frames")
    }

    /// A replay that would need more frames than a page holds says so, naming the page and
    /// `--fps` (an option `view` has), not `--frames`.
    @Test func tooManyFramesNameThePageAndFPS() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let trace = directory + "/long.trace"
        try """
        cleartouch-trace 1
        screen 200 300
        row-height 40
        device 1 touchscreen 200 300 50 75 0 4095 13 0 2303 13 10 Panel
        events
        0 added 1 touchscreen 200 300 50 75 0 4095 13 0 2303 13 10 Panel
        0 down 1 0 0 20 20 5 5
        0 frame 1 1
        4000000000 up 1 0 0 20 20 5 5
        4000000000 frame 1 0

        """.write(toFile: trace, atomically: true, encoding: .utf8)
        let page = directory + "/v.html"
        let run = try ReplayRenderCommandTests.cleartouch(["view", trace, "-o", page])
        #expect(run.status == 2)
        #expect(
            run.standardError.hasPrefix("\(page):0: the replay would need more than 100000 frames"),
            "\(run.standardError)")
        #expect(run.standardError.contains("use a lower --fps"))
        #expect(!run.standardError.contains("--frames"))
    }

    @Test func anUnreadableRecordingSaysWhere() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bad = directory + "/bad.trace"
        try "cleartouch-trace 1\nnot an event\n".write(
            toFile: bad, atomically: true, encoding: .utf8)
        let run = try ReplayRenderCommandTests.cleartouch([
            "view", bad, "-o", directory + "/v.html",
        ])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("\(bad):"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/v.html"))
    }
}

/// `cleartouch replay --snapshot --at` of a recording that ends with a delete: pictures
/// after the last event show the rows shuffling up (ReplayTests' AnimationAtTheEndTests
/// checks the presentations).
@Suite struct SnapshotCommandTests {
    static let delete = TestPaths.recordings + "/pan-delete-above.evemu"

    @Test func theCommandsSnapshotsDifferDuringTheShuffle() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var pictures: [Data] = []
        // 1 ms after the delete, halfway through the shuffle, long after it.
        for at in ["361", "510", "2000"] {
            let path = directory + "/at-\(at).png"
            let run = try ReplayRenderCommandTests.cleartouch([
                "replay", SnapshotCommandTests.delete, "--snapshot", path, "--at", at,
            ])
            #expect(run.status == 0, "\(run.standardError)")
            pictures.append(try #require(FileManager.default.contents(atPath: path)))
        }
        // Three different screens: rows still low, moving, at rest.
        #expect(pictures[0] != pictures[1])
        #expect(pictures[1] != pictures[2])
        #expect(pictures[0] != pictures[2])
    }
}
