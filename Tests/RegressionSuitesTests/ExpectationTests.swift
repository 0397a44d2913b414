import ClearCore
import TestSupport
import Testing

@testable import RegressionSuites
@testable import Replay

@Suite struct ExpectationTests {
    let sample = Expectation(
        recording: "x.trace",
        actions: [
            Action(timeMicroseconds: 360_000, kind: .complete, index: 1),
            Action(timeMicroseconds: 1_200_500, kind: .editBegin, index: 0),
        ],
        items: [
            ExpectedItem(text: "feed \"the\" cat", completed: false),
            ExpectedItem(text: "buy eggs", completed: true),
        ],
        editing: .some(nil))

    @Test func writtenFileReadsBackTheSame() throws {
        let text = sample.jsonText()
        #expect(text.contains("\"t_ms\": 1200.500"))
        let parsed = try Expectation.parse(text, path: "x.expect.json")
        #expect(parsed == sample)
    }

    @Test func editingKeyIsOptional() throws {
        let parsed = try Expectation.parse("{\"actions\": [], \"items\": [\"a\"]}", path: "e.json")
        #expect(parsed.editing == nil)
        #expect(parsed.items == [ExpectedItem(text: "a")])
    }

    @Test func metExpectationHasNoDiff() {
        let result = ReplayResult(
            actions: sample.actions.map {
                ReplayedAction(
                    timeMicroseconds: $0.timeMicroseconds, kind: $0.kind, index: $0.index)
            },
            items: sample.items, editing: nil)
        #expect(sample.mismatch(with: result) == nil)
    }

    @Test func mismatchShowsMissingAndExtraLines() throws {
        let result = ReplayResult(
            actions: [
                ReplayedAction(timeMicroseconds: 360_000, kind: .complete, index: 1),
                ReplayedAction(timeMicroseconds: 1_200_500, kind: .editBegin, index: 2),
            ],
            items: [
                ExpectedItem(text: "feed \"the\" cat"),
                ExpectedItem(text: "buy eggs", completed: false),
            ],
            editing: 2)
        let diff = try #require(sample.mismatch(with: result))
        #expect(diff.contains("    360.000 ms  complete 1"))
        #expect(diff.contains("  - 1200.500 ms  edit-begin 0"))
        #expect(diff.contains("  + 1200.500 ms  edit-begin 2"))
        #expect(diff.contains("  - [x] \"buy eggs\""))
        #expect(diff.contains("  + [ ] \"buy eggs\""))
        #expect(diff.contains("editing: expected none, replayed 2"))
    }

    @Test func oneMicrosecondLaterIsAMismatch() {
        let result = ReplayResult(
            actions: [
                ReplayedAction(timeMicroseconds: 360_001, kind: .complete, index: 1),
                ReplayedAction(timeMicroseconds: 1_200_500, kind: .editBegin, index: 0),
            ],
            items: sample.items, editing: nil)
        #expect(sample.mismatch(with: result) != nil)
    }

    @Test(arguments: [
        ("{\n  \"actions\": [],\n  \"items\": [\n    {\"text\": 3}\n  ]\n}", 4),
        (
            "{\n  \"actions\": [\n    {\"t_ms\": 1, \"action\": \"fly\", \"index\": 0}\n  ],\n  \"items\": []\n}",
            3
        ),
        ("{\n  \"actions\": [],\n\n  \"items\": [,]\n}", 4),
        ("{\"items\": []}", 1),
        ("[1, 2]", 1),
        ("{\n\"actions\": [],\n\"items\": [],\n\"editing\": \"x\"\n}", 4),
    ])
    func malformedFilesNameTheLine(text: String, line: Int) {
        #expect(throws: ExpectationFileError.self) { try Expectation.parse(text, path: "bad.json") }
        do {
            _ = try Expectation.parse(text, path: "bad.json")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.description.hasPrefix("bad.json:\(line): "))
        }
    }

    @Test func lineDiffOrdersRemovalsBeforeAdditions() {
        let diff = LineDiff.render(expected: ["a", "b", "c"], actual: ["a", "x", "c", "d"])
        #expect(diff == "    a\n  - b\n  + x\n    c\n  + d")
    }

    @Test func listFilesAcceptTheListStoreFormatAndPlainArrays() throws {
        let store = """
            {"format": "cleartouch-list", "items": [{"completed": true, "id": 1, "text": "a"}], "version": 1}
            """
        #expect(
            try ListFile.parse(store, path: "l.json") == [ExpectedItem(text: "a", completed: true)])
        #expect(
            try ListFile.parse("[\"a\", {\"text\": \"b\"}]", path: "l.json") == [
                ExpectedItem(text: "a"), ExpectedItem(text: "b"),
            ])
        #expect(throws: ExpectationFileError.self) {
            try ListFile.parse("{\"things\": []}", path: "l.json")
        }
    }

    /// Found by the expectation fuzzer: `"settings": {}` read as settings and written as
    /// none, so that the file written by `--update` did not read back equal.
    @Test func emptySettingsAreNoSettings() throws {
        let text = #"{"settings": {}, "actions": [], "items": []}"#
        let expectation = try Expectation.parse(text, path: "e.json")
        #expect(expectation.settings == nil)
        #expect(try Expectation.parse(expectation.jsonText(), path: "e.json") == expectation)
    }

    /// Found by the expectation fuzzer: an `open_list` without `"lists"` was kept on reading
    /// and dropped on writing. It opens one of `"lists"`: index 0 up to the last one.
    @Test(arguments: [
        (#""open_list": 0"#, #""open_list" needs "lists""#),
        (
            #""lists": [{"title": "a", "completed": false, "items": []}],"# + "\n"
                + #" "open_list": 1"#,
            #"past the 1 of "lists""#
        ),
        (#""lists": [],"# + "\n" + #" "open_list": 0"#, #"past the 0 of "lists""#),
    ])
    func anOpenListOutsideTheListsIsAnError(settings: String, message: String) {
        let text = "{\"settings\": {\(settings)},\n \"actions\": [], \"items\": []}"
        do {
            _ = try Expectation.parse(text, path: "e.json")
            Issue.record("read: \(text)")
        } catch {
            #expect(error.path == "e.json")
            #expect(error.line == text.split(separator: "\n").count - 1)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func theLastOfTheListsMayBeOpen() throws {
        let text = #"""
            {"settings": {"lists": [{"title": "a", "completed": false, "items": []},
             {"title": "b", "completed": true, "items": []}],
             "open_list": 1}, "actions": [], "items": []}
            """#
        let expectation = try Expectation.parse(text, path: "e.json")
        #expect(expectation.settings?.openList == 1)
        #expect(try Expectation.parse(expectation.jsonText(), path: "e.json") == expectation)
    }
}
