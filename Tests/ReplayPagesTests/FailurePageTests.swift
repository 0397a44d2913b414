import ClearCore
import Foundation
import TestSupport
import Testing

@testable import RegressionSuites
@testable import Replay
@testable import ReplayPages

/// The data of `cleartouch test --report`'s failure pages: the first difference of each
/// kind (gestures, actions, final items, editing) is found where the printed diff says,
/// the moment marked is its time (the settled end for the end state), and each side's
/// list is the one at that moment. Then the page names and the pages written.
@Suite struct FailurePageTests {
    /// mixed-session.trace: twelve gestures, twelve actions, its expectation met.
    static func mixedSession() throws -> (ReplayResult, RegressionSuites.Expectation) {
        let path = TestPaths.recordings + "/mixed-session.expect.json"
        let expectation = try RegressionSuites.Expectation.parse(
            try String(contentsOfFile: path, encoding: .utf8), path: path)
        let source = try #require(expectation.settings).applied(
            to: ReplaySource(path: TestPaths.recordings + "/mixed-session.trace"),
            folder: TestPaths.recordings)
        let result = try ReplayHarness(source: source).run()
        #expect(expectation.mismatch(with: result) == nil)
        return (result, expectation)
    }

    static let endMicroseconds: Int64 = 99_000_000

    static func summary(_ expectation: RegressionSuites.Expectation, _ result: ReplayResult) throws
        -> FailurePage.Summary
    {
        try #require(
            FailurePage.summary(
                of: result, against: expectation, endMicroseconds: endMicroseconds))
    }

    @Test func aMetExpectationHasNoSummary() throws {
        let (result, expectation) = try Self.mixedSession()
        #expect(
            FailurePage.summary(of: result, against: expectation, endMicroseconds: 1) == nil)
    }

    @Test func aGestureThatEndedOtherwiseIsTheFirstDifferenceAtItsStart() throws {
        let (result, original) = try Self.mixedSession()
        var expectation = original
        // The third pan cancelled: the gesture differs at 1750 ms, its action at 2100 ms.
        expectation.gestures?[2].outcome = .cancelled
        let summary = try Self.summary(expectation, result)
        #expect(summary.first.part == .gestures)
        #expect(summary.first.index == 2)
        #expect(summary.momentMicroseconds == 1_750_000)
        #expect(!summary.atEnd)
        #expect(
            summary.what
                == "expected 1750.000 – 2100.000 ms  pan cancelled, replayed 1750.000 – 2100.000 ms  pan recognized"
        )
        #expect(summary.diff.hasPrefix("first difference: gesture 3 at 1750.000 ms\n"))
        // Three gestures begun on each side; the actions before, and the same list.
        #expect(summary.expected.gestures.count == 3)
        #expect(summary.replayed.gestures.last == "1750.000 – 2100.000 ms  pan recognized")
        #expect(summary.expected.actions == ["360.000 ms  complete 1"])
        #expect(summary.replayed.actions == ["360.000 ms  complete 1"])
        #expect(summary.expected.items == result.actions[0].itemsAfter)
        #expect(summary.replayed.items == result.actions[0].itemsAfter)
        #expect(summary.expected.note == nil)
    }

    @Test func anActionOnAnotherRowIsTheFirstDifferenceAtItsTime() throws {
        let (result, original) = try Self.mixedSession()
        var expectation = original
        expectation.gestures = nil
        // The expectation says row 3 was deleted at 2100 ms; the replay deleted row 2.
        expectation.actions[1].index = 3
        let summary = try Self.summary(expectation, result)
        #expect(summary.first.part == .actions)
        #expect(summary.first.index == 1)
        #expect(summary.momentMicroseconds == 2_100_000)
        #expect(
            summary.what == "expected 2100.000 ms  delete 3, replayed 2100.000 ms  delete 2")
        #expect(summary.expected.actions == ["360.000 ms  complete 1", "2100.000 ms  delete 3"])
        #expect(summary.replayed.actions == ["360.000 ms  complete 1", "2100.000 ms  delete 2"])
        // Both columns at the same moment (docs/replay.md, "Failure pages"): the list both
        // agree on, before the delete (the expectation pins no list after it), then what
        // each side did.
        #expect(summary.replayed.items == result.actions[0].itemsAfter)
        #expect(summary.expected.items == result.actions[0].itemsAfter)
        #expect(summary.expected.note?.hasPrefix("then, as expected: delete 3 ") == true)
        #expect(summary.replayed.note?.hasPrefix("then, as replayed: delete 2 ") == true)
    }

    @Test func anActionTheReplayDidNotMakeIsAtTheExpectedTime() throws {
        let (result, original) = try Self.mixedSession()
        var expectation = original
        expectation.gestures = nil
        expectation.actions.insert(
            Action(timeMicroseconds: 1_000_000, kind: .complete, index: 4), at: 1)
        let summary = try Self.summary(expectation, result)
        #expect(summary.first.part == .actions)
        #expect(summary.momentMicroseconds == 1_000_000)
        #expect(summary.what == "expected 1000.000 ms  complete 4, replayed 2100.000 ms  delete 2")
        #expect(summary.replayed.actions == ["360.000 ms  complete 1"])
        #expect(summary.replayed.items == result.actions[0].itemsAfter)
    }

    @Test func otherFinalItemsAreTheFirstDifferenceAtTheEnd() throws {
        let (result, original) = try Self.mixedSession()
        var expectation = original
        expectation.items[0].text = "feed the dog"
        let summary = try Self.summary(expectation, result)
        #expect(summary.first.part == .items)
        #expect(summary.first.index == nil)
        #expect(summary.atEnd)
        #expect(summary.momentMicroseconds == Self.endMicroseconds)
        #expect(summary.what == "the list at the end differs")
        #expect(summary.diff.hasPrefix("first difference: final items\n"))
        #expect(summary.expected.items == expectation.items)
        #expect(summary.replayed.items == result.items)
        #expect(summary.expected.items[0].text == "feed the dog")
        #expect(summary.replayed.items[0].text != "feed the dog")
        // Everything happened by the end: all of both sides' gestures and actions.
        #expect(summary.expected.actions.count == expectation.actions.count)
        #expect(summary.replayed.gestures.count == result.gestures.count)
    }

    @Test func editingAtTheEndIsTheFirstDifferenceAtTheEnd() throws {
        let (result, original) = try Self.mixedSession()
        var expectation = original
        expectation.editing = .some(4)
        let summary = try Self.summary(expectation, result)
        #expect(summary.first.part == .editing)
        #expect(summary.atEnd)
        #expect(summary.what == "editing: expected 4, replayed none")
        #expect(summary.expected.end.contains("editing: 4"))
        #expect(summary.replayed.end.contains("editing: none"))
        #expect(summary.expected.items == summary.replayed.items)
    }

    @Test func aTimedDifferenceComesBeforeOneAtTheEnd() throws {
        let (result, original) = try Self.mixedSession()
        var expectation = original
        expectation.items[0].text = "feed the dog"
        expectation.actions[11].index = 8
        let summary = try Self.summary(expectation, result)
        #expect(summary.first.part == .actions)
        #expect(summary.first.index == 11)
        #expect(summary.momentMicroseconds == 12_330_000)
        #expect(expectation.differences(with: result).map(\.part) == [.actions, .items])
    }

    @Test func pageNamesAreRelativeToTheirRootSafeAndUnique() {
        let names = FailurePages.fileNames(
            for: [
                "suite/sub/pan complete.trace", "suite/sub__pan_complete.trace", "./x.evemu",
                "suite/.hidden.trace", "other/ü\"<x>.trace", "SUITE/A.trace", "suite/a.trace",
                "one/file.trace",
            ],
            roots: ["suite/", ".", "other", "SUITE", "one/file.trace"])
        #expect(
            names == [
                "sub__pan_complete.trace.html", "sub__pan_complete.trace-2.html", "x.evemu.html",
                "_hidden.trace.html", "___x_.trace.html", "A.trace.html", "a.trace-2.html",
                "file.trace.html",
            ])
        #expect(
            FailurePages.fileNames(for: ["index", "sweep"], roots: []) == [
                "index-2.html", "sweep-2.html",
            ])
        let long = String(repeating: "a", count: 300) + ".trace"
        #expect(FailurePages.fileNames(for: [long], roots: [])[0].utf8.count == 205)
    }

    @Test func thePagesOfAFailingSuiteAndTheirIndex() throws {
        let root = try SampleSuite.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let reports = RegressionSuite.run(try RegressionSuite.discover([root]), jobs: 2)
        let report = root + "/report"
        let written = try FailurePages.write(reports, roots: [root], into: report)
        #expect(written == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: report).sorted()
        #expect(files == ["index.html", "nested__wrong.evemu.html"])
        let page = try String(
            contentsOfFile: report + "/nested__wrong.evemu.html", encoding: .utf8)
        #expect(page.contains("\"failure\": {\"expectation\": "))
        #expect(page.contains("first difference · "))
        let index = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(index.contains("<a href=\"nested__wrong.evemu.html\">"))
        #expect(index.contains("ERROR"))
        #expect(index.contains("2 passed, 1 failed, 1 error"))
        // The folder is created, not its parents.
        #expect(throws: ReplayError.self) {
            _ = try FailurePages.write(reports, roots: [root], into: root + "/absent/report")
        }
    }
}

/// A gesture expectation's failure page: the gesture service's gestures side by side.
@Suite struct GestureFailurePageTests {
    @Test func aGestureWithOtherFingersIsTheFirstDifferenceAtItsStart() throws {
        let path = TestPaths.recordings + "/gestures-swipe-3-left.expect.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "\"fingers\": 3", with: "\"fingers\": 4")
        try #require(changed != text)
        let service = try #require(
            try RegressionSuites.Expectation.parse(changed, path: path).service)
        let replay = try service.replay(
            ReplaySource(path: TestPaths.recordings + "/gestures-swipe-3-left.evemu"),
            expectationPath: path)
        let summary = try #require(FailurePage.summary(of: replay.gestures, against: service))
        #expect(summary.first.part == .gestures)
        #expect(summary.first.index == 0)
        #expect(summary.momentMicroseconds == replay.gestures[0].startMicroseconds)
        #expect(summary.diff.hasPrefix("first difference: gesture 1\n"))
        // The sides' lines are the timeline's.
        #expect(summary.expected.gestures.first?.contains("4-finger swipe left") == true)
        #expect(summary.replayed.gestures.first?.contains("3-finger swipe left") == true)
        #expect(summary.what.hasPrefix("expected {\"gesture\": \"swipe\", \"fingers\": 4"))
        #expect(summary.expected.items.isEmpty && summary.replayed.actions.isEmpty)
        #expect(
            FailurePage.summary(
                of: replay.gestures,
                against: try #require(
                    try RegressionSuites.Expectation.parse(text, path: path).service)) == nil)
    }
}
