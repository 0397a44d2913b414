import GestureRecognition
import Testing
import TouchInput

@Suite("Thresholds, just below and just above")
struct ThresholdTests {
    /// One finger moves (dx, dy) over 50 ms and lifts at 100 ms.
    func moveAndLift(
        _ dx: Double, _ dy: Double, pixelsPerMillimetre: Double? = nil,
        pull: PullAvailability = .atRest
    )
        -> [GestureEvent]
    {
        var s = TouchScript(pixelsPerMillimetre: pixelsPerMillimetre)
        s.setPull(pull)
        s.down(0, 500, 500, at: 0)
        s.drag(0, by: dx, dy, from: 0, steps: 5)
        s.up(0, at: 100)
        return s.run()
    }

    @Test func slopInPixelsExactlyTenIsStillATap() {
        #expect(moveAndLift(10, 0).outline == ["tap ended"])
        #expect(moveAndLift(6, 8).outline == ["tap ended"])  // distance 10 exactly
    }

    @Test func slopInPixelsJustAboveBeginsAPan() {
        let events = moveAndLift(10.01, 0)
        #expect(events.first?.summary == "pan began")
        #expect(events.last?.summary == "pan ended")
        #expect(!events.contains { $0.kind == .tap })
    }

    @Test func slopInMillimetresTwoIsStillATap() {
        // 10 px per mm: 20 px = 2 mm, within the slop even though it is past 10 px.
        #expect(moveAndLift(20, 0, pixelsPerMillimetre: 10).outline == ["tap ended"])
        #expect(moveAndLift(15, 0, pixelsPerMillimetre: 10).outline == ["tap ended"])
    }

    @Test func slopInMillimetresJustAboveBeginsAPan() {
        let events = moveAndLift(20.1, 0, pixelsPerMillimetre: 10)
        #expect(events.outline == ["pan began", "pan ended"])
        // 4 px per mm: 9 px is 2.25 mm, beyond the physical slop though under 10 px.
        #expect(moveAndLift(9, 0, pixelsPerMillimetre: 4).outline == ["pan began", "pan ended"])
    }

    @Test func directionRuleEqualIsVertical() {
        // |dx| == |dy| is not a row pan (Clear: strictly greater); down at offset 0: pull.
        #expect(moveAndLift(30, 30).first?.kind == .pull)
        #expect(moveAndLift(30, -30).first?.kind == .scroll)
    }

    @Test func directionRuleJustHorizontalIsARowPan() {
        #expect(moveAndLift(30.01, 30).first?.kind == .pan)
        #expect(moveAndLift(-30.01, -30).first?.kind == .pan)
    }

    @Test func directionLocksOnTheFirstFrameBeyondTheSlop() {
        var s = TouchScript()
        s.down(0, 500, 500, at: 0)
        s.move(0, 500, 512, at: 10)  // beyond slop vertically: scroll… at offset 0 down → pull
        s.move(0, 700, 512, at: 20)  // now far more horizontal: stays a pull
        s.up(0, at: 30)
        #expect(s.run().outline == ["pull began", "pull changed", "pull ended"])
    }

    func tap(heldMilliseconds: Double) -> [GestureEvent] {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.up(0, at: heldMilliseconds)
        return s.run()
    }

    @Test func tapAt300MillisecondsIsATap() {
        let events = tap(heldMilliseconds: 300)
        #expect(events.outline == ["tap ended"])
        #expect(events.first?.timeMicroseconds == 300_000)
        #expect(events.first?.values == .tap(locationPixels: Point(x: 100, y: 100)))
    }

    @Test func tapAt301MillisecondsIsNothing() {
        #expect(tap(heldMilliseconds: 300.001).isEmpty)
        #expect(tap(heldMilliseconds: 301).isEmpty)
    }

    @Test func longPressBeforeFiveHundredMillisecondsDoesNotBegin() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.advance(to: 499.999)
        #expect(s.run().isEmpty)
    }

    @Test func longPressBeginsAtFiveHundredMillisecondsOnAdvance() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.advance(to: 500)
        s.up(0, at: 700)
        let events = s.run()
        #expect(events.outline == ["long-press began", "long-press ended"])
        #expect(events.first?.timeMicroseconds == 500_000)
        #expect(events.last?.timeMicroseconds == 700_000)
    }

    @Test func longPressBeginsOnTheNextFrameAfterTheDeadline() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.move(0, 103, 100, at: 650)  // within slop, first event after the deadline
        s.up(0, at: 800)
        let events = s.run()
        #expect(events.outline == ["long-press began", "long-press changed", "long-press ended"])
        // The report carries the deadline, not the frame's time.
        #expect(events.first?.timeMicroseconds == 500_000)
    }

    @Test func longPressFailsWhenMovedBeyondSlopFirst() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.move(0, 100, 80, at: 400)  // up the screen: a scroll
        s.advance(to: 600)
        s.up(0, at: 700)
        #expect(s.run().outline == ["scroll began", "scroll ended"])
    }

    @Test func longPressKeepsTheTouchAfterItBegan() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.advance(to: 500)
        s.move(0, 300, 100, at: 600)  // far beyond the slop: no pan
        s.up(0, at: 700)
        let events = s.run()
        #expect(events.outline == ["long-press began", "long-press changed", "long-press ended"])
        #expect(
            events.dropFirst().first?.values == .longPress(locationPixels: Point(x: 300, y: 100)))
    }

    @Test func pullOfferedWithNothingPulledIsAPull() {
        let events = moveAndLift(0, 40, pull: .atRest)
        #expect(events.outline == ["pull began", "pull changed", "pull ended"])
        #expect(events.last?.pullDistance == 40)
    }

    @Test func pullNotOfferedIsAScroll() {
        #expect(
            moveAndLift(0, 40, pull: .unavailable).outline == [
                "scroll began", "scroll changed", "scroll ended",
            ])
    }

    @Test func pullAddsWhatWasAlreadyPulled() {
        // The content is already 20 px past its edge when the drag starts.
        let events = moveAndLift(0, 40, pull: .available(alreadyPulledPixels: 20))
        #expect(events.first?.kind == .pull)
        #expect(events.last?.pullDistance == 60)
    }

    @Test func upwardDragAtTheTopIsAScroll() {
        #expect(moveAndLift(0, -40, pull: .atRest).first?.kind == .scroll)
    }

    @Test func pullDistanceIsReportedEveryFrame() {
        var s = TouchScript()
        s.down(0, 500, 500, at: 0)
        s.drag(0, by: 0, 60, from: 0, steps: 6)
        s.up(0, at: 100)
        let distances = s.run().compactMap(\.pullDistance)
        #expect(distances == [20, 30, 40, 50, 60, 60])
    }

    @Test func pullAbandonedWhenItGoesBackAboveTheTop() {
        var s = TouchScript()
        s.down(0, 500, 500, at: 0)
        s.move(0, 500, 530, at: 10)
        s.move(0, 500, 500, at: 20)  // pull distance 0: still a pull
        s.move(0, 500, 499, at: 30)  // −1: abandoned, scroll begins here
        s.move(0, 500, 480, at: 40)
        s.up(0, at: 50)
        let events = s.run()
        #expect(
            events.map(\.summary) == [
                "pull began", "pull changed", "pull cancelled", "scroll began", "scroll changed",
                "scroll ended",
            ])
        #expect(events[1].pullDistance == 0)
        #expect(events[2].pullDistance == -1)
        #expect(events[2].timeMicroseconds == events[3].timeMicroseconds)
        #expect(events[3].id > events[2].id)
        #expect(events[3].pan?.startPixels == Point(x: 500, y: 499))
        #expect(events[3].pan?.translationPixels == Point(x: 0, y: 0))
        #expect(events[4].pan?.translationPixels == Point(x: 0, y: -19))
    }

    @Test func velocityFollowsASteadyDrag() {
        var s = TouchScript()
        s.setPull(.unavailable)
        s.down(0, 500, 500, at: 0)
        s.drag(0, by: 0, -300, from: 0, steps: 30)  // 1 px per ms = 1000 px/s upwards
        s.up(0, at: 305)
        let ended = s.run().last
        #expect(ended?.summary == "scroll ended")
        let v = ended?.pan?.velocityPixelsPerSecond ?? .zero
        #expect(abs(v.y + 1000) < 1e-3)
        #expect(abs(v.x) < 1e-3)
    }

    @Test func velocityIsZeroAfterTheFingerRests() {
        var s = TouchScript()
        s.setPull(.unavailable)
        s.down(0, 500, 500, at: 0)
        s.drag(0, by: 0, -300, from: 0, steps: 30)
        s.up(0, at: 300 + 101)  // rested a bit more than the 100 ms window
        #expect(s.run().last?.pan?.velocityPixelsPerSecond == .zero)
    }

    @Test func velocityIgnoresJitterOfARestingFinger() {
        var s = TouchScript()
        s.setPull(.unavailable)
        s.down(0, 500, 500, at: 0)
        s.drag(0, by: 0, -100, from: 0, steps: 10)
        // Resting with ±1 px jitter for 100 ms, lifting just after the last jitter frame.
        for k in 0..<10 { s.move(0, 500, 400 + (k % 2 == 0 ? 1 : -1), at: 110 + Double(k) * 10) }
        s.up(0, at: 201)
        let v = s.run().last?.pan?.velocityPixelsPerSecond ?? Point(x: 1e9, y: 1e9)
        // The last two frames alone would say 2 px / 10 ms = 200 px/s.
        #expect(abs(v.y) < 30)
    }

    @Test func configurationThresholdsAreUsed() {
        var s = TouchScript()
        s.configuration = GestureConfiguration(
            slopPixels: 30, tapMaximumDurationMicroseconds: 50_000)
        s.down(0, 100, 100, at: 0)
        s.move(0, 125, 100, at: 10)
        s.up(0, at: 40)
        #expect(s.run().outline == ["tap ended"])
    }
}
