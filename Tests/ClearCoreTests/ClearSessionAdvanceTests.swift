import ClearCore
import GestureRecognition
import TestSupport
import Testing
import TouchInput
import TouchScript

/// `ClearSession` advances the controller once per frame: a frame's first gesture report
/// does not advance it again to the time it was just advanced to. These tests hold it to a
/// session that does (the session as it was): the same presentations after every event,
/// the same actions, the same list.
@Suite("One advance per frame")
struct ClearSessionAdvanceTests {
    /// A session that advances the controller before every gesture report, built from the
    /// public parts: an arena and a controller (touchscreen frames, keys and text).
    final class AdvancingBeforeEveryReport {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        var arena = GestureArena()

        func handle(_ event: InputEvent) {
            let time = event.timeMicroseconds
            advance(toMicroseconds: time)
            switch event {
            case .deviceAdded(let device, _):
                controller.deviceAdded(device, at: time)
                arena.deviceAdded(device)
                forward()
            case .touchFrame(let frame):
                if frame.contacts.contains(where: { $0.phase == .down }) {
                    controller.interruptScrolling(atMicroseconds: time)
                }
                arena.pull = controller.pullAvailability
                arena.handle(frame)
                forward()
            case .key(let key):
                guard key.pressed, !key.obfuscated else { return }
                switch key.code {
                case KeyboardKey.returnCode: controller.pressReturn(at: time)
                case KeyboardKey.escapeCode: controller.pressEscape(at: time)
                case KeyboardKey.backspaceCode: controller.deleteBackward(at: time)
                default: break
                }
            case .text(let text): controller.insertText(text.text, at: time)
            default: Issue.record("not scripted: \(event)")
            }
        }

        func advance(toMicroseconds time: Int64) {
            arena.advance(toMicroseconds: time)
            forward()
            controller.advance(toMicroseconds: time)
        }

        private func forward() {
            for gesture in arena.events { controller.handle(gesture) }
        }
    }

    /// Plays `script` through a session and the reference, comparing after every event.
    static func expectSameAsAdvancingBeforeEveryReport(_ script: TouchScreenScript) {
        let session = ClearSession(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        let reference = AdvancingBeforeEveryReport()
        var differences = 0
        for event in script.events {
            session.handle(event)
            reference.handle(event)
            #expect(
                session.controller.currentTimeMicroseconds
                    == reference.controller.currentTimeMicroseconds)
            if showDifferently(session.controller, reference.controller) { differences += 1 }
        }
        #expect(differences == 0)
        #expect(session.controller.actions == reference.controller.actions)
        #expect(session.controller.lists == reference.controller.lists)
    }

    /// Swipes, flings, pulls, taps, holds and pinches with pauses that leave animations
    /// (snap backs, shuffles, flings, settles, edit transitions) running into the next one.
    @Test func generatedSessionsMatchAdvancingBeforeEveryReport() {
        var random = SplitMix64(seed: 0xADF4_2C3)
        for _ in 0..<40 {
            let script = TouchScreenScript.generated(&random)
            Self.expectSameAsAdvancingBeforeEveryReport(script)
        }
    }

    /// Just inside and past the end of a fling: the frame that lands on its last
    /// microsecond and the one after it.
    @Test func aFlingEndingAtAFrameMatches() {
        for wait: Int64 in [0, 1, 100_000, 400_000, 1_000_000] {
            var script = TouchScreenScript()
            script.drag(from: Point(x: 100, y: 400), to: Point(x: 100, y: 100), steps: 4)
            script.wait(wait)
            script.drag(from: Point(x: 100, y: 300), to: Point(x: 110, y: 250), steps: 6)
            Self.expectSameAsAdvancingBeforeEveryReport(script)
        }
    }
}
