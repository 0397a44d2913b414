import Foundation
import TestSupport
import Testing

/// Android `getevent` captures in every command that reads recordings (docs/recordings.md,
/// "Android getevent"): the bundled ones read, `--format getevent` and `--desc`, and a
/// malformed one is `FILE:LINE: what is wrong` and exit 2 in each.
@Suite(
    .enabled(
        if: RequiredInput.runs(ifPresent: Cleartouch.available),
        "cleartouch is not built (.build/debug/cleartouch): command tests skipped"))
struct GeteventCommandTests {
    static let swipe = TestPaths.recordings + "/gestures-getevent-swipe-4-down.getevent"
    static let tap = TestPaths.recordings + "/gestures-getevent-tap-2.getevent"

    /// Each command's arguments for `recording`, writing into `folder`.
    static func commands(_ recording: String, folder: ScratchFolder) -> [[String]] {
        [
            ["replay", recording, "--json"],
            ["gestures", "--replay", recording, "--json"],
            ["inspect", recording],
            ["convert", recording, folder.file("out.trace")],
            ["render", recording, "-o", folder.file("out.svg")],
            ["view", recording, "-o", folder.file("out.html")],
        ]
    }

    @Test func everyCommandReadsACapture() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        for arguments in Self.commands(Self.swipe, folder: folder) {
            for format in [[], ["--format", "getevent"]] {
                let result = try Cleartouch.run(arguments + format)
                #expect(result.status == 0, "\(arguments): \(result.err)")
                #expect(!result.err.contains("warning"), "\(arguments): \(result.err)")
            }
        }
        let gestures = try Cleartouch.run(["gestures", "--replay", Self.swipe])
        #expect(gestures.out.contains("4-finger swipe down  recognized"), "\(gestures.out)")
        let inspect = try Cleartouch.run(["inspect", Self.swipe])
        #expect(inspect.out.contains("format: getevent 1"))
        #expect(
            inspect.out.contains(
                "device 1: ClearTouch Synthetic Touchscreen (touchscreen, 269.975x479.975 mm, 10 slots)"
            ),
            "\(inspect.out)")
        // The converted trace replays to the same gestures.
        let converted = try Cleartouch.run([
            "gestures", "--replay", folder.file("out.trace"), "--json",
        ])
        let direct = try Cleartouch.run(["gestures", "--replay", Self.swipe, "--json"])
        #expect(converted.out == direct.out)
    }

    @Test func aCaptureWithoutADescriptionWarnsAndTakesADescriptionFile() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let bare = try Cleartouch.run(["inspect", Self.tap])
        #expect(bare.status == 0)
        #expect(bare.out.contains("(touchscreen, size unknown, 2 slots)"), "\(bare.out)")
        #expect(
            bare.err.contains(
                "no description of the device (give `getevent -lp` output with --desc): axis ranges are the largest values seen"
            ), "\(bare.err)")
        // The swipe's own description (`getevent -lp`), given apart.
        let swipe = try String(contentsOfFile: Self.swipe, encoding: .utf8)
        let description = swipe.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("[") && !$0.hasPrefix("#") }.joined(separator: "\n")
        let desc = folder.file("touch.desc")
        try description.write(toFile: desc, atomically: true, encoding: .utf8)
        let described = try Cleartouch.run(["inspect", Self.tap, "--desc", desc])
        #expect(described.status == 0)
        #expect(described.err.isEmpty, "\(described.err)")
        #expect(
            described.out.contains("(touchscreen, 269.975x479.975 mm, 10 slots)"),
            "\(described.out)")
    }

    @Test func theBundledCapturesPassTheirExpectations() throws {
        let result = try Cleartouch.run([
            "test", TestPaths.recordings + "/gestures-getevent-swipe-4-down.expect.json",
            TestPaths.recordings + "/gestures-getevent-tap-2.expect.json",
        ])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.hasSuffix("2 passed, 0 failed\n"), "\(result.out)")
    }

    @Test func aMalformedCaptureIsFileLineAndExit2InEveryCommand() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let bad = folder.file("bad.getevent")
        try
            "[   51743.474591] EV_ABS       ABS_MT_SLOT          00000000\n[   51743.474591] EV_ABS       ABS_MT_SLOT\n"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        // `cleartouch test` reads it through its expectation.
        try "{\"gesture_config\": \"g.yaml\", \"gestures\": []}\n".write(
            toFile: folder.file("bad.expect.json"), atomically: true, encoding: .utf8)
        try "gestures: []\n".write(toFile: folder.file("g.yaml"), atomically: true, encoding: .utf8)
        for arguments in Self.commands(bad, folder: folder) + [["test", folder.path]] {
            let result = try Cleartouch.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(
                (result.err + result.out).contains("bad.getevent:2: not a getevent line"),
                "\(arguments): \(result.err)\(result.out)")
        }
    }
}
