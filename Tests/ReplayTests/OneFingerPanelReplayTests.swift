import Foundation
import Recordings
import Replay
import TestSupport
import Testing
import TouchInput

/// Replays of the one-finger panels (docs/devices.md): a swipe on each completes a row;
/// a pen stroke on a pen tablet does nothing.
@Suite struct OneFingerPanelReplayTests {
    static let fixtures = UmockdevHarness.fixtures.path + "/"

    static func replay(_ session: String, on description: String) throws -> ReplayResult {
        try ReplayHarness(
            source: ReplaySource(
                path: fixtures + session, descPath: fixtures + description)
        ).run()
    }

    @Test(arguments: [
        ("egalax-swipe.evemu", "egalax.evemu"), ("penmount-swipe.evemu", "penmount.evemu"),
    ])
    func aSwipeCompletesARow(session: String, description: String) throws {
        let result = try Self.replay(session, on: description)
        #expect(result.actions.map { "\($0.kind.rawValue) \($0.index)" } == ["complete 2"])
        #expect(result.gestures.map(\.kind.rawValue) == ["pan"])
    }

    @Test func aPenStrokeOnAPenTabletIsNoFinger() throws {
        let result = try Self.replay("pen-swipe.evemu", on: "pen-tablet.evemu")
        #expect(result.actions.isEmpty)
        #expect(result.gestures.isEmpty)
        #expect(result.eventCount > 0)
    }

    /// The same stroke on the eGalax description is a finger: only the pen rule differs.
    @Test func theEGalaxIsAFingerWhereThePenIsNot() throws {
        let recording = try Recording.open(
            path: Self.fixtures + "egalax-swipe.evemu", descPath: Self.fixtures + "egalax.evemu")
        #expect(recording.header.devices.first?.kind == .touchscreen)
        let pen = try Recording.open(
            path: Self.fixtures + "pen-swipe.evemu", descPath: Self.fixtures + "pen-tablet.evemu")
        #expect(pen.header.devices.first?.kind == .other)
    }
}
