import ClearCore
import Foundation
import TestSupport
import Testing

@testable import Replay
@testable import ReplayPages

/// The page's labels (`view`, the failure pages of `test --report`) are found frame by
/// frame by `TraceViewer.LabelSweep` (docs/replay.md, "The trace viewer"): each frame shows
/// exactly what a look at every gesture shows, and costs the gestures on screen, not every
/// gesture of the recording (which made the pages cost frames × gestures).
@Suite struct PageLabelSweepTests {
    /// The labels at `time` as a look at every gesture finds them: each begun gesture at
    /// its latest report, unless that report is final and has lingered.
    static func lookingAtEveryGesture(
        at time: Int64, sweep: TraceViewer.LabelSweep
    ) -> [String] {
        sweep.result.gestures.compactMap { gesture -> String? in
            guard gesture.startMicroseconds <= time,
                let report = sweep.reports[gesture.id]?.last(where: { $0.timeMicroseconds <= time }
                ),
                !report.state.isFinal
                    || time - report.timeMicroseconds <= TraceViewer.labelLingerMicroseconds
            else { return nil }
            return Self.text(sweep.label(of: gesture, report: report))
        }
    }

    /// A label before it is placed, as one line.
    static func text<Place, Color>(_ label: (text: String, at: Place, color: Color)) -> String {
        "\(label.text) at \(label.at) \(label.color)"
    }

    /// The replay's result and reports, and the frame times of the page at `fps`.
    static func replayed(_ path: String, fps: Double = 30) throws -> (
        sweep: TraceViewer.LabelSweep, times: [Int64]
    ) {
        let viewer = TraceViewer(source: ReplaySource(path: path), title: "t", framesPerSecond: fps)
        var times: [Int64] = []
        let (result, reports) = try viewer.replay { _, time in times.append(time) }
        return (TraceViewer.LabelSweep(result: result, reports: reports), times)
    }

    /// Every bundled recording with gestures, frame by frame.
    @Test(arguments: TestPaths.bundledRecordings)
    func theSweepShowsWhatALookAtEveryGestureShows(name: String) throws {
        let replay = try Self.replayed(TestPaths.recordings + "/" + name)
        var sweep = replay.sweep
        for time in replay.times {
            let expected = Self.lookingAtEveryGesture(at: time, sweep: sweep)
            #expect(sweep.shown(at: time).map(Self.text) == expected, "\(name) at \(time) µs")
        }
        // What a gesture caused, from the table: the actions at its end, as before.
        for gesture in sweep.result.gestures {
            let byFilter =
                gesture.outcome == .recognized
                ? sweep.result.actions.filter { $0.timeMicroseconds == gesture.endMicroseconds }
                    .map { "\($0.kind.rawValue) \($0.index)" } : []
            #expect(sweep.caused.of(gesture) == byFilter, "\(name): gesture \(gesture.id)")
        }
    }

    /// `count` short vertical pans on the list, half a second apart (each label lingers
    /// 0.7 s, so two or three are on screen at a time).
    static func pans(_ count: Int) -> String {
        var lines = [
            "cleartouch-trace 1", "screen 1080 1920", "row-height 169", "item 0 feed the cat",
            "device 1 touchscreen 1080 1920 269.975 479.975 0 10799 40 0 19199 40 10 Synthetic",
            "events",
            "0 added 1 touchscreen 1080 1920 269.975 479.975 0 10799 40 0 19199 40 10 Synthetic",
        ]
        for pan in 0..<count {
            let start = 1000 + pan * 500_000
            for step in 0...10 {
                let kind = step == 0 ? "down" : "move"
                let y = 900 - step * 10
                lines.append("\(start + step * 10_000) \(kind) 1 0 0 540 \(y) 135 \(Double(y) / 4)")
                lines.append("\(start + step * 10_000) frame 1")
            }
            lines.append("\(start + 110_000) up 1 0 0 540 800 135 200")
            lines.append("\(start + 110_000) frame 1")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Four times the pans: four times the frames, each looking at the few gestures on
    /// screen (a look at every gesture per frame: sixteen times the work).
    @Test func eachFrameLooksAtTheGesturesOnScreenOnly() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        var examined: [Int] = []
        for count in [25, 100] {
            let path = folder.file("\(count).trace")
            try Self.pans(count).write(toFile: path, atomically: true, encoding: .utf8)
            let replay = try Self.replayed(path)
            var sweep = replay.sweep
            let times = replay.times
            #expect(sweep.result.gestures.count >= count, "\(count) pans")
            var labelled = 0
            for time in times { labelled += sweep.shown(at: time).isEmpty ? 0 : 1 }
            #expect(labelled > times.count / 2, "\(count) pans: labels on most frames")
            // At most three gestures on screen at a time, whatever the count.
            #expect(sweep.gesturesExamined <= 3 * times.count, "\(count) pans")
            examined.append(sweep.gesturesExamined)
        }
        let growth = Double(examined[1]) / Double(max(examined[0], 1))
        #expect(
            growth < 4.5, "four times the pans: \(growth) times the gestures examined \(examined)")
    }
}
