import Recordings
import TouchInput
import TouchScript

/// One generated recording. Geometry (docs/replay.md): screen 1080×1920, W = 1080,
/// H = round(1080 × 50 / 320) = 169, row i spans y ∈ [169 i, 169 i + 169] (centre
/// 169 i + 85), list at its top. Thresholds: row pan W/2 = 540 px, pull H = 169 px,
/// pinch spread H/2 = 84.5 px per finger; slop 2 mm = 8 px (4 px/mm).
struct Scenario {
    enum Format: String { case trace, evemu, libinput }

    var name: String
    var format: Format
    /// One line for the file's comment; the full reasoning is in Recordings/README.md.
    var summary: String
    /// The starting list the trace header carries; nil: the 12 Swift sample items.
    /// Only traces carry a list.
    var list: [(text: String, completed: Bool)]?
    var script: Script
    /// The on-screen keyboard the trace header names (`keyboard MODE LAYOUT`); nil: none.
    var keyboard: RecordedKeyboard? = nil
}

/// Row centre y for row i (scroll offset 0).
func row(_ i: Int) -> Int { 169 * i + 85 }

let swiftSamples = [
    "feed the cat", "buy eggs", "watch WWDC videos", "rule the Web", "buy a new iPhone",
    "darn holes in socks", "write this tutorial", "master Swift", "learn to draw",
    "get more exercise",
    "catch up with Mom", "get a hair cut",
]

func scenario(
    _ name: String, _ format: Scenario.Format, _ summary: String,
    list: [(text: String, completed: Bool)]? = nil, _ build: (inout Script) -> Void
) -> Scenario {
    var script = Script()
    build(&script)
    return Scenario(name: name, format: format, summary: summary, list: list, script: script)
}

let keyReturn = KeyboardKey.returnCode

let scenarios: [Scenario] = [
    // MARK: row pan, W/2 = 540
    scenario("pan-complete-above", .trace, "swipe right 542 px (> W/2) on row 1: complete 1") { s in
        s.drag(x: 300, y: row(1), dx: 542, dy: 0)
    },
    scenario(
        "pan-complete-below", .libinput, "swipe right 538 px (< W/2) on row 1: snaps back, nothing"
    ) { s in
        s.drag(x: 300, y: row(1), dx: 538, dy: 0)
    },
    scenario("pan-delete-above", .evemu, "swipe left 542 px (> W/2) on row 2: delete 2") { s in
        s.drag(x: 800, y: row(2), dx: -542, dy: 0)
    },
    scenario("pan-delete-below", .evemu, "swipe left 538 px (< W/2) on row 2: snaps back, nothing")
    {
        s in
        s.drag(x: 800, y: row(2), dx: -538, dy: 0)
    },
    scenario(
        "pan-flick-short", .trace, "fast flick right 400 px in 30 ms: velocity is ignored, nothing"
    ) { s in
        s.down(x: 300, y: row(4))
        s.move(dx: 400, dy: 0, steps: 3)
        s.up()
    },
    scenario(
        "pan-direction-tie", .trace,
        "first move |dx| = |dy| is not a row pan: a pull of 20 px, then 600 px right: nothing"
    ) { s in
        s.down(x: 200, y: row(3))
        s.move(dx: 20, dy: 20, steps: 1)
        s.move(dx: 600, dy: 0, steps: 20)
        s.wait(milliseconds: 150)
        s.up()
    },
    scenario(
        "pan-direction-horizontal", .trace,
        "first move |dx| = |dy| + 1 is a row pan: then 600 px right: complete 3"
    ) { s in
        s.down(x: 200, y: row(3))
        s.move(dx: 21, dy: 20, steps: 1)
        s.move(dx: 600, dy: 0, steps: 20)
        s.wait(milliseconds: 150)
        s.up()
    },
    scenario(
        "uncomplete", .trace,
        "swipe right on a completed row: it becomes active again (real Clear)",
        list: [("feed the cat", false), ("buy eggs", true), ("rule the Web", false)]
    ) { s in
        s.drag(x: 300, y: row(1), dx: 560, dy: 0)
    },
    scenario(
        "delete-last-row", .evemu, "swipe left on row 11, the last one: delete 11, nothing moves up"
    ) { s in
        s.drag(x: 900, y: 1890, dx: -600, dy: 0)
    },

    // MARK: pull, H = 169
    scenario(
        "pull-add-above", .trace, "pull the list 171 px (> H) down: add 0, edit it, type, Return"
    ) { s in
        s.drag(x: 540, y: 500, dx: 0, dy: 171)
        s.wait(milliseconds: 400)
        s.type("buy milk")
        s.key(keyReturn)
    },
    scenario("pull-below", .libinput, "pull 167 px (< H): the placeholder goes, nothing") { s in
        s.drag(x: 540, y: 500, dx: 0, dy: 167)
    },
    scenario(
        "pull-back-under", .trace,
        "pull 300 px then back to 150 px before release: the position at release counts, nothing"
    ) { s in
        s.down(x: 540, y: 400)
        s.move(dx: 0, dy: 300, steps: 15)
        s.move(dx: 0, dy: -150, steps: 10)
        s.wait(milliseconds: 150)
        s.up()
    },
    scenario(
        "scroll-then-pull", .trace,
        "scroll the list up 100 px, then drag down 400 px: the drag began scrolled (off > 0), so no add"
    ) { s in
        s.drag(x: 540, y: 1200, dx: 0, dy: -100)
        s.wait(milliseconds: 1000)
        s.drag(x: 540, y: 600, dx: 0, dy: 400)
    },

    // MARK: pinch, H/2 = 84.5 per finger
    scenario(
        "pinch-add-above", .trace,
        "rows 3 and 4, both fingers apart 86 px (> H/2): add 4, edit it, type, Return"
    ) { s in
        s.down([(0, 540, row(3)), (1, 560, row(4))])
        s.move([(0, 0, -86), (1, 0, 86)], steps: 15)
        s.wait(milliseconds: 150)
        s.up([0, 1])
        s.wait(milliseconds: 400)
        s.type("call Mom")
        s.key(keyReturn)
    },
    scenario(
        "pinch-below", .evemu,
        "rows 3 and 4, both fingers apart 83 px (< H/2): rows close again, nothing"
    ) { s in
        s.down([(0, 540, row(3)), (1, 560, row(4))])
        s.move([(0, 0, -83), (1, 0, 83)], steps: 15)
        s.wait(milliseconds: 150)
        s.up([0, 1])
    },
    scenario(
        "pinch-one-finger", .trace,
        "rows 5 and 6, only the lower finger moves 90 px down (> H/2): add 6"
    ) { s in
        s.down([(0, 540, row(5)), (1, 560, row(6))])
        s.move([(1, 0, 90)], steps: 15)
        s.wait(milliseconds: 150)
        s.up([0, 1])
    },
    scenario(
        "pinch-scrolled", .trace,
        "20 items scrolled by 400 px; pinch rows 4 and 5 (as shown) apart 100 px: add 5 between them",
        list: (1...20).map { ("item \($0)", false) }
    ) { s in
        s.drag(x: 540, y: 1500, dx: 0, dy: -400)
        s.wait(milliseconds: 1000)
        // At offset 400 row i spans 169 i − 400 … 169 i − 231: row 4 is 276…445, row 5 445…614.
        s.down([(0, 540, 361), (1, 560, 530)])
        s.move([(0, 0, -100), (1, 0, 100)], steps: 15)
        s.wait(milliseconds: 150)
        s.up([0, 1])
    },
    scenario(
        "pinch-non-adjacent", .evemu, "rows 2 and 5 spread 200 px each: not adjacent rows, ignored"
    ) { s in
        s.down([(0, 540, row(2)), (1, 560, row(5))])
        s.move([(0, 0, -200), (1, 0, 200)], steps: 15)
        s.wait(milliseconds: 150)
        s.up([0, 1])
    },
    scenario(
        "pinch-together", .evemu,
        "rows 3 and 4 pinched together 60 px each: only spreading counts, nothing"
    ) { s in
        s.down([(0, 540, row(3) - 40), (1, 560, row(4) + 40)])
        s.move([(0, 0, 60), (1, 0, -60)], steps: 15)
        s.wait(milliseconds: 150)
        s.up([0, 1])
    },
    scenario(
        "pinch-fingers-apart-in-time", .evemu,
        "first finger on row 7, the second on row 8 120 ms later, spread 100 px: add 8"
    ) { s in
        s.down(slot: 0, x: 540, y: row(7))
        s.wait(milliseconds: 110)
        s.down(slot: 1, x: 560, y: row(8))
        s.move([(0, 0, -100), (1, 0, 100)], steps: 15)
        s.wait(milliseconds: 150)
        s.up([0, 1])
    },
    scenario(
        "pinch-during-drag", .trace,
        "a vertical drag of 40 px, then a second finger: the drag is cancelled, the pinch spreads 100 px: add 2"
    ) { s in
        s.down(slot: 0, x: 540, y: row(1) + 20)
        s.move(slot: 0, dx: 0, dy: 40, steps: 4)
        s.down(slot: 1, x: 560, y: row(2))
        s.move([(0, 0, -100), (1, 0, 100)], steps: 15)
        s.wait(milliseconds: 150)
        s.up([0, 1])
    },
    scenario(
        "pinch-after-row-pan", .trace,
        "a row pan of 100 px, then a second finger: the pan keeps its touch, ends short of W/2: nothing"
    ) { s in
        s.down(slot: 0, x: 300, y: row(3))
        s.move(slot: 0, dx: 100, dy: 0, steps: 5)
        s.down(slot: 1, x: 560, y: row(4))
        s.move([(0, 100, 0), (1, 0, 150)], steps: 10)
        s.wait(milliseconds: 150)
        s.up([0, 1])
    },

    // MARK: tap and editing
    scenario(
        "tap-edit-return", .trace, "tap row 0: edit it, type, Return: edit-begin 0, edit-end 0"
    ) { s in
        s.tap(x: 500, y: row(0))
        s.wait(milliseconds: 400)
        s.type(" twice")
        s.key(keyReturn)
    },
    scenario(
        "tap-completed-row", .trace, "tap a completed row: it cannot be edited, nothing",
        list: [("feed the cat", false), ("buy eggs", true), ("rule the Web", false)]
    ) { s in
        s.tap(x: 500, y: row(1))
    },
    scenario(
        "edit-ended-by-tap", .trace,
        "tap row 3, type, then tap row 6: edit-end 3, and the tap starts nothing else"
    ) { s in
        s.tap(x: 500, y: row(3))
        s.wait(milliseconds: 400)
        s.type(" today")
        s.wait(milliseconds: 200)
        s.tap(x: 500, y: row(6))
        s.wait(milliseconds: 400)
    },
    scenario(
        "empty-new-item-removed", .trace,
        "pull to add, Return without typing: the empty item is deleted"
    ) { s in
        s.drag(x: 540, y: 500, dx: 0, dy: 200)
        s.wait(milliseconds: 400)
        s.key(keyReturn)
    },

    // MARK: cancellation
    scenario(
        "palm-cancel", .evemu,
        "swipe right 600 px, then the contact turns into a palm before lifting: cancelled, nothing"
    ) { s in
        s.down(x: 300, y: row(2))
        s.move(dx: 600, dy: 0, steps: 20)
        s.palm()
        s.wait(milliseconds: 30)
        s.up()
    },
    scenario(
        "device-removed-cancel", .trace,
        "pull 250 px, then the touchscreen is unplugged: cancelled, nothing; Return 500 ms later (nothing to edit)"
    ) { s in
        s.down(x: 540, y: 500)
        s.move(dx: 0, dy: 250, steps: 15)
        s.removeDevice()
        // The file goes on after the removal, so the pull is cancelled by the removal (at
        // 160 ms) and not by the replay's end of file (at the last event).
        s.wait(milliseconds: 500)
        s.key(keyReturn)
    },

    // MARK: reorder (real Clear): hold 500 ms, drag; a neighbour moves when the held
    // row's centre passes its midpoint, one row (169 px) away
    scenario(
        "reorder-up", .evemu,
        "hold row 5 for 600 ms, drag up 360 px (past the midpoints of rows 4 and 3): move 5 to 3"
    ) { s in
        s.down(x: 540, y: row(5))
        s.wait(milliseconds: 600)
        s.move(dx: 0, dy: -360, steps: 20)
        s.wait(milliseconds: 150)
        s.up()
    },
    scenario(
        "reorder-down", .trace,
        "hold row 2 for 600 ms, drag down 400 px (past the midpoints of rows 3 and 4): move 2 to 4"
    ) { s in
        s.down(x: 540, y: row(2))
        s.wait(milliseconds: 600)
        s.move(dx: 0, dy: 400, steps: 20)
        s.wait(milliseconds: 150)
        s.up()
    },
    scenario(
        "reorder-auto-scroll", .trace,
        "20 items; hold row 2, drag into the bottom edge zone (y 1850), stay 2.5 s (the list scrolls to its end), back up to y 1001, lift: move 2 to 15",
        list: (1...20).map { ("item \($0)", false) }
    ) { s in
        s.down(x: 540, y: row(2))
        s.wait(milliseconds: 600)
        s.move(dx: 0, dy: 1850 - row(2), steps: 30)
        s.wait(milliseconds: 2500)
        s.move(dx: 0, dy: 1001 - 1850, steps: 20)
        s.wait(milliseconds: 150)
        s.up()
    },
    scenario(
        "reorder-hold-still", .trace,
        "hold row 3 for 800 ms without moving, lift: a long-press, nothing moves"
    ) { s in
        s.down(x: 540, y: row(3))
        s.wait(milliseconds: 800)
        s.up()
    },
    scenario(
        "reorder-no-midpoint", .trace,
        "hold row 3 for 600 ms, drag down 160 px (short of row 4's midpoint, 169 px): nothing"
    ) { s in
        s.down(x: 540, y: row(3))
        s.wait(milliseconds: 600)
        s.move(dx: 0, dy: 160, steps: 16)
        s.wait(milliseconds: 150)
        s.up()
    },
    scenario(
        "reorder-without-hold", .trace,
        "drag row 5 up 400 px at once (no hold): a plain scroll, nothing moves"
    ) { s in
        s.drag(x: 540, y: row(5), dx: 0, dy: -400)
    },

    // MARK: clear completed (real Clear): pull the content up past the list's end by > H
    scenario(
        "clear-completed", .trace,
        "5 items, 2 completed (shorter than the screen); drag up 200 px (> H): clear-completed 2",
        list: [
            ("feed the cat", false), ("buy eggs", true), ("rule the Web", false),
            ("learn to draw", true), ("get a hair cut", false),
        ]
    ) { s in
        s.drag(x: 540, y: 900, dx: 0, dy: -200)
    },
    scenario(
        "clear-completed-scrolled", .trace,
        "20 items, every third completed; scroll to the end, then drag up 250 px (> H): clear-completed 6",
        list: (1...20).map { ("item \($0)", $0 % 3 == 0) }
    ) { s in
        s.drag(x: 540, y: 1800, dx: 0, dy: -1600)
        s.wait(milliseconds: 1000)
        s.drag(x: 540, y: 1500, dx: 0, dy: -250)
    },
    scenario(
        "pull-up-short", .trace,
        "5 items, 2 completed; drag up exactly 169 px (= H, not more): springs back, nothing",
        list: [
            ("feed the cat", false), ("buy eggs", true), ("rule the Web", false),
            ("learn to draw", true), ("get a hair cut", false),
        ]
    ) { s in
        s.drag(x: 540, y: 900, dx: 0, dy: -169)
    },
    scenario(
        "pull-up-nothing-completed", .trace,
        "5 items, none completed; drag up 300 px: springs back, nothing",
        list: [
            ("feed the cat", false), ("buy eggs", false), ("rule the Web", false),
            ("learn to draw", false), ("get a hair cut", false),
        ]
    ) { s in
        s.drag(x: 540, y: 900, dx: 0, dy: -300)
    },
    scenario(
        "pull-up-middle", .trace,
        "20 items, every third completed; scroll 400 px, then drag up 300 px mid-list: a plain scroll, nothing",
        list: (1...20).map { ("item \($0)", $0 % 3 == 0) }
    ) { s in
        s.drag(x: 540, y: 1500, dx: 0, dy: -400)
        s.wait(milliseconds: 1000)
        s.drag(x: 540, y: 1500, dx: 0, dy: -300)
    },

    // MARK: touchpad (libinput's gestures, mapped onto Clear's)
    scenario(
        "touchpad-swipe-and-click", .trace,
        "pointer to row 1, three-finger swipe right 600 px: complete 1; pointer to row 3, click: edit it, type, Return"
    ) { s in
        s.pointerMove(dx: 0, dy: -676)  // from the screen centre (540, 960) to (540, 284): row 1
        s.touchpadSwipe(dx: 15, dy: 0, steps: 20)  // 20 × 15 units × 2 px = 600 px
        s.wait(milliseconds: 500)
        s.pointerMove(dx: 0, dy: 338)  // (540, 622): row 3
        s.click()
        s.wait(milliseconds: 400)
        s.type(" please")
        s.key(keyReturn)
    },

    // MARK: the demo
    scenario(
        "mixed-session", .trace,
        "a long session: complete, delete, pull to add, pinch to add, edit, scroll, uncomplete"
    ) { s in
        // complete "buy eggs" (row 1)
        s.drag(x: 250, y: row(1), dx: 600, dy: 0)
        s.wait(milliseconds: 500)
        // a short swipe left on row 3: snaps back
        s.drag(x: 850, y: row(3), dx: -300, dy: 0)
        s.wait(milliseconds: 500)
        // delete "watch WWDC videos" (row 2)
        s.drag(x: 850, y: row(2), dx: -620, dy: 0)
        s.wait(milliseconds: 800)
        // pull to add at the top, type, Return
        s.drag(x: 540, y: 300, dx: 0, dy: 260)
        s.wait(milliseconds: 500)
        s.type("water the plants")
        s.key(keyReturn)
        s.wait(milliseconds: 500)
        // pinch rows 4 and 5 apart, type, Return
        s.down([(0, 540, row(4)), (1, 560, row(5))])
        s.move([(0, 0, -110), (1, 0, 110)], steps: 15)
        s.wait(milliseconds: 150)
        s.up([0, 1])
        s.wait(milliseconds: 500)
        s.type("renew passport")
        s.key(keyReturn)
        s.wait(milliseconds: 500)
        // tap row 6 to edit it, end the editing with a tap elsewhere
        s.tap(x: 400, y: row(6))
        s.wait(milliseconds: 500)
        s.type("!")
        s.tap(x: 400, y: row(9))
        s.wait(milliseconds: 500)
        // a tap on the completed row 2 ("buy eggs" moved down by the add) does nothing
        s.tap(x: 400, y: row(2))
        s.wait(milliseconds: 500)
        // swipe it right again: active again
        s.drag(x: 250, y: row(2), dx: 600, dy: 0)
        s.wait(milliseconds: 500)
        // scroll down the list a little and back
        s.drag(x: 540, y: 1500, dx: 0, dy: -150)
        s.wait(milliseconds: 1500)
        s.drag(x: 540, y: 900, dx: 0, dy: 150)
        s.wait(milliseconds: 1500)
        // complete the last visible row, 9
        s.drag(x: 250, y: row(9), dx: 600, dy: 0)
    },
    // MARK: calibration (docs/calibration.md)
    scenario(
        "calibrate-session", .evemu,
        "a calibration session on a skewed, offset touch layer: one touch per target"
    ) { s in
        // The layer reports a target at screen-normalized (u, v) as device-normalized
        // (0.96 u + 0.015 v + 0.02, −0.01 u + 1.03 v − 0.025); each touch wobbles a pixel.
        for target in calibrationTargets {
            let x = 0.96 * target.u + 0.015 * target.v + 0.02
            let y = -0.01 * target.u + 1.03 * target.v - 0.025
            s.down(x: Int((x * 1080).rounded()), y: Int((y * 1920).rounded()))
            s.wait(milliseconds: 40)
            s.move(dx: 1, dy: 0, steps: 1)
            s.move(dx: -2, dy: 1, steps: 1)
            s.wait(milliseconds: 150)
            s.up()
            s.wait(milliseconds: 800)
        }
    },
]

/// The five calibration targets (docs/product-decisions.md), screen-normalized, in the order shown.
let calibrationTargets: [(u: Double, v: Double)] = [
    (0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9), (0.5, 0.5),
]
