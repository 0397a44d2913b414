import Foundation
import TestSupport
import Testing

@testable import RegressionSuites
@testable import Replay

/// `cleartouch replay --via-libinput`: the evemu recordings played through the real
/// libinput (an emulated device under umockdev, in real time) reach the same Clear
/// outcome as our own evemu reader.
@Suite struct ViaLibinputTests {
    static let umockdevRun = "/usr/bin/umockdev-run"
    /// The JSON gives times in ms with 3 decimals.
    static let roundingMicroseconds: Int64 = 1

    /// Action kinds, indices, gesture kinds and outcomes and the final list must be
    /// exactly the expected ones. Times cannot be, and no fixed tolerance is safe: umockdev
    /// plays the script in real time, and a frame it delivers late (by ~1 ms per frame
    /// normally, by far more on a loaded machine) stays late. The fix-up preload dates each
    /// frame "now" (a touchscreen's as it is sent, another device's as it is read) but
    /// never earlier than the scripted spacing allows, so the shift between the
    /// recording's clock and libinput's starts at 0 at the first frame (the devices are
    /// dated at the first input event, so start-up does not count) and only grows. So the test checks that shape, which holds however late umockdev
    /// is: taken in recorded order, every gesture start and end and every action comes no
    /// earlier through libinput than recorded, and the shift never shrinks from one to the
    /// next (the order is kept). A gesture or action at the wrong frame breaks it.
    @Test(arguments: ["pan-delete-above.evemu", "palm-cancel.evemu"])
    func sameOutcomeThroughRealLibinput(name: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.umockdevRun) else {
            // No test passes without running: a failure under CI, a visible skip elsewhere.
            let reason =
                "\(Self.umockdevRun) is not installed (tools/bootstrap installs umockdev)"
            try #require(!RequiredInput.underCI, Comment(rawValue: reason))
            try RequiredInput.missing(reason)
        }
        let recording = TestPaths.recordings + "/" + name
        let base = String(name.dropLast(".evemu".count))
        let expectation = try Expectation.parse(
            try String(
                contentsOfFile: TestPaths.recordings + "/\(base).expect.json", encoding: .utf8),
            path: base)
        let run = try ReplayRenderCommandTests.cleartouch([
            "replay", recording, "--via-libinput", "--json",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let direct = try ReplayRenderCommandTests.cleartouch(["replay", recording, "--json"])
        #expect(direct.status == 0, "\(direct.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let directObject = try #require(
            try JSONSerialization.jsonObject(with: Data(direct.standardOutput.utf8))
                as? [String: Any])
        let actions = try #require(object["actions"] as? [[String: Any]])
        #expect(actions.map { $0["action"] as? String } == expectation.actions.map(\.kind.rawValue))
        #expect(actions.map { $0["index"] as? Int } == expectation.actions.map(\.index))
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.map { $0["text"] as? String } == expectation.items.map(\.text))
        #expect(items.map { $0["completed"] as? Bool } == expectation.items.map(\.completed))

        let gestures = try #require(object["gestures"] as? [[String: Any]])
        let directGestures = try #require(directObject["gestures"] as? [[String: Any]])
        func describe(_ gesture: [String: Any]) -> String {
            "\(gesture["kind"] ?? "?") \(gesture["outcome"] ?? "?")"
        }
        #expect(!directGestures.isEmpty)
        #expect(gestures.map(describe) == directGestures.map(describe))
        func microseconds(_ milliseconds: Any?) -> Int64 {
            Int64(((milliseconds as? Double ?? -1) * 1000).rounded())
        }
        // (what, recorded time, time through libinput)
        var marks: [(String, Int64, Int64)] = []
        for (gesture, recorded) in zip(gestures, directGestures) {
            for key in ["start_ms", "end_ms"] {
                marks.append(
                    (
                        "\(describe(gesture)) \(key)", microseconds(recorded[key]),
                        microseconds(gesture[key])
                    ))
            }
        }
        for (action, expected) in zip(actions, expectation.actions) {
            marks.append(
                (
                    "\(expected.kind.rawValue) \(expected.index)", expected.timeMicroseconds,
                    microseconds(action["t_ms"])
                ))
        }
        marks.sort { $0.1 < $1.1 }
        var shift = -Self.roundingMicroseconds
        for (what, recorded, through) in marks {
            #expect(
                through - recorded >= shift - Self.roundingMicroseconds,
                "\(what): \(through) µs through libinput, recorded \(recorded) µs; the shift was already \(shift) µs"
            )
            shift = max(shift, through - recorded)
        }
    }

    @Test func onlyEvdevRecordings() throws {
        let run = try ReplayRenderCommandTests.cleartouch([
            "replay", TestPaths.recordings + "/pan-complete-above.trace", "--via-libinput",
        ])
        #expect(run.status == 2)
        #expect(
            run.standardError.contains(
                "pan-complete-above.trace:1: --via-libinput plays evdev recordings (evemu or `libinput record`)"
            ))
    }
}
