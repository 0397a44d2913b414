import Foundation
import Recordings
import TestSupport
import Testing
import TouchInput

/// `record` from the seat and `replay --via-libinput` with the one-finger panels
/// (docs/devices.md): the PenMount through libinput, the eGalax read directly.
@Suite(.enabled(if: UmockdevHarness.runs, "\(UmockdevHarness.unavailableReason ?? "")"))
struct OneFingerPanelRecorderTests {
    static let penmount = UmockdevHarness.Device.penmountSwipe
    static let egalaxLate = UmockdevHarness.Device.egalaxSwipeLate

    @Test func recordFromTheSeatRecordsBothPanelsAsTouchscreensAndSaysTheirPaths() throws {
        let output = RecordUmockdevTests.temporaryPath("panels.trace")
        defer { unlink(output) }
        let run = try UmockdevHarness.run(
            [Self.penmount, Self.egalaxLate],
            command: [
                UmockdevHarness.cleartouch, "record", "-o", output, "--duration", "20",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.endedWithTheScripts, "\(run.standardError)")
        #expect(run.standardError.contains("event60 DIALOGUE INC PenMount USB: libinput"))
        #expect(run.standardError.contains("eGalax Inc. USB TouchController Touchscreen: direct"))
        let (recording, events) = try RecordUmockdevTests.readAll(output)
        #expect(recording.header.devices.map(\.kind) == [.touchscreen, .touchscreen])
        let frames = RecordUmockdevTests.frames(events)
        #expect(Set(frames.map(\.device)).count == 2)
        // The trace replays to the same two actions on the third row.
        let replay = try ReplayComparisonTests.replay([output])
        #expect(replay.actions.count == 2, "\(replay.stderr)")
    }

    @Test(arguments: [
        ("egalax-swipe.evemu", "egalax.evemu"), ("penmount-swipe.evemu", "penmount.evemu"),
    ])
    func replayViaLibinputCompletesTheRow(session: String, description: String) throws {
        let path = UmockdevHarness.fixtures.appendingPathComponent(session).path
        let desc = UmockdevHarness.fixtures.appendingPathComponent(description).path
        let via = try ReplayComparisonTests.replay(["--via-libinput", path, "--desc", desc])
        let direct = try ReplayComparisonTests.replay([path, "--desc", desc])
        #expect(direct.actions == ["complete 2"])
        #expect(via.actions == direct.actions, "\(via.stderr)")
    }
}
