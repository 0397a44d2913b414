import TouchInput

/// What a live touch is doing in the arena.
enum TouchRole: Hashable, Sendable {
    /// The one touch the single-touch recognizers (tap, long-press, pan) watch.
    case primary
    /// One of the two touches of the running pinch.
    case pinch
    /// A touch no recognizer uses (a finger added to a row pan or a pinch, or the
    /// finger left over when a pinch ends); followed only until it lifts.
    case ignored
}

/// One live touch: where it went down and where it is now.
struct TouchTrack {
    /// Where the arena keeps this touch: recognizers holding two touches tell them apart by it.
    var index = 0
    var seatSlot = 0
    var device = DeviceID(-1)
    var isLive = false
    var role = TouchRole.ignored
    var downTimeMicroseconds: Int64 = 0
    var startPixels = Point.zero
    var startMillimetres: Point?
    var pixels = Point.zero
    var millimetres: Point?
    /// The farthest the touch has been from where it went down, squared, in pixels and
    /// in millimetres: kept only while someone hears the decisions (the slop's margin).
    var farthestSquaredPixels = 0.0
    var farthestSquaredMillimetres = 0.0

    /// True once the touch is further than the slop from where it went down: in
    /// millimetres when both positions have them, else in pixels. Exactly at the slop
    /// is still within it.
    func isBeyondSlop(_ configuration: GestureConfiguration) -> Bool {
        if let start = startMillimetres, let now = millimetres {
            let limit = configuration.slopMillimetres
            return distanceSquared(start, now) > limit * limit
        }
        let limit = configuration.slopPixels
        return distanceSquared(startPixels, pixels) > limit * limit
    }

    /// Notes the current position for `slopDecision`.
    mutating func noteFarthest() {
        farthestSquaredPixels = max(farthestSquaredPixels, distanceSquared(startPixels, pixels))
        if let start = startMillimetres, let now = millimetres {
            farthestSquaredMillimetres = max(
                farthestSquaredMillimetres, distanceSquared(start, now))
        }
    }

    /// The farthest the touch got from its start against the slop, in the unit
    /// `isBeyondSlop` compares in: the slop decision of a lifted touch.
    func slopDecision(_ configuration: GestureConfiguration) -> (
        value: Double, threshold: Double, unit: String
    ) {
        if startMillimetres != nil && millimetres != nil {
            return (farthestSquaredMillimetres.squareRoot(), configuration.slopMillimetres, "mm")
        }
        return (farthestSquaredPixels.squareRoot(), configuration.slopPixels, "px")
    }

    var translationPixels: Point { Point(x: pixels.x - startPixels.x, y: pixels.y - startPixels.y) }
}

func distanceSquared(_ a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x
    let dy = b.y - a.y
    return dx * dx + dy * dy
}

/// `time − start`, saturating instead of trapping on absurd timestamps.
func elapsedMicroseconds(from start: Int64, to time: Int64) -> Int64 {
    let (elapsed, overflow) = time.subtractingReportingOverflow(start)
    return overflow ? (time > start ? .max : .min) : elapsed
}
