import ClearCore
import GestureRecognition
import TestSupport
import Testing
import TouchInput
import TouchScript

/// Synthetic touch input for a 320×480 touchscreen without a known size (slop 10 px):
/// touch-script events (`ScriptEvent`), each `after` the previous one, as input events.
struct TouchScreenScript {
    let device = DeviceID(1)
    var time: Int64 = 1_000_000
    var events: [InputEvent] = []

    init() {
        let description = DeviceDescription(
            id: device, name: "synthetic touchscreen", kind: .touchscreen,
            screen: ScreenSize(widthPixels: 320, heightPixels: 480))
        events.append(.deviceAdded(description, timeMicroseconds: time))
    }

    private mutating func append(_ scripted: ScriptEvent) {
        [scripted].appendInputEvents(
            to: &events, touchDevice: device, keyboard: DeviceID(2), millimetres: nil)
    }

    mutating func frame(
        _ contacts: [(slot: Int, phase: TouchPhase, x: Double, y: Double)],
        after step: Int64 = 10_000
    ) {
        time += step
        append(
            .frame(
                timeMicroseconds: time,
                contacts: contacts.map {
                    ScriptContact(slot: $0.slot, phase: $0.phase, position: Point(x: $0.x, y: $0.y))
                }))
    }

    /// One finger from `from` to `to` in `steps` moves of 10 ms, then lifted (or cancelled).
    mutating func drag(from: Point, to: Point, steps: Int = 10, end: TouchPhase = .up) {
        frame([(0, .down, from.x, from.y)])
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            frame([(0, .move, from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f)])
        }
        frame([(0, end, to.x, to.y)])
    }

    mutating func tap(_ point: Point) {
        frame([(0, .down, point.x, point.y)])
        frame([(0, .up, point.x, point.y)], after: 50_000)
    }

    mutating func key(_ code: Int) {
        time += 10_000
        append(.key(timeMicroseconds: time, code: code, pressed: true))
        time += 10_000
        append(.key(timeMicroseconds: time, code: code, pressed: false))
    }

    mutating func type(_ text: String) {
        time += 10_000
        append(.text(timeMicroseconds: time, text))
    }

    mutating func wait(_ microseconds: Int64) { time += microseconds }

    func run(_ session: ClearSession? = nil) -> ClearSession {
        let session =
            session ?? ClearSession(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        for event in events { session.handle(event) }
        session.advance(toMicroseconds: time + 2_000_000)
        return session
    }
}

extension TouchScreenScript {
    /// Twelve random gestures with pauses: swipes, flings, pulls and pull-ups (some
    /// cancelled), taps, holds that reorder, pinches, and typing with Return, Escape or
    /// Backspace; the pauses leave animations running into the next one.
    static func generated(_ random: inout SplitMix64) -> TouchScreenScript {
        var script = TouchScreenScript()
        for _ in 0..<12 {
            let from = Point(
                x: Double.random(in: 20...300, using: &random),
                y: Double.random(in: 20...460, using: &random))
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let to = Point(
                    x: from.x + Double.random(in: -260...260, using: &random),
                    y: from.y + Double.random(in: -300...300, using: &random))
                script.drag(
                    from: from, to: to, steps: Int.random(in: 2...30, using: &random),
                    end: Int.random(in: 0..<6, using: &random) == 0 ? .cancel : .up)
            case 5..<7: script.tap(from)
            case 7:
                // A hold, then a move: a reorder.
                script.frame([(0, .down, from.x, from.y)])
                script.frame([(0, .move, from.x, from.y)], after: 600_000)
                for step in 1...10 {
                    script.frame([(0, .move, from.x, from.y + Double(step) * 15)])
                }
                script.frame([(0, .up, from.x, from.y + 150)])
            case 8:
                let spread = Double.random(in: -30...40, using: &random)
                script.frame([(0, .down, from.x, from.y)])
                script.frame([(1, .down, from.x + 20, from.y + 50)])
                for step in 1...6 {
                    let d = Double(step) * spread / 6
                    script.frame([
                        (0, .move, from.x, from.y - d),
                        (1, .move, from.x + 20, from.y + 50 + d),
                    ])
                }
                script.frame([(0, .up, from.x, from.y), (1, .up, from.x + 20, from.y + 50)])
            default:
                script.type("x")
                script.key(
                    [
                        KeyboardKey.returnCode, KeyboardKey.escapeCode,
                        KeyboardKey.backspaceCode,
                    ][
                        Int.random(in: 0..<3, using: &random)])
            }
            script.wait(Int64.random(in: 0...700_000, using: &random))
        }
        return script
    }
}

@Suite struct ClearSessionTests {
    @Test func swipesCompleteAndDelete() {
        var script = TouchScreenScript()
        script.drag(from: Point(x: 40, y: 75), to: Point(x: 250, y: 77))  // row 1 right by 210
        script.wait(500_000)
        script.drag(from: Point(x: 250, y: 125), to: Point(x: 30, y: 125))  // row 2 left by 220
        let session = script.run()
        #expect(session.controller.kinds == [.complete, .delete])
        #expect(session.controller.actions.map(\.index) == [1, 2])
        #expect(session.controller.items[1].completed)
        #expect(session.gestureEvents.filter { $0.state == .began }.map(\.kind) == [.pan, .pan])
    }

    @Test func aShortSwipeDoesNothing() {
        var script = TouchScreenScript()
        script.drag(from: Point(x: 40, y: 75), to: Point(x: 190, y: 75))  // 150 < 160
        let session = script.run()
        #expect(session.controller.actions.isEmpty)
        #expect(session.gestureEvents.first?.kind == .pan)
    }

    @Test func pullTypeAndReturnAddsAnItem() {
        var script = TouchScreenScript()
        script.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 180))  // pulled 80 > 50
        script.type("buy milk")
        script.key(KeyboardKey.backspaceCode)
        script.type("k")
        script.key(KeyboardKey.returnCode)
        let session = script.run()
        #expect(session.controller.kinds == [.add, .editBegin, .editEnd])
        #expect(session.controller.texts[0] == "buy milk")
        #expect(session.controller.items.count == 13)
        #expect(session.controller.editingIndex == nil)
        #expect(session.gestureEvents.first?.kind == .pull)
    }

    @Test func aShortPullAddsNothing() {
        var script = TouchScreenScript()
        script.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 140))  // 40 < 50
        let session = script.run()
        #expect(session.controller.actions.isEmpty)
        #expect(session.controller.scrollOffsetPixels == 0)
    }

    @Test func pinchApartOnAdjacentRowsAddsBetweenThem() {
        var script = TouchScreenScript()
        script.frame([(0, .down, 150, 75)])
        script.frame([(1, .down, 170, 125)])
        for step in 1...6 {
            let d = Double(step) * 6  // 36 px each way: gap 72 > 50
            script.frame([(0, .move, 150, 75 - d), (1, .move, 170, 125 + d)])
        }
        script.frame([(0, .up, 150, 39), (1, .up, 170, 161)])
        script.type("call Mom")
        script.tap(Point(x: 100, y: 400))  // a tap anywhere ends the editing
        let session = script.run()
        #expect(session.controller.kinds == [.add, .editBegin, .editEnd])
        #expect(session.controller.actions[0].index == 2)
        #expect(session.controller.texts[1...3] == ["buy eggs", "call Mom", "watch WWDC videos"])
        #expect(session.gestureEvents.contains { $0.kind == .pinch })
    }

    @Test func tapEditsAndEscapeRestores() {
        var script = TouchScreenScript()
        script.tap(Point(x: 100, y: 25))
        script.type("!!")
        script.key(KeyboardKey.escapeCode)
        let session = script.run()
        #expect(session.controller.kinds == [.editBegin, .editEnd])
        #expect(session.controller.texts[0] == "feed the cat")
    }

    @Test func obfuscatedKeysAreIgnored() {
        var script = TouchScreenScript()
        script.tap(Point(x: 100, y: 25))
        script.time += 10_000
        script.events.append(
            .key(
                KeyboardKey(
                    device: DeviceID(2), timeMicroseconds: script.time,
                    code: KeyboardKey.returnCode,
                    pressed: true,
                    obfuscated: true)))
        let session = script.run()
        #expect(session.controller.editingIndex == 0)
    }

    @Test func removingTheDeviceMidSwipeCommitsNothing() {
        var script = TouchScreenScript()
        script.frame([(0, .down, 40, 75)])
        for step in 1...10 { script.frame([(0, .move, 40 + Double(step) * 25, 75)]) }
        script.time += 10_000
        script.events.append(.deviceRemoved(script.device, timeMicroseconds: script.time))
        let session = script.run()
        #expect(session.controller.actions.isEmpty)
        #expect(session.gestureEvents.last?.state == .cancelled)
        let rest = session.controller.presentation(atMicroseconds: script.time + 2_000_000)
        #expect(rest.rows[1].framePixels.x == 0)
        #expect(rest.cues == nil)
    }

    @Test func aCancelledTouchMidPullCommitsNothing() {
        var script = TouchScreenScript()
        script.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 250), end: .cancel)
        let session = script.run()
        #expect(session.controller.actions.isEmpty)
        #expect(session.controller.scrollOffsetPixels == 0)
        #expect(
            session.controller.presentation(atMicroseconds: script.time + 2_000_000).placeholder
                == nil)
    }

    @Test func aFlickScrollsAndDecelerates() {
        let items = (0..<40).map {
            TodoItem(id: ItemID(rawValue: UInt64($0 + 1)), text: "item \($0)")
        }
        var script = TouchScreenScript()
        // Scroll down first so the drag is a scroll, not a pull: drag up 200 px fast.
        script.drag(from: Point(x: 100, y: 400), to: Point(x: 100, y: 200), steps: 10)
        let session = script.run(ClearSession(items: items, layout: smallLayout))
        // The finger moved 200 px in 100 ms; the list keeps going after the lift.
        #expect(session.controller.scrollOffsetPixels > 200)
        #expect(session.gestureEvents.first?.kind == .scroll)
        #expect(session.controller.actions.isEmpty)
    }

    @Test func touchpadInputIsMappedByTheSession() {
        let session = ClearSession(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        let pad = DeviceID(3)
        // A hold is not a Clear gesture.
        session.handle(
            .touchpadGesture(
                TouchpadGesture(
                    device: pad, timeMicroseconds: 5, kind: .hold, stage: .begin, fingerCount: 2)))
        #expect(session.gestureEvents.isEmpty)
        // The pointer starts mid-screen (y 240, row 4); move it onto row 0 and click.
        session.handle(
            .pointerMotion(
                PointerMotion(device: pad, timeMicroseconds: 10, deltaX: 0, deltaY: -215)))
        session.handle(
            .pointerButton(
                PointerButton(device: pad, timeMicroseconds: 20, button: 272, pressed: true)))
        session.handle(
            .pointerButton(
                PointerButton(device: pad, timeMicroseconds: 30, button: 272, pressed: false)))
        #expect(session.gestureEvents.map(\.kind) == [.tap])
        #expect(session.gestureEvents.first?.id.rawValue == ClearSession.touchpadGestureIDBase)
        #expect(session.controller.editingIndex == 0)
    }

    @Test func aPinchTakingOverAPullHitTestsTheRowsAsShown() {
        var script = TouchScreenScript()
        // Finger 1 on row 0 pulls the list down 60 px: it stays over row 0 (shown at 60...110).
        script.frame([(0, .down, 100, 40)])
        for step in 1...6 { script.frame([(0, .move, 100, 40 + Double(step) * 10)]) }
        // Finger 2 lands on row 1 as shown (110...160): a pinch on rows 0 and 1; the pull
        // is cancelled without adding anything.
        script.frame([(1, .down, 120, 130)])
        for step in 1...4 {
            let d = Double(step) * 10  // 40 px each way: gap 80 > 50
            script.frame([(0, .move, 100, 100 - d), (1, .move, 120, 130 + d)])
        }
        script.frame([(0, .up, 100, 60), (1, .up, 120, 170)])
        let session = script.run()
        #expect(session.gestureEvents.map(\.kind).contains(.pull))
        #expect(session.gestureEvents.contains { $0.kind == .pull && $0.state == .cancelled })
        #expect(session.controller.kinds == [.add, .editBegin])
        #expect(session.controller.actions[0].index == 1)
        #expect(session.controller.texts[0] == "feed the cat")
        #expect(session.controller.texts[2] == "buy eggs")
        #expect(session.controller.scrollOffsetPixels == 0)
    }
}

/// The list says whether a drag may be a pull: only at or past its top.
@Suite struct PullAvailabilityRuleTests {
    @Test func aListAtItsTopOffersAPullFromNothing() {
        #expect(ClearController.pullAvailability(scrollOffsetPixels: 0) == .atRest)
    }

    @Test func aListJustBelowItsTopOffersNone() {
        #expect(ClearController.pullAvailability(scrollOffsetPixels: 0.5) == .unavailable)
    }

    @Test func aListPulledPastItsTopOffersAPullFromThere() {
        #expect(
            ClearController.pullAvailability(scrollOffsetPixels: -20)
                == .available(alreadyPulledPixels: 20))
    }

    @Test func aListThatIsNotANumberOffersNone() {
        #expect(ClearController.pullAvailability(scrollOffsetPixels: .nan) == .unavailable)
    }

    @Test func theTouchpadAndTheTouchscreenShareTheSessionsIdsWithoutColliding() {
        var script = TouchScreenScript()
        script.tap(Point(x: 100, y: 25))
        script.tap(Point(x: 100, y: 25))
        let session = script.run()
        let pad = DeviceID(3)
        for (time, pressed) in [(Int64(10_000_000), true), (10_010_000, false)] {
            session.handle(
                .pointerButton(
                    PointerButton(
                        device: pad, timeMicroseconds: time, button: 272, pressed: pressed)))
        }
        #expect(
            session.gestureEvents.map(\.id.rawValue) == [1, 2, ClearSession.touchpadGestureIDBase])
    }
}
