import ClearCore
import ClearSound
import TestSupport
import Testing
import TouchInput

@testable import Replay

/// `ThresholdTickCollector` gives `ThresholdTicks` only the cues that changed; these tests
/// hold it to ticks given every cue, after every event of generated pulls, pull-ups,
/// pinches and drags (alone, quick and slow, past and short of each threshold).
@Suite struct ThresholdTickCollectorTests {
    static let device = DeviceID(1)
    static let screen = ScreenSize(widthPixels: 320, heightPixels: 480)

    /// Random one- and two-finger strokes on a 320×480 touchscreen, 10 ms a frame.
    static func generatedEvents(_ random: inout SplitMix64) -> [InputEvent] {
        var time: Int64 = 1_000_000
        var events: [InputEvent] = [
            .deviceAdded(
                DeviceDescription(
                    id: device, name: "synthetic touchscreen", kind: .touchscreen, screen: screen),
                timeMicroseconds: time)
        ]
        func frame(_ contacts: [(Int, TouchPhase, Double, Double)]) {
            time += 10_000
            events.append(
                .touchFrame(
                    TouchFrame(
                        device: device, timeMicroseconds: time,
                        contacts: contacts.map {
                            TouchContact(
                                seatSlot: $0.0, phase: $0.1, positionPixels: Point(x: $0.2, y: $0.3)
                            )
                        })))
        }
        for _ in 0..<10 {
            let x = Double.random(in: 40...280, using: &random)
            let y = Double.random(in: 60...420, using: &random)
            let steps = Int.random(in: 2...40, using: &random)
            if Int.random(in: 0..<4, using: &random) == 0 {
                // Two fingers apart or together.
                let spread = Double.random(in: -60...150, using: &random)
                frame([(0, .down, x, y), (1, .down, x + 10, y + 40)])
                for step in 1...steps {
                    let d = spread * Double(step) / Double(steps)
                    frame([(0, .move, x, y - d / 2), (1, .move, x + 10, y + 40 + d / 2)])
                }
                frame([(0, .up, x, y - spread / 2), (1, .up, x + 10, y + 40 + spread / 2)])
            } else {
                // One finger down (a pull at the top) or up (a scroll, a pull up), and back.
                let dy = Double.random(in: -400...400, using: &random)
                let back = Double.random(in: 0...1, using: &random)
                frame([(0, .down, x, y)])
                for step in 1...steps {
                    frame([(0, .move, x, y + dy * Double(step) / Double(steps))])
                }
                for step in 1...steps {
                    frame([(0, .move, x, y + dy * (1 - back * Double(step) / Double(steps)))])
                }
                frame([(0, .up, x, y + dy * (1 - back))])
            }
            time += Int64.random(in: 0...800_000, using: &random)
        }
        return events
    }

    @Test func changedCuesOnlyGiveTheTicksOfEveryCue() {
        var random = SplitMix64(seed: 0x71C4)
        var ticksHeard = 0
        for _ in 0..<40 {
            let session = ClearSession(
                lists: TodoLists(items: TodoList.swiftTutorialSamples),
                layout: ClearLayout(screen: Self.screen))
            var collector = ThresholdTickCollector()
            var everyCue = ThresholdTicks()
            var everyCueTimes: [Int64] = []
            for event in Self.generatedEvents(&random) {
                session.handle(event)
                let time = event.timeMicroseconds
                collector.observe(session, atMicroseconds: time, origin: 0)
                if everyCue.observe(session.controller.thresholdCue(atMicroseconds: time)) {
                    everyCueTimes.append(time)
                }
            }
            #expect(collector.timesMicroseconds == everyCueTimes)
            ticksHeard += everyCueTimes.count
        }
        // The sessions cross thresholds: the comparison is not between two empty lists.
        #expect(ticksHeard > 20)
    }

    /// Two states are equal exactly when their cues are: the collector's comparison of
    /// states stands for the comparison of cues (no two labels share their words).
    @Test func statesCompareAsTheirCues() {
        let labels: [PlaceholderLabel?] = [nil] + PlaceholderLabel.allCases
        let states = labels.flatMap { label in
            ([nil, false, true] as [Bool?]).map {
                ThresholdCueState(placeholderLabel: label, pinchTogetherCloses: $0)
            }
        }
        for a in states {
            for b in states { #expect((a == b) == (a.cue == b.cue), "\(a), \(b)") }
        }
    }
}
