/// Arbitration as data: which recognizer gets a touch. `ArbitrationTable.rules` is the
/// table docs/gestures.md shows (a test checks the two are equal); the arena looks up
/// its decision at every decision point (a finger lands, a gesture of the primary touch
/// begins, a finger of the primary touch or of the pinch lifts), and ArbitrationTests
/// runs each row's test.

/// What the arena is doing when something happens: its state without the touches.
enum ArbitrationActivity: String, Hashable, Sendable, CaseIterable {
    /// No primary touch and no pinch (at most fingers being ignored).
    case noGesture = "no gesture"
    /// Tap, long-press and pan all watch the primary touch; none has won it yet.
    case undecided
    /// A long-press won the primary touch.
    case longPress = "long-press"
    /// A scroll or a pull won the primary touch.
    case verticalDrag = "scroll or pull"
    /// A row pan won the primary touch.
    case rowPan = "row pan"
    /// The pinch holds two touches.
    case pinch
}

/// What happens.
enum ArbitrationInput: String, Hashable, Sendable, CaseIterable {
    /// A finger lands on the primary touch's device (or anywhere, when there is none).
    case fingerDown = "finger down"
    /// A finger lands on another device than the primary touch's.
    case fingerDownOnAnotherDevice = "finger down, other device"
    /// The long-press's deadline passed with the touch within the slop.
    case longPressBegan = "long-press began"
    /// The primary touch left the slop: the pan began as a row pan, scroll or pull.
    case dragBegan = "drag began"
    /// The primary touch moved.
    case primaryMoved = "primary moved"
    /// The primary touch lifted or was cancelled.
    case primaryLifted = "primary lifted"
    /// A touch of the pinch lifted or was cancelled.
    case pinchFingerLifted = "pinch finger lifted"
}

/// What the arena does.
enum ArbitrationDecision: String, Hashable, Sendable, CaseIterable {
    /// The finger becomes the primary touch: tap, long-press and pan watch it.
    case becomePrimary = "become primary"
    /// The primary touch's gestures fail (possible) or are cancelled (running), then the
    /// pinch begins with the primary touch and the new finger.
    case beginPinch = "begin pinch"
    /// The finger is ignored until it lifts.
    case ignore
    /// Tap and pan fail: the long-press has the touch.
    case longPressWins = "long-press wins"
    /// Tap and long-press fail: the drag has the touch (a row pan keeps it against later
    /// fingers).
    case dragWins = "drag wins"
    /// Only the gesture that won the touch sees its moves.
    case winnerKeepsTheTouch = "winner keeps the touch"
    /// The primary touch's gestures end (lift) or are cancelled (cancel); a possible tap
    /// decides by its thresholds.
    case releasePrimary = "release primary"
    /// The pinch ends (or is cancelled); its other finger is ignored until it lifts.
    case endPinch = "end pinch"
}

/// One row of an arbitration table: this arena's (`ArbitrationRule`) and the
/// multi-finger arena's (`MultiFingerRule`) are made of these.
///
/// The type asks nothing of its parameters but `Sendable` (which has no witness table);
/// the look-up needs `Equatable` of them only in its extension. A constraint here would
/// make the table's first use look each conformance up at run time, about 360,000
/// instructions apiece in a static binary (a replay's start-up, docs/performance.md).
struct ArbitrationTableRule<Activity: Sendable, Input: Sendable, Decision: Sendable>:
    Sendable, CustomStringConvertible
{
    /// The row's number in docs/gestures.md; nil for the unnumbered rows ("—").
    let row: Int?
    /// When the rule applies; nil: whatever the arena is doing.
    let activity: Activity?
    let input: Input
    let decision: Decision
    /// The row as people read it.
    let situation: StaticString
    let outcome: StaticString
    /// The test that shows the row holds (in GestureRecognitionTests).
    let test: StaticString

    var description: String { "row \(row.map(String.init) ?? "—"): \(situation)" }
}

extension ArbitrationTableRule where Activity: Equatable, Input: Equatable {
    func applies(to activity: Activity, _ input: Input) -> Bool {
        self.input == input && (self.activity == nil || self.activity == activity)
    }

    /// The decision of the first of `rules` that applies; nil when none does (a bug).
    static func decision(in rules: [Self], _ activity: Activity, _ input: Input) -> Decision? {
        for rule in rules where rule.applies(to: activity, input) { return rule.decision }
        return nil
    }
}

/// One row of the arbitration table.
typealias ArbitrationRule = ArbitrationTableRule<
    ArbitrationActivity, ArbitrationInput, ArbitrationDecision
>

enum ArbitrationTable {
    static let rules: [ArbitrationRule] = [
        ArbitrationRule(
            row: 1, activity: .undecided, input: .primaryLifted, decision: .releasePrimary,
            situation: "one finger, lifted within the slop within 300 ms", outcome: "tap",
            test: "row1QuickLiftWithinSlopIsATapOnly"),
        ArbitrationRule(
            row: 2, activity: .undecided, input: .longPressBegan, decision: .longPressWins,
            situation: "one finger held within the slop for 500 ms",
            outcome: "long-press began … ended at lift; no tap",
            test: "row2HeldWithinSlopIsALongPressNotATap"),
        ArbitrationRule(
            row: 3, activity: .undecided, input: .primaryLifted, decision: .releasePrimary,
            situation: "lifted within the slop after 300 ms and before 500 ms", outcome: "nothing",
            test: "row3LiftBetweenTapAndLongPressIsNothing"),
        ArbitrationRule(
            row: 4, activity: .undecided, input: .dragBegan, decision: .dragWins,
            situation: "moved beyond the slop before 500 ms",
            outcome: "pan / pull / scroll; tap and long-press fail",
            test: "row4DragBeyondSlopBeatsTapAndLongPress"),
        ArbitrationRule(
            row: 5, activity: .undecided, input: .fingerDown, decision: .beginPinch,
            situation: "second finger lands before any gesture began",
            outcome: "pinch began at the landing",
            test: "row5SecondFingerBeforeAnyGestureMakesAPinch"),
        ArbitrationRule(
            row: 6, activity: .verticalDrag, input: .fingerDown, decision: .beginPinch,
            situation: "second finger lands during a scroll",
            outcome: "scroll cancelled, pinch began", test: "row6SecondFingerCancelsAScroll"),
        ArbitrationRule(
            row: 7, activity: .verticalDrag, input: .fingerDown, decision: .beginPinch,
            situation: "second finger lands during a pull", outcome: "pull cancelled, pinch began",
            test: "row7SecondFingerCancelsAPull"),
        ArbitrationRule(
            row: 8, activity: .longPress, input: .fingerDown, decision: .beginPinch,
            situation: "second finger lands during a long-press",
            outcome: "long-press cancelled, pinch began", test: "row8SecondFingerCancelsALongPress"),
        ArbitrationRule(
            row: 9, activity: .rowPan, input: .fingerDown, decision: .ignore,
            situation: "second finger lands during a row pan",
            outcome: "ignored; the pan keeps its touch to the end",
            test: "row9RowPanKeepsItsTouchAndIgnoresLaterFingers"),
        ArbitrationRule(
            row: 10, activity: .pinch, input: .fingerDown, decision: .ignore,
            situation: "third finger during a pinch",
            outcome: "ignored (its moves and lift change nothing)",
            test: "row10RunningPinchIgnoresAThirdFinger"),
        ArbitrationRule(
            row: 11, activity: .pinch, input: .pinchFingerLifted, decision: .endPinch,
            situation: "one pinch finger lifts",
            outcome: "pinch ended; the other finger is ignored until it lifts",
            test: "row11PinchEndsWhenOneFingerLiftsAndTheOtherIsIgnored"),
        ArbitrationRule(
            row: 12, activity: .noGesture, input: .fingerDown, decision: .becomePrimary,
            situation: "new finger while only ignored fingers are down",
            outcome: "it is a new primary touch", test: "row12NewFingerAfterAPinchIsPrimaryAgain"),
        ArbitrationRule(
            row: 13, activity: nil, input: .fingerDownOnAnotherDevice, decision: .ignore,
            situation: "second finger on another device", outcome: "ignored",
            test: "row13SecondFingerOnAnotherDeviceIsIgnored"),
        ArbitrationRule(
            row: 14, activity: .longPress, input: .primaryMoved, decision: .winnerKeepsTheTouch,
            situation: "long-press began, then the finger moves far",
            outcome: "long-press changed; never a pan/pull/scroll",
            test: "row14LongPressFailsTheDrag"
        ),
        ArbitrationRule(
            row: nil, activity: .verticalDrag, input: .fingerDown, decision: .beginPinch,
            situation: "two fingers landing 20, 40, 60 ms apart, then spreading",
            outcome: "pinch; a drag the first finger began is cancelled, never ended",
            test: "twoFingersLandingApartThenSpreadingIsAPinchNotAScroll"),
        ArbitrationRule(
            row: nil, activity: .verticalDrag, input: .primaryMoved,
            decision: .winnerKeepsTheTouch, situation: "pull goes back above the top",
            outcome: "pull cancelled, scroll begins on the same frame",
            test: "pullAbandonedWhenItGoesBackAboveTheTop"),
        ArbitrationRule(
            row: nil, activity: nil, input: .primaryLifted, decision: .releasePrimary,
            situation: "the primary finger lifts or is cancelled after its gesture began",
            outcome: "that gesture ended, or cancelled", test: "touchCancelCancelsARowPan"),
    ]

    /// The decision of the first rule that applies; nil when none does (a bug).
    static func decision(_ activity: ArbitrationActivity, _ input: ArbitrationInput)
        -> ArbitrationDecision?
    {
        ArbitrationRule.decision(in: rules, activity, input)
    }
}
