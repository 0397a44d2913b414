import ClearCore
import ClearSound
import Foundation
import TestSupport
import Testing

@testable import Replay

/// The Settings page's `Sound` row in a replay: the sounds and the JSON's `sound` follow
/// the setting from the tap on.
@Suite struct SoundSettingReplayTests {
    /// Settings, Sound tapped at 2870 ms (off) and 3540 ms (on), then back twice.
    static let toggling = TestPaths.recordings + "/levels-settings-sound.trace"

    static func replay(_ path: String, soundOn: Bool = true) throws -> ReplayResult {
        var harness = ReplayHarness(source: ReplaySource(path: path))
        harness.soundOn = soundOn
        return try harness.run()
    }

    static func sounds(_ result: ReplayResult) -> [String] {
        result.sounds.map { "\($0.timeMicroseconds / 1000) \($0.sound.rawValue)" }
    }

    @Test func nothingSoundsWhileTheSettingIsOffAndTheTapTurningItOnIsHeard() throws {
        let result = try Self.replay(Self.toggling)
        #expect(
            Self.sounds(result) == [
                "460 close-list", "1530 open-menu", "2200 open-page", "3540 sound",
                "4610 close-page", "5680 close-menu",
            ])
        #expect(result.soundOn)
    }

    @Test func soundOffStartsSilentUntilTheSettingsPageTurnsItOn() throws {
        let result = try Self.replay(Self.toggling, soundOn: false)
        #expect(
            result.actions.filter { $0.kind == .sound }.map(\.detail) == [
                .soundOn(true), .soundOn(false),
            ])
        #expect(Self.sounds(result) == ["2870 sound"])
        #expect(!result.soundOn)
    }

    /// A cue at the very time of a switch follows the switch; one a microsecond before it
    /// does not.
    @Test func aSwitchCountsFromItsOwnTime() {
        let off = ReplayedAction(
            Action(timeMicroseconds: 1_000, kind: .sound, index: 0, detail: .soundOn(false)),
            timeMicroseconds: 1_000, itemsAfter: [])
        let cues = [999, 1_000, 1_001].map { SoundCue(timeMicroseconds: $0, sound: .tick) }
        #expect(
            SoundCue.heard(cues, actions: [off], soundOnAtStart: true).map(\.timeMicroseconds)
                == [999])
        #expect(SoundCue.heard(cues, actions: [], soundOnAtStart: false).isEmpty)
        #expect(SoundCue.heard(cues, actions: [], soundOnAtStart: true) == cues)
    }

    @Test func aListFileSavedWithTheSoundOffStartsSilent() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let list = folder.path + "/list.json"
        let text = """
            {"format": "cleartouch-list", "version": 2, "lists": [{"title": "To Do", "items": \
            [{"text": "a", "completed": false}]}], "open": 0, "sound": false}
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: list))
        var source = ReplaySource(path: TestPaths.recordings + "/pull-add-above.trace")
        source.listPath = list
        let result = try ReplayHarness(source: source).run()
        #expect(result.actions.first?.kind == .add)
        #expect(result.sounds.isEmpty)
        #expect(!result.soundOn)
    }
}
