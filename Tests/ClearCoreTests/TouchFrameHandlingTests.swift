import ClearCore
import GestureRecognition
import TestSupport
import Testing
import TouchInput

/// `ClearSession.handle(_: TouchFrame)`, the replay's way in for a touch frame, is
/// `handle(.touchFrame(frame))`: two sessions fed the same script, one every event whole,
/// the other every touch frame alone, show the same after every event, with idle sleep
/// (sleeping, the waking touch swallowed) and with an on-screen keyboard.
@Suite struct TouchFrameHandlingTests {
    /// Plays `script` into both sessions, comparing after every event; returns the kinds of
    /// actions the whole events made.
    @discardableResult
    static func expectSameAsWholeEvents(
        _ script: TouchScreenScript, idleSeconds: Int = 0, keyboard: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [ActionKind] {
        func session() -> ClearSession {
            let session = ClearSession(
                items: TodoList.swiftTutorialSamples, layout: smallLayout,
                keyboard: keyboard
                    ? OnScreenKeyboardSettings(
                        mode: .on, layout: KeyboardLayout.embedded(named: "us")!) : nil)
            session.idleSleep = IdleSleep(idleSeconds: idleSeconds)
            return session
        }
        let whole = session()
        let framesAlone = session()
        var differences = 0
        for event in script.events {
            whole.handle(event)
            if case .touchFrame(let frame) = event {
                framesAlone.handle(frame)
            } else {
                framesAlone.handle(event)
            }
            if showDifferently(whole.controller, framesAlone.controller)
                || whole.isAsleep != framesAlone.isAsleep
                || whole.gestureEvents != framesAlone.gestureEvents
            {
                differences += 1
            }
        }
        #expect(differences == 0, sourceLocation: sourceLocation)
        #expect(
            whole.controller.actions == framesAlone.controller.actions,
            sourceLocation: sourceLocation)
        #expect(
            whole.controller.lists == framesAlone.controller.lists, sourceLocation: sourceLocation)
        return whole.controller.kinds
    }

    /// Generated sessions (swipes, flings, pulls, taps, holds, pinches, typing) with pauses,
    /// without sleep, sleeping after 1 s, and with the on-screen keyboard.
    @Test func generatedSessionsMatchWholeEvents() {
        var random = SplitMix64(seed: 0x7F4A_11E)
        var kinds: Set<ActionKind> = []
        for round in 0..<30 {
            var script = TouchScreenScript.generated(&random)
            // Past the idle time (the generated pauses are shorter): a sleep, a waking drag
            // swallowed, a second sleep, a waking tap.
            script.wait(1_100_000)
            script.drag(from: Point(x: 40, y: 75), to: Point(x: 250, y: 75))
            script.wait(1_100_000)
            script.tap(Point(x: 100, y: 200))
            script.drag(from: Point(x: 40, y: 125), to: Point(x: 250, y: 125))
            kinds.formUnion(
                Self.expectSameAsWholeEvents(
                    script, idleSeconds: round % 3 == 1 ? 1 : 0, keyboard: round % 3 == 2))
        }
        // The scripts did sleep and wake, and acted on rows.
        #expect(kinds.isSuperset(of: [.sleep, .wake, .complete]))
    }

    /// Just short of and at the idle time: a swipe acts, or only wakes and is swallowed
    /// (a second finger landing beside the waking one included).
    @Test func aSwipeAtTheIdleTimeMatches() {
        for gap: Int64 in [999_999, 1_000_000, 1_500_000] {
            var script = TouchScreenScript()
            script.drag(from: Point(x: 40, y: 75), to: Point(x: 250, y: 75))
            script.wait(gap - 10_000)
            script.frame([(0, .down, 40, 125)])
            script.frame([(0, .move, 100, 125), (1, .down, 60, 200)])
            script.frame([(0, .move, 250, 125), (1, .up, 60, 200)])
            script.frame([(0, .up, 250, 125)])
            script.drag(from: Point(x: 40, y: 175), to: Point(x: 250, y: 175))
            let kinds = Self.expectSameAsWholeEvents(script, idleSeconds: 1)
            #expect(kinds.contains(.sleep) == (gap >= 1_000_000))
        }
    }
}
