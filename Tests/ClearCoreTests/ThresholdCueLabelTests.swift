import ClearCore
import GestureRecognition
import Testing
import TouchInput

/// `ClearController.thresholdCue(atMicroseconds:)` asks the interactions for their
/// placeholder labels without building a presentation; it must give what the whole
/// presentation shows, after every report of generated pulls, pull-ups and pinches, alone
/// and overlapping (the latest gesture's placeholder wins), below and above each threshold.
@Suite struct ThresholdCueLabelTests {
    /// Applies `reports` one at a time, comparing the cue with the presentation's after each
    /// (and just after, while animations run); returns the labels seen.
    @discardableResult
    func expectCuesMatch(_ c: ClearController, _ reports: [GestureEvent]) -> Set<String> {
        var labels: Set<String> = []
        for report in reports {
            c.handle(report)
            for time in [report.timeMicroseconds, report.timeMicroseconds + 5_000] {
                let cue = c.thresholdCue(atMicroseconds: time)
                #expect(cue == ThresholdCue(c.presentation(atMicroseconds: time)), "\(report)")
                if let label = cue.placeholderLabel { labels.insert(label) }
            }
        }
        return labels
    }

    func list(_ texts: [(String, Bool)]) -> ClearController {
        ClearController(items: TodoList(texts: texts).items, layout: smallLayout)
    }

    /// A pull's reports from 0 to `distance` and back, one row height (50 px) being its
    /// threshold.
    func pull(_ id: Int, to distance: Double, at time: Int64) -> [GestureEvent] {
        var reports = [Fixture.pull(id, .began, at: time, distance: 1)]
        for (step, d) in [10, 49, 50, 51, distance, 49].enumerated() {
            reports.append(
                Fixture.pull(id, .changed, at: time + Int64(step + 1) * 10_000, distance: Double(d))
            )
        }
        return reports
    }

    @Test(arguments: [30.0, 50.0, 51.0, 120.0, 199.0, 201.0, 400.0])
    func aPullsCueIsThePresentations(distance: Double) {
        let c = list([("a", false), ("b", false), ("c", false)])
        var reports = pull(1, to: distance, at: 0)
        reports.append(Fixture.pull(1, .ended, at: 100_000, distance: distance))
        let labels = expectCuesMatch(c, reports)
        #expect(labels.contains(ClearController.pullLabel))
        #expect(labels.contains(ClearController.releaseLabel))
    }

    @Test(arguments: [false, true])
    func aPullUpsCueIsThePresentations(completed: Bool) {
        let c = list([("a", false), ("b", completed), ("c", false)])
        var reports = [Fixture.scroll(1, .began, at: 0, dy: -10)]
        for (step, dy) in [0.0, -20, -49, -50, -51, -120, -10, 15].enumerated() {
            reports.append(Fixture.scroll(1, .changed, at: Int64(step + 1) * 10_000, dy: dy))
        }
        reports.append(Fixture.scroll(1, .cancelled, at: 100_000, dy: 15))
        let labels = expectCuesMatch(c, reports)
        #expect(
            labels
                == (completed
                    ? [ClearController.pullToClearLabel, ClearController.releaseToClearLabel]
                    : [ClearController.nothingToClearLabel]))
    }

    @Test(arguments: [10.0, 24.0, 25.0, 26.0, 60.0])
    func aPinchsCueIsThePresentations(spread: Double) {
        let c = list([("a", false), ("b", false), ("c", false), ("d", false)])
        var reports = [Fixture.pinch(1, .began, at: 0, upperY: 75, lowerY: 125, spread: 0)]
        for (step, s) in [5.0, spread, 24, 26, spread].enumerated() {
            reports.append(
                Fixture.pinch(
                    1, .changed, at: Int64(step + 1) * 10_000, upperY: 75, lowerY: 125, spread: s))
        }
        reports.append(
            Fixture.pinch(1, .cancelled, at: 100_000, upperY: 75, lowerY: 125, spread: spread))
        let labels = expectCuesMatch(c, reports)
        #expect(labels.contains(ClearController.pinchLabel))
        #expect(labels.contains(ClearController.releaseLabel))
    }

    /// Two gestures at once: the later one's placeholder is shown, whichever interaction
    /// holds it, and the earlier one's again when the later one ends.
    @Test(arguments: [(1, 2), (2, 1)])
    func overlappingGesturesShowTheLatestPlaceholder(pullID: Int, pinchID: Int) {
        let c = list([("a", false), ("b", false), ("c", false), ("d", false)])
        var reports = [
            Fixture.pull(pullID, .began, at: 0, distance: 1),
            Fixture.pinch(pinchID, .began, at: 10_000, upperY: 75, lowerY: 125, spread: 0),
        ]
        for step in 1...6 {
            let time = Int64(step) * 20_000
            reports.append(Fixture.pull(pullID, .changed, at: time, distance: Double(step) * 15))
            reports.append(
                Fixture.pinch(
                    pinchID, .changed, at: time + 10_000, upperY: 75, lowerY: 125,
                    spread: Double(step) * 8))
        }
        reports.append(
            Fixture.pinch(pinchID, .cancelled, at: 200_000, upperY: 75, lowerY: 125, spread: 0))
        reports.append(Fixture.pull(pullID, .changed, at: 210_000, distance: 20))
        reports.append(Fixture.pull(pullID, .cancelled, at: 220_000, distance: 20))
        let labels = expectCuesMatch(c, reports)
        #expect(
            labels.contains(ClearController.pinchLabel)
                || labels.contains(ClearController.releaseLabel))
        #expect(labels.contains(ClearController.pullLabel))
    }

    @Test func withNoGestureThereIsNoLabel() {
        let c = list([("a", false)])
        #expect(
            c.thresholdCue(atMicroseconds: 0)
                == ThresholdCue(placeholderLabel: nil, pinchTogetherCloses: nil))
        #expect(
            ThresholdCue(c.presentation(atMicroseconds: 0)) == c.thresholdCue(atMicroseconds: 0))
    }
}
