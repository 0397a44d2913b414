import TouchInput
import TouchScript

// The levels' recordings (docs/clear-core.md, Levels). Thresholds: a pinch together
// closes past 2H = 338 px of shrink, a pull goes up a level past 4H = 676 px. Each
// navigation is followed by a rest longer than the 0.35 s transition.

/// Rows 1 and 5 (676 px apart) moved toward each other by `each` px per finger.
private func pinchTogether(_ s: inout Script, each: Int) {
    s.down([(0, 540, row(1)), (1, 560, row(5))])
    s.move([(0, 0, each), (1, 0, -each)], steps: 15)
    s.wait(milliseconds: 150)
    s.up([0, 1])
    s.wait(milliseconds: 600)
}

/// A pull of `distance` px from the top of the screen, then a rest.
private func pull(_ s: inout Script, _ distance: Int) {
    s.drag(x: 540, y: 400, dx: 0, dy: distance, steps: 30)
    s.wait(milliseconds: 600)
}

private func tap(_ s: inout Script, row index: Int) {
    s.tap(x: 540, y: row(index))
    s.wait(milliseconds: 600)
}

/// Closes the list `To Do` by a pull past 4H, then adds a list per title (pull, type, Return).
private func lists(_ s: inout Script, adding titles: [String]) {
    pull(&s, 700)
    for title in titles {
        pull(&s, 200)
        s.type(title)
        s.key(keyReturn)
        s.wait(milliseconds: 600)
    }
}

/// From the items to the menu: a pull past 4H twice.
private func menu(_ s: inout Script) {
    pull(&s, 700)
    pull(&s, 700)
}

let levelScenarios: [Scenario] = [
    // MARK: close the list
    scenario(
        "levels-close-list-pinch", .trace,
        "rows 1 and 5 pinched together 170 px each (shrink 340 > 2H): close-list 0"
    ) { s in pinchTogether(&s, each: 170) },
    scenario(
        "levels-pinch-together-short", .trace,
        "rows 1 and 5 pinched together 168 px each (shrink 336 < 2H): the rows spring back, nothing"
    ) { s in pinchTogether(&s, each: 168) },
    scenario(
        "levels-close-list-pull", .trace, "pull 678 px (> 4H): close-list 0 instead of add"
    ) { s in pull(&s, 678) },
    scenario(
        "levels-pull-exactly-4h", .trace, "pull exactly 676 px (= 4H): adds, as today (add 0, edit)"
    ) { s in pull(&s, 676) },
    scenario(
        "levels-pull-below-4h", .trace, "pull 674 px (< 4H): adds (add 0, edit)"
    ) { s in pull(&s, 674) },
    scenario(
        "levels-items-only", .trace,
        "replayed with --levels items: a pinch together past 2H does nothing, a pull past 4H adds"
    ) { s in
        pinchTogether(&s, each: 170)
        pull(&s, 700)
    },

    // MARK: the lists
    scenario(
        "levels-open-list-tap", .trace,
        "close the list by a pull past 4H, then tap its row: open-list 0"
    ) { s in
        pull(&s, 700)
        tap(&s, row: 0)
    },
    scenario(
        "lists-add-title", .trace,
        "at the lists level, pull 200 px: add 0 and edit-begin 0 on lists; type Shopping, Return"
    ) { s in lists(&s, adding: ["Shopping"]) },
    scenario(
        "lists-complete", .trace,
        "at the lists level, swipe the list To Do right: complete 0 on lists"
    ) { s in
        pull(&s, 700)
        s.drag(x: 300, y: row(0), dx: 600, dy: 0)
        s.wait(milliseconds: 600)
    },
    scenario(
        "lists-delete", .trace,
        "lists Shopping and To Do; swipe To Do (row 1) left: delete 1 on lists, with its 12 items"
    ) { s in
        lists(&s, adding: ["Shopping"])
        s.drag(x: 800, y: row(1), dx: -600, dy: 0)
        s.wait(milliseconds: 600)
    },
    scenario(
        "lists-insert-pinch", .trace,
        "lists Shopping and To Do; pinch rows 0 and 1 apart 100 px each: add 1 on lists, title Work"
    ) { s in
        lists(&s, adding: ["Shopping"])
        s.down([(0, 540, row(0)), (1, 560, row(1))])
        s.move([(0, 0, -60), (1, 0, 100)], steps: 15)
        s.wait(milliseconds: 150)
        s.up([0, 1])
        s.wait(milliseconds: 600)
        s.type("Work")
        s.key(keyReturn)
        s.wait(milliseconds: 600)
    },
    scenario(
        "lists-reorder", .trace,
        "lists Shopping and To Do; hold Shopping 600 ms, drag down 200 px: move 0 to 1 on lists"
    ) { s in
        lists(&s, adding: ["Shopping"])
        s.down(x: 540, y: row(0))
        s.wait(milliseconds: 600)
        s.move(dx: 0, dy: 200, steps: 20)
        s.wait(milliseconds: 150)
        s.up()
        s.wait(milliseconds: 600)
    },
    scenario(
        "lists-clear-completed", .trace,
        "lists Shopping and To Do; complete Shopping, drag up 200 px: clear-completed 1 on lists"
    ) { s in
        lists(&s, adding: ["Shopping"])
        s.drag(x: 300, y: row(0), dx: 600, dy: 0)
        s.wait(milliseconds: 600)
        s.drag(x: 540, y: 900, dx: 0, dy: -200)
        s.wait(milliseconds: 600)
    },
    scenario(
        "lists-tap-between", .trace,
        "lists Shopping and To Do; a tap on the line between them (y 169) and one below the last row: nothing"
    ) { s in
        lists(&s, adding: ["Shopping"])
        s.tap(x: 540, y: 169)
        s.wait(milliseconds: 600)
        s.tap(x: 540, y: 1500)
        s.wait(milliseconds: 600)
    },

    // MARK: the menu and its pages
    scenario(
        "levels-open-menu", .trace, "pull past 4H twice: close-list 0, then open-menu"
    ) { s in menu(&s) },
    scenario(
        "levels-close-menu-tap", .trace, "at the menu, tap My Lists: close-menu"
    ) { s in
        menu(&s)
        tap(&s, row: 0)
    },
    scenario(
        "levels-close-menu-pinch", .trace, "at the menu, a pinch together past 2H: close-menu"
    ) { s in
        menu(&s)
        pinchTogether(&s, each: 170)
    },
    scenario(
        "levels-close-menu-pull", .trace, "at the menu, a pull past 4H: close-menu"
    ) { s in
        menu(&s)
        pull(&s, 700)
    },
    scenario(
        "levels-themes-tap-back", .trace,
        "menu, tap Themes: open-page themes; tap heat: theme heat; tap below the rows: close-page"
    ) { s in
        menu(&s)
        tap(&s, row: 1)
        tap(&s, row: 0)
        s.tap(x: 540, y: 1500)
        s.wait(milliseconds: 600)
    },
    scenario(
        "levels-themes-pinch-back", .trace,
        "menu, tap Themes, then a pinch together past 2H: close-page"
    ) { s in
        menu(&s)
        tap(&s, row: 1)
        pinchTogether(&s, each: 170)
    },
    scenario(
        "levels-themes-pull-back", .trace, "menu, tap Themes, then a pull past 4H: close-page"
    ) { s in
        menu(&s)
        tap(&s, row: 1)
        pull(&s, 700)
    },
    scenario(
        "levels-settings-sound", .trace,
        "menu, tap Settings: open-page settings; tap Sound twice: sound off, sound on; pull back twice"
    ) { s in
        menu(&s)
        tap(&s, row: 2)
        tap(&s, row: 0)
        tap(&s, row: 0)
        pull(&s, 700)
        pull(&s, 700)
    },
    scenario(
        "levels-themes-choose", .trace,
        "menu, tap Themes: open-page themes; tap ocean (row 1): theme ocean; pull back twice"
    ) { s in
        menu(&s)
        tap(&s, row: 1)
        tap(&s, row: 1)
        pull(&s, 700)
        pull(&s, 700)
    },
    scenario(
        "levels-settings-sound-off", .trace,
        "menu, Settings, tap Sound: sound off; pull back twice, open To Do, complete row 1: all silent"
    ) { s in
        menu(&s)
        tap(&s, row: 2)
        tap(&s, row: 0)
        pull(&s, 700)
        pull(&s, 700)
        tap(&s, row: 0)
        s.drag(x: 300, y: row(1), dx: 600, dy: 0)
        s.wait(milliseconds: 600)
    },
]
