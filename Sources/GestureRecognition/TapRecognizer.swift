import TouchInput

/// A tap: the primary touch lifts within the slop at most
/// `tapMaximumDurationMicroseconds` after it went down. Discrete: it reports a single
/// `ended` ("recognized") at the lift.
///
/// States: possible → ended (lift within slop and time) | failed (moved beyond the
/// slop, lifted too late, cancelled, or another gesture took the touch).
struct TapRecognizer {
    private(set) var state = GestureState.failed

    /// A new primary touch went down.
    mutating func start() { state = .possible }

    mutating func touchMoved(_ touch: TouchTrack, _ configuration: GestureConfiguration) {
        if state == .possible && touch.isBeyondSlop(configuration) { transition(to: .failed) }
    }

    mutating func touchLifted(
        _ touch: TouchTrack, at time: Int64, _ configuration: GestureConfiguration,
        _ output: inout GestureOutput
    ) {
        guard state == .possible else { return }
        let held = elapsedMicroseconds(from: touch.downTimeMicroseconds, to: time)
        if held <= configuration.tapMaximumDurationMicroseconds
            && !touch.isBeyondSlop(configuration)
        {
            transition(to: .ended)
            output.emit(output.nextID(), .tap, .ended, time, .tap(locationPixels: touch.pixels))
        } else {
            transition(to: .failed)
        }
    }

    /// The touch was cancelled or claimed by another gesture.
    mutating func fail() {
        if state == .possible { transition(to: .failed) }
    }

    private mutating func transition(to next: GestureState) {
        assert(state.canTransition(to: next), "tap: \(state) → \(next)")
        state = next
    }
}
