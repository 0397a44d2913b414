import TouchInput

/// What `MultiFingerGestureArena` recognizes.
public enum MultiFingerGestureKind: String, Hashable, Sendable, CaseIterable {
    /// 1 to 5 fingers moving together.
    case swipe
    /// A swipe that starts at the screen edge it moves away from.
    case edgeSwipe = "edge-swipe"
    /// 2 to 5 fingers moving closer together or further apart.
    case pinch
    /// 1 to 5 fingers lifted quickly where they went down.
    case tap
    /// 1 to 5 fingers held still.
    case longPress = "long-press"
}

/// Which way a swipe or pinch goes, on the upright screen.
public enum MultiFingerDirection: String, Hashable, Sendable, CaseIterable {
    case up, down, left, right
    /// The fingers closer together.
    case `in`
    /// The fingers further apart.
    case out
}

/// An edge of the upright screen.
public enum ScreenEdge: String, Hashable, Sendable, CaseIterable {
    case top, bottom, left, right
}

/// One report of a multi-finger gesture. Continuous gestures (swipe, edge swipe, pinch,
/// long-press) report `began`, `changed`… and one of `ended` or `cancelled`; a tap
/// reports a single `ended`.
public struct MultiFingerGestureEvent: Hashable, Sendable {
    /// The same for every report of one gesture; ids increase in begin order from 1.
    public var id: GestureID
    public var kind: MultiFingerGestureKind
    public var state: GestureState
    /// The number of fingers in the gesture, 1 to 5.
    public var fingers: Int
    /// Swipes, edge swipes and pinches; nil for taps and long-presses.
    public var direction: MultiFingerDirection?
    /// Edge swipes only: the edge they start from.
    public var edge: ScreenEdge?
    /// When the gesture's first finger went down (event time).
    public var startMicroseconds: Int64
    /// The event time of this report.
    public var timeMicroseconds: Int64
    /// How far the gesture has gone in its direction, in millimetres on the upright
    /// screen: a swipe's travel, a pinch's change of spread; never negative; 0 for taps
    /// and long-presses.
    public var travelMillimetres: Double

    /// Collects a report.
    public init(
        id: GestureID, kind: MultiFingerGestureKind, state: GestureState, fingers: Int,
        direction: MultiFingerDirection?, edge: ScreenEdge?, startMicroseconds: Int64,
        timeMicroseconds: Int64, travelMillimetres: Double
    ) {
        self.id = id
        self.kind = kind
        self.state = state
        self.fingers = fingers
        self.direction = direction
        self.edge = edge
        self.startMicroseconds = startMicroseconds
        self.timeMicroseconds = timeMicroseconds
        self.travelMillimetres = travelMillimetres
    }
}
