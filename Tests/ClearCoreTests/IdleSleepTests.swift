import ClearCore
import Testing
import TouchInput

/// `--idle-seconds` (`IdleSleep` in `ClearSession`): sleep exactly N s of event time after
/// the last input with no finger down, wake on the next input, and the waking touch does
/// nothing else until its last finger lifts.
@Suite struct IdleSleepTests {
    static let idleSeconds = 60
    static let idle: Int64 = 60_000_000

    func session(idleSeconds: Int = Self.idleSeconds) -> ClearSession {
        let session = ClearSession(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        session.idleSleep = IdleSleep(idleSeconds: idleSeconds)
        return session
    }

    /// A swipe right by 210 px (> W/2) on row 1, then `gap` µs after its lift a swipe on row 2.
    func twoSwipes(gap: Int64) -> (script: TouchScreenScript, lift: Int64) {
        var script = TouchScreenScript()
        script.drag(from: Point(x: 40, y: 75), to: Point(x: 250, y: 75))
        let lift = script.time
        // The next frame comes 10 ms after the script's time.
        script.wait(gap - 10_000)
        script.drag(from: Point(x: 40, y: 125), to: Point(x: 250, y: 125))
        return (script, lift)
    }

    /// A 60 px pan on row 1 (< W/2): input that changes nothing.
    func nudge(_ script: inout TouchScreenScript) {
        script.drag(from: Point(x: 40, y: 75), to: Point(x: 100, y: 75))
    }

    @Test func justBelowTheIdleTimeTheNextSwipeActs() {
        let (script, _) = twoSwipes(gap: Self.idle - 1)
        let session = script.run(session())
        #expect(session.controller.kinds == [.complete, .complete])
        #expect(!session.isAsleep)
    }

    @Test func atTheIdleTimeItSleepsAndTheSwipeOnlyWakes() {
        let (script, lift) = twoSwipes(gap: Self.idle)
        let session = script.run(session())
        #expect(session.controller.kinds == [.complete, .sleep, .wake])
        #expect(session.controller.actions[1].timeMicroseconds == lift + Self.idle)
        #expect(session.controller.actions[2].timeMicroseconds == lift + Self.idle)
        #expect(!session.controller.items[2].completed)
        // The waking swipe never reached the recognizers: one pan only.
        #expect(session.gestureEvents.filter { $0.state == .began }.count == 1)
    }

    @Test func theSleepIsAtTheDeadlineHoweverLateTimeIsAdvanced() {
        let session = session()
        var script = TouchScreenScript()
        nudge(&script)
        for event in script.events { session.handle(event) }
        session.advance(toMicroseconds: script.time + Self.idle - 1)
        #expect(!session.isAsleep)
        session.advance(toMicroseconds: script.time + 5 * Self.idle)
        #expect(session.isAsleep)
        #expect(session.controller.actions.last?.kind == .sleep)
        #expect(session.controller.actions.last?.timeMicroseconds == script.time + Self.idle)
    }

    @Test func zeroNeverSleeps() {
        let (script, _) = twoSwipes(gap: 100 * Self.idle)
        let session = script.run(session(idleSeconds: 0))
        #expect(session.controller.kinds == [.complete, .complete])
    }

    @Test func aFingerHeldDownKeepsItAwake() {
        let session = session()
        var script = TouchScreenScript()
        script.frame([(0, .down, 100, 400)])
        for event in script.events { session.handle(event) }
        session.advance(toMicroseconds: script.time + 2 * Self.idle)
        #expect(!session.isAsleep)
        #expect(!session.controller.kinds.contains(.sleep))
    }

    @Test func aSecondFingerJoiningTheWakingTouchIsPartOfIt() {
        var script = TouchScreenScript()
        nudge(&script)
        script.wait(Self.idle + 1_000_000)
        // Rows 1 and 2 pinched apart 36 px each (gap 72 > H = 50: would add).
        script.frame([(0, .down, 150, 75)])
        script.frame([(1, .down, 170, 125)])
        for step in 1...6 {
            let d = Double(step) * 6
            script.frame([(0, .move, 150, 75 - d), (1, .move, 170, 125 + d)])
        }
        script.frame([(0, .up, 150, 39)])
        script.frame([(1, .move, 170, 170)])
        script.frame([(1, .up, 170, 170)])
        // The next touch is a touch again: a tap on row 0 edits it.
        script.tap(Point(x: 100, y: 25))
        let session = script.run(session())
        #expect(session.controller.kinds == [.sleep, .wake, .editBegin])
        #expect(session.controller.items.count == 12)
    }

    @Test func aKeyWakesAndIsSwallowed() {
        var script = TouchScreenScript()
        script.tap(Point(x: 100, y: 25))  // edits row 0
        script.wait(Self.idle + 1_000_000)
        script.key(KeyboardKey.returnCode)  // wakes: the edit goes on
        script.key(KeyboardKey.returnCode)  // ends it
        let session = script.run(session())
        #expect(session.controller.kinds == [.editBegin, .sleep, .wake, .editEnd])
    }

    @Test func deviceHotplugNeitherKeepsAwakeNorWakes() {
        let session = session()
        var script = TouchScreenScript()
        nudge(&script)
        for event in script.events { session.handle(event) }
        let other = DeviceDescription(
            id: DeviceID(7), name: "late panel", kind: .touchscreen,
            screen: ScreenSize(widthPixels: 320, heightPixels: 480))
        session.handle(.deviceAdded(other, timeMicroseconds: script.time + Self.idle / 2))
        session.handle(.deviceRemoved(DeviceID(7), timeMicroseconds: script.time + Self.idle + 1))
        #expect(session.isAsleep)
        #expect(session.controller.kinds == [.sleep])
    }
}
