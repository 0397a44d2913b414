import TouchScript

// Sleep and wake (docs/product-decisions.md, "Decisions for a kiosk that runs for
// months"), replayed with --idle-seconds 60 (the expectations' "idle_seconds" setting):
// the session sleeps 60 s after the last finger lifted, and the next touch wakes it and
// does nothing else until its last finger lifts.

let idleScenarios: [Scenario] = [
    scenario(
        "idle-sleep-wake", .trace,
        "--idle-seconds 60: complete 1; 60.01 s after the lift a swipe on row 2 only wakes; row 3 completes"
    ) { s in
        s.drag(x: 300, y: row(1), dx: 542, dy: 0)
        // A frame comes 10 ms after the script's time: the next touch is 60.01 s after the lift.
        s.wait(milliseconds: 60_000)
        s.drag(x: 300, y: row(2), dx: 542, dy: 0)
        s.wait(milliseconds: 600)
        s.drag(x: 300, y: row(3), dx: 542, dy: 0)
    },
    scenario(
        "idle-just-awake", .evemu,
        "--idle-seconds 60: complete 1; 59.99 s after the lift row 2 still completes (no sleep)"
    ) { s in
        s.drag(x: 300, y: row(1), dx: 542, dy: 0)
        s.wait(milliseconds: 59_980)
        s.drag(x: 300, y: row(2), dx: 542, dy: 0)
    },
    scenario(
        "idle-wake-pinch", .trace,
        "--idle-seconds 60: asleep, a pinch apart on rows 2 and 3 (a second finger joins) only wakes; a tap on row 0 edits"
    ) { s in
        s.drag(x: 300, y: row(1), dx: 542, dy: 0)
        s.wait(milliseconds: 61_000)
        s.down(slot: 0, x: 540, y: row(2))
        s.wait(milliseconds: 50)
        s.down(slot: 1, x: 560, y: row(3))
        s.move([(0, 0, -120), (1, 0, 120)], steps: 15)
        s.wait(milliseconds: 150)
        s.up(slot: 0)
        s.wait(milliseconds: 100)
        s.up(slot: 1)
        s.wait(milliseconds: 600)
        s.tap(x: 540, y: row(0))
    },
]
