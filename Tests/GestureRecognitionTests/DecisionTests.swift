import GestureRecognition
import Testing
import TouchInput

/// Keeps the decisions it hears.
final class DecisionRecorder: ThresholdDecisionObserver {
    var decisions: [ThresholdDecision] = []
    func decided(_ decision: ThresholdDecision) { decisions.append(decision) }

    func only(_ rule: String) -> [ThresholdDecision] { decisions.filter { $0.rule == rule } }
}

/// The recognizers' decisions (`cleartouch test --margins`), just below and just above
/// their thresholds: each is reported with the value that decided it.
@Suite struct RecognizerDecisionTests {
    /// One finger down at 0, moving (dx, 0) in 5 steps by 50 ms, lifted at `liftMilliseconds`.
    func run(dx: Double, liftMilliseconds: Double = 100, advanceTo: Double? = nil)
        -> (events: [GestureEvent], recorder: DecisionRecorder, unobserved: [GestureEvent])
    {
        var script = TouchScript()
        script.down(0, 500, 500, at: 0)
        if dx != 0 { script.drag(0, by: dx, 0, from: 0, steps: 5) }
        if let advanceTo { script.advance(to: advanceTo) }
        script.up(0, at: liftMilliseconds)
        let unobserved = script.run()
        let recorder = DecisionRecorder()
        script.decisionObserver = recorder
        return (script.run(), recorder, unobserved)
    }

    @Test func theSlopJustBelowIsATapAndItsMarginIsTheFarthestDistance() throws {
        let (events, recorder, unobserved) = run(dx: 9.99)
        #expect(events.outline == ["tap ended"])
        #expect(events == unobserved)
        let slop = try #require(recorder.only("slop").first)
        #expect(recorder.only("slop").count == 1)
        #expect(abs(slop.value - 9.99) < 1e-9 && slop.threshold == 10 && slop.unit == "px")
        #expect(abs(slop.relativeMargin - 0.001) < 1e-9)
    }

    @Test func theSlopJustAboveIsAPanWithTheSameKindOfMargin() throws {
        let (events, recorder, unobserved) = run(dx: 10.01)
        #expect(events.first?.summary == "pan began")
        #expect(events == unobserved)
        let slop = try #require(recorder.only("slop").first)
        #expect(abs(slop.value - 10.01) < 1e-9 && slop.threshold == 10)
        // A drag is no tap: no tap decision; its rest ended when it left the slop.
        #expect(recorder.only("tap-max").isEmpty)
        #expect(recorder.only("long-press").map(\.value) == [50])
    }

    @Test func aTapAtItsLongestAndJustAfter() throws {
        let atLimit = run(dx: 0, liftMilliseconds: 300)
        #expect(atLimit.events.outline == ["tap ended"])
        #expect(atLimit.recorder.only("tap-max").map(\.value) == [300])
        #expect(atLimit.recorder.only("tap-max").first?.relativeMargin == 0)
        let late = run(dx: 0, liftMilliseconds: 301)
        #expect(late.events.isEmpty)
        #expect(late.recorder.only("tap-max").map(\.value) == [301])
        #expect(late.recorder.only("tap-max").map(\.threshold) == [300])
    }

    @Test func aHoldJustShortOfAndJustPast500Milliseconds() throws {
        let short = run(dx: 0, liftMilliseconds: 499, advanceTo: 499)
        #expect(!short.events.contains { $0.kind == .longPress })
        let shortHold = try #require(short.recorder.only("long-press").first)
        #expect(shortHold.value == 499 && shortHold.threshold == 500 && shortHold.unit == "ms")
        #expect(abs(shortHold.relativeMargin - 0.002) < 1e-12)

        let long = run(dx: 0, liftMilliseconds: 501, advanceTo: 501)
        #expect(long.events.outline == ["long-press began", "long-press ended"])
        #expect(long.events == long.unobserved)
        #expect(long.recorder.only("long-press").map(\.value) == [501])
    }

    @Test func aHoldThatMovesOnReportsItsRestOnce() {
        var script = TouchScript()
        script.down(0, 500, 500, at: 0)
        script.advance(to: 600)
        script.move(0, 500, 540, at: 700)
        script.move(0, 500, 580, at: 800)
        script.up(0, at: 900)
        let recorder = DecisionRecorder()
        script.decisionObserver = recorder
        #expect(script.run().first?.summary == "long-press began")
        // The rest ended at 700 ms, when the touch left the slop.
        #expect(recorder.only("long-press").map(\.value) == [700])
        #expect(recorder.only("slop").map(\.value) == [80])
    }

    @Test func aCancelledTouchDecidesNothingAtItsEnd() {
        var script = TouchScript()
        script.down(0, 500, 500, at: 0)
        script.cancel(0, at: 100)
        let recorder = DecisionRecorder()
        script.decisionObserver = recorder
        #expect(script.run().isEmpty)
        #expect(recorder.decisions.isEmpty)
    }

    @Test func millimetreSlopsReportMillimetres() throws {
        var script = TouchScript(pixelsPerMillimetre: 10)
        script.down(0, 500, 500, at: 0)
        script.drag(0, by: 19, 0, from: 0, steps: 5)
        script.up(0, at: 100)
        let recorder = DecisionRecorder()
        script.decisionObserver = recorder
        #expect(script.run().outline == ["tap ended"])
        let slop = try #require(recorder.only("slop").first)
        #expect(abs(slop.value - 1.9) < 1e-9 && slop.threshold == 2 && slop.unit == "mm")
    }
}
