import TouchScript

/// The gesture service's recordings (`cleartouch gestures`, docs/gesture-service.md):
/// each gesture kind and its negatives, checked against `gestures.example.yaml` by their
/// gesture expectations. The synthetic touchscreen has 4 px per mm, so 20 mm is 80 px;
/// the service groups fingers landing less than 150 ms after the first, before any has
/// moved 10 mm.
let gestureScenarios: [Scenario] = [
    scenario(
        "gestures-swipe-3-left", .evemu,
        "three fingers swipe left 200 px (50 mm): a 3-finger swipe left, binding forward"
    ) { s in
        swipeLeft(&s, fingers: 3, pixels: 200, steps: 20)
    },
    scenario(
        "gestures-swipe-3-left-rotated", .evemu,
        "the same swipe on a panel turned 90 degrees clockwise (the expectation's rotation): upright it goes up, unbound"
    ) { s in
        swipeLeft(&s, fingers: 3, pixels: 200, steps: 20)
    },
    scenario(
        "gestures-swipe-too-short", .evemu,
        "three fingers swipe left 60 px (15 mm, short of forward's 20 mm): cancelled"
    ) { s in
        swipeLeft(&s, fingers: 3, pixels: 60, steps: 12)
    },
    scenario(
        "gestures-swipe-fingers-apart-in-time", .evemu,
        "one finger, two more 150 ms later (the group closed at the 150 ms grouping time), then a swipe left: no gesture"
    ) { s in
        s.down(slot: 0, x: 600, y: 900)
        s.wait(milliseconds: 140)
        s.down([(1, 660, 900), (2, 720, 900)])
        s.move([(0, -200, 0), (1, -200, 0), (2, -200, 0)], steps: 20)
        s.wait(milliseconds: 50)
        s.up([0, 1, 2])
    },
    scenario(
        "gestures-swipe-palm", .evemu,
        "a 3-finger swipe left, then one contact turns into a palm before the lift: cancelled, no command"
    ) { s in
        s.down([(0, 600, 900), (1, 660, 900), (2, 720, 900)])
        s.move([(0, -200, 0), (1, -200, 0), (2, -200, 0)], steps: 20)
        s.palm(slot: 1)
        s.wait(milliseconds: 30)
        s.up([0, 2])
        s.up(slot: 1)
    },
    scenario(
        "gestures-swipe-5-up", .trace,
        "five fingers swipe up 320 px (80 mm): a 5-finger swipe up, unbound"
    ) { s in
        swipe(
            &s, fingers: (0..<5).map { (slot: $0, x: 300 + 100 * $0, y: 1200) }, dx: 0, dy: -320,
            steps: 16)
    },
    scenario(
        "gestures-edge-swipe-bottom", .evemu,
        "one finger from 2 mm above the bottom edge up 400 px: an edge swipe up from the bottom, binding overview"
    ) { s in
        swipe(&s, fingers: [(0, 540, 1912)], dx: 0, dy: -400, steps: 20)
    },
    scenario(
        "gestures-edge-swipe-not-at-edge", .evemu,
        "the same swipe from 6 mm above the bottom edge (outside the 5 mm edge zone): a plain swipe up"
    ) { s in
        swipe(&s, fingers: [(0, 540, 1896)], dx: 0, dy: -400, steps: 20)
    },
    scenario(
        "gestures-pinch-in-2", .evemu,
        "two fingers 400 px apart close 120 px each (the spread shrinks 60 mm): a pinch in, binding zoom-out"
    ) { s in
        s.down([(0, 340, 900), (1, 740, 900)])
        s.move([(0, 120, 0), (1, -120, 0)], steps: 15)
        s.wait(milliseconds: 50)
        s.up([0, 1])
    },
    scenario(
        "gestures-pinch-out-4", .libinput,
        "four fingers spread 60 px each from their centre: a 4-finger pinch out, unbound"
    ) { s in
        s.down([(0, 420, 900), (1, 500, 900), (2, 580, 900), (3, 660, 900)])
        s.move([(0, -90, 0), (1, -30, 0), (2, 30, 0), (3, 90, 0)], steps: 15)
        s.wait(milliseconds: 50)
        s.up([0, 1, 2, 3])
    },
    scenario(
        "gestures-tap-2", .trace,
        "two fingers down together, lifted 80 ms later: a 2-finger tap, binding right-click"
    ) { s in
        s.down([(0, 500, 900), (1, 580, 900)])
        s.wait(milliseconds: 70)
        s.up([0, 1])
    },
    scenario(
        "gestures-tap-too-slow", .trace,
        "two fingers held 400 ms (after a tap's 300 ms, before a long-press's 500 ms): nothing"
    ) { s in
        s.down([(0, 500, 900), (1, 580, 900)])
        s.wait(milliseconds: 390)
        s.up([0, 1])
    },
    scenario(
        "gestures-getevent-swipe-4-down", .geteventLabelled,
        "an Android capture (`getevent -lp` then `getevent -lt`): four fingers swipe down 240 px (60 mm), a 4-finger swipe down, unbound"
    ) { s in
        swipe(
            &s, fingers: (0..<4).map { (slot: $0, x: 360 + 80 * $0, y: 700) }, dx: 0, dy: 240,
            steps: 16)
    },
    scenario(
        "gestures-getevent-tap-2", .geteventNumbers,
        "an Android capture without labels or description (`getevent -t`): two fingers tapped, a 2-finger tap, binding right-click"
    ) { s in
        s.down([(0, 500, 900), (1, 580, 900)])
        s.wait(milliseconds: 70)
        s.up([0, 1])
    },
    scenario(
        "gestures-long-press-3", .evemu,
        "three fingers held still 700 ms: a 3-finger long-press, binding menu"
    ) { s in
        s.down([(0, 500, 900), (1, 580, 900), (2, 660, 900)])
        s.wait(milliseconds: 690)
        s.up([0, 1, 2])
    },
]

/// Fingers down together, moved by (dx, dy) px in `steps` frames, resting 50 ms, lifted.
func swipe(
    _ s: inout Script, fingers: [(slot: Int, x: Int, y: Int)], dx: Int, dy: Int, steps: Int
) {
    s.down(fingers)
    s.move(fingers.map { ($0.slot, dx, dy) }, steps: steps)
    s.wait(milliseconds: 50)
    s.up(fingers.map(\.slot))
}

/// `fingers` fingers 60 px (15 mm) apart from x 600 on y 900, swiping left `pixels`.
func swipeLeft(_ s: inout Script, fingers: Int, pixels: Int, steps: Int) {
    swipe(
        &s, fingers: (0..<fingers).map { (slot: $0, x: 600 + 60 * $0, y: 900) }, dx: -pixels,
        dy: 0, steps: steps)
}
