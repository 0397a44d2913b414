import ClearCore
import GestureRecognition
import Testing
import TouchInput

/// The presentation sampled at chosen times against docs/clear-rules.md's formulas.
@Suite struct PresentationTests {
    let ease = TimingCurveTests.easeInOutByBisection

    func at(_ presentation: Presentation, _ index: Int) -> RowPresentation {
        presentation.rows.first { $0.modelIndex == index }!
    }

    func row(_ presentation: Presentation, _ text: String) -> RowPresentation? {
        presentation.rows.first { $0.text == text }
    }

    @Test func restingListColoursAndFrames() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        let presentation = controller.presentation(atMicroseconds: 0)
        #expect(presentation.rows.count == 10)  // 9.6 rows fit on 480 px
        #expect(
            presentation.rows[3].framePixels == RectPixels(x: 0, y: 150, width: 320, height: 50))
        #expect(presentation.rows[0].backgroundColor == RGBColor(red: 1, green: 0, blue: 0))
        #expect(presentation.rows[9].backgroundColor == heatColor(index: 9, count: 12))
        #expect(
            presentation.rows.allSatisfy { $0.alpha == 1 && !$0.strikethrough && !$0.isEditing })
        #expect(presentation.cues == nil)
        #expect(presentation.placeholder == nil)
        #expect(presentation.editing == nil)
        #expect(!presentation.isAnimating)

        let single = ClearController(
            items: [TodoItem(id: ItemID(rawValue: 1), text: "one")], layout: smallLayout)
        #expect(
            single.presentation(atMicroseconds: 0).rows[0].backgroundColor
                == RGBColor(red: 1, green: 0, blue: 0))
    }

    @Test func completedRowsAreGreenWithAStrikethrough() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.swipe(rowAtY: 25, dx: 200, id: 1, at: 0)
        let first = controller.presentation(atMicroseconds: 1_000_000).rows[0]
        #expect(first.backgroundColor == .completedGreen)
        #expect(first.completed && first.strikethrough)
    }

    @Test func cuesFollowThePannedRow() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        let start = Point(x: 100, y: 75)
        controller.handle(Fixture.pan(1, .began, at: 0, start: start, dx: 80))
        var cues = controller.presentation(atMicroseconds: 0).cues
        #expect(cues?.alpha == 0.5)
        #expect(cues?.tickColor == .white)
        #expect(cues?.crossColor == .white)
        controller.handle(Fixture.pan(1, .changed, at: 10_000, start: start, dx: 160))
        cues = controller.presentation(atMicroseconds: 10_000).cues
        #expect(cues?.alpha == 1)
        #expect(cues?.tickColor == .white)
        controller.handle(Fixture.pan(1, .changed, at: 20_000, start: start, dx: 240))
        let presentation = controller.presentation(atMicroseconds: 20_000)
        cues = presentation.cues
        #expect(cues?.alpha == 1.5)  // unclamped
        #expect(cues?.tickColor == .pureGreen)
        #expect(cues?.crossColor == .white)
        #expect(cues?.tickFramePixels == RectPixels(x: 180, y: 50, width: 50, height: 50))
        #expect(cues?.crossFramePixels == RectPixels(x: 570, y: 50, width: 50, height: 50))
        #expect(presentation.rows[1].framePixels.x == 240)
        #expect(presentation.rows[1].framePixels.y == 50)
        controller.handle(Fixture.pan(1, .changed, at: 30_000, start: start, dx: -160.5))
        cues = controller.presentation(atMicroseconds: 30_000).cues
        #expect(cues?.crossColor == .pureRed)
        #expect(cues?.tickColor == .white)
    }

    @Test func snapBackTakesPointTwoSecondsEaseInOut() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.swipe(rowAtY: 75, dx: 100, id: 1, at: 0)  // ends at 20 ms
        #expect(controller.presentation(atMicroseconds: 20_000).rows[1].framePixels.x == 100)
        let quarter = controller.presentation(atMicroseconds: 70_000)
        #expect(abs(quarter.rows[1].framePixels.x - 100 * (1 - ease(0.25))) < 1e-9)
        #expect(abs(quarter.cues!.alpha - quarter.rows[1].framePixels.x / 160) < 1e-12)
        #expect(quarter.isAnimating)
        let done = controller.presentation(atMicroseconds: 220_000)
        #expect(done.rows[1].framePixels.x == 0)
        #expect(!done.isAnimating)
    }

    @Test func deleteShuffleIsStaggeredEaseInOut() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.swipe(rowAtY: 125, dx: -200, id: 1, at: 0)  // deletes row 2 at t0 = 20 ms
        let t0: Int64 = 20_000
        #expect(controller.actions == [Action(timeMicroseconds: t0, kind: .delete, index: 2)])
        let atStart = controller.presentation(atMicroseconds: t0)
        #expect(row(atStart, "watch WWDC videos") == nil)  // hidden at once
        #expect(row(atStart, "rule the Web")?.framePixels.y == 150)  // where it was
        #expect(row(atStart, "buy a new iPhone")?.framePixels.y == 200)

        // 0.105 s in: the first row below is 0.35 through its 0.3 s, the second 0.25
        // (it started 0.03 s later).
        let sample = controller.presentation(atMicroseconds: t0 + 105_000)
        let first = row(sample, "rule the Web")!
        let second = row(sample, "buy a new iPhone")!
        #expect(first.modelIndex == 2)
        #expect(second.modelIndex == 3)
        #expect(abs(first.framePixels.y - (100 + 50 * (1 - ease(0.35)))) < 1e-9)
        #expect(abs(second.framePixels.y - (150 + 50 * (1 - ease(0.25)))) < 1e-9)
        // Halfway through its own movement, the second row is exactly half a row up.
        let half = controller.presentation(atMicroseconds: t0 + 30_000 + 150_000)
        #expect(abs(row(half, "buy a new iPhone")!.framePixels.y - 175) < 1e-9)

        // Rows that were on screen or just below it move: old rows 3...10, 8 rows, so the
        // last one finishes at 0.03·7 + 0.3 = 0.51 s.
        let end = t0 + 510_000
        #expect(controller.presentation(atMicroseconds: end - 1).isAnimating)
        let rest = controller.presentation(atMicroseconds: end)
        #expect(!rest.isAnimating)
        #expect(rest.rows.map(\.framePixels.y) == (0..<10).map { Double($0) * 50 })
        // The gradient re-spreads over the 11 remaining rows at once.
        #expect(rest.rows[9].backgroundColor == heatColor(index: 9, count: 11))
    }

    @Test func editModeMovesTheRowToTheTopAndFadesTheOthers() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.tap(1, at: 0, Point(x: 100, y: 175)))
        let half = controller.presentation(atMicroseconds: 150_000)
        #expect(abs(at(half, 3).framePixels.y - 75) < 1e-9)
        #expect(abs(at(half, 4).framePixels.y - 125) < 1e-9)
        #expect(at(half, 3).alpha == 1)
        #expect(abs(at(half, 4).alpha - 0.65) < 1e-9)
        #expect(at(half, 3).isEditing)
        #expect(
            half.editing
                == EditingPresentation(
                    modelIndex: 3, text: "rule the Web", caretCharacterOffset: 12))

        let entered = controller.presentation(atMicroseconds: 300_000)
        #expect(entered.rows.first { $0.modelIndex == 3 }?.framePixels.y == 0)
        #expect(entered.rows.filter { $0.modelIndex != 3 }.allSatisfy { $0.alpha == 0.3 })
        #expect(!entered.isAnimating)

        controller.insertText("!", at: 400_000)
        #expect(
            controller.presentation(atMicroseconds: 400_000).rows.first { $0.isEditing }?.text
                == "rule the Web!")
        controller.pressReturn(at: 1_000_000)
        let leaving = controller.presentation(atMicroseconds: 1_150_000)
        #expect(abs(at(leaving, 3).framePixels.y - 75) < 1e-9)
        #expect(abs(at(leaving, 4).alpha - 0.65) < 1e-9)
        #expect(leaving.editing == nil)
        let back = controller.presentation(atMicroseconds: 1_300_000)
        #expect(at(back, 3).framePixels.y == 150)
        #expect(back.rows.allSatisfy { $0.alpha == 1 })
    }

    @Test func aCommittedPullGrowsOutOfThePlaceholder() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.pullList(to: 80, id: 1, at: 0)  // commits at 20 ms
        let atCommit = controller.presentation(atMicroseconds: 20_000)
        #expect(atCommit.placeholder == nil)
        #expect(atCommit.rows[0].text == "")
        #expect(atCommit.rows[0].framePixels.y == 30)  // where the placeholder was
        #expect(atCommit.rows[1].framePixels.y == 80)  // where the old first row was
        let settled = controller.presentation(atMicroseconds: 320_000)
        #expect(settled.rows[0].framePixels.y == 0)
        #expect(settled.rows[1].framePixels.y == 50)
        #expect(settled.rows[1].alpha == 0.3)
    }

    @Test func aCommittedPinchResetsTheRowsAndEditsTheNewRow() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.pinchRows(upperY: 75, lowerY: 125, spread: 30, id: 1, at: 0)  // commits at 20 ms
        let atCommit = controller.presentation(atMicroseconds: 20_000)
        #expect(atCommit.placeholder == nil)
        #expect(atCommit.rows.prefix(4).map(\.framePixels.y) == [0, 50, 100, 150])
        let settled = controller.presentation(atMicroseconds: 320_000)
        #expect(settled.rows.first { $0.isEditing }?.framePixels.y == 0)
        #expect(settled.rows.first { $0.isEditing }?.modelIndex == 2)
    }

    @Test func aLongListShowsOnlyTheRowsOnScreen() {
        let items = (0..<200).map {
            TodoItem(id: ItemID(rawValue: UInt64($0 + 1)), text: "item \($0)")
        }
        let controller = ClearController(items: items, layout: smallLayout)
        controller.handle(Fixture.scroll(1, .began, at: 0, dy: 0))
        controller.handle(Fixture.scroll(1, .ended, at: 10_000, dy: -5010))
        let scrolled = controller.presentation(atMicroseconds: 10_000)
        #expect(scrolled.rows.map(\.modelIndex) == Array(100...109))
        #expect(scrolled.rows.first?.framePixels.y == -10)
        // Edit the row at screen y 300 (content 5310: row 106): it moves to the top and the
        // rows below it fill the screen.
        controller.handle(Fixture.tap(2, at: 100_000, Point(x: 100, y: 300)))
        let editing = controller.presentation(atMicroseconds: 400_000)
        #expect(editing.rows.map(\.modelIndex) == Array(106...115))
        #expect(editing.rows.map(\.framePixels.y) == (0..<10).map { Double($0) * 50 })
        // Deleting it shuffles the rows below up; the list stays contiguous at the end.
        controller.pressReturn(at: 500_000)
        let before = controller.items.count
        controller.handle(Fixture.tap(3, at: 1_000_000, Point(x: 100, y: 300)))
        for step in 0..<10 { controller.deleteBackward(at: 1_000_001 + Int64(step)) }
        controller.pressReturn(at: 1_100_000)
        #expect(controller.items.count == before - 1)
        let rest = controller.presentation(atMicroseconds: 3_000_000)
        #expect(rest.rows.map(\.modelIndex) == Array(100...109))
        #expect(rest.rows.map(\.framePixels.y) == (0..<10).map { Double($0) * 50 - 10 })
    }
}
