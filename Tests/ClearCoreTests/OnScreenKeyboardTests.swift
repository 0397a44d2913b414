import ClearCore
import GestureRecognition
import Testing
import TouchInput

/// A session on the small layout with one empty item, an on-screen keyboard, and the
/// item's row tapped so it is being edited with the keyboard fully shown.
struct KeyboardScript {
    var script = TouchScreenScript()
    let session: ClearSession
    var handled = 0

    init(
        layout name: String = "us", mode: OnScreenKeyboardMode = .on, physicalKeyboard: Bool = false
    ) {
        session = ClearSession(
            items: [TodoItem(id: ItemID(rawValue: 1), text: "")], layout: smallLayout,
            keyboard: OnScreenKeyboardSettings(
                mode: mode, layout: KeyboardLayout.embedded(named: name)!))
        if physicalKeyboard {
            script.events.append(
                .deviceAdded(
                    DeviceDescription(id: DeviceID(9), name: "keyboard", kind: .keyboard),
                    timeMicroseconds: script.time))
        }
        script.tap(Point(x: 100, y: 25))
        script.wait(400_000)
        flush()
    }

    var controller: ClearController { session.controller }
    var keyboard: OnScreenKeyboard { controller.keyboard! }

    /// Hands the scripted events not yet handled to the session, then lets time reach now.
    mutating func flush() {
        for event in script.events[handled...] { session.handle(event) }
        handled = script.events.count
        session.advance(toMicroseconds: script.time)
    }

    /// The centre of the first key doing `action` on `layer`, on the screen.
    func centre(_ action: KeyboardKeyAction, layer: KeyboardLayer? = nil) -> Point {
        let geometry = keyboard.geometry
        let key = geometry.keys(layer ?? keyboard.layer).first { $0.action == action }!
        let top = Double(smallLayout.screen.heightPixels) - geometry.heightPixels
        return Point(
            x: key.framePixels.x + key.framePixels.width / 2,
            y: top + key.framePixels.y + key.framePixels.height / 2)
    }

    mutating func tap(_ action: KeyboardKeyAction, holdMicroseconds hold: Int64 = 50_000) {
        let point = centre(action)
        script.frame([(0, .down, point.x, point.y)])
        script.frame([(0, .up, point.x, point.y)], after: hold)
        script.wait(100_000)
        flush()
    }

    mutating func tap(_ character: String) { tap(.character(character)) }

    mutating func type(_ text: String) {
        for character in text { tap(String(character)) }
    }

    var text: String? { controller.editingText }
}

@Suite struct OnScreenKeyboardTests {
    @Test func typesLettersSpaceAndReturnEndsEditing() {
        var k = KeyboardScript()
        #expect(k.controller.editingIndex == 0)
        k.type("hi")
        k.tap(.space)
        k.type("yo")
        #expect(k.text == "hi yo")
        k.tap(.return)
        #expect(k.controller.editingIndex == nil)
        #expect(k.controller.items.map(\.text) == ["hi yo"])
        #expect(k.controller.actions.map(\.kind) == [.editBegin, .editEnd])
    }

    @Test func aTapOnTheKeyboardNeverEndsEditingATapOutsideDoes() {
        var k = KeyboardScript()
        // The gap between the keyboard's top and the first row of keys is the keyboard's.
        let top = 480 - k.keyboard.geometry.heightPixels
        k.script.tap(Point(x: 5, y: top + 1))
        k.flush()
        #expect(k.controller.editingIndex == 0)
        #expect(k.text == "q")  // the nearest key
        k.script.tap(Point(x: 100, y: top - 1))
        k.flush()
        #expect(k.controller.editingIndex == nil)
        #expect(k.controller.items.map(\.text) == ["q"])
    }

    @Test func aTouchInTheGapGoesToTheNearestKey() {
        let k = KeyboardScript()
        let geometry = k.keyboard.geometry
        let q = geometry.letterKeys[0].framePixels
        let w = geometry.letterKeys[1].framePixels
        let gapX = (q.x + q.width + w.x) / 2
        #expect(geometry.nearestKey(to: Point(x: gapX - 0.5, y: q.midY), layer: .letters) == 0)
        #expect(geometry.nearestKey(to: Point(x: gapX + 0.5, y: q.midY), layer: .letters) == 1)
        #expect(geometry.nearestKey(to: Point(x: -50, y: -50), layer: .letters) == 0)
    }

    @Test func shiftOnceThenCapsLockByDoubleTap() {
        var k = KeyboardScript()
        k.tap(.shift)
        k.type("ab")
        #expect(k.text == "Ab")
        // Two taps 150 ms apart (lift to lift): caps lock.
        k.tap(.shift)
        k.tap(.shift)
        k.type("cd")
        #expect(k.text == "AbCD")
        #expect(k.keyboard.shift == .locked)
        k.tap(.shift)
        k.type("e")
        #expect(k.text == "AbCDe")
    }

    /// Lift-to-lift interval of two shift taps; the second lift `interval` after the first.
    private func shiftAfterTwoTaps(interval: Int64) -> KeyboardShiftState {
        var k = KeyboardScript()
        let point = k.centre(.shift)
        k.script.frame([(0, .down, point.x, point.y)])
        k.script.frame([(0, .up, point.x, point.y)], after: 20_000)
        k.script.frame([(0, .down, point.x, point.y)], after: interval - 20_000)
        k.script.frame([(0, .up, point.x, point.y)], after: 20_000)
        k.flush()
        return k.keyboard.shift
    }

    @Test func doubleTapIntervalBoundary() {
        let interval = OnScreenKeyboard.shiftDoubleTapIntervalMicroseconds
        #expect(shiftAfterTwoTaps(interval: interval) == .locked)
        #expect(shiftAfterTwoTaps(interval: interval + 1) == .off)
    }

    /// Holds backspace on "abcdef" for `hold` µs, then lifts; the text left.
    private func textAfterHoldingBackspace(_ hold: Int64) -> String? {
        var k = KeyboardScript()
        k.type("abcdef")
        let point = k.centre(.backspace)
        k.script.frame([(0, .down, point.x, point.y)])
        k.script.frame([(0, .up, point.x, point.y)], after: hold)
        k.flush()
        return k.text
    }

    @Test func backspaceDeletesAtOnceAndRepeatsAfterItsDelay() {
        let delay = OnScreenKeyboard.backspaceRepeatDelayMicroseconds
        let interval = OnScreenKeyboard.backspaceRepeatIntervalMicroseconds
        #expect(textAfterHoldingBackspace(delay - 1) == "abcde")
        #expect(textAfterHoldingBackspace(delay) == "abcd")
        #expect(textAfterHoldingBackspace(delay + interval - 1) == "abcd")
        #expect(textAfterHoldingBackspace(delay + interval) == "abc")
        #expect(textAfterHoldingBackspace(delay + 10 * interval) == "")
    }

    @Test func backspaceRepeatsDrivenByTimeAlone() {
        var k = KeyboardScript()
        k.type("abcd")
        let point = k.centre(.backspace)
        k.script.frame([(0, .down, point.x, point.y)])
        k.flush()
        #expect(k.text == "abc")
        k.session.advance(
            toMicroseconds: k.script.time + OnScreenKeyboard.backspaceRepeatDelayMicroseconds)
        #expect(k.text == "ab")
    }

    @Test func aBackspaceHeldToTheEndOfTimeNeitherHangsNorOverflows() {
        var k = KeyboardScript()
        k.type("abc")
        let point = k.centre(.backspace)
        k.script.frame([(0, .down, point.x, point.y)])
        k.flush()
        k.session.advance(toMicroseconds: .max)
        #expect(k.text == "")
        k.session.handle(
            .touchFrame(
                TouchFrame(
                    device: k.script.device, timeMicroseconds: .min,
                    contacts: [TouchContact(seatSlot: 0, phase: .up, positionPixels: point)])))
        #expect(k.keyboard.hasTouches == false)
    }

    /// Presses "e" for `hold` µs (time passing without moves), optionally slides right
    /// by `cells` popup cells, then lifts.
    private func afterLongPressOnE(hold: Int64, cells: Int = 0, layout: String = "us") -> (
        text: String?, popupOpened: Bool
    ) {
        var k = KeyboardScript(layout: layout)
        let point = k.centre(.character("e"))
        k.script.frame([(0, .down, point.x, point.y)])
        k.flush()
        k.session.advance(toMicroseconds: k.script.time + hold)
        let opened = k.keyboard.popup != nil
        k.script.wait(hold)
        if cells > 0, let popup = k.keyboard.popup {
            let pitch = popup.cellsPixels[1].x - popup.cellsPixels[0].x
            let x = point.x + Double(cells) * pitch
            k.script.frame([(0, .move, x, point.y - 30)], after: 0)
            k.script.frame([(0, .up, x, point.y - 30)], after: 0)
        } else {
            k.script.frame([(0, .up, point.x, point.y)], after: 0)
        }
        k.flush()
        return (k.text, opened)
    }

    @Test func longPressBoundaryOpensTheAccentPopup() {
        let threshold = GestureConfiguration.clear.longPressMinimumDurationMicroseconds
        let below = afterLongPressOnE(hold: threshold - 1)
        #expect(below.text == "e")
        #expect(!below.popupOpened)
        let at = afterLongPressOnE(hold: threshold)
        #expect(at.popupOpened)
        #expect(at.text == "e")  // the popup's first cell is the letter itself
        #expect(afterLongPressOnE(hold: threshold, cells: 2).text == "é")
        #expect(afterLongPressOnE(hold: threshold, cells: 1, layout: "fr").text == "é")
    }

    @Test func symbolsLayerTypesDigitsAndSwitchesBack() {
        var k = KeyboardScript()
        k.tap(.symbols)
        #expect(k.keyboard.layer == .symbols)
        k.type("42")
        k.tap("@")
        k.tap(.symbols)
        #expect(k.keyboard.layer == .letters)
        k.type("x")
        #expect(k.text == "42@x")
    }

    @Test func everyLayoutTypesItsOwnLetters() {
        for (name, word) in [("us", "qwerty"), ("de", "grüße"), ("fr", "azerty")] {
            var k = KeyboardScript(layout: name)
            k.type(word)
            #expect(k.text == word, "\(name)")
        }
    }

    @Test func autoModeHidesTheKeyboardWhenAPhysicalKeyboardIsAttached() {
        var k = KeyboardScript(mode: .auto, physicalKeyboard: true)
        #expect(k.controller.editingIndex == 0)
        #expect(k.controller.presentation(atMicroseconds: k.script.time).keyboard == nil)
        // A tap where the keyboard would be ends editing as before.
        k.script.tap(Point(x: 100, y: 470))
        k.flush()
        #expect(k.controller.editingIndex == nil)

        let shown = KeyboardScript(mode: .auto)
        #expect(shown.controller.presentation(atMicroseconds: shown.script.time).keyboard != nil)
    }

    @Test func offModeChangesNothing() {
        let session = ClearSession(
            items: [TodoItem(id: ItemID(rawValue: 1), text: "")], layout: smallLayout,
            keyboard: OnScreenKeyboardSettings(
                mode: .off, layout: KeyboardLayout.embedded(named: "us")!))
        #expect(session.controller.keyboard == nil)
    }

    @Test func slidesUpWithinTheEditMoveTimeAndAway() {
        let session = ClearSession(
            items: [TodoItem(id: ItemID(rawValue: 1), text: "x")], layout: smallLayout,
            keyboard: OnScreenKeyboardSettings(
                mode: .on, layout: KeyboardLayout.embedded(named: "us")!))
        var script = TouchScreenScript()
        script.tap(Point(x: 100, y: 25))
        for event in script.events { session.handle(event) }
        let begin = session.controller.actions.last!.timeMicroseconds
        let controller = session.controller
        let height = controller.keyboard!.geometry.heightPixels
        let duration = ClearTimings.editMoveMicroseconds
        let top = { (t: Int64) in controller.presentation(atMicroseconds: t).keyboard?.framePixels.y
        }
        #expect(top(begin) == nil)
        #expect(top(begin + duration - 1)! > 480 - height)
        #expect(top(begin + duration) == 480 - height)
        #expect(controller.presentation(atMicroseconds: begin + duration - 1).isAnimating)
        // Return (the physical key) ends editing: it slides away.
        session.handle(
            .key(
                KeyboardKey(
                    device: DeviceID(2), timeMicroseconds: begin + 1_000_000,
                    code: KeyboardKey.returnCode, pressed: true)))
        #expect(top(begin + 1_000_000 + duration / 2) != nil)
        #expect(top(begin + 1_000_000 + duration) == nil)
        // The edited row stays above the keyboard.
        #expect(480 - height >= smallLayout.rowHeightPixels)
    }
}
