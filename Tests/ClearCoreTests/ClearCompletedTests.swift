import ClearCore
import GestureRecognition
import Testing
import TouchInput

/// Clear completed on a 320×480 screen (H = 50).
@Suite struct ClearCompletedTests {
    /// Three rows (150 px, shorter than the screen: at its end), the middle one completed.
    func shortList(completed: Bool = true) -> ClearController {
        ClearController(
            items: TodoList(texts: [("a", false), ("b", completed), ("c", false)]).items,
            layout: smallLayout)
    }

    func pullUp(
        _ c: ClearController, by distance: Double, id: Int = 1, at time: Int64 = 0,
        final: GestureState = .ended
    ) {
        c.handle(Fixture.scroll(id, .began, at: time, dy: -10))
        c.handle(Fixture.scroll(id, .changed, at: time + 10_000, dy: -distance))
        c.handle(Fixture.scroll(id, final, at: time + 20_000, dy: -distance))
    }

    @Test func clearsOnlyPastH() {
        for (distance, clears) in [(49.0, false), (50.0, false), (51.0, true)] {
            let c = shortList()
            pullUp(c, by: distance)
            #expect(
                c.actions == (clears ? [.clearCompleted(timeMicroseconds: 20_000, count: 1)] : []))
            #expect(c.items.map(\.text) == (clears ? ["a", "c"] : ["a", "b", "c"]))
        }
    }

    @Test func withNothingCompletedTheListSpringsBack() {
        let c = shortList(completed: false)
        pullUp(c, by: 200)
        #expect(c.actions.isEmpty)
        #expect(c.scrollOffsetPixels == 200)
        #expect(c.isAnimating(at: 219_999))
        c.advance(toMicroseconds: 220_000)
        #expect(c.scrollOffsetPixels == 0)
    }

    @Test func theCueSaysWhatReleasingWillDo() {
        let c = shortList()
        c.handle(Fixture.scroll(1, .began, at: 0, dy: -10))
        c.handle(Fixture.scroll(1, .changed, at: 10_000, dy: -30))
        var cue = c.presentation(atMicroseconds: 10_000).placeholder!
        #expect(cue.label == ClearController.pullToClearLabel)
        #expect(abs(cue.alpha - 0.6) < 1e-12)
        // Below the last row: 3 · 50 − offset 30.
        #expect(cue.framePixels == RectPixels(x: 0, y: 120, width: 320, height: 50))
        c.handle(Fixture.scroll(1, .changed, at: 20_000, dy: -50))
        #expect(
            c.presentation(atMicroseconds: 20_000).placeholder?.label
                == ClearController.pullToClearLabel)
        c.handle(Fixture.scroll(1, .changed, at: 30_000, dy: -51))
        cue = c.presentation(atMicroseconds: 30_000).placeholder!
        #expect(cue.label == ClearController.releaseToClearLabel)
        #expect(cue.alpha == 1)

        let none = shortList(completed: false)
        none.handle(Fixture.scroll(1, .began, at: 0, dy: -80))
        #expect(
            none.presentation(atMicroseconds: 0).placeholder?.label
                == ClearController.nothingToClearLabel)
    }

    @Test func completedRowsFallAndFadeWhileTheRestCloseTheGapsIn300ms() {
        let c = shortList()
        pullUp(c, by: 80)
        let t: Int64 = 20_000
        let start = c.presentation(atMicroseconds: t)
        // At the release: nothing jumps. "c" is still where it was (100 − 80).
        #expect(start.rows.first { $0.text == "c" }?.framePixels.y == 20)
        #expect(start.rows.first { $0.text == "b" }?.isLeaving == true)
        let mid = c.presentation(atMicroseconds: t + 150_000)
        let leaving = mid.rows.first { $0.isLeaving }!
        #expect(leaving.text == "b")
        #expect(abs(leaving.alpha - 0.5) < 1e-9)
        #expect(mid.rows.first == leaving)  // drawn behind the others
        #expect(c.isAnimating(at: t + 299_999))
        c.advance(toMicroseconds: t + 300_000)
        let end = c.presentation(atMicroseconds: t + 300_000)
        #expect(end.rows.map(\.text) == ["a", "c"])
        #expect(end.rows.map(\.framePixels.y) == [0, 50])
        #expect(!end.isAnimating)
    }

    @Test func inTheMiddleOfALongListDraggingUpIsAPlainScroll() {
        let items = (1...20).map {
            TodoItem(id: ItemID(rawValue: UInt64($0)), text: "\($0)", completed: $0 % 2 == 0)
        }
        let c = ClearController(items: items, layout: smallLayout)  // max offset 520
        pullUp(c, by: 600)
        #expect(c.actions.isEmpty)
        #expect(c.scrollOffsetPixels == 520)
        #expect(c.presentation(atMicroseconds: 20_000).placeholder == nil)
        // Now at the end: the next drag up clears.
        pullUp(c, by: 60, id: 2, at: 1_000_000)
        #expect(c.actions.map(\.summary) == ["clear-completed 10"])
        c.advance(toMicroseconds: 2_000_000)
        #expect(c.scrollOffsetPixels == 20)  // 10 rows = 500 px: max offset 20
    }

    @Test func aCancelledPullUpSpringsBackAndClearsNothing() {
        let c = shortList()
        pullUp(c, by: 200, final: .cancelled)
        #expect(c.actions.isEmpty)
        c.advance(toMicroseconds: 220_000)
        #expect(c.scrollOffsetPixels == 0)
    }

    @Test func draggingBackDownIntoTheListIsAScroll() {
        let items = (1...20).map {
            TodoItem(id: ItemID(rawValue: UInt64($0)), text: "\($0)", completed: true)
        }
        let c = ClearController(items: items, layout: smallLayout)
        c.handle(Fixture.scroll(1, .began, at: 0, dy: -10))
        c.handle(Fixture.scroll(1, .ended, at: 10_000, dy: -600))
        #expect(c.scrollOffsetPixels == 520)
        c.handle(Fixture.scroll(2, .began, at: 100_000, dy: -100))
        c.handle(Fixture.scroll(2, .changed, at: 110_000, dy: 100))
        #expect(c.scrollOffsetPixels == 420)
        c.handle(Fixture.scroll(2, .ended, at: 120_000, dy: 100))
        #expect(c.actions.isEmpty)
        #expect(c.scrollOffsetPixels == 420)
    }
}
