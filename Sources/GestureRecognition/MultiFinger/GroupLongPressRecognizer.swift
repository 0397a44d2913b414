/// A long-press with 1 to 5 fingers: every finger of the group stays down within the slop
/// for `longPressMinimumDurationMicroseconds` after the first went down.
///
/// States: idle → possible(deadline) (first finger); possible → running (**began** once
/// the deadline's time arrives, reported at the deadline), → idle silently (a finger
/// moved beyond the slop or lifted first); running → idle (**ended** at the first lift,
/// **cancelled** on a cancel). Moves after it began change nothing.
struct GroupLongPressRecognizer: GroupRecognizer {
    enum State: RecognizerState {
        case idle
        case possible(deadlineMicroseconds: Int64)
        case running(id: GestureID)

        var phase: RecognizerPhase {
            switch self {
            case .idle: .idle
            case .possible: .possible
            case .running: .running
            }
        }
    }

    static let name: StaticString = "multi-finger long-press"
    static let idle = State.idle
    var state = State.idle

    mutating func groupStarted(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        let (deadline, _) = group.firstDownMicroseconds.addingReportingOverflow(
            context.configuration.longPressMinimumDurationMicroseconds)
        transition(to: .possible(deadlineMicroseconds: deadline))
    }

    mutating func groupMoved(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        guard case .possible = state else { return }
        if group.anyFurther(than: context.configuration.slopMillimetres) { transition(to: .idle) }
    }

    mutating func fingerLifted(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        switch state {
        case .idle: break
        case .possible: transition(to: .idle)
        case .running(let id):
            output.emit(id, .longPress, .ended, group, context)
            transition(to: .idle)
        }
    }

    mutating func timePassed(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        guard case .possible(let deadline) = state, context.timeMicroseconds >= deadline,
            group.liveCount == group.count
        else { return }
        let id = output.nextID()
        output.emit(id, .longPress, .began, group, context, time: deadline)
        transition(to: .running(id: id))
    }

    mutating func groupClaimed(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        if case .running(let id) = state {
            output.emit(id, .longPress, .cancelled, group, context)
        }
        if phase != .idle { transition(to: .idle) }
    }
}
