import TouchInput

/// The fingers of one multi-finger gesture: where each went down and where it is, in
/// millimetres on the upright screen (the touches' upright pixels, already rotated and
/// calibrated by the input source, times the device's millimetres per pixel).
struct FingerGroup {
    var device = DeviceID(-1)
    /// The upright screen of `device`, in millimetres.
    var screenMillimetres = SizeMillimetres(width: 0, height: 0)
    var firstDownMicroseconds: Int64 = 0
    /// Fingers that joined the group (1 to 5); lifted ones keep their last position.
    private(set) var count = 0
    /// Fingers of the group still down.
    var liveCount = 0
    /// No finger joins any more (`closeIfDue`); a swipe or pinch may begin.
    private(set) var isClosed = false
    private var starts: ContiguousArray<Point>
    private var positions: ContiguousArray<Point>

    init() {
        starts = ContiguousArray(repeating: .zero, count: MultiFingerConfiguration.maximumFingers)
        positions = starts
    }

    /// Forgets every finger and starts over on `device`.
    mutating func reset(device: DeviceID, screen: SizeMillimetres, at time: Int64) {
        self.device = device
        screenMillimetres = screen
        firstDownMicroseconds = time
        count = 0
        liveCount = 0
        isClosed = false
    }

    /// Adds a finger at `millimetres`; returns its index in the group. A finger landing
    /// after the others have moved is taken to have moved with them: its start is where
    /// it would have landed had it come down with the first, so the group's travel goes
    /// on from where it was and its spread does not change by the late landing.
    mutating func add(at millimetres: Point) -> Int {
        let moved = translationMillimetres
        starts[count] = Point(x: millimetres.x - moved.x, y: millimetres.y - moved.y)
        positions[count] = millimetres
        count += 1
        liveCount += 1
        return count - 1
    }

    var isFull: Bool { count == MultiFingerConfiguration.maximumFingers }

    mutating func move(_ finger: Int, to millimetres: Point) { positions[finger] = millimetres }

    /// Closes the group once no finger may join any more: the grouping time has passed
    /// since the first landed, five fingers are down, or one is further than the grouping
    /// motion from where it landed (the group has really started to move; exactly that
    /// far is still resting). A closed group never opens again.
    mutating func closeIfDue(at time: Int64, _ configuration: MultiFingerConfiguration) {
        guard !isClosed else { return }
        isClosed =
            isFull
            || elapsedMicroseconds(from: firstDownMicroseconds, to: time)
                >= configuration.fingerGroupingMicroseconds
            || anyFurther(than: configuration.fingerGroupingMotionMillimetres)
    }

    /// How far the centroid has moved since the fingers went down.
    var translationMillimetres: Point {
        let start = centroid(starts)
        let now = centroid(positions)
        return Point(x: now.x - start.x, y: now.y - start.y)
    }

    /// The change of the spread since the fingers went down (positive: further apart).
    var spreadChangeMillimetres: Double { spread(positions) - spread(starts) }

    /// True when any finger is further than `millimetres` from where it went down
    /// (exactly that far is not).
    func anyFurther(than millimetres: Double) -> Bool {
        let limit = millimetres * millimetres
        for index in 0..<count where distanceSquared(starts[index], positions[index]) > limit {
            return true
        }
        return false
    }

    /// The start position furthest towards `edge` (the largest x for the right edge…),
    /// as its distance from that edge.
    func startDistance(from edge: ScreenEdge) -> Double {
        var nearest = Double.infinity
        for index in 0..<count {
            let point = starts[index]
            let distance: Double
            switch edge {
            case .left: distance = point.x
            case .right: distance = screenMillimetres.width - point.x
            case .top: distance = point.y
            case .bottom: distance = screenMillimetres.height - point.y
            }
            nearest = min(nearest, distance)
        }
        return nearest
    }

    private func centroid(_ points: ContiguousArray<Point>) -> Point {
        guard count > 0 else { return .zero }
        var x = 0.0
        var y = 0.0
        for index in 0..<count {
            x += points[index].x
            y += points[index].y
        }
        return Point(x: x / Double(count), y: y / Double(count))
    }

    /// Twice the mean distance of the fingers from their centroid: for two fingers, the
    /// distance between them; 0 for one finger.
    private func spread(_ points: ContiguousArray<Point>) -> Double {
        guard count > 1 else { return 0 }
        let centre = centroid(points)
        var total = 0.0
        for index in 0..<count { total += distanceSquared(centre, points[index]).squareRoot() }
        return 2 * total / Double(count)
    }
}
