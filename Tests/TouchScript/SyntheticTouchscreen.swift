import Evdev
import TouchInput

/// The synthetic kiosk touchscreen every generated recording is made on: a portrait
/// 1080×1920 screen, 270×480 mm, evdev axes 0…10799 × 0…19199 at 40 units/mm, so an
/// axis value is ten times the pixel position.
public enum SyntheticTouchscreen {
    /// The kernel device name.
    public static let name = "ClearTouch Synthetic Touchscreen"
    /// The screen the recordings are replayed on.
    public static let screen = ScreenSize(widthPixels: 1080, heightPixels: 1920)
    /// Evdev units per screen pixel.
    public static let unitsPerPixel = 10
    /// The axes' resolution.
    public static let unitsPerMillimetre: Int32 = 40
    /// The x axis (`ABS_X`, `ABS_MT_POSITION_X`).
    public static let axisX = AxisRange(
        minimum: 0, maximum: 10799, resolutionUnitsPerMillimetre: unitsPerMillimetre)
    /// The y axis (`ABS_Y`, `ABS_MT_POSITION_Y`).
    public static let axisY = AxisRange(
        minimum: 0, maximum: 19199, resolutionUnitsPerMillimetre: unitsPerMillimetre)
    /// Multi-touch slots.
    public static let slotCount = 10
    /// Its id in traces.
    public static let device = DeviceID(1)

    /// The touchscreen as the touch model describes it.
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

extension SyntheticTouchscreen {
    /// The kernel device behind the recordings: its evemu and `libinput record` descriptions.
    public static var evdevDevice: EvdevDevice {
        var device = EvdevDevice()
        device.name = name
        (device.bustype, device.vendor, device.product, device.version) = (
            0x18, 0x1d6b, 0xc1e, 0x100
        )
        device.properties = [InputProperty.direct]
        device.eventTypes = [.syn, .key, .abs]
        device.codes[.syn] = [.synReport, EventCode(rawValue: 1), .synDropped]  // SYN_CONFIG
        device.codes[.key] = [.btnTouch]
        let unitsPerMillimetre = Self.unitsPerMillimetre
        for code in [EventCode.absX, .absMTPositionX] {
            device.absinfo[code] = AbsoluteAxisInfo(
                minimum: axisX.minimum, maximum: axisX.maximum, resolution: unitsPerMillimetre)
        }
        for code in [EventCode.absY, .absMTPositionY] {
            device.absinfo[code] = AbsoluteAxisInfo(
                minimum: axisY.minimum, maximum: axisY.maximum, resolution: unitsPerMillimetre)
        }
        device.absinfo[.absMTSlot] = AbsoluteAxisInfo(minimum: 0, maximum: Int32(slotCount - 1))
        device.absinfo[.absMTToolType] = AbsoluteAxisInfo(minimum: 0, maximum: MTToolType.palm)
        device.absinfo[.absMTTrackingID] = AbsoluteAxisInfo(minimum: 0, maximum: 65535)
        device.codes[.abs] = Set(device.absinfo.keys)
        device.udev = ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"]
        return device
    }

    /// The device node the `libinput record` files name.
    public static let node = "/dev/input/event9"

    /// The encoder for the touchscreen (pixels × 10; evemu-record puts the first event at
    /// 0.000001, so evemu files use `timeOffsetMicroseconds: 1`).
    public static func encoder(timeOffsetMicroseconds: Int64 = 0) -> ScriptEvdevEncoder {
        ScriptEvdevEncoder(
            .init(unitsPerPosition: unitsPerPixel, timeOffsetMicroseconds: timeOffsetMicroseconds))
    }

    /// A whole evemu file of `script`'s touch frames.
    public static func evemuText(_ script: [ScriptEvent], comment: String) -> String {
        var encoder = encoder(timeOffsetMicroseconds: 1)
        return EvemuWriter.description(evdevDevice, comment: comment)
            + EvemuWriter.eventLines(encoder.events(script))
    }

    /// A whole `libinput record` file of `script`'s touch frames.
    public static func libinputRecordText(_ script: [ScriptEvent], comment: String) -> String {
        var encoder = encoder()
        return LibinputRecordWriter.header(device: evdevDevice, node: node, comment: comment)
            + LibinputRecordWriter.events(encoder.encode(script))
    }
}
