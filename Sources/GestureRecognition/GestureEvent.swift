import TouchInput

/// Identifies one recognized gesture from its begin to its end. Ids increase in the
/// order gestures begin, so they are stable across replays of the same input.
public struct GestureID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: GestureID, rhs: GestureID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// The gestures ClearTouch recognizes. Raw values are the names used in files and JSON.
public enum GestureKind: String, Hashable, Sendable, CaseIterable {
    /// A horizontal one-finger pan on a row (Clear's swipe to complete or delete).
    case pan
    /// A downward vertical drag that started with the list at its top.
    case pull
    /// Two fingers.
    case pinch
    case tap
    case longPress = "long-press"
    /// A vertical one-finger drag that moves the list.
    case scroll
}

/// A gesture's state, as UIKit's `UIGestureRecognizer.State`.
///
/// Continuous gestures (pan, pull, pinch, scroll, long-press) report
/// `began`, then `changed` on every frame that moves them, then exactly one of
/// `ended` or `cancelled`. Discrete gestures (tap) report a single `ended`
/// ("recognized"). `possible` and `failed` are internal to recognizers and
/// never reported.
public enum GestureState: String, Hashable, Sendable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed

    /// True for `ended` and `cancelled`: the last event of a gesture.
    public var isFinal: Bool { self == .ended || self == .cancelled }
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
    public var drag: PanValues
    /// How far the list is pulled past its top, in pixels (−scroll offset).
    /// Negative only in the event that abandons the pull.
    public var pullDistancePixels: Double

    public init(drag: PanValues, pullDistancePixels: Double) {
        self.drag = drag
        self.pullDistancePixels = pullDistancePixels
    }
}

/// Values of a two-finger pinch.
public struct PinchValues: Hashable, Sendable {
    /// The touch with the smaller y at the start, and where it started.
    public var upperStartPixels: Point
    public var upperPixels: Point
    /// The touch with the larger y at the start, and where it started.
    public var lowerStartPixels: Point
    public var lowerPixels: Point
    /// Clear's spread: −min(0, min(Δupper, Δlower)), never negative (clear-spec §1.3).
    public var spreadDeltaPixels: Double
    /// Clear's gap: 2 · spread.
    public var gapPixels: Double
    /// Current span over the span at the start.
    public var scale: Double
    /// Mid-point of the two touches.
    public var centroidPixels: Point
    /// Distance between the two touches.
    public var spanPixels: Double

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

/// The kind-specific values of a gesture event.
public enum GestureValues: Hashable, Sendable {
    case pan(PanValues)
    case scroll(PanValues)
    case pull(PullValues)
    case pinch(PinchValues)
    /// Where the tap or long-press happened, in screen pixels.
    case tap(locationPixels: Point)
    case longPress(locationPixels: Point)
}

/// One report of a gesture: its begin, a change, or its end.
public struct GestureEvent: Hashable, Sendable {
    public var id: GestureID
    public var kind: GestureKind
    public var state: GestureState
    /// The event time of the input that caused this report, in microseconds.
    public var timeMicroseconds: Int64
    public var values: GestureValues

    public init(
        id: GestureID, kind: GestureKind, state: GestureState, timeMicroseconds: Int64,
        values: GestureValues
    ) {
        self.id = id
        self.kind = kind
        self.state = state
        self.timeMicroseconds = timeMicroseconds
        self.values = values
    }
}
