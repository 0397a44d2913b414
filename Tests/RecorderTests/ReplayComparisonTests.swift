import Foundation
import Recorder
import Recordings
import TestSupport
import Testing
import TouchInput

/// `cleartouch replay` on what went through libinput, compared with replaying the source.
@Suite(
    .enabled(
        if: UmockdevHarness.runs,
        "\(UmockdevHarness.unavailableReason ?? "")"))
struct ReplayComparisonTests {
    static let source = UmockdevHarness.fixtures.appendingPathComponent("ts-clear-session.evemu")
        .path
    static let description = UmockdevHarness.fixtures.appendingPathComponent("touchscreen.evemu")
        .path

    /// Runs `cleartouch replay ARGS --json` and returns (actions as "kind index", items).
    static func replay(_ arguments: [String]) throws -> (
        actions: [String], items: [String], stderr: String, gestures: [String]
    ) {
        let run = try runCommand(
            executable: UmockdevHarness.cleartouch, arguments: ["replay"] + arguments + ["--json"])
        let data = Data(run.standardOutput.utf8)
        let stderr = run.standardError
        let json = try #require(
            try JSONSerialization.jsonObject(with: data) as? [String: Any], "no JSON: \(stderr)")
        let actions = (json["actions"] as? [[String: Any]] ?? []).map {
            "\($0["action"] ?? "?") \($0["index"] ?? "?")"
        }
        let items = (json["items"] as? [[String: Any]] ?? []).map {
            "\(($0["completed"] as? Bool ?? false) ? "[x]" : "[ ]") \($0["text"] ?? "")"
        }
        let gestures = (json["gestures"] as? [[String: Any]] ?? []).map {
            "\($0["kind"] ?? "?") \($0["outcome"] ?? "?")"
        }
        return (actions, items, stderr, gestures)
    }

    @Test func aRecordedSessionReplaysToTheSameListAndActionsAsItsSource() throws {
        let output = RecordUmockdevTests.temporaryPath("replayed.trace")
        defer { unlink(output) }
        let run = try UmockdevHarness.recordClearSession(to: output)
        #expect(run.status == 0, "\(run.standardError)")
        let fromTrace = try Self.replay([output])
        let fromSource = try Self.replay([Self.source, "--desc", Self.description])
        #expect(!fromSource.actions.isEmpty)
        #expect(fromTrace.actions == fromSource.actions, "\(fromTrace.stderr)")
        #expect(fromTrace.items == fromSource.items)
    }

    @Test func replayViaLibinputGivesTheSameOutcomeAsTheDirectReplay() throws {
        let via = try Self.replay(["--via-libinput", Self.source, "--desc", Self.description])
        let direct = try Self.replay([Self.source, "--desc", Self.description])
        #expect(via.stderr.contains("through libinput"))
        #expect(via.actions == direct.actions, "\(via.stderr)")
        #expect(via.items == direct.items)
    }

    @Test func aTouchpadRecordingReplaysThroughLibinputAsClearGestures() throws {
        let session = UmockdevHarness.fixtures.appendingPathComponent("tp-session.evemu").path
        let touchpad = UmockdevHarness.fixtures.appendingPathComponent("touchpad.evemu").path
        // Replayed directly, a touchpad's raw frames mean nothing to the touchscreen recognizers;
        // through libinput they become scrolls, a pinch and a swipe, mapped as documented.
        let direct = try Self.replay([session, "--desc", touchpad])
        #expect(direct.actions.isEmpty)
        let via = try Self.replay(["--via-libinput", session, "--desc", touchpad])
        #expect(via.actions == ["complete 5", "add 0", "edit-begin 0"], "\(via.stderr)")
    }

    /// The `libinput record` files made with the real `libinput record` (RecordingsTests).
    static func libinputRecord(_ name: String) -> String {
        PackagePaths.root.appendingPathComponent("Tests/RecordingsTests/Fixtures/\(name)").path
    }

    @Test func aLibinputRecordFileReplaysThroughLibinputToTheSameOutcomeAsDirectly() throws {
        let file = Self.libinputRecord("ts-pinch.yml")
        let via = try Self.replay(["--via-libinput", file])
        let direct = try Self.replay([file])
        #expect(via.stderr.contains("through libinput"))
        #expect(!direct.gestures.isEmpty)
        #expect(via.gestures == direct.gestures, "\(via.stderr)")
        #expect(via.actions == direct.actions)
        #expect(via.items == direct.items)
    }

    @Test func everyDeviceOfALibinputRecordFileReplaysThroughLibinputOnOneClock() throws {
        // A touchscreen pinch and a touchpad three-finger swipe recorded together. Directly,
        // the touchpad's raw frames mean nothing; through libinput its swipe becomes a
        // scroll, and the touchscreen's gestures are the same.
        let file = Self.libinputRecord("two-devices.yml")
        let via = try Self.replay(["--via-libinput", file])
        let direct = try Self.replay([file])
        #expect(via.stderr.contains("device 1: Mock MT Touchpad"), "\(via.stderr)")
        #expect(!direct.gestures.isEmpty)
        #expect(!direct.gestures.contains("scroll recognized"))
        #expect(via.gestures.filter { $0 != "scroll recognized" } == direct.gestures)
        #expect(via.gestures.contains("scroll recognized"))
        #expect(via.actions == direct.actions)
        #expect(via.items == direct.items)
    }

    @Test func aLibinputRecordTouchpadSwipeArrivesAsLibinputsSwipe() throws {
        let file = Self.libinputRecord("tp-swipe3-with-libinput.yml")
        let environment = ViaLibinputReplay.Environment(
            umockdevRun: UmockdevHarness.umockdevRun, preload: UmockdevHarness.preload,
            cleartouch: UmockdevHarness.cleartouch)
        let (header, events) = try ViaLibinputReplay.run(
            path: file, descPath: nil, screen: ScreenSize(widthPixels: 1080, heightPixels: 1920),
            environment: environment)
        #expect(header.devices.map(\.kind) == [.touchpad])
        let swipes = events.compactMap { event -> TouchpadGesture? in
            if case .touchpadGesture(let gesture) = event, gesture.kind == .swipe {
                gesture
            } else {
                nil
            }
        }
        #expect(swipes.first?.stage == .begin)
        #expect(swipes.last?.stage == .end)
        #expect(swipes.last?.cancelled == false)
        #expect(swipes.count > 5 && swipes.allSatisfy { $0.fingerCount == 3 })
        // libinput's travel has the direction of the recorded fingers' travel.
        let raw = try LibinputRecordReader.rawDevices(path: file)[0].events
        let ys = raw.filter { $0.type == 3 && $0.code == 0x36 }.map(\.value)
        let recordedTravel = Double(try #require(ys.last) - ys[0])
        let libinputTravel = swipes.map(\.deltaY).reduce(0, +)
        #expect(abs(recordedTravel) > 100)
        #expect(libinputTravel * recordedTravel > 0, "\(libinputTravel) vs \(recordedTravel)")
    }

    @Test func replayViaLibinputRejectsOtherFormats() throws {
        let run = try runCommand(
            executable: UmockdevHarness.cleartouch,
            arguments: ["replay", "--via-libinput", Self.source, "--format", "trace"])
        #expect(run.status == 2)
    }
}
