import GestureRecognition
import TouchInput

/// The gesture service's recognition: a `MultiFingerGestureArena` fed with input, its
/// gestures matched against the configuration's bindings, each binding's distance
/// applied. Every recognized gesture is reported, bound or not (docs/gesture-service.md).
///
/// - Swipes, edge swipes and pinches report `began`, `updated` with the progress (0 to 1
///   of the distance their binding needs, else the default), then `ended`: cancelled
///   when the gesture did not reach its distance, or its touches were cancelled (touch
///   cancel, palm, unplug).
/// - Long-presses report `began` and `ended`; taps only `ended`.
/// - A report carries its binding's name when a binding matches; the binding's command
///   only on the `ended` report of a recognized (not cancelled) gesture, so whoever runs
///   commands runs exactly the ones it is given.
public struct GestureService: GestureReporting {
    /// The bindings; replace them between gestures (a reload) with `reload(_:)`.
    public private(set) var configuration: GestureServiceConfiguration
    private var arena: MultiFingerGestureArena
    /// The gesture under way: the arena runs one at a time.
    private var current: (id: GestureID, binding: GestureBinding?, distance: Double?)?

    /// A service with `configuration`'s bindings and the recognizers' `thresholds`.
    public init(
        configuration: GestureServiceConfiguration,
        thresholds: MultiFingerConfiguration = .standard
    ) {
        self.configuration = configuration
        arena = MultiFingerGestureArena(configuration: thresholds)
    }

    /// New bindings (SIGHUP). A gesture under way keeps the binding it began with.
    public mutating func reload(_ configuration: GestureServiceConfiguration) {
        self.configuration = configuration
    }

    public mutating func handle(_ event: InputEvent, into reports: inout [ServiceGestureReport]) {
        arena.handle(event)
        translate(arena.events, into: &reports)
    }

    public mutating func advance(
        toMicroseconds time: Int64, into reports: inout [ServiceGestureReport]
    ) {
        arena.advance(toMicroseconds: time)
        translate(arena.events, into: &reports)
    }

    public mutating func cancelAll(into reports: inout [ServiceGestureReport]) {
        arena.cancelEveryTouch()
        translate(arena.events, into: &reports)
    }

    private mutating func translate(
        _ events: [MultiFingerGestureEvent], into reports: inout [ServiceGestureReport]
    ) {
        for event in events { reports.append(report(event)) }
    }

    private mutating func report(_ event: MultiFingerGestureEvent) -> ServiceGestureReport {
        let kind = Self.kind(event.kind)
        let direction = event.direction.map(Self.direction)
        let edge = event.edge.map(Self.edge)
        if current?.id != event.id {
            let binding = configuration.binding(
                for: kind, fingers: event.fingers, direction: direction, edge: edge)
            current = (
                event.id, binding,
                binding?.requiredDistanceMillimetres
                    ?? GestureBinding.defaultDistanceMillimetres(for: kind)
            )
        }
        let binding = current?.binding
        let distance = current?.distance
        let reached = distance.map { event.travelMillimetres >= $0 } ?? true
        let phase: ServiceGestureReport.Phase
        switch event.state {
        case .began: phase = .began
        case .changed:
            phase = .updated(progress: distance.map { min(1, event.travelMillimetres / $0) } ?? 1)
        case .ended: phase = .ended(cancelled: !reached)
        case .cancelled: phase = .ended(cancelled: true)
        }
        var command: [String]?
        if case .ended(cancelled: false) = phase { command = binding?.command }
        if event.state.isFinal { current = nil }
        return ServiceGestureReport(
            id: event.id.rawValue, kind: kind, fingers: event.fingers, direction: direction,
            edge: edge, phase: phase, startMicroseconds: event.startMicroseconds,
            timeMicroseconds: event.timeMicroseconds, binding: binding?.name, command: command)
    }

    static func kind(_ kind: MultiFingerGestureKind) -> ServiceGestureReport.Kind {
        switch kind {
        case .swipe: .swipe
        case .edgeSwipe: .edgeSwipe
        case .pinch: .pinch
        case .tap: .tap
        case .longPress: .longPress
        }
    }

    static func direction(_ direction: MultiFingerDirection) -> ServiceGestureReport.Direction {
        switch direction {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .in: .in
        case .out: .out
        }
    }

    static func edge(_ edge: ScreenEdge) -> ServiceGestureReport.Edge {
        switch edge {
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        }
    }
}
