import ClearCore
import GestureRecognition
import Testing
import TouchInput

/// Keeps the decisions it hears.
private final class Decisions: ThresholdDecisionObserver {
    var all: [ThresholdDecision] = []
    func decided(_ decision: ThresholdDecision) { all.append(decision) }
    var summary: [String] { all.map { "\($0.rule) \($0.value) \($0.threshold)" } }
}

/// A controller on the 320×480 screen (W/2 = 160, H = 50) whose decisions are heard.
private func observed(_ rules: ClearRules = .clear) -> (ClearController, Decisions) {
    let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
    controller.rules = rules
    let decisions = Decisions()
    controller.decisionObserver = decisions
    return (controller, decisions)
}

/// Clear's rules report each decision against its threshold as they make it
/// (`cleartouch test --margins`), and take their thresholds from `ClearRules`.
@Suite struct RuleDecisionTests {
    @Test func aPanJustUnderAndJustOverHalfTheWidth() throws {
        let (under, underDecisions) = observed()
        under.swipe(rowAtY: 75, dx: 159.9, id: 1, at: 0)
        #expect(under.actions.isEmpty)
        let decision = try #require(underDecisions.all.first)
        #expect(underDecisions.all.count == 1)
        #expect(decision.rule == "pan-complete" && decision.threshold == 160)
        #expect(decision.value == 159.9 && decision.unit == "px")
        #expect(abs(decision.relativeMargin - 0.1 / 160) < 1e-12)
        #expect(decision.timeMicroseconds == 20_000)

        let (over, overDecisions) = observed()
        over.swipe(rowAtY: 75, dx: 160.1, id: 1, at: 0)
        #expect(over.kinds == [.complete])
        #expect(overDecisions.summary == ["pan-complete 160.1 160.0"])
    }

    @Test func aPanLeftIsMeasuredAgainstTheDelete() {
        let (controller, decisions) = observed()
        controller.swipe(rowAtY: 75, dx: -160.1, id: 1, at: 0)
        #expect(controller.kinds == [.delete])
        #expect(decisions.summary == ["pan-delete 160.1 160.0"])
    }

    @Test func thePanThresholdsAreRules() {
        let rules = ClearRules(panCompleteWidthFraction: 0.25, panDeleteWidthFraction: 0.75)
        let (completes, completeDecisions) = observed(rules)
        completes.swipe(rowAtY: 75, dx: 80.1, id: 1, at: 0)
        #expect(completes.kinds == [.complete])
        #expect(completeDecisions.summary == ["pan-complete 80.1 80.0"])
        let (short, _) = observed(rules)
        short.swipe(rowAtY: 75, dx: 79.9, id: 1, at: 0)
        #expect(short.actions.isEmpty)
        let (keeps, _) = observed(rules)
        keeps.swipe(rowAtY: 75, dx: -200, id: 1, at: 0)
        #expect(keeps.actions.isEmpty)
        let (deletes, _) = observed(rules)
        deletes.swipe(rowAtY: 75, dx: -240.1, id: 1, at: 0)
        #expect(deletes.kinds == [.delete])
    }

    @Test func aPullIsMeasuredAgainst4HThenH() {
        let (short, shortDecisions) = observed()
        short.pullList(to: 49.9, id: 1, at: 0)
        #expect(short.actions.isEmpty)
        #expect(shortDecisions.summary == ["pull-up-level 49.9 200.0", "pull-add 49.9 50.0"])
        let (adds, addDecisions) = observed()
        adds.pullList(to: 50.1, id: 1, at: 0)
        #expect(adds.kinds == [.add, .editBegin])
        #expect(addDecisions.summary == ["pull-up-level 50.1 200.0", "pull-add 50.1 50.0"])
        // Past 4H the pull goes up; adding was not decided.
        let (up, upDecisions) = observed()
        up.pullList(to: 200.1, id: 1, at: 0)
        #expect(up.kinds == [.closeList])
        #expect(upDecisions.summary == ["pull-up-level 200.1 200.0"])
    }

    @Test func thePullThresholdsAreRules() {
        let rules = ClearRules(pullAddRowHeights: 2, pullUpLevelRowHeights: 3)
        let (short, _) = observed(rules)
        short.pullList(to: 99, id: 1, at: 0)
        #expect(short.actions.isEmpty)
        let (adds, _) = observed(rules)
        adds.pullList(to: 101, id: 1, at: 0)
        #expect(adds.kinds == [.add, .editBegin])
        let (up, decisions) = observed(rules)
        up.pullList(to: 151, id: 1, at: 0)
        #expect(up.kinds == [.closeList])
        #expect(decisions.summary == ["pull-up-level 151.0 150.0"])
    }

    @Test func aPinchIsMeasuredByItsGapAgainstH() {
        let (short, shortDecisions) = observed()
        short.pinchRows(upperY: 75, lowerY: 125, spread: 24.9, id: 1, at: 0)
        #expect(short.actions.isEmpty)
        #expect(shortDecisions.summary == ["pinch-add 49.8 50.0"])
        let (adds, addDecisions) = observed()
        adds.pinchRows(upperY: 75, lowerY: 125, spread: 25.1, id: 1, at: 0)
        #expect(adds.kinds == [.add, .editBegin])
        #expect(addDecisions.summary == ["pinch-add 50.2 50.0"])
        let (halfRow, _) = observed(ClearRules(pinchAddRowHeights: 0.5))
        halfRow.pinchRows(upperY: 75, lowerY: 125, spread: 12.6, id: 1, at: 0)
        #expect(halfRow.kinds == [.add, .editBegin])
    }

    @Test func aPinchTogetherIsMeasuredAgainst2H() {
        for (each, closes) in [(49.0, false), (51.0, true)] {
            var script = TouchScreenScript()
            script.pinchTogether(each: each)
            let session = ClearSession(
                items: TodoList.swiftTutorialSamples, layout: smallLayout)
            let decisions = Decisions()
            session.decisionObserver = decisions
            _ = script.run(session)
            #expect(session.controller.actions.map(\.kind) == (closes ? [.closeList] : []))
            let together = decisions.all.filter { $0.rule == "pinch-together" }
            #expect(together.map(\.value) == [2 * each] && together.map(\.threshold) == [100])
        }
    }

    @Test func clearingTheCompletedIsMeasuredAgainstH() {
        for (distance, clears) in [(49.9, false), (50.1, true)] {
            let controller = ClearController(
                items: TodoList(texts: [("a", false), ("b", true), ("c", false)]).items,
                layout: smallLayout)
            let decisions = Decisions()
            controller.decisionObserver = decisions
            controller.handle(Fixture.scroll(1, .began, at: 0, dy: -10))
            controller.handle(Fixture.scroll(1, .changed, at: 10_000, dy: -distance))
            controller.handle(Fixture.scroll(1, .ended, at: 20_000, dy: -distance))
            #expect(controller.kinds == (clears ? [.clearCompleted] : []))
            #expect(decisions.summary == ["clear-completed \(distance) 50.0"])
        }
    }

    @Test func defaultRulesAreClearsConstants() {
        let rules = ClearRules.clear
        #expect(rules.panCompleteWidthFraction == 0.5 && rules.panDeleteWidthFraction == 0.5)
        #expect(rules.pullAddRowHeights == 1 && rules.pullUpLevelRowHeights == 4)
        #expect(rules.pinchAddRowHeights == 1 && rules.pinchTogetherRowHeights == 2)
        #expect(rules.clearCompletedRowHeights == 1)
    }
}
