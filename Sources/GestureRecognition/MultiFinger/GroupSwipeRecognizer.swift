/// A swipe with 1 to 5 fingers, or an edge swipe: the fingers' centroid moves further
/// than `swipeBeginMillimetres` (and further than their spread changed) once the
/// grouping time has closed. The direction is locked at the began by the larger
/// component of the centroid's travel on the upright screen (|dx| > |dy| strictly is
/// horizontal); a swipe whose leading finger started within `edgeZoneMillimetres` of the
/// edge it moves away from is an edge swipe from that edge.
///
/// States: idle → possible (first finger); possible → running (**began**), → idle
/// silently (a finger lifted first, claimed); running → running (**changed** with the
/// travel along the direction), → idle (**ended** at the first lift, **cancelled**).
struct GroupSwipeRecognizer: GroupRecognizer {
    struct Swipe: Equatable {
        var id: GestureID
        var direction: MultiFingerDirection
        var edge: ScreenEdge?
        var kind: MultiFingerGestureKind { edge == nil ? .swipe : .edgeSwipe }

        /// The centroid's travel along the direction, never negative.
        func travel(_ group: FingerGroup) -> Double {
            let moved = group.translationMillimetres
            let along: Double
            switch direction {
            case .right: along = moved.x
            case .left: along = -moved.x
            case .down: along = moved.y
            case .up, .in, .out: along = -moved.y
            }
            return max(0, along)
        }
    }

    enum State: RecognizerState {
        case idle
        case possible
        case running(Swipe)

        var phase: RecognizerPhase {
            switch self {
            case .idle: .idle
            case .possible: .possible
            case .running: .running
            }
        }
    }

    static let name: StaticString = "swipe"
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
        case .possible: beginIfMovedFar(group, context, &output)
        case .running(let swipe):
            output.emit(
                swipe.id, swipe.kind, .changed, group, context, direction: swipe.direction,
                edge: swipe.edge, travel: swipe.travel(group))
        }
    }

    mutating func timePassed(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        if case .possible = state { beginIfMovedFar(group, context, &output) }
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
        if case .running(let swipe) = state {
            output.emit(
                swipe.id, swipe.kind, final, group, context, direction: swipe.direction,
                edge: swipe.edge, travel: swipe.travel(group))
        }
        if phase != .idle { transition(to: .idle) }
    }

    /// possible → running: the named transition `swipeBegan`.
    private mutating func beginIfMovedFar(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        let configuration = context.configuration
        guard group.isClosed(at: context.timeMicroseconds, configuration),
            group.liveCount == group.count
        else { return }
        let moved = group.translationMillimetres
        let travel = (moved.x * moved.x + moved.y * moved.y).squareRoot()
        guard travel > configuration.swipeBeginMillimetres,
            travel >= abs(group.spreadChangeMillimetres)
        else { return }
        let direction: MultiFingerDirection =
            abs(moved.x) > abs(moved.y) ? (moved.x > 0 ? .right : .left) : (moved.y > 0 ? .down : .up)
        let from = Self.edge(awayFrom: direction)
        let edge = group.startDistance(from: from) <= configuration.edgeZoneMillimetres ? from : nil
        let swipe = Swipe(id: output.nextID(), direction: direction, edge: edge)
        output.emit(
            swipe.id, swipe.kind, .began, group, context, direction: direction, edge: edge,
            travel: swipe.travel(group))
        transition(to: .running(swipe))
    }

    /// The edge a swipe in `direction` starts from.
    static func edge(awayFrom direction: MultiFingerDirection) -> ScreenEdge {
        switch direction {
        case .left: .right
        case .right: .left
        case .down: .top
        case .up, .in, .out: .bottom
        }
    }
}
