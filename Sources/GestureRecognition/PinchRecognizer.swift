import TouchInput

/// Two touches moving relative to each other. The arena gives it the primary touch and
/// then the second finger when a pinch may begin (the arbitration table), so the start
/// points are exactly where the two fingers were at that moment and Clear's delta
/// starts at 0.
///
/// Upper is the touch with the smaller y at the start (the earlier touch on a tie).
/// Clear's values: Δupper = upper.y − upperStart.y, Δlower = lowerStart.y − lower.y,
/// spread = −min(0, min(Δupper, Δlower)) (only spreading apart counts), gap = 2·spread;
/// and for general use scale (span / start span, 1 when the start span is 0),
/// centroid and span.
///
/// States: idle → possible (first touch) → running (second touch: began); running →
/// running (moves; one `changed` at the end of each frame that moved either touch) |
/// idle (either finger lifts: ended; either is cancelled or its device removed:
/// cancelled).
struct PinchRecognizer: Recognizer {
    /// One of the pinch's touches: where the arena keeps it and where it is.
    struct Finger {
        var index: Int
        var pixels: Point
    }

    /// A pinch that has begun.
    struct Pinch {
        var id: GestureID
        var upper: Finger
        var lower: Finger
        var upperStartPixels: Point
        var lowerStartPixels: Point
        var startSpanPixels: Double
        /// Set when a touch moved in the frame being handled; reported at its end.
        var moved = false
    }

    enum State: RecognizerState {
        case idle
        /// The first touch is given; the second begins the pinch.
        case possible(first: Finger)
        case running(Pinch)

        var phase: RecognizerPhase {
            switch self {
            case .idle: .idle
            case .possible: .possible
            case .running: .running
            }
        }
    }

    static let name: StaticString = "pinch"
    static let idle = State.idle
    var state = State.idle

    mutating func touchDown(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        let finger = Finger(index: touch.index, pixels: touch.pixels)
        switch state {
        case .idle: transition(to: .possible(first: finger))
        case .possible(let first): begin(first, finger, context, &output)
        case .running: recognizerBug(Self.name, "third touch")
        }
    }

    mutating func touchMoved(
        _ touch: TouchTrack, _ context: RecognizerContext, _ output: inout GestureOutput
    ) {
        switch state {
        case .running(var pinch):
            if touch.index == pinch.upper.index {
                pinch.upper.pixels = touch.pixels
            } else {
                pinch.lower.pixels = touch.pixels
            }
            pinch.moved = true
            transition(to: .running(pinch))
        case .idle, .possible: recognizerBug(Self.name, "move while \(phase)")
        }
    }

    /// All contacts of a frame are handled: one `changed` if either touch moved.
    mutating func frameEnded(_ context: RecognizerContext, _ output: inout GestureOutput) {
        guard case .running(var pinch) = state else {
            return recognizerBug(Self.name, "frame end while \(phase)")
        }
        guard pinch.moved else { return }
        pinch.moved = false
        transition(to: .running(pinch))
        output.emit(pinch.id, .changed, context.timeMicroseconds, values(pinch))
    }

    func runningReport(_ touch: TouchTrack, at time: Int64) -> RunningReport? {
        guard case .running(let pinch) = state else { return nil }
        return (pinch.id, values(pinch))
    }

    // MARK: possible

    private mutating func begin(
        _ first: Finger, _ second: Finger, _ context: RecognizerContext,
        _ output: inout GestureOutput
    ) {
        let firstIsUpper = first.pixels.y <= second.pixels.y
        let upper = firstIsUpper ? first : second
        let lower = firstIsUpper ? second : first
        let pinch = Pinch(
            id: output.nextID(), upper: upper, lower: lower,
            upperStartPixels: upper.pixels, lowerStartPixels: lower.pixels,
            startSpanPixels: distanceSquared(upper.pixels, lower.pixels).squareRoot())
        transition(to: .running(pinch))
        output.emit(pinch.id, .began, context.timeMicroseconds, values(pinch))
    }

    // MARK: values

    private func values(_ pinch: Pinch) -> GestureValues {
        let upper = pinch.upper.pixels
        let lower = pinch.lower.pixels
        let upperDelta = upper.y - pinch.upperStartPixels.y
        let lowerDelta = pinch.lowerStartPixels.y - lower.y
        let spread = DragRules.pinchSpread(
            upperDeltaPixels: upperDelta, lowerDeltaPixels: lowerDelta)
        let span = distanceSquared(upper, lower).squareRoot()
        return .pinch(
            PinchValues(
                upperStartPixels: pinch.upperStartPixels, upperPixels: upper,
                lowerStartPixels: pinch.lowerStartPixels, lowerPixels: lower,
                spreadDeltaPixels: spread, gapPixels: 2 * spread,
                scale: pinch.startSpanPixels > 0 ? span / pinch.startSpanPixels : 1,
                centroidPixels: Point(x: (upper.x + lower.x) / 2, y: (upper.y + lower.y) / 2),
                spanPixels: span))
    }
}
