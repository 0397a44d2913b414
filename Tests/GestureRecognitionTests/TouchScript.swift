import GestureRecognition
import TouchInput
import TouchScript

/// A scripted touch session for tests: fingers, paths and timing, then a run through a
/// fresh arena. Times are given in milliseconds and stored in microseconds. Contacts are
/// the touch-script model's (`ScriptContact`), as every other touch script's.
struct TouchScript {
    enum Step {
        case frame(TouchFrame)
        case advance(Int64)
        case pull(PullAvailability)
        case addDevice(DeviceDescription)
        case removeDevice(DeviceID, Int64)
    }

    var device = DeviceID(1)
    /// When set, contacts also carry millimetres (pixels / this).
    var pixelsPerMillimetre: Double?
    var configuration = GestureConfiguration.clear
    /// Hears the arena's threshold decisions when set.
    var decisionObserver: (any ThresholdDecisionObserver)?
    private(set) var steps: [Step] = []
    private var last = [Int: Point]()

    init(pixelsPerMillimetre: Double? = nil, addDevice: Bool = true) {
        self.pixelsPerMillimetre = pixelsPerMillimetre
        if addDevice { steps.append(.addDevice(TouchScript.touchscreen(DeviceID(1)))) }
    }

    static func touchscreen(_ id: DeviceID) -> DeviceDescription {
        DeviceDescription(id: id, name: "test touchscreen \(id.rawValue)", kind: .touchscreen)
    }

    static func microseconds(_ milliseconds: Double) -> Int64 {
        Int64((milliseconds * 1000).rounded())
    }

    func contact(_ finger: Int, _ phase: TouchPhase, _ point: Point) -> TouchContact {
        let millimetres = pixelsPerMillimetre.map { ppm in
            { (pixels: Point) in Point(x: pixels.x / ppm, y: pixels.y / ppm) }
        }
        return ScriptContact(slot: finger, phase: phase, position: point).touchContact(
            millimetres: millimetres)
    }

    /// One frame with several contacts.
    mutating func frame(
        at milliseconds: Double, _ contacts: [TouchContact], device: DeviceID? = nil
    ) {
        steps.append(
            .frame(
                TouchFrame(
                    device: device ?? self.device,
                    timeMicroseconds: Self.microseconds(milliseconds),
                    contacts: contacts)))
        for contact in contacts {
            switch contact.phase {
            case .down, .move: last[contact.seatSlot] = contact.positionPixels
            case .up, .cancel: last[contact.seatSlot] = nil
            }
        }
    }

    mutating func down(_ finger: Int, _ x: Double, _ y: Double, at milliseconds: Double) {
        frame(at: milliseconds, [contact(finger, .down, Point(x: x, y: y))])
    }

    mutating func move(_ finger: Int, _ x: Double, _ y: Double, at milliseconds: Double) {
        frame(at: milliseconds, [contact(finger, .move, Point(x: x, y: y))])
    }

    /// Moves by (dx, dy) from the finger's last position.
    mutating func moveBy(_ finger: Int, _ dx: Double, _ dy: Double, at milliseconds: Double) {
        let from = last[finger] ?? .zero
        move(finger, from.x + dx, from.y + dy, at: milliseconds)
    }

    /// Up at the last position (libinput's up carries none; the arena must not use it).
    mutating func up(_ finger: Int, at milliseconds: Double) {
        frame(at: milliseconds, [contact(finger, .up, .zero)])
    }

    mutating func cancel(_ finger: Int, at milliseconds: Double) {
        frame(at: milliseconds, [contact(finger, .cancel, .zero)])
    }

    /// A straight path of `steps` moves from the last position, one every `intervalMilliseconds`.
    mutating func drag(
        _ finger: Int, by dx: Double, _ dy: Double, from milliseconds: Double, steps: Int,
        intervalMilliseconds: Double = 10
    ) {
        let from = last[finger] ?? .zero
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            move(
                finger, from.x + dx * f, from.y + dy * f,
                at: milliseconds + intervalMilliseconds * Double(step))
        }
    }

    mutating func advance(to milliseconds: Double) {
        steps.append(.advance(Self.microseconds(milliseconds)))
    }
    /// What the client says from here on about pulls (`GestureArena.pull`).
    mutating func setPull(_ pull: PullAvailability) { steps.append(.pull(pull)) }
    mutating func addDevice(_ description: DeviceDescription) {
        steps.append(.addDevice(description))
    }
    mutating func removeDevice(_ id: DeviceID, at milliseconds: Double) {
        steps.append(.removeDevice(id, Self.microseconds(milliseconds)))
    }

    /// Runs the script through a fresh arena and returns every report in order.
    func run() -> [GestureEvent] {
        var arena = GestureArena(configuration: configuration)
        arena.decisionObserver = decisionObserver
        var all: [GestureEvent] = []
        for step in steps {
            switch step {
            case .frame(let frame): arena.handle(frame)
            case .advance(let time): arena.advance(toMicroseconds: time)
            case .pull(let pull):
                arena.pull = pull
                continue  // not a call that reports
            case .addDevice(let description): arena.deviceAdded(description)
            case .removeDevice(let id, let time): arena.deviceRemoved(id, timeMicroseconds: time)
            }
            all.append(contentsOf: arena.events)
        }
        return all
    }
}

extension GestureEvent {
    /// "kind state", e.g. "pan began", for compact expectations.
    var summary: String { "\(kind.rawValue) \(state.rawValue)" }

    var pan: PanValues? {
        switch values {
        case .pan(let v), .scroll(let v): v
        case .pull(let v): v.drag
        default: nil
        }
    }

    var pullDistance: Double? {
        if case .pull(let v) = values { return v.pullDistancePixels }
        return nil
    }

    var pinch: PinchValues? {
        if case .pinch(let v) = values { return v }
        return nil
    }
}

extension Array where Element == GestureEvent {
    /// The summaries with consecutive `changed` reports of the same gesture collapsed.
    var outline: [String] {
        var result: [String] = []
        for (index, event) in enumerated() {
            if event.state == .changed, index > 0, self[index - 1].id == event.id,
                self[index - 1].state == .changed
            {
                continue
            }
            result.append(event.summary)
        }
        return result
    }
}

/// Checks that every gesture's reports are well formed: began first (or a single tap
/// ended), at most one final report and nothing after it, ids increasing in begin
/// order. Returns the ids that have not ended.
func checkLifecycles(_ events: [GestureEvent]) -> (problems: [String], open: Set<GestureID>) {
    var problems: [String] = []
    var open = Set<GestureID>()
    var finished = Set<GestureID>()
    var lastBegun = 0
    for event in events {
        let id = event.id
        if finished.contains(id) {
            problems.append("\(id) reported after its end: \(event.summary)")
        }
        switch event.state {
        case .began:
            if id.rawValue <= lastBegun { problems.append("\(id) begins out of order") }
            lastBegun = id.rawValue
            open.insert(id)
        case .changed:
            if !open.contains(id) { problems.append("\(id) changed before began") }
        case .ended where event.kind == .tap:
            if id.rawValue <= lastBegun { problems.append("tap \(id) out of order") }
            lastBegun = id.rawValue
            finished.insert(id)
        case .ended, .cancelled:
            if open.remove(id) == nil { problems.append("\(id) ended without began") }
            finished.insert(id)
        }
    }
    return (problems, open)
}
