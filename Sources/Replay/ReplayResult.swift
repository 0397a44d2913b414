import ClearCore
import ClearSound
import GestureRecognition
import TouchInput

/// How a gesture ended.
public enum GestureOutcome: String, Hashable, Sendable {
    case recognized
    case cancelled
}

/// One gesture of a replay, from its begin to its end. Times count from the
/// recording's first event.
public struct ReplayedGesture: Hashable, Sendable {
    public var id: GestureID
    public var kind: GestureKind
    public var outcome: GestureOutcome
    public var startMicroseconds: Int64
    public var endMicroseconds: Int64
    /// The report that began the gesture and the one that ended it (absolute times),
    /// kept for pictures: where it began, where it ended.
    public var first: GestureEvent
    public var last: GestureEvent

    public init(
        id: GestureID, kind: GestureKind, outcome: GestureOutcome, startMicroseconds: Int64,
        endMicroseconds: Int64, first: GestureEvent, last: GestureEvent
    ) {
        self.id = id
        self.kind = kind
        self.outcome = outcome
        self.startMicroseconds = startMicroseconds
        self.endMicroseconds = endMicroseconds
        self.first = first
        self.last = last
    }
}

/// One action of a replay. `timeMicroseconds` counts from the recording's first event.
public struct ReplayedAction: Hashable, Sendable {
    public var timeMicroseconds: Int64
    public var kind: ActionKind
    public var index: Int
    /// `move`: the model index the item went to.
    public var to: Int?
    /// `clear-completed`: how many items went.
    public var count: Int?
    /// `.lists` for a list row's action at the lists level.
    public var on: ActionTarget?
    /// The page, theme or sound setting of `open-page`, `theme`, `sound`.
    public var detail: ActionDetail?
    /// The list right after the input event that caused the action.
    public var itemsAfter: [ExpectedItem]

    public init(
        timeMicroseconds: Int64, kind: ActionKind, index: Int, to: Int? = nil, count: Int? = nil,
        itemsAfter: [ExpectedItem] = [], on: ActionTarget? = nil, detail: ActionDetail? = nil
    ) {
        self.on = on
        self.detail = detail
        self.timeMicroseconds = timeMicroseconds
        self.kind = kind
        self.index = index
        self.to = to
        self.count = count
        self.itemsAfter = itemsAfter
    }

    /// The replayed action at `timeMicroseconds` (relative) as the core records one.
    public init(_ action: Action, timeMicroseconds: Int64, itemsAfter: [ExpectedItem] = []) {
        self.init(
            timeMicroseconds: timeMicroseconds, kind: action.kind, index: action.index,
            to: action.to, count: action.count, itemsAfter: itemsAfter, on: action.on,
            detail: action.detail)
    }

    /// The core's action (with this relative time).
    public var action: Action {
        Action(
            timeMicroseconds: timeMicroseconds, kind: kind, index: index, to: to, count: count,
            on: on, detail: detail)
    }

    /// `complete 2`, `move 3 → 5`, `clear-completed 4`.
    public var summary: String { action.summary }
}

/// A to-do item as files and JSON show it: its text and whether it is completed.
public struct ExpectedItem: Hashable, Sendable {
    public var text: String
    public var completed: Bool

    public init(text: String, completed: Bool = false) {
        self.text = text
        self.completed = completed
    }

    public init(_ item: TodoItem) {
        self.init(text: item.text, completed: item.completed)
    }
}

/// One contact's path through a replay, for pictures.
public struct TouchPath: Hashable, Sendable {
    public struct Sample: Hashable, Sendable {
        /// From the recording's first event.
        public var timeMicroseconds: Int64
        public var positionPixels: Point
        public var phase: TouchPhase
    }

    public var device: DeviceID
    public var seatSlot: Int
    public var samples: [Sample]

    /// True when the path ended with a cancel (palm, device removal) rather than a lift.
    public var wasCancelled: Bool { samples.last?.phase == .cancel }
}

/// One list as replay's JSON shows it: its title, whether it is completed, its items.
public struct ExpectedList: Hashable, Sendable {
    public var title: String
    public var completed: Bool
    public var items: [ExpectedItem]

    public init(title: String, completed: Bool = false, items: [ExpectedItem] = []) {
        self.title = title
        self.completed = completed
        self.items = items
    }

    public init(_ list: TitledList) {
        self.init(
            title: list.title, completed: list.completed,
            items: list.list.items.map(ExpectedItem.init))
    }
}

/// Everything a replay produced.
public struct ReplayResult: Hashable, Sendable {
    /// The level shown at the end.
    public var level: Level = .items
    /// The index of the open list (or of the last list open) at the end; nil when none.
    public var openList: Int? = 0
    /// The lists at the end, in display order.
    public var lists: [ExpectedList] = []
    /// The lists before the first event when they were more than the one list `To Do`
    /// (`initialItems` are then the open list's items); nil otherwise.
    public var initialLists: [ExpectedList]?
    /// The open list before the first event, with `initialLists`.
    public var initialOpenList: Int?

    public var gestures: [ReplayedGesture]
    public var actions: [ReplayedAction]
    public var items: [ExpectedItem]
    /// The model index being edited at the end, if any.
    public var editing: Int?
    /// The list before the first event.
    public var initialItems: [ExpectedItem]
    public var screen: ScreenSize
    public var rowHeightPixels: Double
    /// Number of input events fed to the session.
    public var eventCount: Int
    /// Time of the last event, from the first one.
    public var durationMicroseconds: Int64
    /// Contact paths; empty unless the replay was asked to keep them.
    public var touchPaths: [TouchPath]
    /// What was on screen before the first event; nil unless paths were kept.
    public var initialPresentation: Presentation?
    /// The name of the theme at the end (`"theme"` in the JSON, docs/themes.md).
    public var themeName = Theme.heat.name
    /// What the reader warned about (a truncated last line, an ignored `--desc`): every
    /// command shows them on stderr.
    public var warnings: [ReplayError] = []
    /// The sound setting at the end: off with `--sound off`, else as the Settings page
    /// left it (`sounds` has nothing from while it was off).
    public var soundOn = true
    /// What sounded, by time from the first event: each action's sound and, when the
    /// harness watched for them, the threshold ticks (docs/sound.md).
    public var sounds: [SoundCue] = []
    /// Every decision against a threshold, in order, when the harness was asked to
    /// observe them (`observesDecisions`, `cleartouch test --margins`); empty otherwise.
    public var decisions: [ThresholdDecision] = []

    public init(
        gestures: [ReplayedGesture] = [], actions: [ReplayedAction] = [],
        items: [ExpectedItem] = [],
        editing: Int? = nil, initialItems: [ExpectedItem] = [], screen: ScreenSize = .defaultKiosk,
        rowHeightPixels: Double = 169, eventCount: Int = 0, durationMicroseconds: Int64 = 0,
        touchPaths: [TouchPath] = [], initialPresentation: Presentation? = nil
    ) {
        self.gestures = gestures
        self.actions = actions
        self.items = items
        self.editing = editing
        self.initialItems = initialItems
        self.screen = screen
        self.rowHeightPixels = rowHeightPixels
        self.eventCount = eventCount
        self.durationMicroseconds = durationMicroseconds
        self.touchPaths = touchPaths
        self.initialPresentation = initialPresentation
    }
}

extension ReplayedGesture {
    /// `#3` for touchscreen gestures, `#tp3` for those mapped from a touchpad (their ids
    /// start at `ClearSession.touchpadGestureIDBase`).
    public var label: String {
        id.rawValue >= ClearSession.touchpadGestureIDBase
            ? "#tp\(id.rawValue - ClearSession.touchpadGestureIDBase)" : id.description
    }
}
