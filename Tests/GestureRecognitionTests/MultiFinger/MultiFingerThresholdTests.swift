import Testing
import TouchInput

@testable import GestureRecognition

/// Every threshold of the multi-finger recognizers, just below and just above
/// (docs/gesture-service.md, "Thresholds"). Positions are exact: 4 px per mm.
@Suite("Multi-finger thresholds")
struct MultiFingerThresholdTests {
    // MARK: grouping (docs/gesture-service.md, "Finger counts as people make them")

    @Test(arguments: [(149.999, true), (150.0, false)])
    func fingersLandingWithinTheGroupingTimeAreOneGesture(secondFingerAt: Double, oneGesture: Bool)
    {
        var s = MultiFingerScript()
        s.down([0], at: 0)
        s.down([1], x: 115, at: secondFingerAt)
        s.up([0, 1], at: 200)
        #expect(s.summary == (oneGesture ? ["2-finger tap ended"] : []))
    }

    /// The Atmel maXTouch's four-finger drag of the corpus: three fingers land, move, and
    /// the fourth lands 111 ms after the first. It joins while no finger has moved further
    /// than the grouping motion; once one has, the running swipe ignores it.
    @Test(arguments: [(10.0, 4), (10.25, 3)])
    func aFingerLandingBeforeTheGroupMovesJoinsIt(movedMillimetres: Double, fingers: Int) {
        var s = MultiFingerScript()
        s.down([0], at: 0)
        s.down([1, 2], x: 115, at: 28)
        s.move([0, 1, 2], by: 0, movedMillimetres, at: 97)
        s.down([3], x: 160, at: 111)
        for step in 1...4 { s.move([0, 1, 2, 3], by: 0, 8, at: 111 + Double(step) * 14) }
        s.up([0, 1, 2, 3], at: 200)
        let name = "\(fingers)-finger swipe down"
        #expect(s.summary == ["\(name) began", "\(name) ended"])
    }

    @Test func aSixthFingerIsNoGesture() {
        var five = MultiFingerScript()
        five.down([0, 1, 2, 3, 4], at: 0)
        five.up([0, 1, 2, 3, 4], at: 100)
        #expect(five.summary == ["5-finger tap ended"])

        var six = MultiFingerScript()
        six.down([0, 1, 2, 3, 4], at: 0)
        six.down([5], y: 300, at: 10)
        six.up([0, 1, 2, 3, 4, 5], at: 100)
        #expect(six.events.isEmpty)
    }

    @Test(arguments: [(149.999, false), (150.0, true)])
    func aSlowSwipeBeginsOnceTheGroupingTimeHasPassed(advanceTo: Double, began: Bool) {
        var s = MultiFingerScript()
        s.down([0], at: 0)
        s.move([0], by: 10, 0, at: 100)
        #expect(s.events.isEmpty)
        s.advance(to: advanceTo)
        #expect(s.summary == (began ? ["1-finger swipe right began"] : []))
        #expect(s.events.first?.timeMicroseconds == (began ? 150_000 : nil))
    }

    @Test(arguments: [(10.0, false), (10.25, true)])
    func aFastSwipeBeginsOnceAFingerMovedTheGroupingMotion(movedMillimetres: Double, began: Bool) {
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        s.move([0, 1], by: 0, movedMillimetres, at: 40)
        #expect(s.summary == (began ? ["2-finger swipe down began"] : []))
        #expect(s.events.first?.travelMillimetres == (began ? movedMillimetres : nil))
    }

    @Test func fiveFingersCloseTheGroup() {
        var s = MultiFingerScript()
        s.down([0, 1, 2, 3, 4], at: 0)
        s.move([0, 1, 2, 3, 4], by: 0, -3, at: 20)
        #expect(s.summary == ["5-finger swipe up began"])
    }

    // MARK: tap

    @Test(arguments: [(300.0, true), (300.001, false)])
    func tapDuration(liftAt: Double, isTap: Bool) {
        var s = MultiFingerScript()
        s.down([0, 1, 2], at: 0)
        s.up([0, 1, 2], at: liftAt)
        #expect(s.summary == (isTap ? ["3-finger tap ended"] : []))
    }

    @Test(arguments: [(2.0, true), (2.25, false)])
    func tapSlop(movedMillimetres: Double, isTap: Bool) {
        // One finger of two moves; the centroid moves half as far, short of a swipe.
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        s.move([0], by: 0, movedMillimetres, at: 50)
        s.up([0, 1], at: 100)
        #expect(s.summary == (isTap ? ["2-finger tap ended"] : []))
    }

    @Test(arguments: 1...5)
    func tapsWithEachFingerCount(fingers: Int) {
        var s = MultiFingerScript()
        s.down(Array(0..<fingers), at: 0)
        s.up(Array(0..<fingers), at: 80)
        #expect(s.summary == ["\(fingers)-finger tap ended"])
    }

    // MARK: long-press

    @Test(arguments: [(499.999, false), (500.0, true)])
    func longPressDuration(heldUntil: Double, began: Bool) {
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        s.advance(to: heldUntil)
        #expect(s.summary == (began ? ["2-finger long-press began"] : []))
    }

    @Test(arguments: [(2.0, true), (2.25, false)])
    func longPressSlop(movedMillimetres: Double, began: Bool) {
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        s.move([1], by: 0, movedMillimetres, at: 200)
        s.advance(to: 500)
        #expect(s.summary.first == (began ? "2-finger long-press began" : nil))
    }

    @Test func aLiftBeforeTheDeadlineIsNoLongPress() {
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        s.up([1], at: 400)
        s.advance(to: 600)
        s.up([0], at: 700)
        #expect(s.events.isEmpty)
    }

    // MARK: swipe

    @Test(arguments: [(2.0, false), (2.25, true)])
    func swipeBegin(movedMillimetres: Double, began: Bool) {
        var s = MultiFingerScript()
        s.down([0, 1, 2], at: 0)
        s.move([0, 1, 2], by: 0, movedMillimetres, at: 150)
        #expect(s.summary == (began ? ["3-finger swipe down began"] : []))
    }

    @Test(
        arguments: [
            (1, MultiFingerDirection.up), (2, .down), (3, .left), (4, .right), (5, .up),
            (3, .down), (1, .left), (5, .right),
        ])
    func swipesInEachDirectionWithEachFingerCount(fingers: Int, direction: MultiFingerDirection) {
        let (dx, dy): (Double, Double) =
            switch direction {
            case .up: (0, -25)
            case .down: (0, 25)
            case .left: (-25, 0)
            default: (25, 0)
            }
        var s = MultiFingerScript()
        let all = Array(0..<fingers)
        s.down(all, x: 60, y: 200, spacing: 12, at: 0)
        for step in 1...5 { s.move(all, by: dx / 5, dy / 5, at: 100 + Double(step) * 10) }
        s.up(all, at: 200)
        let name = "\(fingers)-finger swipe \(direction.rawValue)"
        #expect(s.summary == ["\(name) began", "\(name) ended"])
        #expect(s.events.last?.travelMillimetres == 25)
        // Progress is continuous: every frame once the group has closed (five fingers at
        // once; fewer, a finger 15 mm from where it landed, at 130 ms) reports the travel
        // so far.
        let travels = s.events.map(\.travelMillimetres)
        #expect(travels == (fingers == 5 ? [5, 10, 15, 20, 25, 25] : [15, 20, 25, 25]))
    }

    @Test(arguments: [(3.0, false), (3.001, true)])
    func directionLocksByTheLargerComponentStrictly(dx: Double, horizontal: Bool) {
        var s = MultiFingerScript()
        s.down([0], at: 0)
        s.move([0], by: dx, 3, at: 150)
        #expect(s.events.first?.direction == (horizontal ? .right : .down))
    }

    // MARK: edge swipe

    @Test(arguments: [(5.0, true), (5.25, false)])
    func edgeZone(fromEdgeMillimetres: Double, isEdgeSwipe: Bool) {
        // The right edge is at 270 mm; the swipe moves left, away from it.
        var s = MultiFingerScript()
        s.down([0], x: 270 - fromEdgeMillimetres, y: 200, at: 0)
        s.move([0], by: -30, 0, at: 150)
        s.up([0], at: 200)
        let name = isEdgeSwipe ? "1-finger edge-swipe left from right" : "1-finger swipe left"
        #expect(s.summary == ["\(name) began", "\(name) ended"])
    }

    @Test(
        arguments: [
            (ScreenEdge.top, Point(x: 135, y: 2), Point(x: 0, y: 30)),
            (.bottom, Point(x: 135, y: 478), Point(x: 0, y: -30)),
            (.left, Point(x: 1, y: 240), Point(x: 30, y: 0)),
            (.right, Point(x: 269, y: 240), Point(x: -30, y: 0)),
        ])
    func edgeSwipesFromEachEdge(edge: ScreenEdge, start: Point, move: Point) {
        var s = MultiFingerScript()
        s.down([0, 1, 2], x: start.x, y: start.y, spacing: 0.5, at: 0)
        s.move([0, 1, 2], by: move.x, move.y, at: 150)
        s.up([0, 1, 2], at: 200)
        #expect(s.events.first?.kind == .edgeSwipe)
        #expect(s.events.first?.edge == edge)
        #expect(s.events.first?.fingers == 3)
    }

    @Test func aSwipeTowardsTheEdgeItStartsAtIsNoEdgeSwipe() {
        var s = MultiFingerScript()
        s.down([0], x: 268, y: 200, at: 0)
        s.move([0], by: 0, 30, at: 150)
        #expect(s.events.first?.kind == .swipe)
    }

    // MARK: pinch

    @Test(arguments: [(1.75, false), (2.25, true)])
    func pinchBegin(spreadMillimetres: Double, began: Bool) {
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        s.spread([0, 1], by: spreadMillimetres, at: 150)
        #expect(s.summary == (began ? ["2-finger pinch out began"] : []))
    }

    @Test(arguments: [(2, MultiFingerDirection.in), (3, .out), (4, .in), (5, .out), (2, .out)])
    func pinchesWithEachFingerCount(fingers: Int, direction: MultiFingerDirection) {
        var s = MultiFingerScript()
        let all = Array(0..<fingers)
        s.down(all, x: 60, y: 200, spacing: 20, at: 0)
        let change = direction == .out ? 4.0 : -4.0
        for step in 1...5 { s.spread(all, by: change, at: 100 + Double(step) * 10) }
        s.up(all, at: 200)
        let name = "\(fingers)-finger pinch \(direction.rawValue)"
        #expect(s.summary == ["\(name) began", "\(name) ended"])
        #expect(abs((s.events.last?.travelMillimetres ?? 0) - 20) < 1e-9)
    }

    @Test func oneFingerIsNeverAPinch() {
        var s = MultiFingerScript()
        s.down([0], at: 0)
        s.advance(to: 150)
        #expect(s.arena.state == .undecided)
        s.up([0], at: 400)
        #expect(s.events.isEmpty)
    }

    // MARK: units and time

    /// The next deadline is when time changes something: the group closes (150 ms), a tap
    /// times out (one microsecond after 300 ms), a long-press begins (500 ms); a microsecond
    /// before each, nothing; none while no timer runs. The live service sleeps until it.
    @Test func theNextDeadlineIsWhenTimeNextChangesSomething() {
        var s = MultiFingerScript()
        #expect(s.arena.nextDeadlineMicroseconds == nil)
        s.down([0, 1], at: 0)
        for (deadline, next) in [(150_000, 300_001), (300_001, 500_000)] as [(Int64, Int64)] {
            #expect(s.arena.nextDeadlineMicroseconds == deadline)
            s.advance(to: Double(deadline - 1) / 1000)
            #expect(s.arena.nextDeadlineMicroseconds == deadline)
            s.advance(to: Double(deadline) / 1000)
            #expect(s.arena.nextDeadlineMicroseconds == next)
        }
        #expect(s.events.isEmpty)
        s.advance(to: 500)
        #expect(s.summary == ["2-finger long-press began"])
        #expect(s.arena.nextDeadlineMicroseconds == nil)

        var swipe = MultiFingerScript()
        swipe.down([0], at: 0)
        swipe.move([0], by: 12, 0, at: 20)
        #expect(swipe.summary == ["1-finger swipe right began"])
        #expect(swipe.arena.nextDeadlineMicroseconds == nil)
    }

    @Test func aDeviceWithoutASizeAssumes96PixelsPerInch() {
        var unsized = MultiFingerScript.sized
        unsized.sizeMillimetres = nil
        // 2 mm in the script is 8 px; at 96 px per inch 8 px is 2.117 mm: beyond the begin.
        var s = MultiFingerScript(device: unsized)
        s.down([0], at: 0)
        s.move([0], by: 0, 2, at: 150)
        #expect(s.summary == ["1-finger swipe down began"])
        // Typed apart: as one literal expression it took the type checker seconds.
        let expectedMillimetres: Double = 8 * 25.4 / 96
        let travelMillimetres: Double = s.events.first?.travelMillimetres ?? 0
        #expect(abs(travelMillimetres - expectedMillimetres) < 1e-9)
    }

    @Test func timeGoingBackwardsIsClamped() {
        var s = MultiFingerScript()
        s.down([0], at: 1000)
        s.up([0], at: 900)
        #expect(s.summary == ["1-finger tap ended"])
        #expect(s.events.first?.timeMicroseconds == 1_000_000)
    }

    @Test func theSameInputTwiceGivesTheSameReports() {
        func run() -> [MultiFingerGestureEvent] {
            var s = MultiFingerScript()
            s.down([0, 1, 2], at: 0)
            s.move([0, 1, 2], by: -40, 0, at: 150)
            s.up([0, 1, 2], at: 200)
            s.down([0, 1], at: 300)
            s.spread([0, 1], by: 10, at: 450)
            s.up([0, 1], at: 500)
            s.down([0], at: 600)
            s.advance(to: 1200)
            s.up([0], at: 1300)
            return s.events
        }
        let first = run()
        #expect(first == run())
        #expect(first.map(\.id.rawValue) == [1, 1, 2, 2, 3, 3])
    }
}
