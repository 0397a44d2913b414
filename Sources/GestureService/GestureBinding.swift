/// One entry of the gesture service's configuration: a gesture and what it is called,
/// with an optional distance and command (docs/gesture-service.md, "Configuration").
public struct GestureBinding: Hashable, Sendable {
    /// Reported with the gesture; unique in a configuration.
    public var name: String
    public var kind: ServiceGestureReport.Kind
    /// 1 to 5 (pinch: 2 to 5).
    public var fingers: Int
    /// Swipes and edge swipes: up, down, left, right; pinches: in, out; nil otherwise.
    public var direction: ServiceGestureReport.Direction?
    /// Edge swipes only: the edge they start from.
    public var edge: ServiceGestureReport.Edge?
    /// Swipes, edge swipes and pinches: the travel (a pinch: the change of spread) the
    /// gesture needs, in millimetres; nil: the default (`defaultDistanceMillimetres`).
    public var distanceMillimetres: Double?
    /// Run without a shell when the gesture is recognized; nil: none.
    public var command: [String]?
    /// Where the binding starts in its file (1-based).
    public var line: Int

    /// Collects a binding.
    public init(
        name: String, kind: ServiceGestureReport.Kind, fingers: Int,
        direction: ServiceGestureReport.Direction? = nil, edge: ServiceGestureReport.Edge? = nil,
        distanceMillimetres: Double? = nil, command: [String]? = nil, line: Int = 0
    ) {
        self.name = name
        self.kind = kind
        self.fingers = fingers
        self.direction = direction
        self.edge = edge
        self.distanceMillimetres = distanceMillimetres
        self.command = command
        self.line = line
    }

    /// The travel a swipe or edge swipe needs when its binding gives none (or no binding
    /// matches): GNOME Shell's edge drag distance, 80 logical pixels (about 21 mm at
    /// 96 px per inch), rounded.
    public static let defaultSwipeDistanceMillimetres = 20.0
    /// The change of spread a pinch needs when its binding gives none.
    public static let defaultPinchDistanceMillimetres = 20.0

    /// The distance a gesture of `kind` needs without a `distance_mm`; nil for taps and
    /// long-presses, which have none.
    public static func defaultDistanceMillimetres(for kind: ServiceGestureReport.Kind)
        -> Double?
    {
        switch kind {
        case .swipe, .edgeSwipe: defaultSwipeDistanceMillimetres
        case .pinch: defaultPinchDistanceMillimetres
        case .tap, .longPress: nil
        }
    }

    /// The distance this binding's gesture needs; nil for taps and long-presses.
    public var requiredDistanceMillimetres: Double? {
        Self.defaultDistanceMillimetres(for: kind).map { distanceMillimetres ?? $0 }
    }

    /// True when a gesture of this kind, finger count, direction and edge is this binding's.
    public func matches(
        _ kind: ServiceGestureReport.Kind, fingers: Int,
        direction: ServiceGestureReport.Direction?, edge: ServiceGestureReport.Edge?
    ) -> Bool {
        self.kind == kind && self.fingers == fingers && self.direction == direction
            && self.edge == edge
    }
}
