import ClearCore
import GestureRecognition
import Testing
import TouchInput

/// The core keeps no history a long session would grow: actions and gesture reports are
/// taken (`takeActions`, `takeGestureEvents`) or not kept (`keepsHistory`,
/// `keepsGestureHistory`), and the callbacks still see every one.
@Suite struct HistoryTests {
    /// Swipes row 0 right and back `cycles` times: two actions and two gesture reports
    /// per swipe's begin and end, plus its changes.
    static func swipes(_ cycles: Int) -> TouchScreenScript {
        var script = TouchScreenScript()
        for _ in 0..<cycles {
            script.drag(from: Point(x: 20, y: 25), to: Point(x: 300, y: 25))
            script.wait(500_000)
        }
        return script
    }

    @Test func aSessionThatKeepsNoHistoryHoldsNoneHoweverLongItRuns() {
        let session = ClearSession(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        session.keepsGestureHistory = false
        session.controller.keepsHistory = false
        var actionCount = 0
        var reportCount = 0
        session.controller.onAction = { _ in actionCount += 1 }
        session.onGesture = { _ in reportCount += 1 }
        _ = Self.swipes(200).run(session)
        // 200 swipes: complete, uncomplete, complete, … one action each.
        #expect(actionCount == 200)
        #expect(reportCount >= 200 * 3)
        #expect(session.controller.actions.isEmpty)
        #expect(session.gestureEvents.isEmpty)
        #expect(session.controller.items[0].completed == false)
    }

    @Test func takenHistoryIsGoneAndTheRestKeepsComing() {
        let session = ClearSession(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        _ = Self.swipes(3).run(session)
        let taken = session.controller.takeActions()
        #expect(taken.map(\.summary) == ["complete 0", "uncomplete 0", "complete 0"])
        #expect(session.controller.actions.isEmpty)
        #expect(session.controller.takeActions().isEmpty)
        let reports = session.takeGestureEvents()
        #expect(reports.filter { $0.state == .began }.count == 3)
        #expect(session.gestureEvents.isEmpty)

        _ = Self.swipes(1).run(session)
        #expect(session.controller.actions.map(\.summary) == ["uncomplete 0"])
        #expect(session.gestureEvents.filter { $0.state == .began }.count == 1)
    }

    @Test func aSessionTakingItsHistoryAsItGoesHoldsAtMostOneEventsWorth() {
        let session = ClearSession(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        var most = 0
        var actionCount = 0
        for event in Self.swipes(100).events {
            session.handle(event)
            most = max(most, session.controller.actions.count + session.gestureEvents.count)
            actionCount += session.controller.takeActions().count
            _ = session.takeGestureEvents()
        }
        #expect(actionCount == 100)
        // One event gives at most a few reports and an action or two.
        #expect(most <= 4)
    }
}
