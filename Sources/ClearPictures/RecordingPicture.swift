import ClearCore
import GestureRecognition
import TouchInput

/// What the picture of a replayed recording shows (`RecordingPictureRenderer` draws it):
/// the list at the start, every contact's path, every gesture with what it caused, and
/// the final list. A plain description, filled by whoever replayed the recording.
public struct RecordingPicture: Hashable, Sendable {
    /// One contact's path, times from the recording's first event.
    public struct Contact: Hashable, Sendable {
        /// One position of the contact.
        public struct Sample: Hashable, Sendable {
            /// From the recording's first event.
            public var timeMicroseconds: Int64
            /// Where the contact was, in screen pixels.
            public var positionPixels: Point
            /// `.down` first, `.up` or `.cancel` last when the contact ended.
            public var phase: TouchPhase

            /// A sample at `timeMicroseconds`.
            public init(timeMicroseconds: Int64, positionPixels: Point, phase: TouchPhase) {
                self.timeMicroseconds = timeMicroseconds
                self.positionPixels = positionPixels
                self.phase = phase
            }
        }

        /// The contact's multitouch slot on its seat (shown in the marks' notes).
        public var seatSlot: Int
        /// Its positions in time order.
        public var samples: [Sample]

        /// A contact with its samples.
        public init(seatSlot: Int, samples: [Sample]) {
            self.seatSlot = seatSlot
            self.samples = samples
        }
    }

    /// One gesture from its begin to its end.
    public struct Gesture: Hashable, Sendable {
        /// What kind of gesture it was.
        public var kind: GestureKind
        /// Its id as the timeline writes it (`#3`, `#tp1`).
        public var label: String
        /// Whether it was cancelled rather than ended.
        public var wasCancelled: Bool
        /// From the recording's first event.
        public var startMicroseconds: Int64
        /// The report that began it.
        public var first: GestureEvent
        /// The report that ended it.
        public var last: GestureEvent
        /// The actions it caused (`complete 1`), in order.
        public var actions: [String]

        /// A gesture and what it caused.
        public init(
            kind: GestureKind, label: String, wasCancelled: Bool, startMicroseconds: Int64,
            first: GestureEvent,
            last: GestureEvent, actions: [String]
        ) {
            self.kind = kind
            self.label = label
            self.wasCancelled = wasCancelled
            self.startMicroseconds = startMicroseconds
            self.first = first
            self.last = last
            self.actions = actions
        }
    }

    /// An item of the final list.
    public struct Item: Hashable, Sendable {
        /// The item's text.
        public var text: String
        /// Whether it is completed.
        public var completed: Bool

        /// An item.
        public init(text: String, completed: Bool) {
            self.text = text
            self.completed = completed
        }
    }

    /// Shown at the top of the panel (the recording's name).
    public var title: String
    /// The screen the recording was replayed on.
    public var screen: ScreenSize
    /// H, the row height in pixels.
    public var rowHeightPixels: Double
    /// Number of input events replayed.
    public var eventCount: Int
    /// Time of the last event, from the first one.
    public var durationMicroseconds: Int64
    /// The rows on screen before the first event.
    public var initialRows: [RowPresentation]
    /// Every contact's path.
    public var contacts: [Contact]
    /// The gestures in the order they began.
    public var gestures: [Gesture]
    /// The list at the end.
    public var finalItems: [Item]
    /// The screen below the rows (the replay's theme).
    public var backgroundColor: RGBColor
    /// The rows' text (the replay's theme).
    public var textColor: RGBColor

    /// A picture of a replay.
    public init(
        title: String, screen: ScreenSize, rowHeightPixels: Double, eventCount: Int,
        durationMicroseconds: Int64, initialRows: [RowPresentation], contacts: [Contact],
        gestures: [Gesture], finalItems: [Item], backgroundColor: RGBColor = .black,
        textColor: RGBColor = .white
    ) {
        self.backgroundColor = backgroundColor
        self.textColor = textColor
        self.title = title
        self.screen = screen
        self.rowHeightPixels = rowHeightPixels
        self.eventCount = eventCount
        self.durationMicroseconds = durationMicroseconds
        self.initialRows = initialRows
        self.contacts = contacts
        self.gestures = gestures
        self.finalItems = finalItems
    }
}
