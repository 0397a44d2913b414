import TouchInput

/// Two touches moving relative to each other. It begins when the second finger lands
/// (the arena decides when that is allowed), so the start points are exactly where the
/// two fingers were at that moment and Clear's delta starts at 0.
///
/// Upper is the touch with the smaller y at the start (the earlier touch on a tie).
/// Clear's values: Δupper = upper.y − upperStart.y, Δlower = lowerStart.y − lower.y,
/// spread = −min(0, min(Δupper, Δlower)) (only spreading apart counts), gap = 2·spread;
/// and for general use scale (span / start span, 1 when the start span is 0),
/// centroid and span.
///
/// States: began (second finger down) → changed (on each frame that moves either
/// touch) → ended (either finger lifts) | cancelled (either touch cancelled or its
/// device removed). It has no possible state of its own: the arena's arbitration is
/// its recognition.
struct PinchRecognizer {
    private(set) var state = GestureState.failed
    private var id = GestureID(rawValue: 0)
    /// Indices of the two touches in the arena's touch table.
    private(set) var upperIndex = -1
    private(set) var lowerIndex = -1
    private var upperStartPixels = Point.zero
    private var lowerStartPixels = Point.zero
    private var startSpanPixels = 0.0

    var isActive: Bool { state.isActive }

    mutating func begin(
        first: TouchTrack, at firstIndex: Int, second: TouchTrack, at secondIndex: Int,
        time: Int64, _ output: inout GestureOutput
    ) {
        state = .possible
        let firstIsUpper = first.pixels.y <= second.pixels.y
        upperIndex = firstIsUpper ? firstIndex : secondIndex
        lowerIndex = firstIsUpper ? secondIndex : firstIndex
        upperStartPixels = firstIsUpper ? first.pixels : second.pixels
        lowerStartPixels = firstIsUpper ? second.pixels : first.pixels
        startSpanPixels = distanceSquared(upperStartPixels, lowerStartPixels).squareRoot()
        transition(to: .began)
        id = output.nextID()
        output.emit(
            id, .pinch, .began, time,
            values(upper: upperStartPixels, lower: lowerStartPixels))
    }

    mutating func touchesMoved(
        _ touches: ContiguousArray<TouchTrack>, at time: Int64, _ output: inout GestureOutput
    ) {
        guard isActive else { return }
        transition(to: .changed)
        output.emit(id, .pinch, .changed, time, values(touches))
    }

    /// One of the pinch's touches lifted (`ended`) or was cancelled (`cancelled`).
    mutating func finish(
        _ final: GestureState, _ touches: ContiguousArray<TouchTrack>, at time: Int64,
        _ output: inout GestureOutput
    ) {
        guard isActive else { return }
        transition(to: final)
        output.emit(id, .pinch, final, time, values(touches))
        upperIndex = -1
        lowerIndex = -1
    }

    private func values(_ touches: ContiguousArray<TouchTrack>) -> GestureValues {
        values(upper: touches[upperIndex].pixels, lower: touches[lowerIndex].pixels)
    }

    private func values(upper: Point, lower: Point) -> GestureValues {
        let upperDelta = upper.y - upperStartPixels.y
        let lowerDelta = lowerStartPixels.y - lower.y
        // `+ 0` turns −0 into 0, so a pinch at rest reports a plain zero.
        let spread = -min(0, min(upperDelta, lowerDelta)) + 0
        let span = distanceSquared(upper, lower).squareRoot()
        return .pinch(
            PinchValues(
                upperStartPixels: upperStartPixels, upperPixels: upper,
                lowerStartPixels: lowerStartPixels, lowerPixels: lower,
                spreadDeltaPixels: spread, gapPixels: 2 * spread,
                scale: startSpanPixels > 0 ? span / startSpanPixels : 1,
                centroidPixels: Point(x: (upper.x + lower.x) / 2, y: (upper.y + lower.y) / 2),
                spanPixels: span))
    }

    private mutating func transition(to next: GestureState) {
        assert(state.canTransition(to: next), "pinch: \(state) → \(next)")
        state = next
    }
}
