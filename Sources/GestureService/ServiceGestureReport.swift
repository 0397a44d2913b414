import GestureRecognition
import TouchInput

/// What the gesture service says about one gesture at one moment: the JSON of
/// `cleartouch gestures --replay --json`, the D-Bus signals and the bound commands are all
/// made from these (docs/product-decisions.md, "Decisions for the gesture service").
public struct ServiceGestureReport: Hashable, Sendable {
    /// The kinds the service recognizes: the multi-finger recognizer's own enum, so a
    /// new kind is declared once. Raw values are the names in the configuration, the JSON
    /// and the D-Bus signals.
    public typealias Kind = MultiFingerGestureKind

    /// Directions on the upright screen (after `--rotate`): swipes and edge swipes move
    /// up, down, left or right; pinches go in (fingers closer) or out. The recognizer's
    /// enum.
    public typealias Direction = MultiFingerDirection

    /// The screen edge an edge swipe starts from, on the upright screen. The recognizer's
    /// enum.
    public typealias Edge = ScreenEdge

    /// Where the gesture is: the three D-Bus signals.
    public enum Phase: Hashable, Sendable {
        /// `GestureBegan`: the gesture is recognized (a tap's only report is `ended`).
        case began
        /// `GestureUpdated`: `progress` is 0 to 1 of the distance the gesture needs.
        case updated(progress: Double)
        /// `GestureEnded`: the last report; `cancelled` for a touch cancel, a palm, an
        /// unplug, or a gesture that did not reach its distance.
        case ended(cancelled: Bool)
    }

    /// Which gesture this report belongs to: the same from its begin to its end, and
    /// increasing in the order gestures begin.
    public var id: Int
    public var kind: Kind
    /// 1 to 5.
    public var fingers: Int
    /// Nil for taps and long-presses.
    public var direction: Direction?
    /// Nil except for edge swipes.
    public var edge: Edge?
    public var phase: Phase
    /// When the gesture began (its first finger down), event time.
    public var startMicroseconds: Int64
    /// The event time of this report.
    public var timeMicroseconds: Int64
    /// The name of the configured binding the gesture matches, nil when none.
    public var binding: String?
    /// The binding's command (argv, never run through a shell); run once, when a
    /// recognized (not cancelled) gesture ends.
    public var command: [String]?

    /// Collects a report.
    public init(
        id: Int, kind: Kind, fingers: Int, direction: Direction?, edge: Edge?, phase: Phase,
        startMicroseconds: Int64, timeMicroseconds: Int64, binding: String? = nil,
        command: [String]? = nil
    ) {
        self.id = id
        self.kind = kind
        self.fingers = fingers
        self.direction = direction
        self.edge = edge
        self.phase = phase
        self.startMicroseconds = startMicroseconds
        self.timeMicroseconds = timeMicroseconds
        self.binding = binding
        self.command = command
    }
}

/// Turns input into service reports: what the live service, the replay and the tests
/// all drive. Time comes only from the events (and `advance`, for long-press timers).
public protocol GestureReporting {
    /// Handles one input event; appends what it decided to `reports`, in order.
    mutating func handle(_ event: InputEvent, into reports: inout [ServiceGestureReport])
    /// Event time passed with no input (timers fire); appends to `reports`.
    mutating func advance(toMicroseconds time: Int64, into reports: inout [ServiceGestureReport])
    /// The earliest event time at which `advance` can report or decide anything, nil while
    /// nothing waits for time: a live loop sleeps until then.
    var nextDeadlineMicroseconds: Int64? { get }
    /// Ends every gesture under way, cancelled (its `ended` report appended, no command):
    /// what a reporter's owner calls before it stops feeding it, at the end of a recording,
    /// before a reload replaces it, before an exit.
    mutating func cancelAll(into reports: inout [ServiceGestureReport])
}
