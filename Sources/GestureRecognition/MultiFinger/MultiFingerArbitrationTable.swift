/// Arbitration of the multi-finger arena as data: `MultiFingerArbitrationTable.rules` is
/// the table docs/gestures.md shows ("The multi-finger arena"; a test checks the two
/// are equal); `MultiFingerGestureArena` looks its decision up at every decision point
/// and MultiFingerArbitrationTests runs each row's test.

/// What the multi-finger arena is doing: its state without the fingers.
enum MultiFingerActivity: String, Hashable, Sendable, CaseIterable {
    /// No group of fingers (at most fingers on other devices).
    case noGesture = "no gesture"
    /// Tap, long-press, swipe and pinch all watch the group; none has won it.
    case undecided
    case swipe
    case pinch
    case longPress = "long-press"
    /// The group's gesture is over (or it was none); its fingers are ignored until the
    /// last lifts.
    case spent
}

/// What happens.
enum MultiFingerInput: String, Hashable, Sendable, CaseIterable {
    /// A finger lands on the group's device while the group is open (or the first finger).
    case fingerDown = "finger down"
    /// A finger lands on the group's device once the group has closed: the grouping time
    /// passed, a finger moved the grouping motion, or five fingers are down.
    case lateFingerDown = "finger down after the group closed"
    /// A finger lands on another device than the group's.
    case fingerDownOnAnotherDevice = "finger down, other device"
    case swipeBegan = "swipe began"
    case pinchBegan = "pinch began"
    case longPressBegan = "long-press began"
    /// Every recognizer watching the group has failed.
    case everyRecognizerFailed = "every recognizer failed"
    /// A finger of the group lifted.
    case groupFingerLifted = "group finger lifted"
    /// A finger of the group was cancelled: touch cancel, palm, its device unplugged.
    case groupFingerCancelled = "group finger cancelled"
}

/// What the multi-finger arena does.
enum MultiFingerDecision: String, Hashable, Sendable, CaseIterable {
    /// The finger starts a new group: every recognizer watches it.
    case startGroup = "start group"
    /// The finger joins the group.
    case joinGroup = "join group"
    /// Every possible gesture fails silently; the fingers are ignored until the last lifts.
    case failGroup = "fail group"
    /// The finger is ignored until it lifts.
    case ignore
    /// The other recognizers fail: the swipe has the group.
    case swipeWins = "swipe wins"
    /// The other recognizers fail: the pinch has the group.
    case pinchWins = "pinch wins"
    /// The other recognizers fail: the long-press has the group.
    case longPressWins = "long-press wins"
    /// Every recognizer sees the lift; a tap is recognized when the last finger lifts in time.
    case liftFinger = "lift finger"
    /// The running gesture ends; the other fingers are ignored until they lift.
    case endGesture = "end gesture"
    /// A running gesture is cancelled, a possible one fails; the fingers are ignored
    /// until they lift.
    case cancelGroup = "cancel group"
}

/// One row of the multi-finger arbitration table.
typealias MultiFingerRule = ArbitrationTableRule<
    MultiFingerActivity, MultiFingerInput, MultiFingerDecision
>

enum MultiFingerArbitrationTable {
    static let rules: [MultiFingerRule] = [
        MultiFingerRule(
            row: 1, activity: .noGesture, input: .fingerDown, decision: .startGroup,
            situation: "first finger down", outcome: "every recognizer watches it",
            test: "row1FirstFingerStartsAGroup"),
        MultiFingerRule(
            row: 2, activity: .undecided, input: .fingerDown, decision: .joinGroup,
            situation: "a finger lands while the group is open (under 150 ms, none moved 10 mm)",
            outcome: "one gesture with one more finger",
            test: "row2FingersLandingWhileTheGroupIsOpenAreOneGesture"),
        MultiFingerRule(
            row: 3, activity: .undecided, input: .lateFingerDown, decision: .failGroup,
            situation: "a finger lands after the group closed, or a sixth finger",
            outcome: "no gesture until every finger lifts",
            test: "row3AFingerAfterTheGroupClosedIsNoGesture"),
        MultiFingerRule(
            row: 4, activity: nil, input: .fingerDownOnAnotherDevice, decision: .ignore,
            situation: "a finger on another device", outcome: "ignored",
            test: "row4AFingerOnAnotherDeviceIsIgnored"),
        MultiFingerRule(
            row: 5, activity: .undecided, input: .swipeBegan, decision: .swipeWins,
            situation: "the centroid moved beyond the swipe's begin distance",
            outcome: "swipe (or edge swipe); tap, long-press and pinch fail",
            test: "row5MovingTogetherIsASwipe"),
        MultiFingerRule(
            row: 6, activity: .undecided, input: .pinchBegan, decision: .pinchWins,
            situation: "the spread changed beyond the pinch's begin distance",
            outcome: "pinch; tap, long-press and swipe fail", test: "row6SpreadingIsAPinch"),
        MultiFingerRule(
            row: 7, activity: .undecided, input: .longPressBegan, decision: .longPressWins,
            situation: "every finger held within the slop for 500 ms",
            outcome: "long-press; tap, swipe and pinch fail",
            test: "row7HeldStillIsALongPress"),
        MultiFingerRule(
            row: 8, activity: .undecided, input: .groupFingerLifted, decision: .liftFinger,
            situation: "a finger lifts before any gesture began",
            outcome: "a tap when the last finger lifts within 300 ms, else nothing",
            test: "row8QuickLiftIsATap"),
        MultiFingerRule(
            row: 9, activity: .undecided, input: .everyRecognizerFailed,
            decision: .failGroup, situation: "moved a little, or held too long for a tap",
            outcome: "nothing", test: "row9NothingRecognizedIsNoGesture"),
        MultiFingerRule(
            row: 10, activity: .swipe, input: .groupFingerLifted, decision: .endGesture,
            situation: "a finger of a running swipe lifts", outcome: "swipe ended",
            test: "row10SwipeEndsAtTheFirstLift"),
        MultiFingerRule(
            row: 11, activity: .pinch, input: .groupFingerLifted, decision: .endGesture,
            situation: "a finger of a running pinch lifts", outcome: "pinch ended",
            test: "row11PinchEndsAtTheFirstLift"),
        MultiFingerRule(
            row: 12, activity: .longPress, input: .groupFingerLifted, decision: .endGesture,
            situation: "a finger of a running long-press lifts", outcome: "long-press ended",
            test: "row12LongPressEndsAtTheFirstLift"),
        MultiFingerRule(
            row: 13, activity: nil, input: .groupFingerCancelled, decision: .cancelGroup,
            situation: "a finger is cancelled (touch cancel, palm, unplug)",
            outcome: "the gesture is cancelled; nothing is recognized",
            test: "row13CancelOrPalmCancelsTheGesture"),
        MultiFingerRule(
            row: 14, activity: .swipe, input: .lateFingerDown, decision: .ignore,
            situation: "a finger lands during a swipe", outcome: "ignored",
            test: "row14RunningGesturesIgnoreNewFingers"),
        MultiFingerRule(
            row: 15, activity: .pinch, input: .lateFingerDown, decision: .ignore,
            situation: "a finger lands during a pinch", outcome: "ignored",
            test: "row14RunningGesturesIgnoreNewFingers"),
        MultiFingerRule(
            row: 16, activity: .longPress, input: .lateFingerDown, decision: .ignore,
            situation: "a finger lands during a long-press", outcome: "ignored",
            test: "row14RunningGesturesIgnoreNewFingers"),
        MultiFingerRule(
            row: 17, activity: .spent, input: .fingerDown, decision: .ignore,
            situation: "a finger lands while a spent group's fingers are down",
            outcome: "ignored until every finger lifts",
            test: "row17SpentGroupIgnoresFingersUntilAllLift"),
        MultiFingerRule(
            row: 18, activity: .spent, input: .lateFingerDown, decision: .ignore,
            situation: "a finger lands late while a spent group's fingers are down",
            outcome: "ignored until every finger lifts",
            test: "row17SpentGroupIgnoresFingersUntilAllLift"),
    ]

    /// The decision of the first rule that applies; nil when none does (a bug).
    static func decision(_ activity: MultiFingerActivity, _ input: MultiFingerInput)
        -> MultiFingerDecision?
    {
        MultiFingerRule.decision(in: rules, activity, input)
    }
}
