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
        #expect(run.standardOutput.contains("wrote \(page)"))
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.contains("<title>pull-below.yml · cleartouch view</title>"))
        #expect(text.contains("\"fps\": 12"))
    }

    @Test(arguments: [
        (["view"], "no recording FILE given"),
        (["view", "x.trace"], "no output given (-o OUT.html)"),
        (["view", "x.trace", "-o", "o.html", "--fps", "0"], "--fps needs"),
        (["view", "x.trace", "-o", "o.html", "--fps", "240.5"], "--fps needs"),
        (["view", "x.trace", "-o", "o.html", "--speed", "2"], "--speed"),
    ])
    func badUsageExitsTwo(arguments: [String], message: String) throws {
        let run = try ReplayRenderCommandTests.cleartouch(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    @Test func theHighestFrameRateIsAccepted() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try ReplayRenderCommandTests.cleartouch([
            "view", ReplayRenderCommandTests.recording("pan-flick-short.trace"), "-o",
            directory + "/v.html",
            "--fps", "240",
        ])
        #expect(run.status == 0, "\(run.standardError)")
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
