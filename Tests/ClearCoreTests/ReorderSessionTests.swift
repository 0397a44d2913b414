import ClearCore
import GestureRecognition
import Testing
import TouchInput

/// Reorder and clear completed from touch frames, through the arena (320×480, H = 50,
/// no device size: slop 10 px, long-press 500 ms).
@Suite struct ReorderSessionTests {
    func run(_ script: TouchScreenScript, items: [TodoItem] = TodoList.swiftTutorialSamples)
        -> ClearSession
    {
        let session = ClearSession(items: items, layout: smallLayout)
        for event in script.events { session.handle(event) }
        return session
    }

    /// Finger down on row 2 (y 125), held `holdMicroseconds`, moved up 60 px at once
    /// (past row 1's midpoint, 75, if it is a hold), held, lifted.
    func holdThenDragUp(holdMicroseconds: Int64) -> ClearSession {
        var script = TouchScreenScript()
        script.frame([(0, .down, 160, 125)])
        script.frame([(0, .move, 160, 65)], after: holdMicroseconds)
        script.frame([(0, .up, 160, 65)], after: 150_000)
        return run(script)
    }

    @Test func aHoldOfJustUnder500msIsADragAndOf500msIsAReorder() {
        let short = holdThenDragUp(holdMicroseconds: 499_999)
        #expect(short.controller.actions.isEmpty)
        #expect(short.gestureEvents.map(\.kind).contains(.scroll))
        #expect(!short.gestureEvents.map(\.kind).contains(.longPress))

        let held = holdThenDragUp(holdMicroseconds: 500_000)
        #expect(held.controller.actions.map(\.summary) == ["move 2 → 1"])
        #expect(held.controller.items[1].text == "watch WWDC videos")
        #expect(!held.gestureEvents.map(\.kind).contains(.scroll))
    }

    @Test func aMoveWithinTheSlopBeforeTheHoldStillLifts() {
        var script = TouchScreenScript()
        script.frame([(0, .down, 160, 125)])
        script.frame([(0, .move, 160, 134)], after: 200_000)  // 9 px: within the 10 px slop
        script.frame([(0, .move, 160, 185)], after: 400_000)  // long-press began at 500 ms
        script.frame([(0, .up, 160, 185)], after: 150_000)
        // Grabbed at 125 (the row's centre): at the deadline the finger is at 134, so the
        // row's centre keeps 9 px above it: 176 > 175, row 3's midpoint.
        #expect(run(script).controller.actions.map(\.summary) == ["move 2 → 3"])
    }

    /// Held on row 2 and dragged down past two midpoints, then ended by `end`.
    func heldAndDragged(_ end: (inout TouchScreenScript) -> Void) -> ClearSession {
        var script = TouchScreenScript()
        script.frame([(0, .down, 160, 125)])
        script.frame([(0, .move, 160, 240)], after: 600_000)
        end(&script)
        script.frame([], after: 400_000)  // let the animations finish
        return run(script)
    }

    @Test func aSecondFingerPutsTheRowBack() {
        let session = heldAndDragged { s in
            s.frame([(1, .down, 160, 400)])
            s.frame([(0, .up, 160, 240), (1, .up, 160, 400)], after: 100_000)
        }
        #expect(session.controller.actions.isEmpty)
        #expect(session.controller.items == TodoList.swiftTutorialSamples)
        let reports = session.gestureEvents.filter { $0.kind == .longPress }
        #expect(reports.last?.state == .cancelled)
    }

    @Test func aPalmOrACancelPutsTheRowBack() {
        let session = heldAndDragged { s in s.frame([(0, .cancel, 160, 240)]) }
        #expect(session.controller.actions.isEmpty)
        #expect(session.controller.items == TodoList.swiftTutorialSamples)
        let time = session.controller.currentTimeMicroseconds
        let rows = session.controller.presentation(atMicroseconds: time).rows
        #expect(rows.allSatisfy { $0.framePixels.y == Double($0.modelIndex) * 50 && $0.scale == 1 })
    }

    @Test func aDeviceRemovalPutsTheRowBack() {
        var script = TouchScreenScript()
        script.frame([(0, .down, 160, 125)])
        script.frame([(0, .move, 160, 240)], after: 600_000)
        script.time += 10_000
        script.events.append(.deviceRemoved(script.device, timeMicroseconds: script.time))
        let session = run(script)
        #expect(session.controller.actions.isEmpty)
        #expect(session.controller.items == TodoList.swiftTutorialSamples)
    }

    @Test func pullingAShortListUpPastHClearsItsCompletedItems() {
        let items = TodoList(texts: [("a", true), ("b", false), ("c", true)]).items
        var script = TouchScreenScript()
        script.drag(from: Point(x: 160, y: 300), to: Point(x: 160, y: 239))  // 61 px
        let session = run(script, items: items)
        #expect(session.controller.actions.map(\.summary) == ["clear-completed 2"])
        #expect(session.controller.items.map(\.text) == ["b"])
        // The arena saw a scroll: the pull up is the controller's reading of it.
        #expect(session.gestureEvents.first?.kind == .scroll)
    }
}
