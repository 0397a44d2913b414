/// `struct input_absinfo` as recordings describe it.
public struct AbsoluteAxisInfo: Hashable, Sendable {
    /// The lowest value.
    public var minimum: Int32
    /// The highest value.
    public var maximum: Int32
    /// Noise the kernel filters out.
    public var fuzz: Int32 = 0
    /// The dead zone around the centre (joysticks).
    public var flat: Int32 = 0
    /// Units per millimetre (0: unknown).
    public var resolution: Int32 = 0

    /// An axis from `minimum` to `maximum`.
    public init(
        minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// A kernel input device as an evemu description or a `libinput record` `evdev:` block
/// describes it.
public struct EvdevDevice: Hashable, Sendable {
    /// The kernel's device name.
    public var name = ""
    /// `input_id`: bus type, vendor, product and version.
    public var bustype = 0, vendor = 0, product = 0, version = 0
    /// `INPUT_PROP_*` numbers the device has.
    public var properties: Set<Int> = []
    /// The event types the device reports (`EVIOCGBIT(0)`; evemu's `B: 00` line).
    public var eventTypes: Set<EventType> = []
    /// Supported codes per event type.
    public var codes: [EventType: Set<EventCode>] = [:]
    /// The absolute axes' ranges.
    public var absinfo: [EventCode: AbsoluteAxisInfo] = [:]
    /// udev properties (`libinput record` only), e.g. `ID_INPUT_TOUCHSCREEN` → `1`.
    public var udev: [String: String] = [:]
    /// The `ABS_MT_SLOT` value when recording started, when the file says (evemu's
    /// `# Value` comment); otherwise slot 0, as after the device was opened.
    public var initialSlot: Int32?

    /// A device without name, codes or axes.
    public init() {}

    /// True when the device sends `code` of `type`.
    public func has(_ type: EventType, _ code: EventCode) -> Bool {
        codes[type]?.contains(code) ?? false
    }

    /// True when the device has the multi-touch position axes.
    public var hasMultiTouchPosition: Bool {
        has(.abs, .absMTPositionX) || absinfo[.absMTPositionX] != nil
    }

    /// The axes touch positions are read from: the MT axes when the device has them.
    public var positionAxisCodes: (x: EventCode, y: EventCode) {
        hasMultiTouchPosition ? (.absMTPositionX, .absMTPositionY) : (.absX, .absY)
    }

    /// The most multi-touch slots a device may have (`ABS_MT_SLOT` 0 to 1023); the
    /// readers refuse a file that claims more (docs/trace-format.md, "Ranges").
    public static let maximumSlotCount = 1024

    /// Why `ABS_MT_SLOT`'s range `minimum...maximum` is not a device's, or nil when it is:
    /// a reader turns it into `FILE:LINE:` (once, a device of 1,024 slots or more was
    /// silently read as single-touch).
    public static func slotRangeProblem(minimum: Int32, maximum: Int32) -> String? {
        if maximum < minimum {
            return "ABS_MT_SLOT's maximum \(maximum) is below its minimum \(minimum)"
        }
        if minimum < 0 || maximum >= maximumSlotCount {
            return
                "ABS_MT_SLOT \(minimum) to \(maximum) is outside 0 to \(maximumSlotCount - 1) (at most \(maximumSlotCount) touch slots)"
        }
        return nil
    }

    /// The number of multi-touch slots, when the device says (`ABS_MT_SLOT`'s range), and
    /// nil for a range `slotRangeProblem` refuses: the readers refuse it first, and a
    /// device built otherwise must not size the decoder's slots by it either (a minimum of
    /// −2^31 was billions of slots).
    public var slotCount: Int? {
        guard let slot = absinfo[.absMTSlot],
            Self.slotRangeProblem(minimum: slot.minimum, maximum: slot.maximum) == nil
        else {
            return nil
        }
        return Int(slot.maximum) - Int(slot.minimum) + 1
    }

    /// The codes of `type` as a kernel bitmask (bit n of byte n/8 for code n), as long as
    /// the highest code needs.
    public func bitmask(_ type: EventType) -> [UInt8] {
        Self.bitmask(codes[type, default: []].map { Int($0.rawValue) })
    }

    /// The properties as a kernel bitmask.
    public var propertyBitmask: [UInt8] { Self.bitmask(Array(properties)) }

    /// The event types as a kernel bitmask (`EVIOCGBIT(0)`).
    public var eventTypeBitmask: [UInt8] { Self.bitmask(eventTypes.map { Int($0.rawValue) }) }

    /// Bit n of byte n/8 set for each number n.
    public static func bitmask(_ numbers: [Int]) -> [UInt8] {
        guard let highest = numbers.max() else { return [] }
        var bytes = [UInt8](repeating: 0, count: highest / 8 + 1)
        for number in numbers { bytes[number / 8] |= 1 << UInt8(number % 8) }
        return bytes
    }
}
