import TouchInput

/// Kernel constants the decoder and the readers need (linux/input-event-codes.h).
enum EV {
    static let syn: UInt16 = 0, key: UInt16 = 1, rel: UInt16 = 2, abs: UInt16 = 3
    static let synReport: UInt16 = 0, synMTReport: UInt16 = 2, synDropped: UInt16 = 3
    static let absX: UInt16 = 0, absY: UInt16 = 1
    static let mtSlot: UInt16 = 0x2f, mtPositionX: UInt16 = 0x35, mtPositionY: UInt16 = 0x36
    static let mtToolType: UInt16 = 0x37, mtTrackingID: UInt16 = 0x39
    static let relX: UInt16 = 0, relY: UInt16 = 1, relHWheel: UInt16 = 6, relWheel: UInt16 = 8
    static let btnLeft: UInt16 = 0x110, btnTask: UInt16 = 0x117
    static let btnToolFinger: UInt16 = 0x145, btnToolQuintTap: UInt16 = 0x148,
        btnTouch: UInt16 = 0x14a
    static let btnToolDoubleTap: UInt16 = 0x14d, btnToolTripleTap: UInt16 = 0x14e,
        btnToolQuadTap: UInt16 = 0x14f
    static let btnMisc: UInt16 = 0x100
    static let propPointer = 0, propDirect = 1, propSemiMT = 3
    static let mtToolPalm: Int32 = 2
    static let maxType = 0x1f
    static let maxCode = 0x2ff
}

/// One kernel `input_event`, time in microseconds.
struct EvdevEvent: Hashable, Sendable {
    var timeMicroseconds: Int64
    var type: UInt16
    var code: UInt16
    var value: Int32
}

/// `struct input_absinfo` as recordings describe it.
struct AbsoluteAxisInfo: Hashable, Sendable {
    var minimum: Int32
    var maximum: Int32
    var fuzz: Int32 = 0
    var flat: Int32 = 0
    var resolution: Int32 = 0
}

/// A kernel input device as an evemu description or a `libinput record` `evdev:` block
/// describes it.
struct EvdevDevice: Hashable, Sendable {
    var name = ""
    var bustype = 0, vendor = 0, product = 0, version = 0
    var properties: Set<Int> = []
    /// Supported codes per event type.
    var codes: [UInt16: Set<UInt16>] = [:]
    var absinfo: [UInt16: AbsoluteAxisInfo] = [:]
    /// udev properties (`libinput record` only), e.g. `ID_INPUT_TOUCHSCREEN` → `1`.
    var udev: [String: String] = [:]
    /// The `ABS_MT_SLOT` value when recording started, when the file says (evemu's
    /// `# Value` comment); otherwise slot 0, as after the device was opened.
    var initialSlot: Int32?

    func has(_ type: UInt16, _ code: UInt16) -> Bool { codes[type]?.contains(code) ?? false }

    /// Kind as libinput and udev's input_id would classify the device.
    var kind: DeviceKind {
        if udev["ID_INPUT_TOUCHSCREEN"] == "1" || properties.contains(EV.propDirect) {
            return .touchscreen
        }
        if udev["ID_INPUT_TOUCHPAD"] == "1" || properties.contains(EV.propPointer) {
            return .touchpad
        }
        let hasPosition = has(EV.abs, EV.absX) || has(EV.abs, EV.mtPositionX)
        if hasPosition && has(EV.key, EV.btnToolFinger) { return .touchpad }
        if hasPosition && (has(EV.key, EV.btnTouch) || has(EV.abs, EV.mtPositionX)) {
            return .touchscreen
        }
        if has(EV.rel, EV.relX) { return .pointer }
        if udev["ID_INPUT_KEYBOARD"] == "1" || has(EV.key, 30) { return .keyboard }
        return .other
    }

    /// The axes touch positions are read from: the MT axes when the device has them.
    var positionAxisCodes: (x: UInt16, y: UInt16) {
        has(EV.abs, EV.mtPositionX) || absinfo[EV.mtPositionX] != nil
            ? (EV.mtPositionX, EV.mtPositionY) : (EV.absX, EV.absY)
    }

    var slotCount: Int? {
        guard let slot = absinfo[EV.mtSlot], slot.maximum >= slot.minimum, slot.maximum < 1024
        else {
            return nil
        }
        return Int(slot.maximum) - Int(slot.minimum) + 1
    }

    func description(id: DeviceID, screen: ScreenSize) -> DeviceDescription {
        let codes = positionAxisCodes
        func range(_ code: UInt16) -> AxisRange? {
            absinfo[code].map {
                AxisRange(
                    minimum: $0.minimum, maximum: $0.maximum,
                    resolutionUnitsPerMillimetre: $0.resolution)
            }
        }
        let axisX = range(codes.x)
        let axisY = range(codes.y)
        var size: SizeMillimetres? = nil
        if let width = axisX?.lengthMillimetres, let height = axisY?.lengthMillimetres {
            size = SizeMillimetres(width: width, height: height)
        }
        return DeviceDescription(
            id: id, name: name, kind: kind, sizeMillimetres: size, screen: screen, axisX: axisX,
            axisY: axisY,
            slotCount: slotCount
                ?? (has(EV.abs, EV.mtPositionX) || absinfo[EV.mtPositionX] != nil ? nil : 1))
    }
}

/// Seat-wide touch slots, shared by every device of a reader: the lowest free one is
/// taken, as libinput does.
final class SeatSlots {
    private var used: [Bool] = []

    func take() -> Int {
        if let free = used.firstIndex(of: false) {
            used[free] = true
            return free
        }
        used.append(true)
        return used.count - 1
    }

    func release(_ slot: Int) {
        if slot >= 0 && slot < used.count { used[slot] = false }
    }
}
