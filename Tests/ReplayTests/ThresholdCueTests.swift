import ClearCore
import ClearSound
import Foundation
import TestSupport
import Testing

@testable import Replay

/// A replay's threshold ticks come from `ClearController.thresholdCue(atMicroseconds:)`,
/// which lays out no row; these tests hold it to the whole presentation it stands for.
@Suite struct ThresholdCueTests {
    /// Every recording with a pull or a pinch (those that show a placeholder or could close
    /// a level).
    static let recordings: [String] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.recordings))
            ?? []
        return names.filter { name in
            !name.hasSuffix(".json") && !name.hasSuffix(".desc") && !name.hasSuffix(".md")
                && (name.contains("pull") || name.contains("pinch") || name.hasPrefix("levels-"))
        }.sorted()
    }()

    /// Takes the presentation just before each event, which is the one after the event
    /// before it, at that event's time: what the replay's tick watcher looks at.
    final class EveryEventSampler: PresentationSampler {
        var pending: [Int64]
        var ticks = ThresholdTicks()
        var tickTimes: [Int64] = []
        init(eventTimes: [Int64]) { pending = eventTimes.reversed() }
        var nextSampleMicroseconds: Int64? { pending.last }
        func take(_ presentation: Presentation, atMicroseconds relative: Int64) {
            pending.removeLast()
            if ticks.observe(presentation) { tickTimes.append(relative) }
        }
        func finish(_ presentation: Presentation, atMicroseconds relative: Int64) {
            // The last event's presentation: the settling after it comes later.
            while let time = pending.popLast() {
                if ticks.observe(presentation) { tickTimes.append(time) }
            }
        }
    }

    @Test func theRecordingsArePresent() {
        #expect(Self.recordings.count >= 10, "\(Self.recordings)")
    }

    /// The ticks heard through the cue equal the ticks of whole presentations, at the same
    /// times, for every recording with a pull or a pinch.
    @Test(arguments: recordings) func cueTicksEqualPresentationTicks(recording: String) throws {
        let source = ReplaySource(path: TestPaths.recordings + "/" + recording)
        let times = EventTimes()
        _ = try ReplayHarness(source: source).run(hook: { relative, _ in
            times.values.append(relative)
        })
        let eventTimes = times.values
        // Only distinct times can be sampled apart; a later event at the same time wins.
        let distinct = eventTimes.enumerated().filter { index, time in
            index + 1 == eventTimes.count || eventTimes[index + 1] != time
        }.map(\.element)

        var cued = ReplayHarness(source: source)
        cued.watchesThresholdTicks = true
        let result = try cued.run()
        let cuedTicks = result.sounds.filter { $0.sound == .tick }.map(\.timeMicroseconds)

        let sampler = EveryEventSampler(eventTimes: distinct)
        _ = try ReplayHarness(source: source).run(sampler: sampler)
        // Heard as the replay hears them: not while the Settings page has the sound off.
        let heard = SoundCue.heard(
            sampler.tickTimes.map { SoundCue(timeMicroseconds: $0, sound: .tick) },
            actions: result.actions, soundOnAtStart: cued.soundOn
        ).map(\.timeMicroseconds)
        #expect(cuedTicks == heard, "\(recording)")
    }

    final class EventTimes: @unchecked Sendable {
        var values: [Int64] = []
    }
}
