import ClearCore
import GestureService
import JSON
import RegressionSuites
import Replay
import ToolSupport

/// The page `cleartouch test --report DIR` writes for a failing recording (docs/replay.md,
/// "Failure pages"): the viewer's page of its replay with the expectation beside what
/// happened. The first difference (`Expectation.differences`, the one the printed diff
/// names first) is marked on the timeline, and the expected and the replayed gestures,
/// actions and list are shown side by side as they are at that moment. The viewer opens
/// at that moment.
public struct FailurePage {
    /// The replay as the viewer shows it (the expectation's settings applied).
    public var viewer: TraceViewer
    public var expectation: Expectation
    /// The golden file, named on the page.
    public var expectationPath: String
    /// Compare times as `LateTiming` does (`test --via-libinput`).
    public var timesComeLate = false

    public init(viewer: TraceViewer, expectation: Expectation, expectationPath: String) {
        self.viewer = viewer
        self.expectation = expectation
        self.expectationPath = expectationPath
    }

    /// One column of the page: the expectation's, or the replay's, at the moment.
    public struct Side: Hashable, Sendable {
        /// The gestures begun by the moment (`20.000 – 360.000 ms  pan recognized`).
        public var gestures: [String] = []
        /// The actions up to the moment, that one included (`412.000 ms  complete 2`).
        public var actions: [String] = []
        /// The list at the moment.
        public var items: [ExpectedItem] = []
        /// Why the list is not all there is to know (the expectation pins the final list
        /// only, not the list after each action).
        public var note: String?
        /// At the end: the level and what is being edited.
        public var end: [String] = []
    }

    /// What the page shows beside the viewer.
    public struct Summary: Hashable, Sendable {
        /// The first difference.
        public var first: ExpectationDifference
        /// The moment marked: the first difference's time, or the settled end (the last
        /// frame) for a difference in the end state.
        public var momentMicroseconds: Int64
        /// True when the first difference is in the end state.
        public var atEnd: Bool
        /// What differs there, in words.
        public var what: String
        public var expected: Side
        public var replayed: Side
        /// The whole diff, as `cleartouch test` prints it.
        public var diff: String
    }

    /// The summary of `result` against `expectation`; nil when it meets it. `endMicroseconds`
    /// is the settled end, where end-state differences are marked.
    public static func summary(
        of result: ReplayResult, against expectation: Expectation, endMicroseconds: Int64
    ) -> Summary? {
        let differences = expectation.differences(with: result)
        guard let first = differences.first, let diff = expectation.mismatch(with: result) else {
            return nil
        }
        let moment = first.timeMicroseconds ?? endMicroseconds
        let atEnd = first.timeMicroseconds == nil
        var expected = Side()
        var replayed = Side()
        let replayedActions = result.actions.map(\.action)
        if let gestures = expectation.gestures {
            expected.gestures = gestures.filter { $0.startMicroseconds <= moment }.map(
                Expectation.line(for:))
        }
        replayed.gestures = result.gestures.map(ExpectedGesture.init).filter {
            $0.startMicroseconds <= moment
        }.map(Expectation.line(for:))
        expected.actions = expectation.actions.filter { $0.timeMicroseconds <= moment }.map(
            Expectation.line(for:))
        replayed.actions = replayedActions.filter { $0.timeMicroseconds <= moment }.map(
            Expectation.line(for:))
        if atEnd {
            expected.items = expectation.items
            replayed.items = result.items
            if let level = expectation.level { expected.end.append("level: \(level.rawValue)") }
            replayed.end.append("level: \(result.level.rawValue)")
            if let editing = expectation.editing {
                expected.end.append("editing: \(editing.map(String.init) ?? "none")")
            }
            replayed.end.append("editing: \(result.editing.map(String.init) ?? "none")")
        } else {
            func list(after count: Int) -> [ExpectedItem] {
                count == 0 ? result.initialItems : result.actions[count - 1].itemsAfter
            }
            // Both columns show the list at the same moment: after the actions both agree
            // on, the last moment the expectation's list is known (it pins the list at the
            // end, not after each action); each then says what its side did next.
            let shared = Expectation.firstDifference(expectation.actions, replayedActions)
            let reached = expectation.actions.filter { $0.timeMicroseconds <= moment }.count
            let replayedReached = replayedActions.filter { $0.timeMicroseconds <= moment }.count
            let agreed = min(shared, reached, replayedReached)
            expected.items = list(after: agreed)
            replayed.items = expected.items
            if reached > agreed {
                expected.note =
                    "then, as expected: "
                    + expectation.actions[agreed..<reached].map(\.summary).joined(separator: ", ")
                    + " (the expectation pins the list at the end, not after each action)"
            }
            if replayedReached > agreed {
                replayed.note =
                    "then, as replayed: "
                    + replayedActions[agreed..<replayedReached].map(\.summary).joined(
                        separator: ", ") + " (the screen shows the list after it)"
            }
        }
        return Summary(
            first: first, momentMicroseconds: moment, atEnd: atEnd,
            what: what(first, expectation: expectation, result: result), expected: expected,
            replayed: replayed, diff: diff)
    }

    /// The summary of the gesture service's `gestures` against a gesture expectation; nil
    /// when they meet it. Its sides hold the service's gestures begun by the moment (as
    /// the timeline prints them), no actions and no list.
    public static func summary(
        of gestures: [ServiceGestureSummary], against service: GestureExpectation
    ) -> Summary? {
        var result = GestureServiceReplayResult()
        result.gestures = gestures
        guard let diff = service.mismatch(with: result) else { return nil }
        let replayed = gestures.map(\.pinned)
        let index = Expectation.firstDifference(service.gestures, replayed)
        let moment =
            [service.gestures, replayed].compactMap {
                index < $0.count ? $0[index].startMicroseconds : nil
            }.min() ?? 0
        let first = ExpectationDifference(
            part: .gestures, index: index, timeMicroseconds: moment,
            headline: "gesture \(index + 1)",
            text: diff.split(separator: "\n", maxSplits: 1).last.map(String.init) ?? diff)
        func side(_ list: [ServiceGestureSummary]) -> Side {
            var side = Side()
            side.gestures = list.filter { $0.startMicroseconds <= moment }.map { $0.text }
            return side
        }
        func entry(_ list: [ServiceGestureSummary]) -> String {
            index < list.count ? list[index].json.encoded() : "nothing"
        }
        var expected = side(service.gestures)
        expected.note = "a gesture expectation pins the gesture service's gestures, not the list"
        return Summary(
            first: first, momentMicroseconds: moment, atEnd: false,
            what: "expected \(entry(service.gestures)), replayed \(entry(replayed))",
            expected: expected, replayed: side(replayed), diff: diff)
    }

    /// `expected complete 2 at 412.000 ms, replayed delete 2 at 412.000 ms`, or the
    /// end-state part's own words.
    static func what(
        _ first: ExpectationDifference, expectation: Expectation, result: ReplayResult
    ) -> String {
        func entry<T>(_ list: [T], _ line: (T) -> String) -> String {
            guard let index = first.index, index < list.count else { return "nothing" }
            return line(list[index])
        }
        switch first.part {
        case .gestures:
            return "expected "
                + entry(expectation.gestures ?? [], Expectation.line(for:)) + ", replayed "
                + entry(result.gestures.map(ExpectedGesture.init), Expectation.line(for:))
        case .actions:
            return "expected " + entry(expectation.actions, Expectation.line(for:))
                + ", replayed " + entry(result.actions.map(\.action), Expectation.line(for:))
        case .items:
            return "the list at the end differs"
        case .lists:
            return "the lists at the end differ"
        case .level, .editing:
            return first.text
        }
    }

    /// Replays the recording and writes the page; nil when the replay meets the
    /// expectation after all. The data is built as the viewer's page builds it
    /// (`TraceViewer.pageData`: no presentation kept, so a long typed text does not make
    /// the page quadratic in memory).
    public func page() throws(ReplayError) -> String? {
        let data = try viewer.pageData { outcome in
            let summary: Summary?
            if let service = expectation.service {
                var result = GestureServiceReplayResult()
                result.gestures = outcome.serviceGestures ?? []
                if timesComeLate { result = LateTiming.aligned(result, to: service) }
                summary = Self.summary(of: result.gestures, against: service)
            } else {
                var result = outcome.result
                if timesComeLate { result = LateTiming.aligned(result, to: expectation) }
                let end = outcome.lastFrameMicroseconds ?? result.durationMicroseconds
                summary = Self.summary(of: result, against: expectation, endMicroseconds: end)
            }
            return summary.map { [("failure", json($0))] }
        }
        guard let data else { return nil }
        return TraceViewer.page(
            title: "FAIL " + viewer.title, data: data,
            style: TraceViewer.pageFile("failure.css"), script: TraceViewer.pageFile("failure.js"))
    }

    /// The page's `failure` object (the fields are listed at the top of
    /// `Resources/trace-viewer/failure.js`).
    func json(_ summary: Summary) -> JSONValue {
        func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
        func side(_ side: Side) -> JSONValue {
            var fields: [(key: String, value: JSONValue)] = [
                ("gestures", strings(side.gestures)), ("actions", strings(side.actions)),
                (
                    "items",
                    .array(
                        side.items.map {
                            .object(fields: [
                                ("text", .string($0.text)), ("completed", .bool($0.completed)),
                            ])
                        })
                ),
                ("end", strings(side.end)),
            ]
            if let note = side.note { fields.append(("note", .string(note))) }
            return .object(fields: fields)
        }
        return .object(fields: [
            // Shown to a person, as messages show them (`\xHH` for a byte of a name that
            // is not UTF-8).
            ("expectation", .string(TerminalText.escaped(expectationPath))),
            ("recording", .string(TerminalText.escaped(viewer.source.path))),
            ("t", .number(.milliseconds(summary.momentMicroseconds))),
            ("atEnd", .bool(summary.atEnd)),
            ("part", .string(summary.first.part.rawValue)),
            ("headline", .string(summary.first.headline)),
            ("what", .string(summary.what)),
            ("diff", .string(summary.diff)),
            ("expected", side(summary.expected)),
            ("replayed", side(summary.replayed)),
        ])
    }
}
