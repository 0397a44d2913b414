import Foundation
import Recordings
import Replay
import TestSupport
import Testing
import TouchInput

/// Offline replays of the one-finger panels' recordings with `--rotate`: the evdev decoder
/// turns the eGalax (tablet-class) and the PenMount (absolute pointer) upright exactly as
/// it turns a multi-touch screen.
@Suite struct OneFingerPanelRotateReplayTests {
    static let fixtures = UmockdevHarness.fixtures.path + "/"
    static let upright = ScreenSize(widthPixels: 1080, heightPixels: 1920)
    static let native = ScreenSize(widthPixels: 1920, heightPixels: 1080)

    static func positions(
        _ session: String, _ description: String, screen: ScreenSize, rotation: Rotation
    ) throws -> [Point] {
        let recording = try Recording.open(
            path: fixtures + session, descPath: fixtures + description, screen: screen,
            rotation: rotation)
        var positions: [Point] = []
        while let event = try recording.next() {
            if case .touchFrame(let frame) = event {
                positions += frame.contacts.map(\.positionPixels)
            }
        }
        return positions
    }

    @Test(arguments: [
        ("egalax-swipe.evemu", "egalax.evemu"), ("penmount-swipe.evemu", "penmount.evemu"),
    ])
    func rotateTurnsTheOneFingerPanelUpright(session: String, description: String) throws {
        for rotation in [Rotation.clockwise90, .clockwise180, .clockwise270] {
            let uprightScreen = rotation.uprightSize(ofNative: Self.native)
            let turned = try Self.positions(
                session, description, screen: uprightScreen, rotation: rotation)
            let plain = try Self.positions(
                session, description, screen: Self.native, rotation: .none)
            #expect(turned.count == plain.count)
            #expect(turned.count > 2)
            for (t, p) in zip(turned, plain) {
                let expected = rotation.upright(fromNative: p, upright: uprightScreen)
                #expect(abs(t.x - expected.x) < 1e-6 && abs(t.y - expected.y) < 1e-6)
            }
        }
    }

    /// `replay --rotate 90`: the horizontal swipe on the panel is a vertical drag in the
    /// upright layout, so it completes nothing; unturned it completes row 2.
    @Test(arguments: [
        ("egalax-swipe.evemu", "egalax.evemu"), ("penmount-swipe.evemu", "penmount.evemu"),
    ])
    func replayRotateChangesWhatTheSwipeDoes(session: String, description: String) throws {
        let turned = try ReplayHarness(
            source: ReplaySource(
                path: Self.fixtures + session, descPath: Self.fixtures + description,
                screen: Self.upright, rotation: .clockwise90)
        ).run()
        #expect(turned.eventCount > 0)
        #expect(!turned.actions.map { "\($0.kind.rawValue) \($0.index)" }.contains("complete 2"))
        #expect(turned.gestures.map(\.kind.rawValue) != ["pan"] || turned.actions.isEmpty)
    }
}
