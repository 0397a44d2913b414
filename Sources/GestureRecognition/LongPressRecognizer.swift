import TouchInput

/// A long-press: the primary touch stays within the slop for
/// `longPressMinimumDurationMicroseconds` of event time. It begins at that deadline
/// (detected by `advance(toMicroseconds:)` or by the next event with a later time;
/// the began report carries the deadline as its time), reports `changed` when the
/// touch moves afterwards (any distance), and ends when the touch lifts.
///
/// States: idle → possible (touch down); possible → running (deadline reached within
/// the slop) | idle (moved beyond the slop, lifted or cancelled first, or claimed);
/// running → running (moves) | idle (lift: ended; cancel, device removed or a pinch
/// claimed the touch: cancelled).
struct LongPressRecognizer: Recognizer {
    enum State: RecognizerState {
        case idle
        /// Watching a touch; the timer fires at the deadline.
        case possible(deadlineMicroseconds: Int64)
        /// Began: the touch belongs to this gesture. `resting` until it first leaves the
        /// slop (the end of the rest the hold's margin measures).
        case running(GestureID, resting: Bool)

        var phase: RecognizerPhase {
            switch self {
            case .idle: .idle
            case .possible: .possible
            case .running: .running
            }
        }
    }

    static let name: StaticString = "long-press"
    static let idle = State.idle
    var state = State.idle

    mutating func touchDown(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        let (deadline, overflow) = touch.downTimeMicroseconds.addingReportingOverflow(
            max(0, context.configuration.longPressMinimumDurationMicroseconds))
        transition(to: .possible(deadlineMicroseconds: overflow ? .max : deadline))
    }

    mutating func timePassed(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        switch state {
        case .possible(let deadline): possibleTimePassed(deadline, touch, context, &output)
        case .idle, .running: recognizerBug(Self.name, "timer while \(phase)")
        }
    }

    mutating func touchMoved(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        switch state {
        case .idle: recognizerBug(Self.name, "move while idle")
        case .possible:
            if touch.isBeyondSlop(context.configuration) {
                restEnded(touch, context, &output)
                transition(to: .idle)
            }
        case .running(let id, let resting):
            if resting && touch.isBeyondSlop(context.configuration) {
                restEnded(touch, context, &output)
                transition(to: .running(id, resting: false))
            }
            runningMoved(id, touch, context, &output)
        }
    }

    mutating func touchEnded(
        _ touch: TouchTrack, cancelled: Bool, _ context: RecognizerContext,
        _ output: inout GestureOutput
    ) {
        switch state {
        case .possible, .running(_, resting: true):
            if !cancelled { restEnded(touch, context, &output) }
        case .idle, .running: break
        }
        finish(cancelled ? .cancelled : .ended, touch, context, &output)
    }

    func runningReport(_ touch: TouchTrack, at time: Int64) -> RunningReport? {
        guard case .running(let id, _) = state else { return nil }
        return (id, .longPress(locationPixels: touch.pixels))
    }

    /// The hold's decision: how long the touch rested within the slop (until it lifted
    /// or left the slop) against the long-press duration, whichever way it went.
    private func restEnded(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        guard output.decisionObserver != nil else { return }
        let time = context.timeMicroseconds
        let rested = elapsedMicroseconds(from: touch.downTimeMicroseconds, to: time)
        output.decided(
            "long-press", time, value: Double(rested) / 1000,
            threshold: Double(context.configuration.longPressMinimumDurationMicroseconds) / 1000,
            unit: "ms")
    }

    // MARK: possible

    private mutating func possibleTimePassed(
        _ deadline: Int64, _ touch: TouchTrack, _ context: RecognizerContext,
        _ output: inout GestureOutput
    ) {
        guard context.timeMicroseconds >= deadline else { return }
        let id = output.nextID()
        transition(to: .running(id, resting: true))
        output.emit(id, .began, deadline, .longPress(locationPixels: touch.pixels))
    }

    // MARK: running

    private mutating func runningMoved(
        _ id: GestureID, _ touch: TouchTrack, _ context: RecognizerContext,
        _ output: inout GestureOutput
    ) {
        output.emit(
            id, .changed, context.timeMicroseconds, .longPress(locationPixels: touch.pixels))
    }
}
