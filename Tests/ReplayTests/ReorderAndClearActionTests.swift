import ClearCore
import ClearRendering
import TestSupport
import Testing

@testable import Replay

/// `move` and `clear-completed` in the replay JSON, the timeline and the SVG picture
/// (docs/replay.md "Actions"; the expectation files: `ReorderAndClearExpectationTests`).
@Suite struct ReorderAndClearActionTests {
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
