import ClearCore
import Testing

@testable import RegressionSuites
@testable import Replay

/// `move` and `clear-completed` in the expectation files and their differences
/// (docs/replay.md "Actions"; the replay's JSON, timeline and picture:
/// `ReorderAndClearActionTests`).
@Suite struct ReorderAndClearExpectationTests {
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
}
