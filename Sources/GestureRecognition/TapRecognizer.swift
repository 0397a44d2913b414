import TouchInput

/// A tap: the primary touch lifts within the slop at most
/// `tapMaximumDurationMicroseconds` after it went down. Discrete: it reports a single
/// `ended` ("recognized") at the lift.
///
/// States: idle → possible (touch down); possible → idle, reporting `ended` (lift
/// within slop and time) or silently (moved beyond the slop, lifted too late,
/// cancelled, or another gesture claimed the touch).
struct TapRecognizer: Recognizer {
    enum State: RecognizerState {
        case idle
        /// Watching a touch; its down time and position are the touch's own.
        case possible

        var phase: RecognizerPhase {
            switch self {
            case .idle: .idle
            case .possible: .possible
            }
        }
    }

    static let name: StaticString = "tap"
    static let idle = State.idle
    var state = State.idle

    mutating func touchDown(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        transition(to: .possible)
    }

    mutating func touchMoved(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        switch state {
        case .idle: recognizerBug(Self.name, "move while idle")
        case .possible: possibleMoved(touch, context)
        }
    }

    mutating func touchEnded(
        _ touch: TouchTrack, cancelled: Bool, _ context: RecognizerContext,
        _ output: inout GestureOutput
    ) {
        switch state {
        case .idle: recognizerBug(Self.name, "touch ended while idle")
        case .possible: possibleEnded(touch, cancelled: cancelled, context, &output)
        }
    }

    /// A tap reports only at its lift: it never runs.
    func runningReport(_ touch: TouchTrack, at time: Int64) -> RunningReport? { nil }

    // MARK: possible

    private mutating func possibleMoved(_ touch: TouchTrack, _ context: RecognizerContext) {
        if touch.isBeyondSlop(context.configuration) { transition(to: .idle) }
    }

    private mutating func possibleEnded(
        _ touch: TouchTrack, cancelled: Bool, _ context: RecognizerContext,
        _ output: inout GestureOutput
    ) {
        let time = context.timeMicroseconds
        let held = elapsedMicroseconds(from: touch.downTimeMicroseconds, to: time)
        let configuration = context.configuration
        let withinSlop = !touch.isBeyondSlop(configuration)
        if !cancelled && withinSlop && output.decisionObserver != nil {
            output.decided(
                "tap-max", time, value: Double(held) / 1000,
                threshold: Double(configuration.tapMaximumDurationMicroseconds) / 1000, unit: "ms")
        }
        if !cancelled && held <= configuration.tapMaximumDurationMicroseconds && withinSlop {
            output.emit(
                output.nextID(), .ended, time, .tap(locationPixels: touch.pixels))
        }
        transition(to: .idle)
    }
}
