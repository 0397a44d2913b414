import GestureRecognition
import TouchInput

/// The gesture service's recognition: a `MultiFingerGestureArena` fed with input, its
/// gestures matched against the configuration's bindings, each binding's distance
/// applied. Every recognized gesture is reported, bound or not (docs/gesture-service.md).
///
/// - Swipes, edge swipes and pinches report `began`, `updated` with the progress, then
///   `ended`: cancelled when the gesture did not reach its distance (its binding's, else
///   the default), or its touches were cancelled (touch cancel, palm, unplug). Progress
///   follows the fingers: 0 where the gesture began, growing with its travel, exactly 1
///   at its distance (`progress(travel:)`); an update that would repeat the progress
///   before it is not reported (a client learns nothing from it).
/// - Long-presses report `began` and `ended`; taps only `ended`.
/// - A report carries its binding's name when a binding matches; the binding's command
///   only on the `ended` report of a recognized (not cancelled) gesture, so whoever runs
///   commands runs exactly the ones it is given.
public struct GestureService: GestureReporting {
    /// The bindings; replace them between gestures (a reload) with `reload(_:)`.
    public private(set) var configuration: GestureServiceConfiguration
    private var arena: MultiFingerGestureArena
    /// The gesture under way (the arena runs one at a time): its binding, the distance
    /// that recognizes it and its travel when it began, in millimetres.
    private var current:
        (
            id: GestureID, binding: GestureBinding?, distance: Double?, beganTravel: Double,
            lastProgress: Double?
        )?

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

    public var nextDeadlineMicroseconds: Int64? { arena.nextDeadlineMicroseconds }

    public mutating func cancelAll(into reports: inout [ServiceGestureReport]) {
        arena.cancelEveryTouch()
        translate(arena.events, into: &reports)
    }

    private mutating func translate(
        _ events: [MultiFingerGestureEvent], into reports: inout [ServiceGestureReport]
    ) {
        for event in events {
            if let report = report(event) { reports.append(report) }
        }
    }

    /// The report of `event`; nil for an update whose progress is the last one's.
    private mutating func report(_ event: MultiFingerGestureEvent) -> ServiceGestureReport? {
        if current?.id != event.id {
            let binding = configuration.binding(
                for: event.kind, fingers: event.fingers, direction: event.direction,
                edge: event.edge)
            current = (
                event.id, binding,
                binding?.requiredDistanceMillimetres
                    ?? GestureBinding.defaultDistanceMillimetres(for: event.kind),
                event.travelMillimetres, nil
            )
        }
        let binding = current?.binding
        let distance = current?.distance
        let reached = distance.map { event.travelMillimetres >= $0 } ?? true
        let phase: ServiceGestureReport.Phase
        switch event.state {
        case .began: phase = .began
        case .changed:
            let progress = Self.progress(
                travel: event.travelMillimetres, beganTravel: current?.beganTravel ?? 0,
                distance: distance)
            if progress == current?.lastProgress { return nil }
            current?.lastProgress = progress
            phase = .updated(progress: progress)
        case .ended: phase = .ended(cancelled: !reached)
        case .cancelled: phase = .ended(cancelled: true)
        }
        var command: [String]?
        if case .ended(cancelled: false) = phase { command = binding?.command }
        if event.state.isFinal { current = nil }
        return ServiceGestureReport(
            id: event.id.rawValue, kind: event.kind, fingers: event.fingers,
            direction: event.direction, edge: event.edge, phase: phase,
            startMicroseconds: event.startMicroseconds,
            timeMicroseconds: event.timeMicroseconds, binding: binding?.name, command: command)
    }

    /// How far a gesture has come, 0 to 1: its travel since it began over what was left of
    /// its distance then, so a client animating it follows the fingers from 0 at
    /// `GestureBegan` and reaches 1 exactly at the distance that recognizes it. A gesture
    /// that had reached its distance by the time it began is at 1; one with no distance
    /// (long-presses) is too.
    static func progress(travel: Double, beganTravel: Double, distance: Double?) -> Double {
        guard let distance, distance > beganTravel else { return 1 }
        if travel >= distance { return 1 }
        return max(0, (travel - beganTravel) / (distance - beganTravel))
    }
}
