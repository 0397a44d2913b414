import TouchInput

/// The synthetic kiosk touchscreen every generated recording is made on: a portrait
/// 1080×1920 screen, 270×480 mm, evdev axes 0…10799 × 0…19199 at 40 units/mm, so an
/// axis value is ten times the pixel position.
public enum SyntheticTouchscreen {
    public static let name = "ClearTouch Synthetic Touchscreen"
    public static let screen = ScreenSize(widthPixels: 1080, heightPixels: 1920)
    public static let unitsPerPixel = 10
    public static let unitsPerMillimetre: Int32 = 40
    public static let axisX = AxisRange(
        minimum: 0, maximum: 10799, resolutionUnitsPerMillimetre: unitsPerMillimetre)
    public static let axisY = AxisRange(
        minimum: 0, maximum: 19199, resolutionUnitsPerMillimetre: unitsPerMillimetre)
    public static let slotCount = 10
    public static let device = DeviceID(1)

    public static var description: DeviceDescription {
        DeviceDescription(
            id: device, name: name, kind: .touchscreen,
            sizeMillimetres: SizeMillimetres(
                width: axisX.lengthMillimetres!, height: axisY.lengthMillimetres!),
            screen: screen, axisX: axisX, axisY: axisY, slotCount: slotCount)
    }

    /// Positions are whole pixels so evdev units (×10) map back exactly.
    public static func millimetres(_ pixels: Point) -> Point {
        Point(
            x: pixels.x * Double(unitsPerPixel) / Double(unitsPerMillimetre),
            y: pixels.y * Double(unitsPerPixel) / Double(unitsPerMillimetre))
    }
}

/// One contact change in a scripted frame.
public struct ScriptContact: Hashable, Sendable {
    public enum Change: Hashable, Sendable { case down, move, up, palm }
    public var slot: Int
    public var change: Change
    /// Whole screen pixels.
    public var x: Int
    public var y: Int

    public init(slot: Int, change: Change, x: Int, y: Int) {
        self.slot = slot
        self.change = change
        self.x = x
        self.y = y
    }
}

/// One scripted input event: a touch frame, typed text, or a key.
public enum ScriptEvent: Hashable, Sendable {
    case frame(timeMicroseconds: Int64, contacts: [ScriptContact])
    case text(timeMicroseconds: Int64, String)
    case key(timeMicroseconds: Int64, code: Int)
    case deviceRemoved(timeMicroseconds: Int64)
    /// Touchpad and pointer input, as libinput reports it (traces only).
    case touchpad(InputEvent)

    public var timeMicroseconds: Int64 {
        switch self {
        case .frame(let t, _), .text(let t, _), .key(let t, _), .deviceRemoved(let t): t
        case .touchpad(let event): event.timeMicroseconds
        }
    }
}

/// Builds a recording as a touchscreen would report it: frames every 10 ms while a
/// finger moves, whole pixels, time only moving forward.
public struct Script: Sendable {
    /// Frame interval while fingers move (100 Hz).
    public static let frameIntervalMicroseconds: Int64 = 10_000
    /// The time of the next event.
    public private(set) var timeMicroseconds: Int64
    public private(set) var events: [ScriptEvent] = []
    private var positions: [Int: Position] = [:]

    private struct Position: Equatable, Sendable {
        var x: Int
        var y: Int
    }

    /// A script whose first event is at `startMicroseconds`.
    public init(startMicroseconds: Int64 = 0) { timeMicroseconds = startMicroseconds }

    public mutating func wait(milliseconds: Int64) { timeMicroseconds += milliseconds * 1000 }

    /// Fingers going down together in one frame.
    public mutating func down(_ fingers: [(slot: Int, x: Int, y: Int)]) {
        for finger in fingers { positions[finger.slot] = Position(x: finger.x, y: finger.y) }
        events.append(
            .frame(
                timeMicroseconds: timeMicroseconds,
                contacts: fingers.map {
                    ScriptContact(slot: $0.slot, change: .down, x: $0.x, y: $0.y)
                }))
        timeMicroseconds += Self.frameIntervalMicroseconds
    }

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
                positions[move.slot] = Position(x: x, y: y)
                contacts.append(ScriptContact(slot: move.slot, change: .move, x: x, y: y))
            }
            if !contacts.isEmpty {
                events.append(.frame(timeMicroseconds: timeMicroseconds, contacts: contacts))
            }
            timeMicroseconds += Self.frameIntervalMicroseconds
        }
    }

    public mutating func move(slot: Int = 0, dx: Int, dy: Int, steps: Int) {
        move([(slot, dx, dy)], steps: steps)
    }

    /// Lifts fingers together in one frame.
    public mutating func up(_ slots: [Int]) {
        events.append(
            .frame(
                timeMicroseconds: timeMicroseconds,
                contacts: slots.map {
                    ScriptContact(slot: $0, change: .up, x: positions[$0]!.x, y: positions[$0]!.y)
                }))
        for slot in slots { positions[slot] = nil }
        timeMicroseconds += Self.frameIntervalMicroseconds
    }

    public mutating func up(slot: Int = 0) { up([slot]) }

    /// The firmware relabels a contact as a palm (`MT_TOOL_PALM`): libinput cancels it.
    public mutating func palm(slot: Int = 0) {
        let p = positions[slot]!
        events.append(
            .frame(
                timeMicroseconds: timeMicroseconds,
                contacts: [ScriptContact(slot: slot, change: .palm, x: p.x, y: p.y)]))
        timeMicroseconds += Self.frameIntervalMicroseconds
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

    public mutating func type(_ text: String) {
        events.append(.text(timeMicroseconds: timeMicroseconds, text))
        timeMicroseconds += Self.frameIntervalMicroseconds
    }

    public mutating func key(_ code: Int) {
        events.append(.key(timeMicroseconds: timeMicroseconds, code: code))
        timeMicroseconds += Self.frameIntervalMicroseconds
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
        timeMicroseconds += Self.frameIntervalMicroseconds
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
            timeMicroseconds += Self.frameIntervalMicroseconds
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
                            button: 272,
                            pressed: pressed))))
            timeMicroseconds += pressed ? 50_000 : Self.frameIntervalMicroseconds
        }
    }

    public mutating func removeDevice() {
        events.append(.deviceRemoved(timeMicroseconds: timeMicroseconds))
        timeMicroseconds += Self.frameIntervalMicroseconds
    }
}
