/// A point in a plane; the unit is carried by the name of the property that holds it
/// (`positionPixels`, `positionMillimetres`).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downwards (screen convention).
    public var y: Double

    /// The point (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// True when neither coordinate is NaN or infinite.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// "(x, y)".
    public var description: String { "(\(x), \(y))" }
}

/// The phase of one contact in one frame, as libinput reports touches.
public enum TouchPhase: String, Hashable, Sendable, CaseIterable {
    /// The contact touched the surface.
    case down
    /// The contact moved.
    case move
    /// The contact lifted; libinput gives it no position.
    case up
    /// The system withdrew the contact (palm, device removed, suspended): whatever
    /// the contact was doing must be undone, not committed.
    case cancel
}

/// One contact that changed in a frame.
public struct TouchContact: Hashable, Sendable {
    /// The seat-wide slot, unique across all touch devices of the seat (libinput's
    /// `seat_slot`). Recognizers identify contacts by this.
    public var seatSlot: Int
    /// The slot on its own device (evdev `ABS_MT_SLOT`).
    public var deviceSlot: Int
    /// What happened to the contact in this frame.
    public var phase: TouchPhase
    /// Position on the device surface in millimetres, when the device size is known.
    public var positionMillimetres: Point?
    /// Position mapped onto the screen, in pixels.
    public var positionPixels: Point

    /// A contact; the device slot defaults to the seat slot.
    public init(
        seatSlot: Int, deviceSlot: Int? = nil, phase: TouchPhase, positionMillimetres: Point? = nil,
        positionPixels: Point
    ) {
        self.seatSlot = seatSlot
        self.deviceSlot = deviceSlot ?? seatSlot
        self.phase = phase
        self.positionMillimetres = positionMillimetres
        self.positionPixels = positionPixels
    }
}

/// One hardware sample of a touch device: everything between two `SYN_REPORT`s,
/// or between two libinput `TOUCH_FRAME`s. It lists only the contacts that changed.
public struct TouchFrame: Hashable, Sendable {
    /// The device that sampled the frame.
    public var device: DeviceID
    /// Event time in microseconds. Only differences between times matter.
    public var timeMicroseconds: Int64
    /// The contacts that changed, in slot order as the source reports them.
    public var contacts: [TouchContact]
    /// Fingers on the device after this frame as the device reports them: the larger of
    /// the tracked contacts and the `BTN_TOOL_*TAP` count, which can exceed the slot
    /// count (a 2-slot semi-MT touchpad reports 3 fingers). Nil when the source does not say.
    public var fingerCount: Int?

    /// A frame of `device` at `timeMicroseconds`.
    public init(
        device: DeviceID, timeMicroseconds: Int64, contacts: [TouchContact], fingerCount: Int? = nil
    ) {
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.contacts = contacts
        self.fingerCount = fingerCount
    }
}
