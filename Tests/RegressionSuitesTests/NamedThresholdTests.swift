import ClearCore
import Foundation
import GestureRecognition
import TestSupport
import Testing

@testable import RegressionSuites
@testable import Replay

/// The registry of named thresholds (`--list-thresholds`, `--set`), the sweep's
/// specification, and that observing the decisions changes no replay.
@Suite struct NamedThresholdTests {
    @Test func everyKeyIsListedOnceWithItsDefaultInRange() {
        #expect(Thresholds.all.map(\.key) == NamedThreshold.Key.allCases)
        #expect(Set(Thresholds.all.map(\.name)).count == Thresholds.all.count)
        for threshold in Thresholds.all {
            #expect(threshold.range.contains(threshold.defaultValue), "\(threshold.name)")
            #expect(
                threshold.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" },
                "\(threshold.name) is kebab-case")
        }
        #expect(Thresholds().gesture == .clear && Thresholds().rules == .clear)
    }

    /// Each name sets its own field and nothing else.
    @Test(arguments: NamedThreshold.Key.allCases)
    func eachNameSetsItsField(key: NamedThreshold.Key) throws {
        let threshold = try #require(Thresholds.named(key.rawValue))
        let value = threshold.range.upperBound
        var thresholds = Thresholds()
        try thresholds.apply(assignment: "\(key.rawValue)=\(Thresholds.format(value))")
        #expect(thresholds.value(of: key) == value)
        #expect(!thresholds.isDefault)
        for other in NamedThreshold.Key.allCases where other != key {
            #expect(thresholds.value(of: other) == Thresholds().value(of: other), "\(other)")
        }
    }

    @Test func theFieldsAreTheConfigurationsOwn() throws {
        var thresholds = Thresholds()
        for assignment in [
            "slop-px=12", "slop-mm=2.5", "tap-max-ms=250", "long-press-ms=650.5",
            "velocity-window-ms=80", "velocity-samples=32", "max-touches=10",
            "touchpad-axis-slop-units=20", "pan-complete-fraction=0.4",
            "pan-delete-fraction=0.6", "pull-add-row-heights=1.5",
            "pull-up-level-row-heights=5", "pinch-add-row-heights=0.8",
            "pinch-together-row-heights=2.5", "clear-completed-row-heights=1.2",
        ] {
            try thresholds.apply(assignment: assignment)
        }
        #expect(
            thresholds.gesture
                == GestureConfiguration(
                    slopMillimetres: 2.5, slopPixels: 12, tapMaximumDurationMicroseconds: 250_000,
                    longPressMinimumDurationMicroseconds: 650_500,
                    velocityWindowMicroseconds: 80_000, velocitySampleCapacity: 32,
                    maximumSimultaneousTouches: 10))
        #expect(
            thresholds.rules
                == ClearRules(
                    panCompleteWidthFraction: 0.4, panDeleteWidthFraction: 0.6,
                    pullAddRowHeights: 1.5, pullUpLevelRowHeights: 5, pinchAddRowHeights: 0.8,
                    pinchTogetherRowHeights: 2.5, clearCompletedRowHeights: 1.2))
        #expect(thresholds.touchpadAxisDecisionSlopUnits == 20)
    }

    @Test(arguments: [
        ("slop-pz=3", "unknown threshold 'slop-pz' (did you mean 'slop-px'?"),
        ("long-press=600", "did you mean 'long-press-ms'?"),
        ("slop-px", "--set needs NAME=VALUE"),
        ("slop-px=", "the value must be a number"),
        ("slop-px=abc", "the value must be a number"),
        ("slop-px=nan", "the value must be a number"),
        ("slop-px=inf", "the value must be a number"),
        ("slop-px= 3", "the value must be a number"),
        ("slop-px=0.4", "out of range, 0.5 to 1000 px"),
        ("slop-px=1000.5", "out of range, 0.5 to 1000 px"),
        ("velocity-samples=2.5", "must be a whole number"),
        ("pan-complete-fraction=0", "out of range, 0.01 to 2 W"),
    ])
    func badAssignmentsSayWhy(assignment: String, message: String) {
        var thresholds = Thresholds()
        #expect(throws: UsageText.self) { try thresholds.apply(assignment: assignment) }
        do throws(UsageText) {
            try thresholds.apply(assignment: assignment)
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
        #expect(thresholds.isDefault)
    }

    @Test func theRangesEdgesAreAccepted() throws {
        var thresholds = Thresholds()
        try thresholds.apply(assignment: "slop-px=0.5")
        try thresholds.apply(assignment: "slop-px=1000")
        try thresholds.apply(assignment: "velocity-samples=2")
        #expect(thresholds.gesture.velocitySampleCapacity == 2)
    }

    @Test func aSweepRunsFromAToBByStep() throws {
        #expect(try ThresholdSweep(parsing: "slop-px=6:14:2").values == [6, 8, 10, 12, 14])
        #expect(try ThresholdSweep(parsing: "slop-px=6:13:2").values == [6, 8, 10, 12])
        #expect(
            try ThresholdSweep(parsing: "pan-complete-fraction=0.1:0.3:0.1").values
                == [0.1, 0.2, 0.3])
        #expect(try ThresholdSweep(parsing: "long-press-ms=500:500:1").values == [500])
        let hundred = try ThresholdSweep(parsing: "long-press-ms=1:100:1")
        #expect(hundred.values.count == ThresholdSweep.maximumSteps)
    }

    @Test(arguments: [
        ("slop-px", "--sweep needs NAME=A:B:STEP"),
        ("slop-px=1:2", "--sweep needs NAME=A:B:STEP"),
        ("slop-px=1:2:3:4", "--sweep needs NAME=A:B:STEP"),
        ("slop=1:2:1", "did you mean"),
        ("slop-px=14:6:2", "A must not be above B"),
        ("slop-px=6:14:0", "STEP must be above 0"),
        ("slop-px=6:14:-1", "STEP must be above 0"),
        ("slop-px=a:14:1", "the value must be a number"),
        ("slop-px=0:10:1", "out of range"),
        ("long-press-ms=1:101:1", "101 values, at most 100"),
        ("slop-mm=0:1e300:1e-300", "too many values, at most 100"),
        ("velocity-samples=2:10:1.5", "whole number"),
    ])
    func badSweepsSayWhy(specification: String, message: String) {
        do throws(UsageText) {
            _ = try ThresholdSweep(parsing: specification)
            Issue.record("\(specification) was accepted")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    /// Every bundled recording replays the same with its decisions heard as without:
    /// listening changes nothing, and the decisions are there to hear.
    @Test func observingTheDecisionsChangesNoReplay() throws {
        var decided = 0
        for (expectationPath, recording) in TestPaths.expectationFiles() {
            let expectation = try Expectation.parse(
                try TextFile.read(
                    expectationPath, limitBytes: TextFile.maximumListOrExpectationBytes),
                path: expectationPath)
            guard expectation.service == nil else { continue }
            let source = (expectation.settings ?? ReplaySettings()).applied(
                to: ReplaySource(path: recording), expectationPath: expectationPath)
            let plain = try ReplayHarness(source: source).run()
            var harness = ReplayHarness(source: source)
            harness.observesDecisions = true
            var observed = try harness.run()
            #expect(plain.decisions.isEmpty)
            if !observed.decisions.isEmpty { decided += 1 }
            for decision in observed.decisions {
                #expect(decision.threshold > 0 && decision.value.isFinite, "\(recording)")
            }
            observed.decisions = []
            #expect(observed == plain, "\(recording)")
        }
        #expect(decided >= 30)
    }

    /// A threshold changed for a run changes what the suite's recordings do: at 1.99 W
    /// no pan completes, so the recordings with a `complete` fail.
    @Test func aChangedThresholdShowsWhichRecordingsWouldChange() throws {
        let cases = try RegressionSuite.discover([TestPaths.recordings])
        var thresholds = Thresholds()
        try thresholds.apply(assignment: "pan-complete-fraction=1.99")
        let reports = RegressionSuite.run(
            cases, jobs: 2, options: RegressionRunOptions(thresholds: thresholds))
        let failed = reports.filter { !$0.passed }.map(\.testCase.expectationPath)
        let completing = try cases.filter {
            try TextFile.read(
                $0.expectationPath, limitBytes: TextFile.maximumListOrExpectationBytes
            ).contains("\"complete\"")
        }.map(\.expectationPath)
        #expect(!completing.isEmpty)
        #expect(Set(completing).isSubset(of: Set(failed)), "\(failed)")
        let defaults = RegressionSuite.run(cases, jobs: 2)
        #expect(defaults.allSatisfy { $0.passed })
    }
}
