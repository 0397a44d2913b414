/// What a moving multi-finger gesture is, for `GroupMotionRecognizer`: how it begins
/// (its begin rule, which also locks its direction) and how far it has gone since.
protocol GroupMotion: Equatable {
    static var name: StaticString { get }
    var id: GestureID { get }
    var kind: MultiFingerGestureKind { get }
    var direction: MultiFingerDirection { get }
    var edge: ScreenEdge? { get }
    /// The motion that begins now with `id`, or nil while the group has not moved so.
    static func begin(
        _ group: FingerGroup, _ configuration: MultiFingerConfiguration, id: () -> GestureID
    )
        -> Self?
    /// How far the gesture has gone in its direction, in millimetres, never negative.
    func travel(_ group: FingerGroup) -> Double
}

/// The state machine of swipes and pinches (`GroupSwipeRecognizer`,
/// `GroupPinchRecognizer`): one machine, two begin rules (`GroupMotion`).
///
/// States: idle → possible (first finger); possible → running (**began**, the named
/// transition `motionBegan`, checked on every move and every passing of time once the
/// group has closed and while every finger is down), → idle silently (a finger
/// lifted first, claimed); running → running (**changed** with the travel), → idle
/// (**ended** at the first lift, **cancelled** on a cancel or a claim).
struct GroupMotionRecognizer<Motion: GroupMotion>: GroupRecognizer {
    enum State: RecognizerState {
        case idle
        case possible
        case running(Motion)

        var phase: RecognizerPhase {
            switch self {
            case .idle: .idle
            case .possible: .possible
            case .running: .running
            }
        }
    }

    static var name: StaticString { Motion.name }
    static var idle: State { .idle }
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
        case .possible: beginIfMoved(group, context, &output)
        case .running(let motion): report(motion, .changed, group, context, &output)
        }
    }

    mutating func timePassed(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        if case .possible = state { beginIfMoved(group, context, &output) }
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
        if case .running(let motion) = state { report(motion, final, group, context, &output) }
        if phase != .idle { transition(to: .idle) }
    }

    /// possible → running: `motionBegan`.
    private mutating func beginIfMoved(
        _ group: FingerGroup, _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        guard group.isClosed,
            group.liveCount == group.count,
            let motion = Motion.begin(group, context.configuration, id: { output.nextID() })
        else { return }
        report(motion, .began, group, context, &output)
        transition(to: .running(motion))
    }

    private func report(
        _ motion: Motion, _ state: GestureState, _ group: FingerGroup,
        _ context: MultiFingerContext, _ output: inout MultiFingerOutput
    ) {
        output.emit(
            motion.id, motion.kind, state, group, context, direction: motion.direction,
            edge: motion.edge, travel: motion.travel(group))
    }
}
