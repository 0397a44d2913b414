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
    var seatSlot = 0
    var device = DeviceID(-1)
    var isLive = false
    var role = TouchRole.ignored
    var downTimeMicroseconds: Int64 = 0
    var startPixels = Point.zero
    var startMillimetres: Point?
    var pixels = Point.zero
    var millimetres: Point?

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

/// Where recognizers put their reports; also hands out gesture ids in begin order.
struct GestureOutput {
    var events: [GestureEvent] = []
    private(set) var lastGestureID = 0

    init() { events.reserveCapacity(64) }

    mutating func nextID() -> GestureID {
        lastGestureID += 1
        return GestureID(rawValue: lastGestureID)
    }

    mutating func emit(
        _ id: GestureID, _ kind: GestureKind, _ state: GestureState, _ time: Int64,
        _ values: GestureValues
    ) {
        events.append(
            GestureEvent(id: id, kind: kind, state: state, timeMicroseconds: time, values: values))
    }
}

extension GestureState {
    /// The transitions a recognizer may take (UIKit's): possible → began | ended
    /// (discrete) | failed; began → changed | ended | cancelled; changed → changed |
    /// ended | cancelled. Final states go back to possible only when a new touch starts.
    func canTransition(to next: GestureState) -> Bool {
        switch (self, next) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }

    /// Where a recognizer goes when its touch lifts or is cancelled (`final` is ended
    /// or cancelled): a possible gesture fails, a running one takes `final`; nil when
    /// it is already over.
    func whenTouchEnds(_ final: GestureState) -> GestureState? {
        switch self {
        case .possible: .failed
        case .began, .changed: final
        default: nil
        }
    }

    /// True for began and changed: the gesture has begun and not yet ended.
    var isActive: Bool { self == .began || self == .changed }
}
