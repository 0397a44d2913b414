import TouchInput

/// Identifies one recognized gesture from its begin to its end. Ids increase in the
/// order gestures begin, so they are stable across replays of the same input.
public struct GestureID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The id's number: the arena counts from 1.
    public var rawValue: Int

    /// Wraps a number as an id.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Earlier-begun gestures have smaller ids.
    public static func < (lhs: GestureID, rhs: GestureID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// "#" and the number, e.g. "#3".
    public var description: String { "#\(rawValue)" }
}

/// The gestures ClearTouch recognizes. Raw values are the names used in files and JSON.
public enum GestureKind: String, Hashable, Sendable, CaseIterable {
    /// A horizontal one-finger pan on a row (Clear's swipe to complete or delete).
    case pan
    /// A downward vertical drag that started with the list at its top.
    case pull
    /// Two fingers moving relative to each other.
    case pinch
    /// A quick touch lifted where it went down.
    case tap
    /// A touch held still for a while.
    case longPress = "long-press"
    /// A vertical one-finger drag that moves the list.
    case scroll
}

/// A reported gesture's state: the states of UIKit's `UIGestureRecognizer.State` that
/// reach clients (a recognizer's possible and failed states stay inside it).
///
/// Continuous gestures (pan, pull, pinch, scroll, long-press) report
/// `began`, then `changed` on every frame that moves them, then exactly one of
/// `ended` or `cancelled`. Discrete gestures (tap) report a single `ended`
/// ("recognized"). Raw values are the names used in files and JSON.
public enum GestureState: String, Hashable, Sendable, CaseIterable {
    /// The first report of a continuous gesture.
    case began
    /// A report of a continuous gesture between its begin and its end.
    case changed
    /// The gesture finished normally (its touch lifted); a tap's only report.
    case ended
    /// The gesture was called off: its touch was cancelled, its device removed, or
    /// another gesture took its touch. Clients undo what it did.
    case cancelled

    /// True for `ended` and `cancelled`: the last event of a gesture.
    public var isFinal: Bool { self == .ended || self == .cancelled }

    /// True when a gesture may report `next` right after reporting `self` (UIKit's
    /// order: began, changed…, then one of ended or cancelled).
    public func canBeFollowed(by next: GestureState) -> Bool {
        switch (self, next) {
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }
}

/// Values of a one-finger pan (horizontal row pan) or vertical drag (scroll).
public struct PanValues: Hashable, Sendable {
    /// Where the finger went down, in screen pixels.
    public var startPixels: Point
    /// Where the finger is now, in screen pixels.
    public var locationPixels: Point
    /// Current position minus start position, in pixels.
    public var translationPixels: Point
    /// Estimated finger velocity over the recent samples, in pixels per second.
    public var velocityPixelsPerSecond: Point

    /// Collects the values of a drag report.
    public init(
        startPixels: Point, locationPixels: Point, translationPixels: Point,
        velocityPixelsPerSecond: Point
    ) {
        self.startPixels = startPixels
        self.locationPixels = locationPixels
        self.translationPixels = translationPixels
        self.velocityPixelsPerSecond = velocityPixelsPerSecond
    }
}

/// Values of a pull: a vertical drag that began with the list at its top.
public struct PullValues: Hashable, Sendable {
    /// The vertical drag itself: start, location, translation and velocity.
    public var drag: PanValues
    /// How far the list is pulled past its top, in pixels (−scroll offset).
    /// Negative only in the event that abandons the pull.
    public var pullDistancePixels: Double

    /// Collects the values of a pull report.
    public init(drag: PanValues, pullDistancePixels: Double) {
        self.drag = drag
        self.pullDistancePixels = pullDistancePixels
    }
}

/// Values of a two-finger pinch.
public struct PinchValues: Hashable, Sendable {
    /// The touch with the smaller y at the start, and where it started.
    public var upperStartPixels: Point
    /// Where the upper touch is now.
    public var upperPixels: Point
    /// The touch with the larger y at the start, and where it started.
    public var lowerStartPixels: Point
    /// Where the lower touch is now.
    public var lowerPixels: Point
    /// Clear's spread: −min(0, min(Δupper, Δlower)), never negative (docs/clear-rules.md §1.3).
    public var spreadDeltaPixels: Double
    /// Clear's gap: 2 · spread.
    public var gapPixels: Double
    /// Current span over the span at the start.
    public var scale: Double
    /// Mid-point of the two touches.
    public var centroidPixels: Point
    /// Distance between the two touches.
    public var spanPixels: Double

    /// Collects the values of a pinch report.
    public init(
        upperStartPixels: Point, upperPixels: Point, lowerStartPixels: Point, lowerPixels: Point,
        spreadDeltaPixels: Double, gapPixels: Double, scale: Double, centroidPixels: Point,
        spanPixels: Double
    ) {
        self.upperStartPixels = upperStartPixels
        self.upperPixels = upperPixels
        self.lowerStartPixels = lowerStartPixels
        self.lowerPixels = lowerPixels
        self.spreadDeltaPixels = spreadDeltaPixels
        self.gapPixels = gapPixels
        self.scale = scale
        self.centroidPixels = centroidPixels
        self.spanPixels = spanPixels
    }
}

/// The kind-specific values of a gesture event; its case is the gesture's kind.
public enum GestureValues: Hashable, Sendable {
    /// A horizontal row pan.
    case pan(PanValues)
    /// A vertical drag that moves the list.
    case scroll(PanValues)
    /// A downward drag with the list at its top.
    case pull(PullValues)
    /// Two fingers.
    case pinch(PinchValues)
    /// Where the tap happened, in screen pixels.
    case tap(locationPixels: Point)
    /// Where the long-press is, in screen pixels.
    case longPress(locationPixels: Point)

    /// The gesture these values belong to.
    public var kind: GestureKind {
        switch self {
        case .pan: .pan
        case .scroll: .scroll
        case .pull: .pull
        case .pinch: .pinch
        case .tap: .tap
        case .longPress: .longPress
        }
    }
}

/// One report of a gesture: its begin, a change, or its end.
public struct GestureEvent: Hashable, Sendable {
    /// Which gesture this reports on; the same from its begin to its end.
    public var id: GestureID
    /// Where the gesture is in its life.
    public var state: GestureState
    /// The event time of the input that caused this report, in microseconds.
    public var timeMicroseconds: Int64
    /// The gesture's values; their case is the gesture's kind.
    public var values: GestureValues

    /// The gesture's kind, from its values.
    public var kind: GestureKind { values.kind }

    /// Collects one report.
    public init(id: GestureID, state: GestureState, timeMicroseconds: Int64, values: GestureValues)
    {
        self.id = id
        self.state = state
        self.timeMicroseconds = timeMicroseconds
        self.values = values
    }
}

/// Which reports of a one-finger drag (`pan`, `scroll`, `pull`) carry the finger's velocity
/// (`PanValues.velocityPixelsPerSecond`, a least-squares fit over the recent samples).
public enum DragVelocityReports: Hashable, Sendable {
    /// Every report: `began`, `changed`, `ended` and `cancelled`.
    case everyReport
    /// Only the final report (`ended` or `cancelled`: the release velocity); the `began`
    /// and `changed` reports carry zero. A final report's velocity is the same as with
    /// `everyReport`.
    case finalReportsOnly
}
