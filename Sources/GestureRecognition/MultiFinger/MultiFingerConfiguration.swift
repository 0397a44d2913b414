/// Every threshold of the multi-finger recognizers (`MultiFingerGestureArena`), units in
/// the names. Distances are on the upright screen in millimetres; the defaults and their
/// sources are in docs/gesture-service.md, "Thresholds".
public struct MultiFingerConfiguration: Hashable, Sendable {
    /// A finger landing less than this long after a gesture's first joins it, as long as
    /// the group has not started to move (`fingerGroupingMotionMillimetres`): people's
    /// fingers land over a spread of time. A finger landing once the group has closed
    /// makes the set of touches no gesture (or is ignored by a gesture under way).
    public var fingerGroupingMicroseconds: Int64
    /// The group has really started to move once one of its fingers is further than this
    /// from where it landed: no finger joins after that. A swipe or pinch begins only once
    /// the group has closed (this motion, the grouping time or a fifth finger), so its
    /// finger count is fixed before it begins.
    public var fingerGroupingMotionMillimetres: Double
    /// How far a finger may move and still count as resting (taps and long-presses).
    public var slopMillimetres: Double
    /// A tap: every finger lifted within the slop at most this long after the first went down.
    public var tapMaximumDurationMicroseconds: Int64
    /// A long-press begins once every finger has stayed within the slop this long after
    /// the first went down.
    public var longPressMinimumDurationMicroseconds: Int64
    /// A swipe begins once the fingers' centroid has moved further than this (and further
    /// than their spread changed).
    public var swipeBeginMillimetres: Double
    /// A pinch begins once the fingers' spread has changed more than this (and more than
    /// the centroid moved).
    public var pinchBeginMillimetres: Double
    /// A swipe is an edge swipe when it starts within this distance of the screen edge it
    /// moves away from.
    public var edgeZoneMillimetres: Double
    /// The screen density assumed for a device that does not give its size.
    public var assumedPixelsPerMillimetre: Double
    /// The most touches the arena tracks at once (further downs are ignored).
    public var maximumSimultaneousTouches: Int

    /// The most fingers one gesture has.
    public static let maximumFingers = 5

    /// Thresholds with the documented defaults for every one not given.
    public init(
        fingerGroupingMicroseconds: Int64 = 150_000,
        fingerGroupingMotionMillimetres: Double = 10,
        slopMillimetres: Double = 2,
        tapMaximumDurationMicroseconds: Int64 = 300_000,
        longPressMinimumDurationMicroseconds: Int64 = 500_000,
        swipeBeginMillimetres: Double = 2,
        pinchBeginMillimetres: Double = 2,
        edgeZoneMillimetres: Double = 5,
        assumedPixelsPerMillimetre: Double = 96 / 25.4,
        maximumSimultaneousTouches: Int = 32
    ) {
        self.fingerGroupingMicroseconds = fingerGroupingMicroseconds
        self.fingerGroupingMotionMillimetres = fingerGroupingMotionMillimetres
        self.slopMillimetres = slopMillimetres
        self.tapMaximumDurationMicroseconds = tapMaximumDurationMicroseconds
        self.longPressMinimumDurationMicroseconds = longPressMinimumDurationMicroseconds
        self.swipeBeginMillimetres = swipeBeginMillimetres
        self.pinchBeginMillimetres = pinchBeginMillimetres
        self.edgeZoneMillimetres = edgeZoneMillimetres
        self.assumedPixelsPerMillimetre = assumedPixelsPerMillimetre
        self.maximumSimultaneousTouches = maximumSimultaneousTouches
    }

    /// The documented defaults: fingers grouped until 150 ms or 10 mm of motion, 2 mm slop, 300 ms tap, 500 ms
    /// long-press, 2 mm to begin a swipe or a pinch, a 5 mm edge zone, 96 px per inch
    /// when the size is unknown, 32 touches.
    public static let standard = MultiFingerConfiguration()
}
