/// A tap with 1 to 5 fingers: every finger of the group lifts within the slop at most
/// `tapMaximumDurationMicroseconds` after the first went down. Discrete: one `ended`
/// at the last lift.
///
/// States: idle → possible (first finger); possible → idle, reporting `ended` (the last
/// finger lifted in time, none beyond the slop) or silently (`tapTooSlow`, `tapMoved`,
/// claimed or cancelled).
struct GroupTapRecognizer: GroupRecognizer {
    enum State: RecognizerState {
        case idle
        case possible

        var phase: RecognizerPhase { self == .idle ? .idle : .possible }
    }

    static let name: StaticString = "multi-finger tap"
    static let idle = State.idle
    var state = State.idle

    mutating func groupStarted(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        transition(to: .possible)
    }

    mutating func groupMoved(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        guard state == .possible else { return }
        if group.anyFurther(than: context.configuration.slopMillimetres) { transition(to: .idle) }  // tapMoved
    }

    mutating func fingerLifted(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        guard state == .possible, group.liveCount == 0 else { return }
        if isInTime(group, context) {
            output.emit(output.nextID(), .tap, .ended, group, context)
        }
        transition(to: .idle)
    }

    mutating func timePassed(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        if state == .possible && !isInTime(group, context) { transition(to: .idle) }  // tapTooSlow
    }

    mutating func groupClaimed(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        if state == .possible { transition(to: .idle) }
    }

    /// At most the tap's duration since the first finger went down (exactly it is in time).
    private func isInTime(_ group: FingerGroup, _ context: MultiFingerContext) -> Bool {
        elapsedMicroseconds(from: group.firstDownMicroseconds, to: context.timeMicroseconds)
            <= context.configuration.tapMaximumDurationMicroseconds
    }
}
