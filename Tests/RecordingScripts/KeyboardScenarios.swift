import ClearCore
import Recordings
import TouchInput
import TouchScript

/// Where the keys of the fully shown on-screen keyboard are on the 1080×1920 screen
/// (row height 169): the session's own geometry, so the scripts tap key centres.
struct KeyboardKeys {
    let keyboard: OnScreenKeyboard

    init(_ layout: String) {
        keyboard = OnScreenKeyboard(
            layout: KeyboardLayout.embedded(named: layout)!,
            clearLayout: ClearLayout(screen: SyntheticTouchscreen.screen, rowHeightPixels: 169))
    }

    /// The centre of the key doing `action` on `layer`, in whole pixels.
    func centre(_ action: KeyboardKeyAction, layer: KeyboardLayer = .letters) -> (x: Int, y: Int) {
        let geometry = keyboard.geometry
        guard let key = geometry.keys(layer).first(where: { $0.action == action }) else {
            preconditionFailure("\(keyboard.layout.name): no key \(action.name) on \(layer)")
        }
        let top = Double(geometry.screen.heightPixels) - geometry.heightPixels
        return (
            Int((key.framePixels.x + key.framePixels.width / 2).rounded()),
            Int((top + key.framePixels.midY).rounded())
        )
    }

    /// The pitch of the accent popup's cells (a letter's width plus the gap).
    var popupPitchPixels: Int {
        let keys = keyboard.geometry.letterKeys
        return Int((keys[1].framePixels.x - keys[0].framePixels.x).rounded())
    }
}

extension Script {
    /// Taps the key doing `action` (on `layer`), then waits 150 ms.
    mutating func tapKey(
        _ keys: KeyboardKeys, _ action: KeyboardKeyAction, layer: KeyboardLayer = .letters
    ) {
        let point = keys.centre(action, layer: layer)
        tap(x: point.x, y: point.y)
        wait(milliseconds: 150)
    }

    /// Taps the letters of `text` one by one.
    mutating func typeKeys(_ keys: KeyboardKeys, _ text: String, layer: KeyboardLayer = .letters) {
        for character in text { tapKey(keys, .character(String(character)), layer: layer) }
    }

    /// Long-presses `letter` 600 ms (past the 500 ms long-press), slides `cells` popup
    /// cells right and lifts there: types the letter's accented variant number `cells`.
    mutating func accent(_ keys: KeyboardKeys, _ letter: String, cells: Int) {
        let point = keys.centre(.character(letter))
        down(x: point.x, y: point.y)
        wait(milliseconds: 600)
        move(dx: cells * keys.popupPitchPixels, dy: -60, steps: 10)
        wait(milliseconds: 50)
        up()
        wait(milliseconds: 150)
    }

    /// Double-taps shift (100 ms between the taps): caps lock.
    mutating func capsLock(_ keys: KeyboardKeys) {
        let point = keys.centre(.shift)
        tap(x: point.x, y: point.y)
        wait(milliseconds: 100)
        tap(x: point.x, y: point.y)
        wait(milliseconds: 150)
    }
}

/// Typing on the on-screen keyboard (`keyboard on LAYOUT` in the header): every layout
/// with shift, caps lock, backspace, the symbols layer and an accent; Return ends the
/// editing. The list starts as one item, "note", edited by a tap on row 0.
let keyboardScenarios: [Scenario] = [
    keyboardTyping("us", "type Buy EGG, backspace, 12, é (long-press e), Return") { s, k in
        s.tapKey(k, .space)
        s.tapKey(k, .shift)
        s.typeKeys(k, "buy")  // Buy
        s.tapKey(k, .space)
        s.capsLock(k)
        s.typeKeys(k, "eggs")  // EGGS
        s.tapKey(k, .shift)  // caps lock off
        s.tapKey(k, .backspace)  // EGG
        s.tapKey(k, .space)
        s.tapKey(k, .symbols)
        s.typeKeys(k, "12", layer: .symbols)
        s.tapKey(k, .symbols, layer: .symbols)
        s.accent(k, "e", cells: 2)  // é
    },
    keyboardTyping("de", "type Grüße, backspace, ÖL, 5€, à (long-press a), Return") { s, k in
        s.tapKey(k, .space)
        s.tapKey(k, .shift)
        s.typeKeys(k, "grüßex")
        s.tapKey(k, .backspace)  // Grüße
        s.tapKey(k, .space)
        s.capsLock(k)
        s.typeKeys(k, "öl")  // ÖL
        s.tapKey(k, .shift)
        s.tapKey(k, .space)
        s.tapKey(k, .symbols)
        s.typeKeys(k, "5€", layer: .symbols)
        s.tapKey(k, .symbols, layer: .symbols)
        s.accent(k, "a", cells: 1)  // à
    },
    keyboardTyping("fr", "type Café (long-press e), backspace, OUI, 3, Return") { s, k in
        s.tapKey(k, .space)
        s.tapKey(k, .shift)
        s.typeKeys(k, "caf")
        s.accent(k, "e", cells: 1)  // é
        s.typeKeys(k, "z")
        s.tapKey(k, .backspace)  // Café
        s.tapKey(k, .space)
        s.capsLock(k)
        s.typeKeys(k, "oui")
        s.tapKey(k, .shift)
        s.tapKey(k, .space)
        s.tapKey(k, .symbols)
        s.typeKeys(k, "3", layer: .symbols)
    },
    Scenario(
        name: "keyboard-tap-outside", format: .trace,
        summary: "tap row 0, type ok on the keyboard, tap row 2 above it: edit-end 0 (no return)",
        list: [("note", false), ("milk", false), ("bread", false)],
        script: {
            var s = Script()
            let k = KeyboardKeys("us")
            s.tap(x: 500, y: row(0))
            s.wait(milliseconds: 400)
            s.typeKeys(k, "ok")
            s.tap(x: 500, y: row(2))
            s.wait(milliseconds: 400)
            return s
        }(), keyboard: RecordedKeyboard(mode: "on", layout: "us")),
    Scenario(
        name: "keyboard-auto-physical", format: .trace,
        summary:
            "keyboard auto with a physical keyboard attached: no on-screen keyboard, a tap where it would be ends the editing",
        list: [("note", false)],
        script: {
            var s = Script()
            let k = KeyboardKeys("us")
            s.tap(x: 500, y: row(0))
            s.wait(milliseconds: 400)
            s.type("!")
            s.tapKey(k, .character("q"))
            s.wait(milliseconds: 400)
            return s
        }(), keyboard: RecordedKeyboard(mode: "auto", layout: "us")),
]

/// Taps row 0 ("note"), waits for the keyboard, runs `body`, then taps Return.
func keyboardTyping(
    _ layout: String, _ summary: String, _ body: (inout Script, KeyboardKeys) -> Void
) -> Scenario {
    var script = Script()
    let keys = KeyboardKeys(layout)
    script.tap(x: 500, y: row(0))
    script.wait(milliseconds: 400)
    body(&script, keys)
    script.tapKey(keys, .return)
    script.wait(milliseconds: 400)
    return Scenario(
        name: "keyboard-typing-\(layout)", format: .trace, summary: summary,
        list: [("note", false)], script: script,
        keyboard: RecordedKeyboard(mode: "on", layout: layout))
}
