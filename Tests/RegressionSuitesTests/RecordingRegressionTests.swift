import Foundation
import TestSupport
import Testing

@testable import RegressionSuites
@testable import Replay

/// Every bundled recording against its hand-checked expectation (Recordings/README.md).
@Suite struct RecordingRegressionTests {
    @Test func thereAreAtLeastTwentyRecordingsWithExpectations() {
        let files = TestPaths.expectationFiles()
        #expect(files.count >= 20, "found \(files.count) in \(TestPaths.recordings)")
        for file in files {
            #expect(
                FileManager.default.fileExists(atPath: file.recording),
                "no recording for \(file.expectation)")
        }
    }

    @Test(
        arguments: TestPaths.expectationFiles().map {
            $0.recording.split(separator: "/").last.map(String.init)!
        })
    func replayMeetsItsExpectation(recordingName: String) throws {
        let file = try #require(
            TestPaths.expectationFiles().first { $0.recording.hasSuffix("/" + recordingName) })
        let expectation = try Expectation.parse(
            try String(contentsOfFile: file.expectation, encoding: .utf8), path: file.expectation)
        let plain = ReplaySource(path: file.recording)
        if let service = expectation.service {
            // A gesture expectation: the gesture service's output (docs/replay.md).
            let result = try service.replay(plain, expectationPath: file.expectation)
            if let diff = service.mismatch(with: result) {
                Issue.record("\(file.expectation):\n\(diff)")
            }
            return
        }
        // Replayed with the settings the expectation records (`--levels items`, for one).
        let source =
            expectation.settings?.applied(to: plain, expectationPath: file.expectation) ?? plain
        let result = try ReplayHarness(source: source).run()
        if let diff = expectation.mismatch(with: result) {
            Issue.record("\(file.expectation):\n\(diff)")
        }
    }

    @Test func bothEvdevReadersAndTracesAreExercised() {
        let names = TestPaths.expectationFiles().map(\.recording)
        for ext in [".trace", ".evemu", ".yml"] {
            #expect(names.contains { $0.hasSuffix(ext) }, "no \(ext) recording")
        }
    }
}

/// The same input gives the same result: twice in a row, and at any pacing.
@Suite struct DeterminismTests {
    static let mixed = TestPaths.recordings + "/mixed-session.trace"

    @Test func twoReplaysAreIdentical() throws {
        let first = try ReplayHarness(source: ReplaySource(path: Self.mixed), keepTouchPaths: true)
            .run()
        let second = try ReplayHarness(source: ReplaySource(path: Self.mixed), keepTouchPaths: true)
            .run()
        #expect(first == second)
        #expect(first.jsonText() == second.jsonText())
        #expect(!first.actions.isEmpty)
    }
}

/// The JSON object of docs/product-decisions.md.
@Suite struct JSONShapeTests {
    @Test func outputHasTheContractKeysAndTypes() throws {
        let result = try ReplayHarness(
            source: ReplaySource(path: TestPaths.recordings + "/mixed-session.trace")
        ).run()
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.jsonText().utf8)) as? [String: Any])
        let gestures = try #require(object["gestures"] as? [[String: Any]])
        #expect(!gestures.isEmpty)
        for gesture in gestures {
            #expect(
                ["pan", "pull", "pinch", "tap", "long-press", "scroll"].contains(
                    gesture["kind"] as? String)
            )
            #expect(["recognized", "cancelled"].contains(gesture["outcome"] as? String))
            let start = try #require(gesture["start_ms"] as? Double)
            let end = try #require(gesture["end_ms"] as? Double)
            #expect(start >= 0 && end >= start)
        }
        let actions = try #require(object["actions"] as? [[String: Any]])
        #expect(!actions.isEmpty)
        for action in actions {
            #expect(action["t_ms"] is Double)
            #expect(
                ["complete", "uncomplete", "delete", "add", "edit-begin", "edit-end"].contains(
                    action["action"] as? String))
            #expect(action["index"] is Int)
        }
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.count == result.items.count)
        #expect(items.allSatisfy { $0["text"] is String && $0["completed"] is Bool })
        #expect(object.keys.contains("editing"))
        #expect(object["editing"] is NSNull || object["editing"] is Int)
    }
}
