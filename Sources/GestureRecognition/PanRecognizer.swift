import TouchInput

/// The one-finger drag of the primary touch. Once the touch is beyond the slop it
/// locks its direction by Clear's rule and becomes one of three gestures:
///
/// - `|dx| > |dy|` (strictly; translation from the down point): a horizontal row
///   pan, kind `.pan`;
/// - otherwise a vertical drag: kind `.pull` when `listScrollOffsetPixels ≤ 0` at
///   that moment and the finger moved down (`dy > 0`), else `.scroll`.
///
/// A pull reports `pullDistancePixels` = translation y − scroll offset at the drag's
/// start on every frame. When that becomes negative (the list went back above its
/// top) the pull is abandoned: it ends `cancelled`, and on the same frame a new
/// `.scroll` gesture begins whose start is the finger's position on that frame, so its
/// translation is measured from there. All reports carry the velocity (least squares
/// over the last 100 ms); the `ended` one is the release velocity.
///
/// States: possible → began (beyond slop) | failed (lift or cancel first, or a
/// long-press took the touch); began → changed* → ended (lift) | cancelled (touch
/// cancelled, device removed, pinch took the touch, pull abandoned). After an
/// abandoned pull the recognizer restarts as a scroll: cancelled → possible → began.
struct PanRecognizer {
    private(set) var state = GestureState.failed
    private(set) var kind = GestureKind.pan
    private var id = GestureID(rawValue: 0)
    private var startPixels = Point.zero
    private var pullStartOffsetPixels = 0.0
    private var velocity: VelocityEstimator

    init(_ configuration: GestureConfiguration) {
        velocity = VelocityEstimator(
            capacity: configuration.velocitySampleCapacity,
            windowMicroseconds: configuration.velocityWindowMicroseconds)
    }

    /// True while a horizontal row pan runs: it keeps its touch against later fingers.
    var isRowPanActive: Bool { kind == .pan && state.isActive }

    mutating func start(_ touch: TouchTrack) {
        state = .possible
        velocity.reset()
        velocity.add(timeMicroseconds: touch.downTimeMicroseconds, pixels: touch.startPixels)
    }

    mutating func touchMoved(
        _ touch: TouchTrack, at time: Int64, listScrollOffsetPixels: Double,
        _ configuration: GestureConfiguration, _ output: inout GestureOutput
    ) {
        velocity.add(timeMicroseconds: time, pixels: touch.pixels)
        switch state {
        case .possible:
            guard touch.isBeyondSlop(configuration) else { return }
            let translation = touch.translationPixels
            startPixels = touch.startPixels
            if abs(translation.x) > abs(translation.y) {
                kind = .pan
            } else if listScrollOffsetPixels <= 0 && translation.y > 0 {
                kind = .pull
                pullStartOffsetPixels = listScrollOffsetPixels
            } else {
                kind = .scroll
            }
            begin(touch, time, &output)
        case .began, .changed:
            if kind == .pull && pullDistance(touch) < 0 {
                transition(to: .cancelled)
                output.emit(id, kind, .cancelled, time, values(touch, time))
                state = .possible
                kind = .scroll
                startPixels = touch.pixels
                begin(touch, time, &output)
            } else {
                transition(to: .changed)
                output.emit(id, kind, .changed, time, values(touch, time))
            }
        default:
            break
        }
    }

    /// A long-press took the touch before the drag began.
    mutating func fail() {
        if state == .possible { transition(to: .failed) }
    }

    private mutating func begin(_ touch: TouchTrack, _ time: Int64, _ output: inout GestureOutput) {
        transition(to: .began)
        id = output.nextID()
        output.emit(id, kind, .began, time, values(touch, time))
    }

    /// The touch lifted (`ended`), or was cancelled or taken by a pinch (`cancelled`).
    mutating func finish(
        _ final: GestureState, _ touch: TouchTrack, at time: Int64, _ output: inout GestureOutput
    ) {
        guard let next = state.whenTouchEnds(final) else { return }
        transition(to: next)
        if next == final { output.emit(id, kind, final, time, values(touch, time)) }
    }

    private func pullDistance(_ touch: TouchTrack) -> Double {
        (touch.pixels.y - startPixels.y) - pullStartOffsetPixels
    }

    private func values(_ touch: TouchTrack, _ time: Int64) -> GestureValues {
        let drag = PanValues(
            startPixels: startPixels, locationPixels: touch.pixels,
            translationPixels: Point(
                x: touch.pixels.x - startPixels.x, y: touch.pixels.y - startPixels.y),
            velocityPixelsPerSecond: velocity.velocityPixelsPerSecond(atMicroseconds: time))
        switch kind {
        case .pull: return .pull(PullValues(drag: drag, pullDistancePixels: pullDistance(touch)))
        case .scroll: return .scroll(drag)
        default: return .pan(drag)
        }
    }

    private mutating func transition(to next: GestureState) {
        assert(state.canTransition(to: next), "pan: \(state) → \(next)")
        state = next
    }
}
