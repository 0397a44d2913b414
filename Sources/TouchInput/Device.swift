/// Identifies one input device within a session (a recording or a live run).
///
/// Ids are assigned by the source (the recorder, a file reader, the libinput
/// backend) and stay the same for the device's whole life in that session.
public struct DeviceID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The id numbered `rawValue` (unlabelled, for brevity).
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: DeviceID, rhs: DeviceID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "device \(rawValue)" }
}

/// What kind of device produces the events.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable {
    /// A direct-touch device mapped onto the screen (`INPUT_PROP_DIRECT`).
    case touchscreen
    /// An indirect touch surface that moves a pointer (`INPUT_PROP_POINTER`).
    case touchpad
    /// A mouse, trackball or other relative pointer.
    case pointer
    /// A keyboard.
    case keyboard
    /// Anything else (tablets pads, switches): carried along, never interpreted.
    case other
}

/// A size on the screen in pixels.
public struct ScreenSize: Hashable, Sendable, CustomStringConvertible {
    /// The width in pixels.
    public var widthPixels: Int
    /// The height in pixels.
    public var heightPixels: Int

    /// A screen of `widthPixels` × `heightPixels`.
    public init(widthPixels: Int, heightPixels: Int) {
        self.widthPixels = widthPixels
        self.heightPixels = heightPixels
    }

    /// The screen assumed for recordings that carry none (docs/product-decisions.md).
    public static let defaultKiosk = ScreenSize(widthPixels: 1080, heightPixels: 1920)

    public var description: String { "\(widthPixels)x\(heightPixels)" }
}

/// A physical size in millimetres.
public struct SizeMillimetres: Hashable, Sendable {
    /// The width in millimetres.
    public var width: Double
    /// The height in millimetres.
    public var height: Double

    /// A size of `width` × `height` millimetres.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An absolute axis as the kernel describes it (`struct input_absinfo`).
public struct AxisRange: Hashable, Sendable {
    /// The smallest value the axis reports, in device units.
    public var minimum: Int32
    /// The largest value the axis reports, in device units.
    public var maximum: Int32
    /// Units per millimetre; 0 when the device does not say.
    public var resolutionUnitsPerMillimetre: Int32

    /// An axis from `minimum` to `maximum`; a resolution of 0 means unknown.
    public init(minimum: Int32, maximum: Int32, resolutionUnitsPerMillimetre: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.resolutionUnitsPerMillimetre = resolutionUnitsPerMillimetre
    }

    /// The axis length in millimetres, or nil when the resolution is unknown.
    public var lengthMillimetres: Double? {
        guard resolutionUnitsPerMillimetre > 0 else { return nil }
        return Double(Int64(maximum) - Int64(minimum)) / Double(resolutionUnitsPerMillimetre)
    }
}

/// Everything a consumer needs to know about a device to interpret its touches.
public struct DeviceDescription: Hashable, Sendable {
    /// The device's id in this session.
    public var id: DeviceID
    /// The name the kernel gives the device.
    public var name: String
    /// What the device is (touchscreen, touchpad, ...).
    public var kind: DeviceKind
    /// Physical size of the touch surface, when the device reports it.
    public var sizeMillimetres: SizeMillimetres?
    /// The screen that touch positions are mapped onto.
    public var screen: ScreenSize
    /// The X and Y position axes, when known (evdev recordings, libinput).
    public var axisX: AxisRange?
    /// The Y position axis, when known.
    public var axisY: AxisRange?
    /// Number of multi-touch slots, when known.
    public var slotCount: Int?

    /// A value with every property given (omitted ones take the defaults shown).
    public init(
        id: DeviceID, name: String, kind: DeviceKind, sizeMillimetres: SizeMillimetres? = nil,
        screen: ScreenSize = .defaultKiosk, axisX: AxisRange? = nil, axisY: AxisRange? = nil,
        slotCount: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.sizeMillimetres = sizeMillimetres
        self.screen = screen
        self.axisX = axisX
        self.axisY = axisY
        self.slotCount = slotCount
    }
}
