import TouchInput

/// What the multi-finger recognizers read besides their own state and the group.
struct MultiFingerContext {
    let configuration: MultiFingerConfiguration
    /// The event time of the input being handled (never earlier than any before it).
    var timeMicroseconds: Int64 = .min
}

/// Where the multi-finger recognizers put their reports; hands out ids in begin order.
struct MultiFingerOutput {
    var events: [MultiFingerGestureEvent] = []
    var gestureIDs = GestureIDAllocator()

    init() { events.reserveCapacity(16) }

    mutating func nextID() -> GestureID { gestureIDs.next(for: .touchscreen) }

    /// Appends a report of the group's gesture at the context's time.
    mutating func emit(
        _ id: GestureID, _ kind: MultiFingerGestureKind, _ state: GestureState,
        _ group: FingerGroup, _ context: MultiFingerContext,
        direction: MultiFingerDirection? = nil, edge: ScreenEdge? = nil, travel: Double = 0,
        time: Int64? = nil
    ) {
        events.append(
            MultiFingerGestureEvent(
                id: id, kind: kind, state: state, fingers: group.count, direction: direction,
                edge: edge, startMicroseconds: group.firstDownMicroseconds,
                timeMicroseconds: time ?? context.timeMicroseconds, travelMillimetres: travel))
    }
}

/// One multi-finger recognizer: a state machine fed by `MultiFingerGestureArena` with the
/// whole finger group. The phases and their legal moves are the single-touch
/// recognizers' (`RecognizerPhase`).
protocol GroupRecognizer {
    associatedtype State: RecognizerState
    static var name: StaticString { get }
    static var idle: State { get }
    /// Changed only through `transition(to:)`.
    var state: State { get set }

    /// The group's first finger went down: idle → possible.
    mutating func groupStarted(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput)
    /// Fingers of the group moved (once per frame).
    mutating func groupMoved(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput)
    /// A finger of the group lifted (`group.liveCount` is already one less).
    mutating func fingerLifted(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput)
    /// Event time passed: timers fire, the grouping time closes.
    mutating func timePassed(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput)
    /// A finger was cancelled (touch cancel, palm, unplug), or another gesture won the
    /// group: a possible gesture fails, a running one is cancelled.
    mutating func groupClaimed(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput)
}

extension GroupRecognizer {
    var phase: RecognizerPhase { state.phase }

    /// Every change of state goes through here, checked against the phase table.
    mutating func transition(to next: State) {
        guard state.phase.canTransition(to: next.phase) else {
            return recognizerBug(Self.name, "\(state.phase) → \(next.phase)")
        }
        state = next
    }

    /// Recognizers without a timer ignore time.
    mutating func timePassed(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {}
}
