/// A pinch with 2 to 5 fingers: their spread (twice the mean distance from their
/// centroid; for two fingers the distance between them) changes more than
/// `pinchBeginMillimetres` (and more than the centroid moved) once the grouping time has
/// closed. Out when the spread grew, in when it shrank, locked at the began.
///
/// States: idle → possible (first finger); possible → running (**began**), → idle
/// silently (one finger, a finger lifted first, claimed); running → running
/// (**changed** with the change of spread in its direction), → idle (**ended** at the
/// first lift, **cancelled**).
struct GroupPinchRecognizer: GroupRecognizer {
    struct Pinch: Equatable {
        var id: GestureID
        var direction: MultiFingerDirection

        /// The change of spread in the pinch's direction, never negative.
        func travel(_ group: FingerGroup) -> Double {
            let change = group.spreadChangeMillimetres
            return max(0, direction == .out ? change : -change)
        }
    }

    enum State: RecognizerState {
        case idle
        case possible
        case running(Pinch)

        var phase: RecognizerPhase {
            switch self {
            case .idle: .idle
            case .possible: .possible
            case .running: .running
            }
        }
    }

    static let name: StaticString = "multi-finger pinch"
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
        switch state {
        case .idle: break
        case .possible: beginIfSpread(group, context, &output)
        case .running(let pinch):
            output.emit(
                pinch.id, .pinch, .changed, group, context, direction: pinch.direction,
                travel: pinch.travel(group))
        }
    }

    mutating func timePassed(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        if case .possible = state { beginIfSpread(group, context, &output) }
    }

    mutating func fingerLifted(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        finish(.ended, group, context, &output)
    }

    mutating func groupClaimed(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        finish(.cancelled, group, context, &output)
    }

    private mutating func finish(
        _ final: GestureState, _ group: FingerGroup, _ context: MultiFingerContext,
        _ output: inout MultiFingerOutput
    ) {
        if case .running(let pinch) = state {
            output.emit(
                pinch.id, .pinch, final, group, context, direction: pinch.direction,
                travel: pinch.travel(group))
        }
        if phase != .idle { transition(to: .idle) }
    }

    /// possible → running: the named transition `pinchBegan`.
    private mutating func beginIfSpread(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        let configuration = context.configuration
        guard group.count >= 2, group.isClosed(at: context.timeMicroseconds, configuration),
            group.liveCount == group.count
        else { return }
        let change = group.spreadChangeMillimetres
        let moved = group.translationMillimetres
        let travel = (moved.x * moved.x + moved.y * moved.y).squareRoot()
        guard abs(change) > configuration.pinchBeginMillimetres, abs(change) > travel else {
            return
        }
        let pinch = Pinch(id: output.nextID(), direction: change > 0 ? .out : .in)
        output.emit(
            pinch.id, .pinch, .began, group, context, direction: pinch.direction,
            travel: pinch.travel(group))
        transition(to: .running(pinch))
    }
}
