import TouchInput

/// The one-finger drag of the primary touch. Once the touch is beyond the slop it
/// locks its direction by Clear's rule and becomes one of three gestures:
///
/// - `|dx| > |dy|` (strictly; translation from the down point): a horizontal row
///   pan, kind `.pan`;
/// - otherwise a vertical drag: kind `.pull` when the client offers a pull at that
///   moment (`GestureArena.pull`) and the finger moved down (`dy > 0`), else `.scroll`
///   (`DragRules.kind`).
///
/// A pull reports `pullDistancePixels` = translation y + what was already pulled at the
/// drag's start on every frame. When that becomes negative (the content went back past
/// its edge) the pull is abandoned: it ends `cancelled`, and on the same frame a new
/// `.scroll` gesture begins whose start is the finger's position on that frame, so its
/// translation is measured from there. All reports carry the velocity (least squares
/// over the last 100 ms); the `ended` one is the release velocity. With
/// `DragVelocityReports.finalReportsOnly` only the `ended` and `cancelled` ones do (the
/// fit is skipped for the others; where it runs its value is the same).
///
/// States: idle → possible (touch down); possible → rowPan | pull | scroll (beyond the
/// slop: began) | idle (lift or cancel first, or a long-press claimed the touch);
/// running → itself (changed) | idle (lift: ended; cancel, device removed, pinch:
/// cancelled); pull → scroll (`abandonPull`: the pull cancelled, a scroll began).
struct PanRecognizer: Recognizer {
    /// A drag that has begun: its gesture id and where its translation is measured from.
    struct Drag {
        var id: GestureID
        var startPixels: Point
    }

    enum State: RecognizerState {
        case idle
        /// Watching the touch until it leaves the slop.
        case possible
        /// A horizontal row pan: it keeps its touch against later fingers.
        case rowPan(Drag)
        /// A downward drag that began with the content pulled `alreadyPulledPixels`.
        case pull(Drag, alreadyPulledPixels: Double)
        /// A vertical drag that moves the list.
        case scroll(Drag)

        var phase: RecognizerPhase {
            switch self {
            case .idle: .idle
            case .possible: .possible
            case .rowPan, .pull, .scroll: .running
            }
        }
    }

    static let name: StaticString = "pan"
    static let idle = State.idle
    var state = State.idle
    /// Valid in every state (reset at each touch down); kept out of the state's payloads
    /// so that adding a sample never copies its buffers.
    private var velocity: VelocityEstimator

    init(_ configuration: GestureConfiguration) {
        velocity = VelocityEstimator(
            capacity: configuration.velocitySampleCapacity,
            windowMicroseconds: configuration.velocityWindowMicroseconds, farEnd: .excluded)
    }

    /// True while a horizontal row pan runs.
    var isRowPan: Bool {
        if case .rowPan = state { true } else { false }
    }

    mutating func touchDown(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        velocity.reset()
        velocity.add(timeMicroseconds: touch.downTimeMicroseconds, pixels: touch.startPixels)
        transition(to: .possible)
    }

    // Inlined into the arena: the hot path of every drag frame.
    @inline(__always)
    mutating func touchMoved(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        switch state {
        case .possible:
            velocity.add(timeMicroseconds: context.timeMicroseconds, pixels: touch.pixels)
            possibleMoved(touch, context, &output)
        case .idle, .rowPan, .pull, .scroll: dragMoved(to: touch.pixels, context, &output)
        }
    }

    /// The touch moved to `pixels` while the drag runs (the arena's way for a drag that
    /// has won its touch: only the position is read).
    @inline(__always)
    mutating func dragMoved(
        to pixels: Point, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        velocity.add(timeMicroseconds: context.timeMicroseconds, pixels: pixels)
        switch state {
        case .idle, .possible: recognizerBug(Self.name, "drag move while \(phase)")
        case .rowPan, .scroll: report(.changed, pixels, context, &output)
        case .pull(let drag, let pulled): pullMoved(drag, pulled, pixels, context, &output)
        }
    }

    /// The final report's values (a lift, a cancel or a claim): always with the velocity.
    @inline(__always)
    func runningReport(_ touch: TouchTrack, at time: Int64) -> RunningReport? {
        runningReport(touch.pixels, at: time, withVelocity: true)
    }

    /// The running drag's id and values with the finger at `pixels`; the velocity is
    /// fitted only `withVelocity` (else zero).
    @inline(__always)
    private func runningReport(_ pixels: Point, at time: Int64, withVelocity: Bool)
        -> RunningReport?
    {
        switch state {
        case .idle, .possible: nil
        case .rowPan(let drag): (drag.id, .pan(dragValues(drag, pixels, time, withVelocity)))
        case .scroll(let drag): (drag.id, .scroll(dragValues(drag, pixels, time, withVelocity)))
        case .pull(let drag, let pulled):
            (
                drag.id,
                .pull(
                    PullValues(
                        drag: dragValues(drag, pixels, time, withVelocity),
                        pullDistancePixels: pullDistance(drag, pulled, pixels)))
            )
        }
    }

    // MARK: possible

    private mutating func possibleMoved(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        guard touch.isBeyondSlop(context.configuration) else { return }
        let translation = touch.translationPixels
        let drag = Drag(id: output.nextID(), startPixels: touch.startPixels)
        let kind = DragRules.kind(
            translationX: translation.x, translationY: translation.y, pull: context.pull)
        if kind == .pan {
            transition(to: .rowPan(drag))
        } else if kind == .pull, case .available(let pulled) = context.pull {
            transition(to: .pull(drag, alreadyPulledPixels: pulled))
        } else {
            transition(to: .scroll(drag))
        }
        report(.began, touch.pixels, context, &output)
    }

    // MARK: running

    private mutating func pullMoved(
        _ drag: Drag, _ pulled: Double, _ pixels: Point,
        _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        if pullDistance(drag, pulled, pixels) < 0 {
            abandonPull(pixels, context, &output)
        } else {
            report(.changed, pixels, context, &output)
        }
    }

    /// The pull went back above the list's top: it is cancelled, and the rest of the
    /// drag is a new scroll starting where the finger is now.
    private mutating func abandonPull(
        _ pixels: Point, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        report(.cancelled, pixels, context, &output)
        transition(to: .scroll(Drag(id: output.nextID(), startPixels: pixels)))
        report(.began, pixels, context, &output)
    }

    // MARK: values

    private func report(
        _ reported: GestureState, _ pixels: Point, _ context: RecognizerContext,
        _ output: inout GestureOutput
    ) {
        let time = context.timeMicroseconds
        let withVelocity = reported.isFinal || context.dragVelocities == .everyReport
        guard let report = runningReport(pixels, at: time, withVelocity: withVelocity) else {
            return recognizerBug(Self.name, "\(reported) report while \(phase)")
        }
        output.emit(report.id, reported, time, report.values)
    }

    private func pullDistance(_ drag: Drag, _ pulled: Double, _ pixels: Point) -> Double {
        DragRules.pullDistance(
            translationY: pixels.y - drag.startPixels.y, alreadyPulledPixels: pulled)
    }

    private func dragValues(
        _ drag: Drag, _ pixels: Point, _ time: Int64, _ withVelocity: Bool
    ) -> PanValues {
        PanValues(
            startPixels: drag.startPixels, locationPixels: pixels,
            translationPixels: Point(
                x: pixels.x - drag.startPixels.x, y: pixels.y - drag.startPixels.y),
            velocityPixelsPerSecond: withVelocity
                ? velocity.velocityPixelsPerSecond(atMicroseconds: time) : Point(x: 0, y: 0))
    }
}
