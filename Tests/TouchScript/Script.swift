import Evdev
import TouchInput

/// One contact of a scripted frame.
public struct ScriptContact: Hashable, Sendable {
    /// The slot (seat slot and device slot alike).
    public var slot: Int
    /// What happens to the contact. `cancel` is the firmware relabelling it a palm
    /// (`MT_TOOL_PALM` in evdev; libinput then cancels the touch).
    public var phase: TouchPhase
    /// Position in the script's unit: pixels, or device units for evdev-only scripts.
    public var position: Point

    /// A contact at `position`.
    public init(slot: Int, phase: TouchPhase, position: Point) {
        self.slot = slot
        self.phase = phase
        self.position = position
    }
}

/// One scripted input event: a touch frame, a key, typed text, a device coming or
/// going, or touchpad input as libinput reports it.
public enum ScriptEvent: Hashable, Sendable {
    /// A touch frame of the script's touch device.
    case frame(timeMicroseconds: Int64, contacts: [ScriptContact])
    /// A key press or release (evdev key code).
    case key(timeMicroseconds: Int64, code: Int, pressed: Bool)
    /// Typed text (traces only).
    case text(timeMicroseconds: Int64, String)
    /// The touch device is unplugged.
    case deviceRemoved(timeMicroseconds: Int64)
    /// Touchpad and pointer input, as libinput reports it (traces only).
    case touchpad(InputEvent)

    /// When the event happens.
    public var timeMicroseconds: Int64 {
        switch self {
        case .frame(let t, _), .key(let t, _, _), .text(let t, _), .deviceRemoved(let t): t
        case .touchpad(let event): event.timeMicroseconds
        }
    }
}

/// The one way to script touches (tests, the recording generator, the mock devices, the
/// benchmarks): fingers, paths and timing, as a touch device would report them, time
/// only moving forward. `ScriptEvent`s become touch frames (`inputEvents`) or kernel
/// events (`ScriptEvdevEncoder`).
///
/// Each frame takes `frameIntervalMicroseconds`: `timeMicroseconds` is the time of the
/// next event.
public struct Script: Sendable {
    /// The default frame interval (100 Hz).
    public static let frameIntervalMicroseconds: Int64 = 10_000
    /// The time between two frames.
    public var frameIntervalMicroseconds: Int64
    /// The time of the next event.
    public var timeMicroseconds: Int64
    /// The events so far.
    public private(set) var events: [ScriptEvent] = []
    private var positions: [Int: Position] = [:]

    private struct Position: Equatable, Sendable {
        var x: Int
        var y: Int
    }

    /// A script whose first event is at `startMicroseconds`.
    public init(
        startMicroseconds: Int64 = 0,
        frameIntervalMicroseconds: Int64 = Script.frameIntervalMicroseconds
    ) {
        timeMicroseconds = startMicroseconds
        self.frameIntervalMicroseconds = frameIntervalMicroseconds
    }

    /// Lets `milliseconds` pass.
    public mutating func wait(milliseconds: Int64) { timeMicroseconds += milliseconds * 1000 }

    /// Lets `microseconds` pass.
    public mutating func wait(microseconds: Int64) { timeMicroseconds += microseconds }

    /// A frame of `contacts` now, then one frame interval later.
    public mutating func frame(_ contacts: [ScriptContact]) {
        for contact in contacts {
            switch contact.phase {
            case .down, .move:
                positions[contact.slot] = Position(
                    x: Int(contact.position.x), y: Int(contact.position.y))
            case .up: positions[contact.slot] = nil
            case .cancel: break
            }
        }
        events.append(.frame(timeMicroseconds: timeMicroseconds, contacts: contacts))
        timeMicroseconds += frameIntervalMicroseconds
    }

    private static func contact(_ slot: Int, _ phase: TouchPhase, _ x: Int, _ y: Int)
        -> ScriptContact
    {
        ScriptContact(slot: slot, phase: phase, position: Point(x: Double(x), y: Double(y)))
    }

    /// Fingers going down together in one frame.
    public mutating func down(_ fingers: [(slot: Int, x: Int, y: Int)]) {
        frame(fingers.map { Self.contact($0.slot, .down, $0.x, $0.y) })
    }

    /// One finger going down.
    public mutating func down(slot: Int = 0, x: Int, y: Int) { down([(slot, x, y)]) }

    /// Moves fingers in a straight line by (dx, dy) each, over `steps` frames; every
    /// frame's position is rounded to whole pixels and the last one is exact.
    public mutating func move(_ moves: [(slot: Int, dx: Int, dy: Int)], steps: Int) {
        let starts = moves.map { positions[$0.slot]! }
        for step in 1...steps {
            var contacts: [ScriptContact] = []
            for (n, move) in moves.enumerated() {
                let x = starts[n].x + Int((Double(move.dx * step) / Double(steps)).rounded())
                let y = starts[n].y + Int((Double(move.dy * step) / Double(steps)).rounded())
                guard positions[move.slot]! != Position(x: x, y: y) else { continue }
                contacts.append(Self.contact(move.slot, .move, x, y))
            }
            if contacts.isEmpty {
                timeMicroseconds += frameIntervalMicroseconds
            } else {
                frame(contacts)
            }
        }
    }

    /// Moves one finger by (dx, dy) over `steps` frames.
    public mutating func move(slot: Int = 0, dx: Int, dy: Int, steps: Int) {
        move([(slot, dx, dy)], steps: steps)
    }

    /// Lifts fingers together in one frame, where they are.
    public mutating func up(_ slots: [Int]) {
        frame(slots.map { Self.contact($0, .up, positions[$0]!.x, positions[$0]!.y) })
    }

    /// Lifts one finger.
    public mutating func up(slot: Int = 0) { up([slot]) }

    /// The firmware relabels a contact as a palm (`MT_TOOL_PALM`): libinput cancels it.
    public mutating func palm(slot: Int = 0) {
        let p = positions[slot]!
        frame([Self.contact(slot, .cancel, p.x, p.y)])
    }

    /// A finger moving in a straight line (`stroke`).
    public struct Track: Sendable {
        /// Where the finger goes down.
        public var from: Point
        /// Where it is after the last frame.
        public var to: Point

        /// A track from `from` to `to`.
        public init(from: Point, to: Point) {
            self.from = from
            self.to = to
        }
    }

    /// Every track's finger down together (slots 0, 1, …), moved in `frames` frames that
    /// report every finger at its interpolated position (rounded), then lifted together
    /// unless `lift` is false.
    public mutating func stroke(_ tracks: [Track], frames: Int, lift: Bool = true) {
        frame(
            tracks.enumerated().map {
                ScriptContact(slot: $0.offset, phase: .down, position: $0.element.from)
            })
        for step in stride(from: 1, through: frames, by: 1) {
            let fraction = Double(step) / Double(frames)
            frame(
                tracks.enumerated().map { slot, track in
                    ScriptContact(
                        slot: slot, phase: .move,
                        position: Point(
                            x: (track.from.x + (track.to.x - track.from.x) * fraction).rounded(),
                            y: (track.from.y + (track.to.y - track.from.y) * fraction).rounded()))
                })
        }
        if lift { up(Array(tracks.indices)) }
    }

    /// An empty frame (a lone `SYN_REPORT`) now, taking no time: it marks the start of
    /// a stream whose first input comes later.
    public mutating func markStart() {
        events.append(.frame(timeMicroseconds: timeMicroseconds, contacts: []))
    }

    /// A tap: down, 60 ms still, up.
    public mutating func tap(x: Int, y: Int) {
        down(x: x, y: y)
        wait(milliseconds: 50)
        up()
    }

    /// A one-finger drag: down, move in `steps` frames, rest 150 ms (so the release
    /// velocity is zero), lift.
    public mutating func drag(x: Int, y: Int, dx: Int, dy: Int, steps: Int = 20) {
        down(x: x, y: y)
        move(dx: dx, dy: dy, steps: steps)
        wait(milliseconds: 150)
        up()
    }

    /// Types `text` (traces only).
    public mutating func type(_ text: String) {
        events.append(.text(timeMicroseconds: timeMicroseconds, text))
        timeMicroseconds += frameIntervalMicroseconds
    }

    /// A key pressed and released 5 ms later.
    public mutating func key(_ code: Int) {
        events.append(.key(timeMicroseconds: timeMicroseconds, code: code, pressed: true))
        events.append(.key(timeMicroseconds: timeMicroseconds + 5_000, code: code, pressed: false))
        timeMicroseconds += frameIntervalMicroseconds
    }

    /// A key pressed or released, then `afterMicroseconds` pass.
    public mutating func key(_ code: Int, pressed: Bool, afterMicroseconds: Int64) {
        events.append(.key(timeMicroseconds: timeMicroseconds, code: code, pressed: pressed))
        timeMicroseconds += afterMicroseconds
    }

    /// The synthetic touchpad (libinput's normalised units: about 1 mm each).
    public static let touchpad = DeviceDescription(
        id: DeviceID(3), name: "ClearTouch Synthetic Touchpad", kind: .touchpad)

    /// Moves the pointer by (dx, dy) libinput units in one event.
    public mutating func pointerMove(dx: Double, dy: Double) {
        events.append(
            .touchpad(
                .pointerMotion(
                    PointerMotion(
                        device: Self.touchpad.id, timeMicroseconds: timeMicroseconds, deltaX: dx,
                        deltaY: dy))))
        timeMicroseconds += frameIntervalMicroseconds
    }

    /// A three-finger swipe: begin, `steps` updates of (dx, dy) each, end.
    public mutating func touchpadSwipe(dx: Double, dy: Double, steps: Int) {
        func gesture(_ stage: TouchpadGesture.Stage, _ dx: Double, _ dy: Double) {
            events.append(
                .touchpad(
                    .touchpadGesture(
                        TouchpadGesture(
                            device: Self.touchpad.id, timeMicroseconds: timeMicroseconds,
                            kind: .swipe,
                            stage: stage,
                            fingerCount: 3, deltaX: dx, deltaY: dy))))
            timeMicroseconds += frameIntervalMicroseconds
        }
        gesture(.begin, 0, 0)
        for _ in 0..<steps { gesture(.update, dx, dy) }
        gesture(.end, 0, 0)
    }

    /// A click of the touchpad's button (BTN_LEFT): press, release 50 ms later.
    public mutating func click() {
        for pressed in [true, false] {
            events.append(
                .touchpad(
                    .pointerButton(
                        PointerButton(
                            device: Self.touchpad.id, timeMicroseconds: timeMicroseconds,
                            button: Int(EventCode.btnLeft.rawValue),
                            pressed: pressed))))
            timeMicroseconds += pressed ? 50_000 : frameIntervalMicroseconds
        }
    }

    /// The touch device is unplugged.
    public mutating func removeDevice() {
        events.append(.deviceRemoved(timeMicroseconds: timeMicroseconds))
        timeMicroseconds += frameIntervalMicroseconds
    }
}
