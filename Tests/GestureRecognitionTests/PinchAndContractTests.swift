import Testing
import TouchInput

@testable import GestureRecognition

@Suite("Pinch values")
struct PinchValueTests {
    /// Two fingers down (the first at `first`, the second at `second`), then one frame
    /// moving them to `firstTo` / `secondTo`; returns that frame's report.
    func pinch(_ first: Point, _ second: Point, to firstTo: Point, _ secondTo: Point)
        -> PinchValues?
    {
        var s = TouchScript()
        s.down(0, first.x, first.y, at: 0)
        s.down(1, second.x, second.y, at: 10)
        s.frame(at: 20, [s.contact(0, .move, firstTo), s.contact(1, .move, secondTo)])
        let events = s.run()
        #expect(events.map(\.summary) == ["pinch began", "pinch changed"])
        return events.last?.pinch
    }

    @Test func upperAndLowerAreByYAtTheStart() {
        // The second finger lands above the first: it is the upper one.
        let v = pinch(
            Point(x: 100, y: 500), Point(x: 120, y: 300), to: Point(x: 100, y: 530),
            Point(x: 120, y: 290))
        #expect(v?.upperStartPixels == Point(x: 120, y: 300))
        #expect(v?.lowerStartPixels == Point(x: 100, y: 500))
        // Δupper = 290 − 300 = −10, Δlower = 500 − 530 = −30: spread 30.
        #expect(v?.spreadDeltaPixels == 30)
        #expect(v?.gapPixels == 60)
    }

    @Test func onlySpreadingApartCounts() {
        let together = pinch(
            Point(x: 100, y: 300), Point(x: 100, y: 500), to: Point(x: 100, y: 350),
            Point(x: 100, y: 450))
        #expect(together?.spreadDeltaPixels == 0)
        #expect(together?.spreadDeltaPixels.sign == .plus)
        #expect(together?.scale == 0.5)
        // One finger outward is enough; the larger outward travel counts.
        let one = pinch(
            Point(x: 100, y: 300), Point(x: 100, y: 500), to: Point(x: 100, y: 280),
            Point(x: 100, y: 480))
        #expect(one?.spreadDeltaPixels == 20)
    }

    @Test func scaleCentroidAndSpan() {
        let v = pinch(
            Point(x: 0, y: 0), Point(x: 0, y: 100), to: Point(x: 0, y: -50), Point(x: 0, y: 150))
        #expect(v?.spanPixels == 200)
        #expect(v?.scale == 2)
        #expect(v?.centroidPixels == Point(x: 0, y: 50))
    }

    @Test func fingersLandingOnTheSamePointHaveScaleOne() {
        let v = pinch(
            Point(x: 10, y: 10), Point(x: 10, y: 10), to: Point(x: 10, y: 10), Point(x: 10, y: 30))
        #expect(v?.scale == 1)
        // On a tie the first finger is upper, so the second moving down spreads them.
        #expect(v?.upperStartPixels == Point(x: 10, y: 10))
        #expect(v?.spreadDeltaPixels == 20)
    }
}

@Suite("Arena contract")
struct ArenaContractTests {
    @Test func gestureIDsIncreaseInBeginOrder() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.up(0, at: 50)  // tap #1
        s.down(0, 100, 100, at: 100)
        s.move(0, 200, 100, at: 120)  // pan #2
        s.up(0, at: 130)
        s.down(0, 100, 100, at: 200)
        s.down(1, 100, 200, at: 210)  // pinch #3
        s.up(0, at: 220)
        s.up(1, at: 230)
        let events = s.run()
        #expect(events.map(\.id.rawValue) == [1, 2, 2, 3, 3])
    }

    @Test func eventsHoldOnlyTheLastCallsReports() {
        var arena = GestureArena()
        arena.deviceAdded(TouchScript.touchscreen(DeviceID(1)))
        let down = TouchContact(seatSlot: 0, phase: .down, positionPixels: Point(x: 1, y: 1))
        let up = TouchContact(seatSlot: 0, phase: .up, positionPixels: .zero)
        arena.handle(TouchFrame(device: DeviceID(1), timeMicroseconds: 0, contacts: [down]))
        arena.handle(TouchFrame(device: DeviceID(1), timeMicroseconds: 10, contacts: [up]))
        #expect(arena.events.map(\.summary) == ["tap ended"])
        arena.advance(toMicroseconds: 20)
        #expect(arena.events.isEmpty)
    }

    @Test func stateTransitionsFollowUIKit() {
        // Reported states follow UIKit's order.
        let reported: Set<String> = [
            "began→changed", "began→ended", "began→cancelled", "changed→changed",
            "changed→ended", "changed→cancelled",
        ]
        for from in GestureState.allCases {
            for to in GestureState.allCases {
                let name = "\(from.rawValue)→\(to.rawValue)"
                #expect(from.canBeFollowed(by: to) == reported.contains(name), "\(name)")
            }
        }
        // Recognizers move along UIKit's table, with began and changed as running and
        // failed, ended and cancelled as idle.
        let phases: Set<String> = [
            "idle→possible", "possible→running", "possible→idle", "running→running",
            "running→idle",
        ]
        for from in RecognizerPhase.allCases {
            for to in RecognizerPhase.allCases {
                let name = "\(from)→\(to)"
                #expect(from.canTransition(to: to) == phases.contains(name), "\(name)")
            }
        }
    }

    @Test func sameInputTwiceGivesTheSameOutput() {
        var s = TouchScript(pixelsPerMillimetre: 8)
        s.down(0, 100, 300, at: 0)
        s.drag(0, by: 0, 80, from: 0, steps: 8)
        s.drag(0, by: 0, -120, from: 80, steps: 6)
        s.down(1, 100, 600, at: 200)
        s.drag(1, by: 0, 50, from: 200, steps: 5)
        s.up(0, at: 300)
        s.up(1, at: 310)
        let first = s.run()
        #expect(!first.isEmpty)
        #expect(first == s.run())
    }
}

@Suite("Input events")
struct InputEventTests {
    @Test func inputEventsRouteToTheArena() {
        var arena = GestureArena()
        let screen = TouchScript.touchscreen(DeviceID(3))
        let contact = { (phase: TouchPhase) in
            TouchContact(seatSlot: 0, phase: phase, positionPixels: Point(x: 5, y: 5))
        }
        var reports: [String] = []
        let events: [InputEvent] = [
            .deviceAdded(screen, timeMicroseconds: 0),
            .touchFrame(
                TouchFrame(device: DeviceID(3), timeMicroseconds: 10, contacts: [contact(.down)])),
            // A key event 600 ms later lets the long-press fire.
            .key(
                KeyboardKey(device: DeviceID(4), timeMicroseconds: 600_010, code: 30, pressed: true)
            ),
            .deviceRemoved(DeviceID(3), timeMicroseconds: 700_000),
            .touchFrame(
                TouchFrame(device: DeviceID(3), timeMicroseconds: 700_010, contacts: [contact(.up)])
            ),
        ]
        for event in events {
            arena.handle(event)
            reports += arena.events.map(\.summary)
        }
        #expect(reports == ["long-press began", "long-press cancelled"])
        #expect(arena.latestTimeMicroseconds == 700_010)
        #expect(arena.liveTouchCount == 0)
    }
}
