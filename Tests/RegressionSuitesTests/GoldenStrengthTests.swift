import ClearCore
import Foundation
import GestureRecognition
import Recordings
import TestSupport
import Testing
import TouchInput

@testable import RegressionSuites
@testable import Replay

/// Each "nothing happens" golden fails when the reason it exists is gone: a replay whose
/// input was mutated (the removal dropped, a reader that returns nothing) does not meet it.
@Suite struct GoldenStrengthTests {
    static func expectation(_ name: String) throws -> RegressionSuites.Expectation {
        let path = TestPaths.recordings + "/\(name).expect.json"
        return try RegressionSuites.Expectation.parse(
            try String(contentsOfFile: path, encoding: .utf8), path: path)
    }

    /// Replays `recording` with its events passed through `mutate` first.
    static func replay(_ recording: String, mutate: @escaping ([InputEvent]) -> [InputEvent])
        throws -> ReplayResult
    {
        var harness = ReplayHarness(
            source: ReplaySource(path: TestPaths.recordings + "/" + recording))
        harness.openInput = { source throws(ReplayError) in
            let input = try RecordingInput(source)
            var events: [InputEvent] = []
            while let event = try input.next() { events.append(event) }
            return EventListInput(header: input.header, events: mutate(events))
        }
        return try harness.run()
    }

    @Test(arguments: [
        "device-removed-cancel.trace", "pan-complete-below.yml", "pull-below.yml",
        "palm-cancel.evemu", "pinch-below.evemu",
    ])
    func everyNothingGoldenPinsItsGestures(recording: String) throws {
        let name = String(recording.split(separator: ".").first!)
        let expectation = try Self.expectation(name)
        #expect(expectation.actions.isEmpty)
        let gestures = try #require(expectation.gestures)
        #expect(!gestures.isEmpty, "\(name) pins no gesture: a reader returning nothing would pass")
        #expect(expectation.settings?.screen == .defaultKiosk)
    }

    @Test func deviceRemovedCancelFailsWhenTheRemovalIsIgnored() throws {
        let expectation = try Self.expectation("device-removed-cancel")
        let faithful = try Self.replay("device-removed-cancel.trace") { $0 }
        #expect(expectation.mismatch(with: faithful) == nil)
        let ignored = try Self.replay("device-removed-cancel.trace") { events in
            events.filter { if case .deviceRemoved = $0 { false } else { true } }
        }
        let diff = try #require(expectation.mismatch(with: ignored))
        // Cancelled at the end of the file (the Return at 670 ms), not at the removal.
        #expect(diff.contains("  - 10.000 – 160.000 ms  pull cancelled"), "\(diff)")
        #expect(diff.hasPrefix("first difference: gesture 1 at 10.000 ms"), "\(diff)")
    }

    @Test(arguments: ["pan-complete-below.yml", "pull-below.yml"])
    func aReaderReturningNothingFails(recording: String) throws {
        let name = String(recording.split(separator: ".").first!)
        let expectation = try Self.expectation(name)
        let nothing = try Self.replay(recording) { _ in [] }
        let diff = try #require(expectation.mismatch(with: nothing))
        #expect(diff.contains("gestures (- expected, + replayed):"))
    }

    @Test func oneMicrosecondOffAGestureEndIsAMismatch() throws {
        let expectation = try Self.expectation("pull-below")
        var result = try ReplayHarness(
            source: ReplaySource(path: TestPaths.recordings + "/pull-below.yml")
        ).run()
        #expect(expectation.mismatch(with: result) == nil)
        result.gestures[0].endMicroseconds += 1
        let diff = try #require(expectation.mismatch(with: result))
        #expect(diff.contains("  - 20.000 – 360.000 ms  pull recognized"), "\(diff)")
        #expect(diff.contains("  + 20.000 – 360.001 ms  pull recognized"), "\(diff)")
        result.gestures[0].endMicroseconds -= 1
        result.gestures[0].outcome = .cancelled
        #expect(expectation.mismatch(with: result) != nil)
    }

    @Test func everyBundledGoldenRecordsItsSettingsAndGestures() throws {
        for file in TestPaths.expectationFiles() {
            let expectation = try RegressionSuites.Expectation.parse(
                try String(contentsOfFile: file.expectation, encoding: .utf8),
                path: file.expectation)
            if let service = expectation.service {
                // A gesture expectation pins the service's gestures with its configuration.
                let config = service.configurationPath(expectationPath: file.expectation)
                #expect(
                    config.map { FileManager.default.fileExists(atPath: $0) } == true,
                    "\(file.expectation)")
                continue
            }
            #expect(expectation.settings?.screen != nil, "\(file.expectation)")
            #expect(expectation.settings?.rowHeightPixels != nil, "\(file.expectation)")
            #expect(expectation.gestures != nil, "\(file.expectation)")
        }
    }
}

/// The `"settings"` and `"gestures"` keys of expectation files.
@Suite struct ExpectationSettingsTests {
    let sample = RegressionSuites.Expectation(
        recording: "x.trace",
        settings: ReplaySettings(
            screen: ScreenSize(widthPixels: 800, heightPixels: 1280), rowHeightPixels: 60,
            list: [ExpectedItem(text: "a"), ExpectedItem(text: "b", completed: true)],
            descPath: "x.desc"),
        gestures: [
            ExpectedGesture(
                kind: .pan, outcome: .recognized, startMicroseconds: 1, endMicroseconds: 360_001),
            ExpectedGesture(
                kind: .longPress, outcome: .cancelled, startMicroseconds: 0, endMicroseconds: 0),
        ],
        actions: [Action(timeMicroseconds: 360_001, kind: .complete, index: 1)],
        items: [ExpectedItem(text: "a"), ExpectedItem(text: "b", completed: true)],
        editing: .some(nil))

    @Test func settingsAndGesturesReadBackTheSame() throws {
        let text = sample.jsonText()
        #expect(text.contains("\"screen\": \"800x1280\",\n    \"row_height\": 60,"))
        #expect(text.contains("\"start_ms\": 0.001, \"end_ms\": 360.001"))
        #expect(try RegressionSuites.Expectation.parse(text, path: "x.expect.json") == sample)
    }

    @Test func filesWithoutSettingsOrGesturesKeepWorking() throws {
        let parsed = try RegressionSuites.Expectation.parse(
            "{\"actions\": [], \"items\": []}", path: "e.json")
        #expect(parsed.settings == nil)
        #expect(parsed.gestures == nil)
        // Without pinned gestures, any gestures meet it.
        let result = ReplayResult(
            gestures: [
                ReplayedGesture(
                    id: GestureID(rawValue: 1), kind: .tap, outcome: .recognized,
                    startMicroseconds: 0,
                    endMicroseconds: 1,
                    first: GestureEvent(
                        id: GestureID(rawValue: 1), state: .began, timeMicroseconds: 0,
                        values: .tap(locationPixels: Point(x: 0, y: 0))),
                    last: GestureEvent(
                        id: GestureID(rawValue: 1), state: .ended, timeMicroseconds: 1,
                        values: .tap(locationPixels: Point(x: 0, y: 0))))
            ])
        #expect(parsed.mismatch(with: result) == nil)
    }

    @Test(arguments: [
        (
            "{\n\"settings\": {\n\"colour\": \"de\"\n},\n\"actions\": [], \"items\": []}", 3,
            "unknown setting \"colour\""
        ),
        (
            "{\n\"settings\": {\n\"keyboard\": \"de\"\n},\n\"actions\": [], \"items\": []}", 3,
            "\"keyboard\" must be \"on\", \"off\" or \"auto\""
        ),
        (
            "{\n\"settings\": {\n\"keyboard_layout\": \"xx\"\n},\n\"actions\": [], \"items\": []}",
            3, "\"keyboard_layout\" must name a built-in layout"
        ),
        (
            "{\n\"settings\": {\"screen\": \"800\"},\n\"actions\": [], \"items\": []}", 2,
            "\"screen\""
        ),
        (
            "{\n\"settings\": {\"row_height\": 0},\n\"actions\": [], \"items\": []}", 2,
            "\"row_height\""
        ),
        (
            "{\n\"settings\": [],\n\"actions\": [], \"items\": []}", 2,
            "\"settings\" must be an object"
        ),
        (
            "{\"actions\": [], \"items\": [],\n\"gestures\": [\n{\"kind\": \"wave\", \"outcome\": \"recognized\", \"start_ms\": 0, \"end_ms\": 1}]}",
            3, "unknown gesture kind \"wave\""
        ),
        (
            "{\"actions\": [], \"items\": [],\n\"gestures\": [\n{\"kind\": \"tap\", \"outcome\": \"maybe\", \"start_ms\": 0, \"end_ms\": 1}]}",
            3, "unknown outcome"
        ),
        (
            "{\"actions\": [], \"items\": [],\n\"gestures\": [\n{\"kind\": \"tap\", \"start_ms\": 0, \"end_ms\": 1}]}",
            3, "a gesture needs"
        ),
        ("{\"actions\": [], \"items\": [],\n\"gestures\": 3}", 2, "\"gestures\" must be an array"),
    ])
    func malformedSettingsAndGesturesNameTheLine(text: String, line: Int, message: String) {
        do {
            _ = try RegressionSuites.Expectation.parse(text, path: "bad.json")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("bad.json:\(line): "))
        }
    }

    @Test func settingsFillWhatTheCommandLineLeavesOpen() {
        let settings = sample.settings!
        let fromFile = settings.applied(
            to: ReplaySource(path: "d/x.trace"), expectationPath: "d/x.expect.json")
        #expect(fromFile.screen == ScreenSize(widthPixels: 800, heightPixels: 1280))
        #expect(fromFile.rowHeightPixels == 60)
        #expect(fromFile.listItems == settings.list)
        #expect(fromFile.descPath == "d/x.desc")
        let given = settings.applied(
            to: ReplaySource(path: "x.trace", screen: .defaultKiosk, listPath: "l.json"),
            expectationPath: "x.expect.json")
        #expect(given.screen == .defaultKiosk)
        #expect(given.listItems == nil)
        #expect(given.descPath == "./x.desc")
    }

    /// A recording replayed with other settings than the defaults: the golden file written
    /// with them replays with no flags and meets itself; the defaults would not.
    @Test func aGoldenWrittenWithSettingsReplaysWithThem() throws {
        let source = ReplaySource(
            path: TestPaths.recordings + "/pan-complete-above.trace",
            screen: ScreenSize(widthPixels: 2160, heightPixels: 3840),
            listItems: [
                ExpectedItem(text: "one"), ExpectedItem(text: "two"), ExpectedItem(text: "three"),
            ])
        let result = try ReplayHarness(source: source).run()
        let path = TestPaths.temporaryDirectory() + "/pan.expect.json"
        let expectation = RegressionSuites.Expectation(
            result: result, recording: "pan-complete-above.trace",
            settings: ReplaySettings(replayed: source, result: result, expectationPath: path))
        #expect(expectation.settings?.screen == ScreenSize(widthPixels: 2160, heightPixels: 3840))
        #expect(expectation.settings?.list?.count == 3)
        let reread = try RegressionSuites.Expectation.parse(expectation.jsonText(), path: path)
        let replayed = try ReplayHarness(
            source: reread.settings!.applied(
                to: ReplaySource(path: source.path), expectationPath: path)
        ).run()
        #expect(reread.mismatch(with: replayed) == nil)
        let defaults = try ReplayHarness(source: ReplaySource(path: source.path)).run()
        #expect(reread.mismatch(with: defaults) != nil)
    }

    @Test func theFirstDifferenceInTimeComesFirst() throws {
        var result = ReplayResult(
            actions: [ReplayedAction(timeMicroseconds: 360_001, kind: .complete, index: 1)],
            items: sample.items, editing: nil)
        result.gestures = sample.gestures!.enumerated().map { index, gesture in
            let event = GestureEvent(
                id: GestureID(rawValue: index + 1), state: .ended, timeMicroseconds: 0,
                values: .tap(locationPixels: Point(x: 0, y: 0)))
            return ReplayedGesture(
                id: GestureID(rawValue: index + 1), kind: gesture.kind, outcome: gesture.outcome,
                startMicroseconds: gesture.startMicroseconds,
                endMicroseconds: gesture.endMicroseconds,
                first: event, last: event)
        }
        #expect(sample.mismatch(with: result) == nil)
        // An action differs at 360.001 ms and an item at the end: the action comes first.
        result.actions[0].index = 0
        result.items[1].completed = false
        let diff = try #require(sample.mismatch(with: result))
        #expect(diff.hasPrefix("first difference: action 1 at 360.001 ms\nactions"), "\(diff)")
        #expect(diff.range(of: "actions (")!.lowerBound < diff.range(of: "items (")!.lowerBound)
        // A gesture differing earlier (its start at 0.001 ms) comes before the action.
        result.gestures[0].kind = .scroll
        let earlier = try #require(sample.mismatch(with: result))
        #expect(
            earlier.hasPrefix("first difference: gesture 1 at 0.001 ms\ngestures"), "\(earlier)")
    }
}
