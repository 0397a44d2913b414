import TouchInput

/// A long-press: the primary touch stays within the slop for
/// `longPressMinimumDurationMicroseconds` of event time. It begins at that deadline
/// (detected by `advance(toMicroseconds:)` or by the next event with a later time;
/// the began report carries the deadline as its time), reports `changed` when the
/// touch moves afterwards (any distance), and ends when the touch lifts.
///
/// States: possible → began (deadline reached within the slop) | failed (moved beyond
/// the slop or lifted first); began → changed → … → ended (lift) | cancelled (touch
/// cancelled, device removed, a pinch took the touch).
struct LongPressRecognizer {
    private(set) var state = GestureState.failed
    private var id = GestureID(rawValue: 0)
    private var deadlineMicroseconds: Int64 = 0

    mutating func start(_ touch: TouchTrack, _ configuration: GestureConfiguration) {
        state = .possible
        let (deadline, overflow) = touch.downTimeMicroseconds.addingReportingOverflow(
            max(0, configuration.longPressMinimumDurationMicroseconds))
        deadlineMicroseconds = overflow ? .max : deadline
    }

    /// Fires the timer when `time` has reached the deadline.
    mutating func advance(
        to time: Int64, _ touch: TouchTrack, _ output: inout GestureOutput
    ) {
        guard state == .possible, time >= deadlineMicroseconds else { return }
        transition(to: .began)
        id = output.nextID()
        output.emit(
            id, .longPress, .began, deadlineMicroseconds, .longPress(locationPixels: touch.pixels))
    }

    mutating func touchMoved(
        _ touch: TouchTrack, at time: Int64, _ configuration: GestureConfiguration,
        _ output: inout GestureOutput
    ) {
        switch state {
        case .possible:
            if touch.isBeyondSlop(configuration) { transition(to: .failed) }
        case .began, .changed:
            transition(to: .changed)
            output.emit(id, .longPress, .changed, time, .longPress(locationPixels: touch.pixels))
        default:
            break
        }
    }

    /// The touch lifted (`ended`), or was cancelled or taken by a pinch (`cancelled`).
    mutating func finish(
        _ final: GestureState, _ touch: TouchTrack, at time: Int64, _ output: inout GestureOutput
    ) {
        guard let next = state.whenTouchEnds(final) else { return }
        transition(to: next)
        if next == final {
            output.emit(id, .longPress, final, time, .longPress(locationPixels: touch.pixels))
        }
    }

    private mutating func transition(to next: GestureState) {
        assert(state.canTransition(to: next), "long-press: \(state) → \(next)")
        state = next
    }
}
