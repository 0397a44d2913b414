import ClearCore
import GestureRecognition
import Testing
import TouchInput

/// Clear's rules at their thresholds, on a 320×480 screen (W/2 = 160, H = 50).
@Suite struct RowPanTests {
    @Test func completeIsArmedOnlyPastHalfTheWidth() {
        let atHalf = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        atHalf.swipe(rowAtY: 75, dx: 160, id: 1, at: 0)
        #expect(atHalf.actions.isEmpty)
        #expect(!atHalf.items[1].completed)

        let past = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        past.swipe(rowAtY: 75, dx: 160.001, id: 1, at: 0)
        #expect(past.actions == [Action(timeMicroseconds: 20_000, kind: .complete, index: 1)])
        #expect(past.items[1].completed)
    }

    @Test func deleteIsArmedOnlyPastMinusHalfTheWidth() {
        let atHalf = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        atHalf.swipe(rowAtY: 75, dx: -160, id: 1, at: 0)
        #expect(atHalf.actions.isEmpty)
        #expect(atHalf.items.count == 12)

        let past = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        past.swipe(rowAtY: 75, dx: -160.001, id: 1, at: 0)
        #expect(past.kinds == [.delete])
        #expect(past.actions[0].index == 1)
        #expect(past.texts.first(where: { $0 == "buy eggs" }) == nil)
        #expect(past.items.count == 11)
    }

    @Test func swipingACompletedRowRightMakesItActiveAgain() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.swipe(rowAtY: 25, dx: 200, id: 1, at: 0)
        controller.swipe(rowAtY: 25, dx: 200, id: 2, at: 1_000_000)
        #expect(controller.kinds == [.complete, .uncomplete])
        #expect(!controller.items[0].completed)
    }

    @Test func onlyTheReleasePositionCounts() {
        // Past the threshold, then back short of it before lifting: nothing.
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        let start = Point(x: 100, y: 25)
        controller.handle(Fixture.pan(1, .began, at: 0, start: start, dx: 20))
        controller.handle(Fixture.pan(1, .changed, at: 10_000, start: start, dx: 250))
        controller.handle(
            Fixture.pan(
                1, .ended, at: 20_000, start: start, dx: 100, velocity: Point(x: 5000, y: 0)))
        #expect(controller.actions.isEmpty)
    }

    @Test func aPanOffTheRowsDoesNothing() {
        let controller = ClearController(
            items: Array(TodoList.swiftTutorialSamples.prefix(2)), layout: smallLayout)
        controller.swipe(rowAtY: 300, dx: 300, id: 1, at: 0)
        controller.swipe(rowAtY: 50, dx: 300, id: 2, at: 100_000)  // on the line between rows
        #expect(controller.actions.isEmpty)
    }

    @Test func aCancelledPanCommitsNothingAndSnapsBack() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.swipe(rowAtY: 75, dx: 300, id: 1, at: 0, final: .cancelled)
        controller.swipe(rowAtY: 75, dx: -300, id: 2, at: 100_000, final: .cancelled)
        #expect(controller.actions.isEmpty)
        #expect(controller.items.count == 12)
        let rest = controller.presentation(
            atMicroseconds: 120_000 + ClearTimings.snapBackMicroseconds)
        #expect(rest.rows[1].framePixels.x == 0)
        #expect(!rest.isAnimating)
    }
}

@Suite struct PullTests {
    @Test func commitsOnlyWhenPulledMoreThanARowAtRelease() {
        let atH = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        atH.pullList(to: 50, id: 1, at: 0)
        #expect(atH.actions.isEmpty)
        #expect(atH.items.count == 12)

        let past = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        past.pullList(to: 50.001, id: 1, at: 0)
        #expect(
            past.actions == [
                Action(timeMicroseconds: 20_000, kind: .add, index: 0),
                Action(timeMicroseconds: 20_000, kind: .editBegin, index: 0),
            ])
        #expect(past.items.count == 13)
        #expect(past.items[0].text == "")
        #expect(past.editingIndex == 0)
        #expect(past.scrollOffsetPixels == 0)
    }

    @Test func theFurthestPointDoesNotCount() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.pull(1, .began, at: 0, distance: 10))
        controller.handle(Fixture.pull(1, .changed, at: 10_000, distance: 120))
        controller.handle(Fixture.pull(1, .ended, at: 20_000, distance: 40))
        #expect(controller.actions.isEmpty)
    }

    @Test func theListFollowsThePullOneToOneAndSettlesBack() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.pull(1, .began, at: 0, distance: 10))
        controller.handle(Fixture.pull(1, .changed, at: 10_000, distance: 30))
        #expect(controller.scrollOffsetPixels == -30)
        #expect(controller.presentation(atMicroseconds: 10_000).rows[0].framePixels.y == 30)
        controller.handle(Fixture.pull(1, .ended, at: 20_000, distance: 30))
        // Settles back to the top over 0.2 s ease-in-out: halfway, halfway.
        let half = controller.presentation(atMicroseconds: 120_000)
        #expect(abs(half.rows[0].framePixels.y - 15) < 1e-9)
        #expect(half.placeholder == nil)
        controller.advance(toMicroseconds: 220_000)
        #expect(controller.scrollOffsetPixels == 0)
    }

    @Test func placeholderFollowsThePull() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.pull(1, .began, at: 0, distance: 25))
        var placeholder = controller.presentation(atMicroseconds: 0).placeholder
        #expect(placeholder?.alpha == 0.5)
        #expect(placeholder?.label == "Pull to add item")
        #expect(placeholder?.framePixels == RectPixels(x: 0, y: -25, width: 320, height: 50))
        #expect(placeholder?.backgroundColor == .pureRed)
        #expect(placeholder?.scaleY == 1)
        controller.handle(Fixture.pull(1, .changed, at: 1000, distance: 50))
        placeholder = controller.presentation(atMicroseconds: 1000).placeholder
        #expect(placeholder?.alpha == 1)
        #expect(placeholder?.label == "Pull to add item")
        controller.handle(Fixture.pull(1, .changed, at: 2000, distance: 50.001))
        placeholder = controller.presentation(atMicroseconds: 2000).placeholder
        #expect(placeholder?.alpha == 1)
        #expect(placeholder?.label == "Release to add item")
    }

    @Test func aCancelledPullCommitsNothing() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.pullList(to: 200, id: 1, at: 0, final: .cancelled)
        #expect(controller.actions.isEmpty)
        #expect(controller.presentation(atMicroseconds: 20_000).placeholder == nil)
        controller.advance(toMicroseconds: 20_000 + ClearTimings.pullSettleMicroseconds)
        #expect(controller.scrollOffsetPixels == 0)
    }

    @Test func anAbandonedPullHandsOverToAScrollWithoutAJump() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.pull(1, .began, at: 0, distance: 20))
        controller.handle(Fixture.pull(1, .changed, at: 10_000, distance: 5))
        // The finger pushes the list 8 px up past its top: the pull is abandoned and a
        // scroll begins on the same frame, its translation measured from there.
        controller.handle(Fixture.pull(1, .cancelled, at: 20_000, distance: -8))
        #expect(controller.scrollOffsetPixels == 8)
        controller.handle(Fixture.scroll(2, .began, at: 20_000, dy: 0))
        #expect(controller.scrollOffsetPixels == 8)
        controller.handle(Fixture.scroll(2, .changed, at: 30_000, dy: -30))
        #expect(controller.scrollOffsetPixels == 38)
        controller.handle(Fixture.scroll(2, .ended, at: 40_000, dy: -30))
        #expect(controller.actions.isEmpty)
        #expect(controller.scrollOffsetPixels == 38)
    }
}

@Suite struct PinchTests {
    // At offset 0, row i spans screen y i·50 ..< (i+1)·50: rows 1 and 2 are at 75 and 125.
    @Test func commitsOnlyWhenTheGapExceedsARow() {
        let atH = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        atH.pinchRows(upperY: 75, lowerY: 125, spread: 25, id: 1, at: 0)  // gap 50
        #expect(atH.actions.isEmpty)

        let past = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        past.pinchRows(upperY: 75, lowerY: 125, spread: 25.001, id: 1, at: 0)
        #expect(past.kinds == [.add, .editBegin])
        #expect(past.actions.map(\.index) == [2, 2])
        #expect(past.texts[1] == "buy eggs")
        #expect(past.texts[2] == "")
        #expect(past.texts[3] == "watch WWDC videos")
        #expect(past.editingIndex == 2)
    }

    @Test func onlyAdjacentRowsStartAPinch() {
        for (upper, lower) in [(75.0, 175.0), (60.0, 90.0), (75.0, 100.0), (75.0, 700.0)] {
            let controller = ClearController(
                items: TodoList.swiftTutorialSamples, layout: smallLayout)
            controller.pinchRows(upperY: upper, lowerY: lower, spread: 100, id: 1, at: 0)
            #expect(controller.actions.isEmpty, "pinch at \(upper), \(lower)")
            #expect(controller.presentation(atMicroseconds: 10_000).placeholder == nil)
        }
    }

    @Test func theInsertIndexFollowsTheScrollOffset() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.scroll(1, .began, at: 0, dy: 0))
        controller.handle(Fixture.scroll(1, .ended, at: 10_000, dy: -110))
        #expect(controller.scrollOffsetPixels == 110)
        // Offset 110: screen y 30 is in row 2 (content 140), y 80 in row 3 (content 190).
        // lowerIdx (visible) = 3 − floor(110/50) = 1, insert at 1 + 2 = 3.
        controller.pinchRows(upperY: 30, lowerY: 80, spread: 40, id: 2, at: 100_000)
        #expect(controller.actions.map(\.index) == [3, 3])
        #expect(controller.texts[2] == "watch WWDC videos")
        #expect(controller.texts[3] == "")
    }

    @Test func theExceededFlagIsResetAtEveryPinchStart() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        // Exceeded, then cancelled: nothing.
        controller.pinchRows(upperY: 75, lowerY: 125, spread: 60, id: 1, at: 0, final: .cancelled)
        // A later pinch that never spreads: nothing either, adjacent or not.
        controller.pinchRows(upperY: 75, lowerY: 125, spread: 0, id: 2, at: 1_000_000)
        controller.pinchRows(upperY: 75, lowerY: 225, spread: 0, id: 3, at: 2_000_000)
        #expect(controller.actions.isEmpty)
        #expect(controller.items.count == 12)
    }

    @Test func pinchingTogetherDoesNotCount() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.pinchRows(upperY: 75, lowerY: 125, spread: -20, id: 1, at: 0)
        #expect(controller.actions.isEmpty)
    }

    @Test func rowsSpreadAroundThePlaceholderAndReturn() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.pinch(1, .began, at: 0, upperY: 75, lowerY: 125, spread: 0))
        controller.handle(
            Fixture.pinch(1, .changed, at: 10_000, upperY: 75, lowerY: 125, spread: 10))
        let open = controller.presentation(atMicroseconds: 10_000)
        #expect(open.rows.map(\.framePixels.y).prefix(4) == [-10, 40, 110, 160])
        let placeholder = open.placeholder
        #expect(placeholder?.framePixels == RectPixels(x: 0, y: 75, width: 320, height: 50))
        #expect(placeholder?.scaleY == 0.4)
        #expect(placeholder?.alpha == 0.4)
        #expect(placeholder?.label == "Pull apart to add item")
        #expect(placeholder?.backgroundColor == heatColor(index: 1, count: 12))
        controller.handle(
            Fixture.pinch(1, .changed, at: 20_000, upperY: 75, lowerY: 125, spread: 25.5))
        let exceeded = controller.presentation(atMicroseconds: 20_000).placeholder
        #expect(exceeded?.scaleY == 1)
        #expect(exceeded?.alpha == 1)
        #expect(exceeded?.label == "Release to add item")
        controller.handle(
            Fixture.pinch(1, .cancelled, at: 30_000, upperY: 75, lowerY: 125, spread: 10))
        // Return over 0.2 s ease-in-out: halfway in time, halfway in distance.
        let half = controller.presentation(atMicroseconds: 130_000)
        #expect(half.placeholder == nil)
        #expect(abs(half.rows[1].framePixels.y - 45) < 1e-9)
        #expect(abs(half.rows[2].framePixels.y - 105) < 1e-9)
        let rest = controller.presentation(atMicroseconds: 230_000)
        #expect(rest.rows.map(\.framePixels.y).prefix(3) == [0, 50, 100])
        #expect(controller.actions.isEmpty)
    }
}

@Suite struct EditingTests {
    @Test func tapEditsAnActiveRowAndReturnSavesTheText() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.tap(1, at: 0, Point(x: 100, y: 125)))
        #expect(controller.editingIndex == 2)
        controller.deleteBackward(at: 10_000)
        controller.insertText("S\n", at: 20_000)
        #expect(controller.editingText == "watch WWDC videoS")
        controller.pressReturn(at: 30_000)
        #expect(controller.editingIndex == nil)
        #expect(controller.texts[2] == "watch WWDC videoS")
        #expect(controller.kinds == [.editBegin, .editEnd])
        #expect(controller.actions.map(\.index) == [2, 2])
    }

    @Test func aCompletedRowIsNotEditable() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.swipe(rowAtY: 125, dx: 200, id: 1, at: 0)
        controller.handle(Fixture.tap(2, at: 500_000, Point(x: 100, y: 125)))
        #expect(controller.editingIndex == nil)
        #expect(controller.kinds == [.complete])
    }

    @Test func aTapWhileEditingEndsEditingAndStartsNothingElse() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.tap(1, at: 0, Point(x: 100, y: 125)))
        controller.handle(Fixture.tap(2, at: 500_000, Point(x: 100, y: 225)))
        #expect(controller.editingIndex == nil)
        #expect(controller.kinds == [.editBegin, .editEnd])
    }

    @Test func otherGesturesAreIgnoredWhileEditing() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.tap(1, at: 0, Point(x: 100, y: 125)))
        controller.swipe(rowAtY: 25, dx: 300, id: 2, at: 500_000)
        controller.pullList(to: 200, id: 3, at: 600_000)
        controller.pinchRows(upperY: 75, lowerY: 125, spread: 60, id: 4, at: 700_000)
        #expect(controller.kinds == [.editBegin])
        #expect(controller.editingIndex == 2)
    }

    @Test func anItemLeftEmptyIsDeletedWhenEditingEnds() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.tap(1, at: 0, Point(x: 100, y: 25)))
        for step in 0..<20 { controller.deleteBackward(at: Int64(step)) }
        controller.pressReturn(at: 100_000)
        #expect(controller.kinds == [.editBegin, .editEnd, .delete])
        #expect(controller.actions.map(\.index) == [0, 0, 0])
        #expect(controller.texts.first == "buy eggs")
    }

    @Test func escapeDeletesANewItemAndRestoresAnOldOne() {
        let added = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        added.pullList(to: 80, id: 1, at: 0)
        added.insertText("milk", at: 100_000)
        added.pressEscape(at: 200_000)
        #expect(added.kinds == [.add, .editBegin, .editEnd, .delete])
        #expect(added.texts == TodoList.swiftTutorialSamples.map(\.text))

        let existing = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        existing.handle(Fixture.tap(1, at: 0, Point(x: 100, y: 25)))
        existing.insertText(" now", at: 10_000)
        existing.pressEscape(at: 20_000)
        #expect(existing.kinds == [.editBegin, .editEnd])
        #expect(existing.texts[0] == "feed the cat")
    }

    @Test func aNewItemWithTextIsKept() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.pullList(to: 80, id: 1, at: 0)
        controller.insertText("buy milk", at: 100_000)
        controller.handle(Fixture.tap(2, at: 200_000, Point(x: 100, y: 400)))
        #expect(controller.kinds == [.add, .editBegin, .editEnd])
        #expect(controller.texts[0] == "buy milk")
        #expect(controller.items[0].id.rawValue == 13)
    }

    @Test func keysWithoutEditingDoNothing() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.insertText("x", at: 0)
        controller.deleteBackward(at: 1)
        controller.pressReturn(at: 2)
        controller.pressEscape(at: 3)
        #expect(controller.actions.isEmpty)
        #expect(controller.texts == TodoList.swiftTutorialSamples.map(\.text))
    }

    @Test func longPressHasNoClearBehaviour() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        for state in [GestureState.began, .changed, .ended] {
            controller.handle(
                GestureEvent(
                    id: GestureID(rawValue: 1), state: state, timeMicroseconds: 0,
                    values: .longPress(locationPixels: Point(x: 100, y: 25))))
        }
        #expect(controller.actions.isEmpty)
        #expect(controller.editingIndex == nil)
    }
}

@Suite struct ScrollTests {
    @Test func aDragMovesTheListOneToOneWithinItsBounds() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.scroll(1, .began, at: 0, dy: -10))
        #expect(controller.scrollOffsetPixels == 10)
        controller.handle(Fixture.scroll(1, .changed, at: 10_000, dy: -70))
        #expect(controller.scrollOffsetPixels == 70)
        controller.handle(Fixture.scroll(1, .changed, at: 20_000, dy: -500))
        #expect(controller.scrollOffsetPixels == 120)
        controller.handle(Fixture.scroll(1, .changed, at: 30_000, dy: 500))
        #expect(controller.scrollOffsetPixels == 0)
        controller.handle(Fixture.scroll(1, .ended, at: 40_000, dy: 500))
        #expect(controller.actions.isEmpty)
    }

    @Test func releaseVelocityDeceleratesAtConstantFriction() {
        // Tall list so the fling does not reach the end: 40 rows, max offset 1520.
        let items = (0..<40).map {
            TodoItem(id: ItemID(rawValue: UInt64($0 + 1)), text: "item \($0)")
        }
        let controller = ClearController(items: items, layout: smallLayout)
        controller.handle(Fixture.scroll(1, .began, at: 0, dy: 0))
        controller.handle(Fixture.scroll(1, .ended, at: 10_000, dy: -100, velocityY: -1500))
        #expect(controller.scrollOffsetPixels == 100)
        // v = 1500 px/s, d = 3000 px/s²: stops after 0.5 s having gone 375 px.
        let d = ScrollDeceleration.decelerationPixelsPerSecondSquared
        let tau = 0.25
        let expected = 100 + 1500 * tau - 0.5 * d * tau * tau
        let top = controller.presentation(atMicroseconds: 260_000).rows[0]
        #expect(abs(Double(top.modelIndex) * 50 - top.framePixels.y - expected) < 1e-6)
        #expect(controller.presentation(atMicroseconds: 260_000).isAnimating)
        controller.advance(toMicroseconds: 510_000)
        #expect(abs(controller.scrollOffsetPixels - 475) < 1e-6)
        #expect(!controller.presentation(atMicroseconds: 510_000).isAnimating)
    }

    @Test func decelerationStopsAtTheListBounds() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.scroll(1, .began, at: 0, dy: 0))
        controller.handle(Fixture.scroll(1, .ended, at: 10_000, dy: -50, velocityY: -3000))
        // 70 px to go to 120: 3000·τ − 1500·τ² = 70.
        let tau = (3000 - (3000.0 * 3000 - 2 * 3000 * 70).squareRoot()) / 3000
        controller.advance(toMicroseconds: 10_000 + Int64((tau * 1e6).rounded(.up)))
        #expect(controller.scrollOffsetPixels == 120)
        #expect(
            !controller.presentation(atMicroseconds: controller.currentTimeMicroseconds).isAnimating
        )
    }

    @Test func aSlowReleaseLeavesTheListWhereItIs() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.scroll(1, .began, at: 0, dy: 0))
        controller.handle(
            Fixture.scroll(
                1, .ended, at: 10_000, dy: -50,
                velocityY: -(ScrollDeceleration.minimumVelocityPixelsPerSecond - 0.001)))
        controller.advance(toMicroseconds: 1_000_000)
        #expect(controller.scrollOffsetPixels == 50)
    }

    @Test func aTouchStopsADeceleration() {
        let items = (0..<40).map {
            TodoItem(id: ItemID(rawValue: UInt64($0 + 1)), text: "item \($0)")
        }
        let controller = ClearController(items: items, layout: smallLayout)
        controller.handle(Fixture.scroll(1, .began, at: 0, dy: 0))
        controller.handle(Fixture.scroll(1, .ended, at: 10_000, dy: 0, velocityY: -1500))
        controller.interruptScrolling(atMicroseconds: 110_000)
        let stopped = controller.scrollOffsetPixels
        #expect(abs(stopped - (150 - 15)) < 1e-6)
        controller.advance(toMicroseconds: 2_000_000)
        #expect(controller.scrollOffsetPixels == stopped)
    }

    @Test func aCancelledScrollStopsWithoutAFling() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.scroll(1, .began, at: 0, dy: 0))
        controller.handle(Fixture.scroll(1, .changed, at: 10_000, dy: -60))
        controller.handle(Fixture.scroll(1, .cancelled, at: 20_000, dy: -60, velocityY: -2000))
        controller.advance(toMicroseconds: 1_000_000)
        #expect(controller.scrollOffsetPixels == 60)
    }
}

@Suite struct BadInputTests {
    @Test func wildValuesAndTimesNeverCrash() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        let wild: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude]
        let times: [Int64] = [.max, .min, 0, -5, .max - 1]
        var id = 0
        for value in wild {
            for time in times {
                id += 1
                let point = Point(x: value, y: value)
                controller.handle(
                    Fixture.pan(id, .began, at: time, start: Point(x: 10, y: 25), dx: value))
                controller.handle(
                    Fixture.pan(id, .ended, at: time, start: point, dx: value, velocity: point))
                controller.handle(Fixture.pull(id + 1000, .began, at: time, distance: value))
                controller.handle(Fixture.pull(id + 1000, .ended, at: time, distance: value))
                controller.handle(
                    Fixture.pinch(id + 2000, .began, at: time, upperY: 75, lowerY: 125, spread: 0))
                controller.handle(
                    Fixture.pinch(
                        id + 2000, .cancelled, at: time, upperY: 75, lowerY: 125, spread: value))
                controller.handle(Fixture.scroll(id + 3000, .began, at: time, dy: value))
                controller.handle(
                    Fixture.scroll(id + 3000, .ended, at: time, dy: value, velocityY: value))
                controller.handle(Fixture.tap(id + 4000, at: time, point))
                controller.pressEscape(at: time)
                _ = controller.presentation(atMicroseconds: time)
                controller.advance(toMicroseconds: time)
            }
        }
        let presentation = controller.presentation(atMicroseconds: .max)
        #expect(presentation.rows.allSatisfy { $0.framePixels.y.isFinite })
        #expect(controller.scrollOffsetPixels.isFinite)
        #expect(smallLayout.visibleRows(itemCount: 12, scrollOffsetPixels: .nan).isEmpty)
        #expect(
            smallLayout.modelIndex(
                at: Point(x: 1, y: 1), itemCount: 12, scrollOffsetPixels: .infinity)
                == nil)
        // Rows stay in list order, one row height apart, whatever came in.
        let frames = presentation.rows.map(\.framePixels.y)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $1 > $0 })
    }

    /// Not-a-number in every value of every gesture, at ordinary times: nothing can pass
    /// a threshold, so nothing happens, and the controller then works as before.
    @Test func notANumberDoesNothingAndLeavesTheControllerWorking() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        let nan = Double.nan
        let point = Point(x: nan, y: nan)
        var time: Int64 = 0
        for id in 1...5 {
            time += 10_000
            controller.handle(
                Fixture.pan(id, .began, at: time, start: Point(x: 10, y: 25), dx: nan))
            controller.handle(
                Fixture.pan(id, .ended, at: time + 1, start: point, dx: nan, velocity: point))
            controller.handle(Fixture.pull(id + 100, .began, at: time + 2, distance: nan))
            controller.handle(Fixture.pull(id + 100, .ended, at: time + 3, distance: nan))
            controller.handle(
                Fixture.pinch(id + 200, .began, at: time + 4, upperY: 75, lowerY: 125, spread: 0))
            controller.handle(
                Fixture.pinch(id + 200, .ended, at: time + 5, upperY: 75, lowerY: 125, spread: nan))
            controller.handle(Fixture.scroll(id + 300, .began, at: time + 6, dy: nan))
            controller.handle(
                Fixture.scroll(id + 300, .ended, at: time + 7, dy: nan, velocityY: nan))
            controller.handle(Fixture.tap(id + 400, at: time + 8, point))
        }
        controller.advance(toMicroseconds: 2_000_000)
        #expect(controller.actions == [])
        #expect(controller.items == TodoList.swiftTutorialSamples)
        #expect(controller.scrollOffsetPixels == 0)
        #expect(controller.editingIndex == nil)
        // A real pan past half the width still completes row 1.
        controller.swipe(rowAtY: 75, dx: 160.001, id: 900, at: 3_000_000)
        #expect(
            controller.actions == [Action(timeMicroseconds: 3_020_000, kind: .complete, index: 1)])
        #expect(controller.items[1].completed)
    }
}
