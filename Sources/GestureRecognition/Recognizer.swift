import TouchInput

/// Where a recognizer is in the life of its gesture, whatever data its own state
/// carries. UIKit's states, folded: `idle` is UIKit's failed, ended and cancelled (and
/// "no touch yet"), `running` is began and changed.
enum RecognizerPhase: Hashable, Sendable, CaseIterable {
    /// No touch, or its gesture is over (failed, ended or cancelled).
    case idle
    /// Watching a touch; nothing reported yet.
    case possible
    /// The gesture began and has not ended: every report from here is `changed` until
    /// the final one.
    case running

    /// The moves every recognizer may make: idle → possible (a touch is given);
    /// possible → running (began), → idle (failed, or a discrete gesture recognized);
    /// running → running (changed, or a named transition to a new gesture on the same
    /// touch), → idle (ended or cancelled).
    func canTransition(to next: RecognizerPhase) -> Bool {
        switch (self, next) {
        case (.idle, .possible), (.possible, .running), (.possible, .idle): true
        case (.running, .running), (.running, .idle): true
        default: false
        }
    }
}

/// A recognizer's own state: cases carry the data valid in them.
protocol RecognizerState {
    /// The phase the case is in, for the transition check.
    var phase: RecognizerPhase { get }
}

/// What recognizers read besides their own state and the touch: plain values, copied
/// for free (the reports go to a separate `inout GestureOutput`). Usable from inline code
/// so that a client's `arena.pull = …` before every frame is a store, not a call.
@usableFromInline struct RecognizerContext {
    let configuration: GestureConfiguration
    /// The event time of the input being handled (never earlier than any before it).
    @usableFromInline var timeMicroseconds: Int64 = .min
    /// Whether a vertical drag beginning now may be a pull (the client's say).
    @usableFromInline var pull = PullAvailability.atRest
    /// Which drag reports carry the velocity (the client's say).
    @usableFromInline var dragVelocities = DragVelocityReports.everyReport
}

/// One gesture recognizer: a state machine fed by the arena with the touch it watches;
/// its reports go to `output`.
/// Each input switches over the state and calls that state's handler; an input that
/// cannot arrive in the current state is a bug of the arena (`recognizerBug`).
protocol Recognizer {
    associatedtype State: RecognizerState
    /// Names the recognizer in bug reports.
    static var name: StaticString { get }
    /// Where the recognizer goes when its gesture is over.
    static var idle: State { get }
    /// Changed only through `transition(to:)`.
    var state: State { get set }

    /// The arena gives the recognizer a touch (UIKit's reset: only from idle).
    mutating func touchDown(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput)
    /// A touch the recognizer watches moved (its new position is in `touch`).
    mutating func touchMoved(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput)
    /// A touch the recognizer watches lifted, or was cancelled (its device may be gone).
    mutating func touchEnded(
        _ touch: TouchTrack, cancelled: Bool, _ context: RecognizerContext,
        _ output: inout GestureOutput)
    /// Event time passed without the touch moving: timers fire.
    mutating func timePassed(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput)
    /// Another recognizer won the touch: a possible gesture fails, a running one is
    /// cancelled. Legal in every state (an idle recognizer has nothing to give up).
    mutating func touchClaimed(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput)
    /// The id and values of the running gesture's next report; nil when none runs.
    func runningReport(_ touch: TouchTrack, at time: Int64) -> RunningReport?
}

/// What a running gesture reports: its id and its current values.
typealias RunningReport = (id: GestureID, values: GestureValues)

extension Recognizer {
    /// The phase of the current state.
    var phase: RecognizerPhase { state.phase }

    /// Every change of state goes through here, checked against the phase table.
    mutating func transition(to next: State) {
        guard state.phase.canTransition(to: next.phase) else {
            return recognizerBug(Self.name, "\(state.phase) → \(next.phase)")
        }
        state = next
    }

    /// The touch is over for this recognizer (`final`: ended for a lift, cancelled for a
    /// cancel or a claim): a running gesture reports `final`, a possible one fails
    /// silently. Both go idle.
    mutating func finish(
        _ final: GestureState, _ touch: TouchTrack, _ context: RecognizerContext,
        _ output: inout GestureOutput
    ) {
        let time = context.timeMicroseconds
        if let report = runningReport(touch, at: time) {
            output.emit(report.id, final, time, report.values)
        }
        transition(to: Self.idle)
    }

    /// The default end of a touch: a lift ends the running gesture, a cancel cancels it.
    mutating func touchEnded(
        _ touch: TouchTrack, cancelled: Bool, _ context: RecognizerContext,
        _ output: inout GestureOutput
    ) {
        finish(cancelled ? .cancelled : .ended, touch, context, &output)
    }

    /// The default for recognizers without a timer: time passing changes nothing.
    mutating func timePassed(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {}

    /// The default claim: give up whatever the recognizer holds.
    mutating func touchClaimed(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        guard phase != .idle else { return }
        finish(.cancelled, touch, context, &output)
    }
}

/// An input a recognizer cannot receive in its state, as libinput's `log_gesture_bug`:
/// a bug of the arena. Debug builds stop here; release builds ignore the input.
func recognizerBug(
    _ recognizer: StaticString, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    assertionFailure("gesture bug in \(recognizer): \(message())", file: file, line: line)
}

/// Where recognizers put their reports; also hands out gesture ids in begin order.
@usableFromInline struct GestureOutput {
    @usableFromInline var events: [GestureEvent] = []
    @usableFromInline var gestureIDs = GestureIDAllocator()
    /// Hears the threshold decisions (`cleartouch test --margins`); nil: nobody listens,
    /// and the recognizers only check for nil.
    @usableFromInline var decisionObserver: (any ThresholdDecisionObserver)?

    init() { events.reserveCapacity(64) }

    /// Tells the observer, if any, of one decision (`value` and `threshold` in one unit).
    func decided(
        _ rule: String, _ time: Int64, value: Double, threshold: Double, unit: String
    ) {
        decisionObserver?.decided(
            ThresholdDecision(
                rule: rule, timeMicroseconds: time, value: value, threshold: threshold, unit: unit))
    }

    mutating func nextID() -> GestureID {
        gestureIDs.next(for: .touchscreen)
    }

    mutating func emit(
        _ id: GestureID, _ state: GestureState, _ time: Int64, _ values: GestureValues
    ) {
        events.append(GestureEvent(id: id, state: state, timeMicroseconds: time, values: values))
    }
}
