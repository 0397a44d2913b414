import ClearCore
import ClearRendering
import TestSupport
import Testing

@testable import Replay

/// `move` and `clear-completed` in the replay JSON, the expectation files, the timeline
/// and the SVG picture (docs/replay.md "Actions").
@Suite struct ReorderAndClearActionTests {
    let sample = Expectation(
        recording: "x.trace",
        actions: [
            .move(timeMicroseconds: 960_000, from: 5, to: 3),
            .clearCompleted(timeMicroseconds: 1_500_000, count: 2),
        ],
        items: [ExpectedItem(text: "a")], editing: .some(nil))

    @Test func expectationFilesWriteAndReadMoveAndClearCompleted() throws {
        let text = sample.jsonText()
        #expect(text.contains(#"{"t_ms": 960.000, "action": "move", "index": 5, "to": 3}"#))
        #expect(text.contains(#"{"t_ms": 1500.000, "action": "clear-completed", "count": 2}"#))
        #expect(try Expectation.parse(text, path: "x.expect.json") == sample)
    }

    @Test func aMoveWithoutToOrAClearWithoutCountIsAnError() {
        let move = """
            {"actions": [
              {"t_ms": 1, "action": "move", "index": 5}
            ], "items": []}
            """
        #expect {
            try Expectation.parse(move, path: "m.json")
        } throws: { error in
            "\(error)" == "m.json:2: a move action needs t_ms (number), index and to (integers)"
        }
        let clear = """
            {"actions": [
              {"t_ms": 1, "action": "clear-completed", "count": 1.5}
            ], "items": []}
            """
        #expect {
            try Expectation.parse(clear, path: "c.json")
        } throws: { error in
            "\(error)" == "c.json:2: count must be an integer"
        }
    }

    @Test func aMismatchShowsTheMoveAsTheTimelineDoes() {
        let result = ReplayResult(
            actions: [
                ReplayedAction(
                    .move(timeMicroseconds: 960_000, from: 5, to: 4), timeMicroseconds: 960_000)
            ],
            items: [ExpectedItem(text: "a")])
        let diff = sample.mismatch(with: result)
        #expect(diff?.contains("- 960.000 ms  move 5 → 3") == true)
        #expect(diff?.contains("+ 960.000 ms  move 5 → 4") == true)
        #expect(diff?.contains("- 1500.000 ms  clear-completed 2") == true)
    }

    @Test func theBundledRecordingsReplayToTheirActionsInJSONAndTheTimeline() throws {
        let up = try ReplayHarness(
            source: ReplaySource(path: TestPaths.recordings + "/reorder-up.evemu"),
            keepTouchPaths: false, keepListsAfterActions: true
        ).run()
        #expect(
            up.jsonText().contains(#"{"t_ms": 960.000, "action": "move", "index": 5, "to": 3}"#))
        #expect(up.timelineText(title: "reorder-up").contains("960.000 ms  → move 5 → 3"))

        let clear = try ReplayHarness(
            source: ReplaySource(path: TestPaths.recordings + "/clear-completed.trace"),
            keepTouchPaths: false, keepListsAfterActions: true
        ).run()
        #expect(
            clear.jsonText().contains(
                #"{"t_ms": 360.000, "action": "clear-completed", "count": 2}"#))
    }

    @Test func thePictureLabelsTheGesturesWithWhatTheyDid() throws {
        let up = try SVGTests.draw("reorder-up.evemu")
        #expect(up.showsText { $0 == "long-press #1: move 5 → 3" })
        #expect(up.showsText { $0 == "held row moves up a slot past here" })
        let short = try SVGTests.draw("reorder-no-midpoint.trace")
        #expect(
            short.showsText {
                $0 == "long-press #1: no action (held row moved 160 px, needs > 169)"
            })
        let clear = try SVGTests.draw("clear-completed.trace")
        #expect(clear.showsText { $0 == "scroll #1: clear-completed 2" })
    }
}
