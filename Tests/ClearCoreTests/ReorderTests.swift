import ClearCore
import GestureRecognition
import Testing
import TouchInput

/// Long-press reports, as the arena sends them.
extension Fixture {
    static func longPress(
        _ id: Int, _ state: GestureState, at time: Int64, y: Double, x: Double = 160
    )
        -> GestureEvent
    {
        GestureEvent(
            id: GestureID(rawValue: id), state: state, timeMicroseconds: time,
            values: .longPress(locationPixels: Point(x: x, y: y)))
    }
}

extension ClearController {
    /// Lifts the row under y at `time`, moves the finger to each y in `path` (10 ms
    /// apart), then ends the hold with `final`.
    func hold(
        y: Double, path: [Double], id: Int = 1, at time: Int64 = 0, final: GestureState = .ended
    ) {
        handle(Fixture.longPress(id, .began, at: time, y: y))
        var t = time
        for next in path {
            t += 10_000
            handle(Fixture.longPress(id, .changed, at: t, y: next))
        }
        handle(Fixture.longPress(id, final, at: t + 10_000, y: path.last ?? y))
    }

    /// The frame of the row showing `text` at `time`.
    func frame(of text: String, at time: Int64) -> RectPixels? {
        presentation(atMicroseconds: time).rows.first { $0.text == text && !$0.isLeaving }?
            .framePixels
    }
}

/// Reorder on a 320×480 screen (H = 50): 12 samples, 600 px of rows, max offset 120.
@Suite struct ReorderTests {
    func controller() -> ClearController {
        ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
    }

    @Test func theCentreMustPassTheNeighboursMidpointStrictly() {
        // Row 2's centre is at 125; row 3's midpoint at 175: 50 px away.
        for (dy, moves) in [(49.0, false), (50.0, false), (51.0, true)] {
            let c = controller()
            c.hold(y: 125, path: [125 + dy])
            #expect(c.actions == (moves ? [.move(timeMicroseconds: 20_000, from: 2, to: 3)] : []))
            #expect(c.items[2].text == (moves ? "rule the Web" : "watch WWDC videos"))
        }
        // Upwards: row 1's midpoint is at 75.
        for (dy, moves) in [(-49.0, false), (-50.0, false), (-51.0, true)] {
            let c = controller()
            c.hold(y: 125, path: [125 + dy])
            #expect(c.actions == (moves ? [.move(timeMicroseconds: 20_000, from: 2, to: 1)] : []))
        }
    }

    @Test func theRowKeepsItsDistanceToTheFinger() {
        // Grabbed 10 px below its centre: the centre is at finger − 10.
        let c = controller()
        c.hold(y: 135, path: [135 + 50])  // centre 175: on the midpoint, not past it
        #expect(c.actions.isEmpty)
        let d = controller()
        d.hold(y: 135, path: [135 + 51])
        #expect(d.actions.map(\.summary) == ["move 2 → 3"])
    }

    @Test func oneLongDragPassesSeveralRows() {
        let c = controller()
        c.hold(y: 125, path: [300])  // centre 300: past 175, 225, 275; not 325
        #expect(c.actions.map(\.summary) == ["move 2 → 5"])
        #expect(c.items[5].text == "watch WWDC videos")
        #expect(c.items.count == 12)
    }

    @Test func theHeldRowIsDrawnLastLargerWithAShadowAndFollowsTheFinger() {
        let c = controller()
        c.handle(Fixture.longPress(1, .began, at: 0, y: 125))
        c.handle(Fixture.longPress(1, .changed, at: 10_000, y: 140))
        let p = c.presentation(atMicroseconds: 10_000)
        let held = p.rows.last!
        #expect(held.text == "watch WWDC videos")
        #expect(held.scale == ClearTimings.liftedRowScale)
        #expect(held.shadowOpacity == 1)
        #expect(held.framePixels.y == 115)  // 100 + 15
        #expect(p.rows.dropLast().allSatisfy { $0.scale == 1 && $0.shadowOpacity == 0 })
    }

    @Test func theNeighbourSlidesIntoTheVacatedSlotIn200ms() {
        let c = controller()
        c.handle(Fixture.longPress(1, .began, at: 0, y: 125))
        c.handle(Fixture.longPress(1, .changed, at: 10_000, y: 180))  // past row 3's midpoint
        // Row 3 ("rule the Web") goes from 150 to 100 over 0.2 s, ease-in-out.
        #expect(c.frame(of: "rule the Web", at: 10_000)?.y == 150)
        let halfway = c.frame(of: "rule the Web", at: 110_000)!.y
        #expect(abs(halfway - 125) < 1e-9)
        c.advance(toMicroseconds: 210_000)
        #expect(c.frame(of: "rule the Web", at: 210_000)?.y == 100)
        // Colours follow the slots: the neighbour now has slot 2's colour.
        let row = c.presentation(atMicroseconds: 210_000).rows.first { $0.text == "rule the Web" }
        #expect(row?.backgroundColor == heatColor(index: 2, count: 12))
    }

    @Test func atTheLiftTheRowSettlesIntoItsSlotIn200ms() {
        let c = controller()
        c.hold(y: 125, path: [190])  // centre 190, slot 3 (top 150)
        let end: Int64 = 20_000
        let start = c.presentation(atMicroseconds: end).rows.last!
        #expect(start.text == "watch WWDC videos")
        #expect(start.framePixels.y == 165)
        #expect(start.scale == ClearTimings.liftedRowScale)
        #expect(c.isAnimating(at: end + 199_999))
        c.advance(toMicroseconds: end + 200_000)
        let settled = c.presentation(atMicroseconds: end + 200_000).rows.first {
            $0.text == "watch WWDC videos"
        }!
        #expect(settled.framePixels.y == 150)
        #expect(settled.scale == 1)
        #expect(settled.shadowOpacity == 0)
        #expect(!c.isAnimating(at: end + 200_000))
    }

    @Test func aCancelPutsTheRowBackAndCommitsNothing() {
        let c = controller()
        c.hold(y: 125, path: [300], final: .cancelled)
        #expect(c.actions.isEmpty)
        #expect(c.items == TodoList.swiftTutorialSamples)
        c.advance(toMicroseconds: 230_000)
        let rows = c.presentation(atMicroseconds: 230_000).rows
        for row in rows { #expect(row.framePixels.y == Double(row.modelIndex) * 50) }
        #expect(!c.isAnimating(at: 230_000))
    }

    @Test func aLongPressOffTheRowsOrWhileEditingDoesNothing() {
        let short = ClearController(
            items: Array(TodoList.swiftTutorialSamples.prefix(2)), layout: smallLayout)
        short.hold(y: 300, path: [20])
        #expect(short.actions.isEmpty)

        let editing = controller()
        editing.handle(Fixture.tap(1, at: 0, Point(x: 100, y: 25)))
        editing.hold(y: 125, path: [300], id: 2, at: 100_000)
        #expect(editing.kinds == [.editBegin])
    }

    @Test func badValuesAndTimesGoingBackDoNotBreakAHold() {
        let c = controller()
        c.handle(Fixture.longPress(1, .began, at: 1_000_000, y: 125))
        c.handle(Fixture.longPress(1, .changed, at: 1_010_000, y: .nan))
        c.handle(Fixture.longPress(1, .changed, at: 500_000, y: 1e300))  // earlier, far away
        c.handle(Fixture.longPress(1, .changed, at: 1_020_000, y: -.infinity))
        c.advance(toMicroseconds: 9_000_000)
        c.handle(Fixture.longPress(1, .ended, at: 9_000_000, y: 1e300))
        #expect(c.actions.map(\.summary) == ["move 2 → 11"])
        #expect(Set(c.items.map(\.id)).count == 12)
        #expect(c.scrollOffsetPixels == 120)
    }

    // MARK: auto-scroll

    /// A controller scrolled to its end (offset 120).
    func scrolledToTheEnd() -> ClearController {
        let c = controller()
        c.handle(Fixture.scroll(1, .began, at: 0, dy: -20))
        c.handle(Fixture.scroll(1, .ended, at: 10_000, dy: -200))
        #expect(c.scrollOffsetPixels == 120)
        return c
    }

    @Test func theTopEdgeZoneIsTheTopRowHeight() {
        // Finger at y 49 (1 px into the zone): 200 + 1000 · 1/50 = 220 px/s.
        let inside = scrolledToTheEnd()
        inside.handle(Fixture.longPress(2, .began, at: 1_000_000, y: 49))
        inside.advance(toMicroseconds: 1_100_000)
        #expect(abs(inside.scrollOffsetPixels - (120 - 22)) < 1e-9)
        // At y 50 the finger is on the zone's border: no auto-scroll.
        let border = scrolledToTheEnd()
        border.handle(Fixture.longPress(2, .began, at: 1_000_000, y: 50.5))
        border.handle(Fixture.longPress(2, .changed, at: 1_000_000, y: 50))
        border.advance(toMicroseconds: 1_100_000)
        #expect(border.scrollOffsetPixels == 120)
    }

    @Test func theBottomEdgeZoneIsTheBottomRowHeightAndDeeperIsFaster() {
        let layout = smallLayout
        #expect(ReorderAutoScroll.velocityPixelsPerSecond(fingerY: 430, layout: layout) == 0)
        #expect(
            abs(ReorderAutoScroll.velocityPixelsPerSecond(fingerY: 431, layout: layout) - 220)
                < 1e-9)
        #expect(ReorderAutoScroll.velocityPixelsPerSecond(fingerY: 470, layout: layout) == 1000)
        #expect(ReorderAutoScroll.velocityPixelsPerSecond(fingerY: 480, layout: layout) == 1200)
        #expect(ReorderAutoScroll.velocityPixelsPerSecond(fingerY: 600, layout: layout) == 1200)
        #expect(ReorderAutoScroll.velocityPixelsPerSecond(fingerY: 50, layout: layout) == 0)
        #expect(ReorderAutoScroll.velocityPixelsPerSecond(fingerY: 0, layout: layout) == -1200)

        let c = controller()
        c.handle(Fixture.longPress(1, .began, at: 0, y: 425))  // row 8
        c.handle(Fixture.longPress(1, .changed, at: 10_000, y: 470))  // 1000 px/s
        c.advance(toMicroseconds: 60_000)
        #expect(abs(c.scrollOffsetPixels - 50) < 1e-9)
    }

    @Test func autoScrollStopsAtTheListsEnd() {
        let c = controller()
        c.handle(Fixture.longPress(1, .began, at: 0, y: 425))
        c.handle(Fixture.longPress(1, .changed, at: 10_000, y: 475))  // 1100 px/s
        c.advance(toMicroseconds: 5_000_000)
        #expect(c.scrollOffsetPixels == 120)
        #expect(!c.isAnimating(at: 5_000_000))
        // Held at content y 475 − 0 + 120 = 595 (finger 475, grabbed 0 px from centre
        // 425 → centre 475): the last slot.
        c.handle(Fixture.longPress(1, .ended, at: 5_010_000, y: 475))
        #expect(c.actions.map(\.summary) == ["move 8 → 11"])
    }

    @Test func autoScrollCrossingsDoNotDependOnHowTimeIsAdvanced() {
        func run(stepMicroseconds: Int64) -> (ClearController, [Presentation]) {
            let c = controller()
            c.handle(Fixture.longPress(1, .began, at: 0, y: 225))  // row 4
            c.handle(Fixture.longPress(1, .changed, at: 10_000, y: 440))  // 400 px/s
            var t: Int64 = 10_000
            while t < 300_000 {
                t = min(300_000, t + stepMicroseconds)
                c.advance(toMicroseconds: t)
            }
            let frames = stride(from: 300_000, through: 600_000, by: 50_000).map {
                c.presentation(atMicroseconds: Int64($0))
            }
            c.handle(Fixture.longPress(1, .ended, at: 300_000, y: 440))
            return (c, frames)
        }
        let (coarse, coarseFrames) = run(stepMicroseconds: 290_000)
        let (fine, fineFrames) = run(stepMicroseconds: 1_000)
        #expect(coarse.actions == fine.actions)
        #expect(coarse.actions.count == 1)
        #expect(coarseFrames == fineFrames)
    }
}
