import GestureRecognition
import TouchInput

/// Fingers on a 1080×1920 px, 270×480 mm touchscreen (4 px per mm, so every position
/// given in millimetres is exact in pixels), fed to a `MultiFingerGestureArena`.
/// Times in milliseconds.
struct MultiFingerScript {
    static let device = DeviceID(1)
    static let pixelsPerMillimetre = 4.0
    static let sized = DeviceDescription(
        id: device, name: "test touchscreen", kind: .touchscreen,
        sizeMillimetres: SizeMillimetres(width: 270, height: 480),
        screen: ScreenSize(widthPixels: 1080, heightPixels: 1920))

    var arena: MultiFingerGestureArena
    private(set) var events: [MultiFingerGestureEvent] = []
    /// Every finger's position, in millimetres.
    private var positions: [Int: Point] = [:]

    init(
        configuration: MultiFingerConfiguration = .standard,
        device description: DeviceDescription = MultiFingerScript.sized
    ) {
        arena = MultiFingerGestureArena(configuration: configuration)
        feed(.deviceAdded(description, timeMicroseconds: 0))
    }

    static func microseconds(_ milliseconds: Double) -> Int64 {
        Int64((milliseconds * 1000).rounded())
    }

    mutating func feed(_ event: InputEvent) {
        arena.handle(event)
        events += arena.events
    }

    mutating func frame(
        at milliseconds: Double, _ contacts: [(Int, TouchPhase)], device: DeviceID = device
    ) {
        let scale = Self.pixelsPerMillimetre
        let made = contacts.map { finger, phase in
            let mm = positions[finger] ?? .zero
            return TouchContact(
                seatSlot: finger, phase: phase, positionMillimetres: mm,
                positionPixels: Point(x: mm.x * scale, y: mm.y * scale))
        }
        feed(
            .touchFrame(
                TouchFrame(
                    device: device, timeMicroseconds: Self.microseconds(milliseconds),
                    contacts: made)))
    }

    /// Fingers down in one frame, in a row 15 mm apart starting at (x, y) mm.
    mutating func down(
        _ fingers: [Int], x: Double = 100, y: Double = 200, spacing: Double = 15,
        at milliseconds: Double, device: DeviceID = device
    ) {
        for (offset, finger) in fingers.enumerated() {
            positions[finger] = Point(x: x + Double(offset) * spacing, y: y)
        }
        frame(at: milliseconds, fingers.map { ($0, .down) }, device: device)
    }

    /// Every finger given moves by (dx, dy) mm, in one frame.
    mutating func move(
        _ fingers: [Int], by dx: Double, _ dy: Double, at milliseconds: Double,
        device: DeviceID = device
    ) {
        for finger in fingers {
            let from = positions[finger] ?? .zero
            positions[finger] = Point(x: from.x + dx, y: from.y + dy)
        }
        frame(at: milliseconds, fingers.map { ($0, .move) }, device: device)
    }

    /// The fingers (in a row along x) move apart (or together, when negative) so that
    /// their spread changes by `change` mm, about their centroid, in one frame.
    mutating func spread(_ fingers: [Int], by change: Double, at milliseconds: Double) {
        let points = fingers.map { positions[$0] ?? .zero }
        let centre = points.reduce(0.0) { $0 + $1.x } / Double(points.count)
        let spread = 2 * points.reduce(0.0) { $0 + abs($1.x - centre) } / Double(points.count)
        let factor = (spread + change) / spread
        for (finger, point) in zip(fingers, points) {
            positions[finger] = Point(x: centre + (point.x - centre) * factor, y: point.y)
        }
        frame(at: milliseconds, fingers.map { ($0, .move) })
    }

    mutating func up(_ fingers: [Int], at milliseconds: Double) {
        frame(at: milliseconds, fingers.map { ($0, .up) })
    }

    mutating func cancel(_ fingers: [Int], at milliseconds: Double) {
        frame(at: milliseconds, fingers.map { ($0, .cancel) })
    }

    mutating func advance(to milliseconds: Double) {
        arena.advance(toMicroseconds: Self.microseconds(milliseconds))
        events += arena.events
    }

    /// "3-finger swipe left began", "2-finger tap ended", one per report.
    var outline: [String] {
        events.map { event in
            let direction = event.direction.map { " \($0.rawValue)" } ?? ""
            let edge = event.edge.map { " from \($0.rawValue)" } ?? ""
            return
                "\(event.fingers)-finger \(event.kind.rawValue)\(direction)\(edge) \(event.state.rawValue)"
        }
    }

    /// The outline without the `changed` reports.
    var summary: [String] { outline.filter { !$0.hasSuffix(" changed") } }
}
