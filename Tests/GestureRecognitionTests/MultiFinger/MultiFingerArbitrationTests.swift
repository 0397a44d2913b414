import Foundation
import Testing
import TouchInput

@testable import GestureRecognition

/// The multi-finger arbitration table (`MultiFingerArbitrationTable.rules`, shown in
/// docs/gestures.md) drives these tests: every row runs the scenario it names.
@Suite("Multi-finger arbitration table")
struct MultiFingerArbitrationTests {
    static let scenarios: [String: @Sendable () -> Void] = [
        "row1FirstFingerStartsAGroup": row1FirstFingerStartsAGroup,
        "row2FingersLandingWhileTheGroupIsOpenAreOneGesture":
            row2FingersLandingWhileTheGroupIsOpenAreOneGesture,
        "row3AFingerAfterTheGroupClosedIsNoGesture": row3AFingerAfterTheGroupClosedIsNoGesture,
        "row4AFingerOnAnotherDeviceIsIgnored": row4AFingerOnAnotherDeviceIsIgnored,
        "row5MovingTogetherIsASwipe": row5MovingTogetherIsASwipe,
        "row6SpreadingIsAPinch": row6SpreadingIsAPinch,
        "row7HeldStillIsALongPress": row7HeldStillIsALongPress,
        "row8QuickLiftIsATap": row8QuickLiftIsATap,
        "row9NothingRecognizedIsNoGesture": row9NothingRecognizedIsNoGesture,
        "row10SwipeEndsAtTheFirstLift": row10SwipeEndsAtTheFirstLift,
        "row11PinchEndsAtTheFirstLift": row11PinchEndsAtTheFirstLift,
        "row12LongPressEndsAtTheFirstLift": row12LongPressEndsAtTheFirstLift,
        "row13CancelOrPalmCancelsTheGesture": row13CancelOrPalmCancelsTheGesture,
        "row14RunningGesturesIgnoreNewFingers": row14RunningGesturesIgnoreNewFingers,
        "row17SpentGroupIgnoresFingersUntilAllLift": row17SpentGroupIgnoresFingersUntilAllLift,
    ]

    @Test(arguments: MultiFingerArbitrationTable.rules)
    func rowHolds(_ rule: MultiFingerRule) throws {
        let scenario = try #require(
            Self.scenarios["\(rule.test)"], "no scenario named \(rule.test)")
        scenario()
    }

    @Test func everyScenarioBelongsToARow() {
        #expect(
            Set(Self.scenarios.keys) == Set(MultiFingerArbitrationTable.rules.map { "\($0.test)" }))
    }

    @Test func rowsAreNumberedInOrder() {
        #expect(
            MultiFingerArbitrationTable.rules.map(\.row)
                == Array(1...MultiFingerArbitrationTable.rules.count).map(Optional.some))
    }

    /// Rules for the same situation agree, and every situation the arena looks up has one.
    @Test func theTableIsConsistentAndCoversEveryDecisionPoint() {
        for activity in MultiFingerActivity.allCases {
            for input in MultiFingerInput.allCases {
                let decisions = Set(
                    MultiFingerArbitrationTable.rules.filter { $0.applies(to: activity, input) }
                        .map(\.decision))
                #expect(decisions.count <= 1, "\(activity), \(input): \(decisions)")
            }
        }
        let lookedUp: [(MultiFingerActivity, MultiFingerInput)] = [
            (.noGesture, .fingerDown), (.undecided, .fingerDown), (.undecided, .lateFingerDown),
            (.undecided, .swipeBegan), (.undecided, .pinchBegan), (.undecided, .longPressBegan),
            (.undecided, .groupFingerLifted), (.undecided, .everyRecognizerFailed),
            (.swipe, .groupFingerLifted), (.pinch, .groupFingerLifted),
            (.longPress, .groupFingerLifted), (.swipe, .lateFingerDown),
            (.pinch, .lateFingerDown), (.longPress, .lateFingerDown), (.spent, .fingerDown),
            (.spent, .lateFingerDown),
        ]
        for (activity, input) in lookedUp
            + MultiFingerActivity.allCases.flatMap({
                [($0, .fingerDownOnAnotherDevice), ($0, .groupFingerCancelled)]
            })
        {
            #expect(
                MultiFingerArbitrationTable.decision(activity, input) != nil,
                "\(activity), \(input)")
        }
    }

    /// docs/gestures.md shows exactly this table.
    @Test func theDocumentShowsTheTable() throws {
        let document = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/gestures.md")
        let lines = try String(contentsOf: document, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let begin = try #require(
            lines.firstIndex { $0.hasPrefix("<!-- multi-finger arbitration table") })
        let end = try #require(
            lines.firstIndex { $0.hasPrefix("<!-- end of multi-finger arbitration table") })
        let expected = Self.markdownTable()
        #expect(
            Array(lines[(begin + 1)..<end]) == expected,
            "docs/gestures.md should show:\n\(expected.joined(separator: "\n"))")
    }

    static func markdownTable() -> [String] {
        let rows = MultiFingerArbitrationTable.rules.map { rule in
            "| \(rule.row ?? 0) | \(rule.situation) | \(rule.outcome) | "
                + "\(rule.activity?.rawValue ?? "any") + \(rule.input.rawValue) → "
                + "\(rule.decision.rawValue) | `\(rule.test)` |"
        }
        return ["| row | situation | outcome | rule: activity + input → decision | test |"]
            + ["|---|---|---|---|---|"] + rows
    }

    // MARK: - The rows' scenarios

    static func row1FirstFingerStartsAGroup() {
        var s = MultiFingerScript()
        s.down([0], at: 0)
        #expect(s.arena.state == .undecided)
        s.up([0], at: 100)
        #expect(s.summary == ["1-finger tap ended"])
    }

    static func row2FingersLandingWhileTheGroupIsOpenAreOneGesture() {
        var s = MultiFingerScript()
        s.down([0], at: 0)
        s.down([1], x: 115, at: 50)
        s.move([0, 1], by: -6, 0, at: 100)  // moving, but not yet 10 mm
        s.down([2], x: 130, at: 140)  // under 150 ms: still one gesture
        s.move([0, 1, 2], by: -10, 0, at: 150)
        s.up([0, 1, 2], at: 200)
        #expect(s.summary == ["3-finger swipe left began", "3-finger swipe left ended"])
    }

    static func row3AFingerAfterTheGroupClosedIsNoGesture() {
        var s = MultiFingerScript()
        s.down([0], at: 0)
        s.down([1], x: 115, at: 150)
        s.move([0, 1], by: -10, 0, at: 160)
        s.up([0, 1], at: 200)
        #expect(s.events.isEmpty)
        #expect(s.arena.state == .idle)
    }

    static func row4AFingerOnAnotherDeviceIsIgnored() {
        var s = MultiFingerScript()
        var other = MultiFingerScript.sized
        other.id = DeviceID(2)
        s.feed(.deviceAdded(other, timeMicroseconds: 0))
        s.down([0], at: 0)
        s.down([1], x: 150, at: 20, device: DeviceID(2))
        s.move([0], by: 0, 10, at: 120)
        s.up([0], at: 150)
        #expect(s.summary == ["1-finger swipe down began", "1-finger swipe down ended"])
    }

    static func row5MovingTogetherIsASwipe() {
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        s.move([0, 1], by: 0, -3, at: 150)
        s.move([0, 1], by: 0, -20, at: 160)
        s.up([0, 1], at: 170)
        #expect(
            s.outline == [
                "2-finger swipe up began", "2-finger swipe up changed", "2-finger swipe up ended",
            ])
        #expect(s.events.last?.travelMillimetres == 23)
    }

    static func row6SpreadingIsAPinch() {
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        s.spread([0, 1], by: 10, at: 150)
        s.up([0, 1], at: 170)
        #expect(s.summary == ["2-finger pinch out began", "2-finger pinch out ended"])
        #expect(abs((s.events.last?.travelMillimetres ?? 0) - 10) < 1e-9)
    }

    static func row7HeldStillIsALongPress() {
        var s = MultiFingerScript()
        s.down([0, 1, 2], at: 0)
        s.advance(to: 500)
        s.up([0, 1, 2], at: 900)
        #expect(s.summary == ["3-finger long-press began", "3-finger long-press ended"])
        #expect(s.events.first?.timeMicroseconds == 500_000)
    }

    static func row8QuickLiftIsATap() {
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        s.up([0], at: 150)
        #expect(s.events.isEmpty)
        s.up([1], at: 200)
        #expect(s.summary == ["2-finger tap ended"])
    }

    static func row9NothingRecognizedIsNoGesture() {
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        // Finger 0 leaves the slop (3 mm): the centroid moves 1.5 mm and the spread
        // barely changes, so neither a swipe nor a pinch begins.
        s.move([0], by: 0, 3, at: 50)
        s.advance(to: 400)  // too late for a tap; the long-press failed at the move
        #expect(s.arena.state == .undecided)  // a swipe or a pinch is still possible
        s.up([0], at: 450)
        #expect(s.arena.state == .spent)
        s.up([1], at: 460)
        #expect(s.events.isEmpty)
        #expect(s.arena.state == .idle)
    }

    static func row10SwipeEndsAtTheFirstLift() {
        var s = MultiFingerScript()
        s.down([0, 1, 2], at: 0)
        s.move([0, 1, 2], by: 30, 0, at: 150)
        s.up([1], at: 200)
        s.move([0, 2], by: 30, 0, at: 210)
        s.up([0, 2], at: 220)
        #expect(
            s.outline == ["3-finger swipe right began", "3-finger swipe right ended"])
        #expect(s.events.last?.travelMillimetres == 30)
    }

    static func row11PinchEndsAtTheFirstLift() {
        var s = MultiFingerScript()
        s.down([0, 1, 2], at: 0)
        s.spread([0, 1, 2], by: -8, at: 150)
        s.up([2], at: 200)
        s.spread([0, 1], by: -5, at: 210)
        s.up([0, 1], at: 220)
        #expect(s.outline == ["3-finger pinch in began", "3-finger pinch in ended"])
    }

    static func row12LongPressEndsAtTheFirstLift() {
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        s.up([0], at: 600)  // the frame's time fires the long-press first
        s.up([1], at: 700)
        #expect(s.summary == ["2-finger long-press began", "2-finger long-press ended"])
        #expect(s.events.last?.timeMicroseconds == 600_000)
    }

    static func row13CancelOrPalmCancelsTheGesture() {
        // A palm reaches the arena as a cancelled contact (docs/recordings.md, "Palms").
        var s = MultiFingerScript()
        s.down([0, 1, 2], at: 0)
        s.move([0, 1, 2], by: -30, 0, at: 150)
        s.cancel([1], at: 160)
        s.up([0, 2], at: 200)
        #expect(s.summary == ["3-finger swipe left began", "3-finger swipe left cancelled"])

        var quick = MultiFingerScript()
        quick.down([0, 1], at: 0)
        quick.cancel([0], at: 50)
        quick.up([1], at: 60)
        #expect(quick.events.isEmpty, "a cancelled finger is never a tap")

        var unplugged = MultiFingerScript()
        unplugged.down([0], at: 0)
        unplugged.advance(to: 500)
        unplugged.feed(.deviceRemoved(MultiFingerScript.device, timeMicroseconds: 700_000))
        #expect(
            unplugged.summary == ["1-finger long-press began", "1-finger long-press cancelled"])
        #expect(unplugged.arena.state == .idle)
    }

    static func row14RunningGesturesIgnoreNewFingers() {
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        s.move([0, 1], by: 0, 10, at: 150)
        s.down([2], x: 160, at: 160)
        s.move([0, 1, 2], by: 0, 10, at: 170)
        s.up([0, 1, 2], at: 200)
        #expect(s.summary == ["2-finger swipe down began", "2-finger swipe down ended"])

        var held = MultiFingerScript()
        held.down([0], at: 0)
        held.advance(to: 500)
        held.down([1], x: 160, at: 510)
        held.spread([0, 1], by: 20, at: 520)
        held.up([0, 1], at: 600)
        #expect(held.summary == ["1-finger long-press began", "1-finger long-press ended"])
    }

    static func row17SpentGroupIgnoresFingersUntilAllLift() {
        var s = MultiFingerScript()
        s.down([0, 1], at: 0)
        s.move([0, 1], by: 10, 0, at: 150)
        s.up([0], at: 160)  // the swipe ends; finger 1 is left over
        s.down([2], x: 160, at: 170)
        s.up([2], at: 200)
        #expect(s.arena.state == .spent)
        s.up([1], at: 250)
        #expect(s.arena.state == .idle)
        s.down([3], at: 300)
        s.up([3], at: 350)
        #expect(
            s.summary == [
                "2-finger swipe right began", "2-finger swipe right ended", "1-finger tap ended",
            ])
    }
}
