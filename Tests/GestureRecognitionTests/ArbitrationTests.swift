import Foundation
import Testing
import TouchInput

@testable import GestureRecognition

/// The arbitration table (`ArbitrationTable.rules`, shown in docs/gestures.md) drives
/// these tests: every row runs the scenario it names.
@Suite("Arbitration table")
struct ArbitrationTests {
    /// Every scenario a row may name, by name.
    static let scenarios: [String: @Sendable () -> Void] = [
        "row1QuickLiftWithinSlopIsATapOnly": row1QuickLiftWithinSlopIsATapOnly,
        "row2HeldWithinSlopIsALongPressNotATap": row2HeldWithinSlopIsALongPressNotATap,
        "row3LiftBetweenTapAndLongPressIsNothing": row3LiftBetweenTapAndLongPressIsNothing,
        "row4DragBeyondSlopBeatsTapAndLongPress": row4DragBeyondSlopBeatsTapAndLongPress,
        "row5SecondFingerBeforeAnyGestureMakesAPinch": row5SecondFingerBeforeAnyGestureMakesAPinch,
        "row6SecondFingerCancelsAScroll": row6SecondFingerCancelsAScroll,
        "row7SecondFingerCancelsAPull": row7SecondFingerCancelsAPull,
        "row8SecondFingerCancelsALongPress": row8SecondFingerCancelsALongPress,
        "row9RowPanKeepsItsTouchAndIgnoresLaterFingers":
            row9RowPanKeepsItsTouchAndIgnoresLaterFingers,
        "row10RunningPinchIgnoresAThirdFinger": row10RunningPinchIgnoresAThirdFinger,
        "row11PinchEndsWhenOneFingerLiftsAndTheOtherIsIgnored":
            row11PinchEndsWhenOneFingerLiftsAndTheOtherIsIgnored,
        "row12NewFingerAfterAPinchIsPrimaryAgain": row12NewFingerAfterAPinchIsPrimaryAgain,
        "row13SecondFingerOnAnotherDeviceIsIgnored": row13SecondFingerOnAnotherDeviceIsIgnored,
        "row14LongPressFailsTheDrag": row14LongPressFailsTheDrag,
        "twoFingersLandingApartThenSpreadingIsAPinchNotAScroll":
            twoFingersLandingApartThenSpreadingIsAPinchNotAScroll,
        "pullAbandonedWhenItGoesBackAboveTheTop": {
            ThresholdTests().pullAbandonedWhenItGoesBackAboveTheTop()
        },
        "touchCancelCancelsARowPan": { CancellationTests().touchCancelCancelsARowPan() },
    ]

    @Test(arguments: ArbitrationTable.rules)
    func rowHolds(_ rule: ArbitrationRule) throws {
        let scenario = try #require(
            Self.scenarios["\(rule.test)"], "no scenario named \(rule.test)")
        scenario()
    }

    @Test func everyScenarioBelongsToARow() {
        let named = Set(ArbitrationTable.rules.map { "\($0.test)" })
        #expect(Set(Self.scenarios.keys) == named)
    }

    @Test func theFourteenRowsAreNumberedInOrder() {
        #expect(ArbitrationTable.rules.compactMap(\.row) == Array(1...14))
    }

    /// Rules that apply to the same situation agree, and every situation the arena looks
    /// up has a rule.
    @Test func theTableIsConsistentAndCoversEveryDecisionPoint() {
        for activity in ArbitrationActivity.allCases {
            for input in ArbitrationInput.allCases {
                let decisions = Set(
                    ArbitrationTable.rules.filter { $0.applies(to: activity, input) }.map(
                        \.decision))
                #expect(decisions.count <= 1, "\(activity), \(input): \(decisions)")
            }
        }
        let lookedUp: [(ArbitrationActivity, ArbitrationInput)] =
            ArbitrationActivity.allCases.flatMap { activity in
                [(activity, .fingerDown)]
                    + (activity == .noGesture ? [] : [(activity, .fingerDownOnAnotherDevice)])
            } + [
                (.undecided, .longPressBegan), (.undecided, .dragBegan),
                (.undecided, .primaryLifted), (.longPress, .primaryLifted),
                (.verticalDrag, .primaryLifted), (.rowPan, .primaryLifted),
                (.pinch, .pinchFingerLifted),
            ]
        for (activity, input) in lookedUp {
            #expect(
                ArbitrationTable.decision(activity, input) != nil, "\(activity), \(input)")
        }
    }

    /// docs/gestures.md shows exactly this table.
    @Test func theDocumentShowsTheTable() throws {
        let document = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/gestures.md")
        let lines = try String(contentsOf: document, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let begin = try #require(lines.firstIndex { $0.hasPrefix("<!-- arbitration table") })
        let end = try #require(lines.firstIndex { $0.hasPrefix("<!-- end of arbitration table") })
        let shown = Array(lines[(begin + 1)..<end])
        let expected = Self.markdownTable()
        #expect(
            shown == expected, "docs/gestures.md should show:\n\(expected.joined(separator: "\n"))")
    }

    static func markdownTable() -> [String] {
        let rows = ArbitrationTable.rules.map { rule in
            let rule_ =
                "\(rule.activity?.rawValue ?? "any") + \(rule.input.rawValue) → "
                + rule.decision.rawValue
            return
                "| \(rule.row.map(String.init) ?? "—") | \(rule.situation) | \(rule.outcome) | "
                + "\(rule_) | `\(rule.test)` |"
        }
        return ["| row | situation | outcome | rule: activity + input → decision | test |"]
            + ["|---|---|---|---|---|"] + rows
    }

    // MARK: - The rows' scenarios

    static func row1QuickLiftWithinSlopIsATapOnly() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.move(0, 104, 103, at: 50)
        s.up(0, at: 120)
        #expect(s.run().outline == ["tap ended"])
    }

    static func row2HeldWithinSlopIsALongPressNotATap() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.up(0, at: 520)  // the lift's frame fires the timer first
        #expect(s.run().map(\.summary) == ["long-press began", "long-press ended"])
    }

    static func row3LiftBetweenTapAndLongPressIsNothing() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.up(0, at: 400)
        #expect(s.run().isEmpty)
    }

    static func row4DragBeyondSlopBeatsTapAndLongPress() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.move(0, 140, 100, at: 20)
        s.up(0, at: 40)  // quick: would have been a tap
        s.down(1, 100, 100, at: 100)
        s.move(1, 140, 100, at: 120)
        s.move(1, 141, 100, at: 700)  // long: would have been a long-press
        s.up(1, at: 800)
        #expect(
            s.run().outline == ["pan began", "pan ended", "pan began", "pan changed", "pan ended"])
    }

    static func row5SecondFingerBeforeAnyGestureMakesAPinch() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.down(1, 100, 200, at: 30)
        s.up(0, at: 100)
        s.up(1, at: 110)
        let events = s.run()
        #expect(events.map(\.summary) == ["pinch began", "pinch ended"])
        #expect(events.first?.timeMicroseconds == 30_000)
    }

    static func row6SecondFingerCancelsAScroll() {
        var s = TouchScript()
        s.setPull(.unavailable)
        s.down(0, 100, 300, at: 0)
        s.drag(0, by: 0, -50, from: 0, steps: 5)
        s.down(1, 100, 400, at: 60)
        s.up(0, at: 100)
        s.up(1, at: 100)
        #expect(
            s.run().outline == [
                "scroll began", "scroll changed", "scroll cancelled", "pinch began", "pinch ended",
            ])
    }

    static func row7SecondFingerCancelsAPull() {
        var s = TouchScript()
        s.down(0, 100, 300, at: 0)
        s.drag(0, by: 0, 50, from: 0, steps: 5)
        s.down(1, 100, 450, at: 60)
        s.up(0, at: 100)
        let events = s.run()
        #expect(
            events.outline == [
                "pull began", "pull changed", "pull cancelled", "pinch began", "pinch ended",
            ])
    }

    static func row8SecondFingerCancelsALongPress() {
        var s = TouchScript()
        s.down(0, 100, 300, at: 0)
        s.advance(to: 600)
        s.down(1, 100, 400, at: 650)
        s.up(1, at: 700)
        s.up(0, at: 710)
        #expect(
            s.run().map(\.summary) == [
                "long-press began", "long-press cancelled", "pinch began", "pinch ended",
            ])
    }

    static func row9RowPanKeepsItsTouchAndIgnoresLaterFingers() {
        var s = TouchScript()
        s.down(0, 100, 300, at: 0)
        s.drag(0, by: 100, 0, from: 0, steps: 5)
        s.down(1, 100, 400, at: 60)
        s.move(1, 100, 500, at: 70)
        s.move(0, 250, 300, at: 80)
        s.up(1, at: 90)
        s.up(0, at: 100)
        let events = s.run()
        #expect(events.outline == ["pan began", "pan changed", "pan ended"])
        #expect(events.last?.pan?.translationPixels == Point(x: 150, y: 0))
    }

    static func row10RunningPinchIgnoresAThirdFinger() {
        var s = TouchScript()
        s.down(0, 100, 300, at: 0)
        s.down(1, 100, 400, at: 10)
        s.down(2, 300, 350, at: 20)
        s.move(2, 300, 900, at: 30)  // moves nothing
        s.move(1, 100, 420, at: 40)
        s.up(2, at: 50)  // the third finger's lift ends nothing
        s.up(0, at: 60)
        let events = s.run()
        #expect(events.map(\.summary) == ["pinch began", "pinch changed", "pinch ended"])
        #expect(events[1].pinch?.lowerPixels == Point(x: 100, y: 420))
    }

    static func row11PinchEndsWhenOneFingerLiftsAndTheOtherIsIgnored() {
        var s = TouchScript()
        s.down(0, 100, 300, at: 0)
        s.down(1, 100, 400, at: 10)
        s.up(1, at: 50)
        s.move(0, 100, 100, at: 60)  // leftover finger: no scroll
        s.up(0, at: 70)
        #expect(s.run().map(\.summary) == ["pinch began", "pinch ended"])
    }

    static func row12NewFingerAfterAPinchIsPrimaryAgain() {
        var s = TouchScript()
        s.down(0, 100, 300, at: 0)
        s.down(1, 100, 400, at: 10)
        s.up(1, at: 50)  // pinch ends; finger 0 stays down, ignored
        s.down(2, 500, 500, at: 60)
        s.up(2, at: 100)  // a tap by the new finger
        s.up(0, at: 110)
        #expect(s.run().map(\.summary) == ["pinch began", "pinch ended", "tap ended"])
    }

    static func row13SecondFingerOnAnotherDeviceIsIgnored() {
        var s = TouchScript()
        s.addDevice(TouchScript.touchscreen(DeviceID(2)))
        s.down(0, 100, 300, at: 0)
        s.frame(at: 10, [s.contact(7, .down, Point(x: 100, y: 400))], device: DeviceID(2))
        s.up(0, at: 50)
        #expect(s.run().map(\.summary) == ["tap ended"])
    }

    static func row14LongPressFailsTheDrag() {
        // Same as the long-press threshold test, from the pan's side: after the long-press
        // began, moving far never makes a pan, scroll or pull.
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.move(0, 100, 300, at: 520)
        s.up(0, at: 600)
        #expect(s.run().outline == ["long-press began", "long-press changed", "long-press ended"])
    }

    static func twoFingersLandingApartThenSpreadingIsAPinchNotAScroll() {
        for gap in [20.0, 40.0, 60.0] { twoFingersLandingApart(gapMilliseconds: gap) }
    }

    static func twoFingersLandingApart(gapMilliseconds: Double) {
        var s = TouchScript(pixelsPerMillimetre: 10)
        s.setPull(.atRest)
        // First finger lands and already drifts downwards while the second comes.
        s.down(0, 500, 800, at: 0)
        s.drag(0, by: 0, 30, from: 0, steps: Int(gapMilliseconds / 10), intervalMilliseconds: 10)
        s.down(1, 510, 1000, at: gapMilliseconds + 5)
        for k in 1...10 {
            let t = gapMilliseconds + 5 + Double(k) * 10
            s.frame(
                at: t,
                [
                    s.contact(0, .move, Point(x: 500, y: 830 - Double(k) * 6)),
                    s.contact(1, .move, Point(x: 510, y: 1000 + Double(k) * 4)),
                ])
        }
        s.up(0, at: gapMilliseconds + 200)
        s.up(1, at: gapMilliseconds + 210)
        let events = s.run()
        let recognized = events.filter { $0.state == .ended }
        #expect(recognized.map(\.kind) == [.pinch])
        // A drag that began before the second finger is cancelled, never ended.
        #expect(events.allSatisfy { $0.kind == .pinch || $0.state != .ended })
        let last = events.last?.pinch
        #expect(last?.upperStartPixels == Point(x: 500, y: 830))
        #expect(last?.lowerStartPixels == Point(x: 510, y: 1000))
        #expect(last?.spreadDeltaPixels == 60)
        #expect(last?.gapPixels == 120)
        #expect(events.filter { $0.kind == .pinch }.map(\.summary).first == "pinch began")
        #expect(events.filter { $0.kind == .pinch && $0.state == .changed }.count == 10)
    }
}
