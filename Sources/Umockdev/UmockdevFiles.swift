import Evdev

/// Writes the `.umockdev` (sysfs + udev properties) and `.ioctl` (evdev ioctl answers)
/// files that `umockdev-run -d FILE -i NODE=FILE` needs to emulate an evdev device.
///
/// umockdev matches an ioctl by its whole request number, buffer size included, so the
/// sizes here are those libevdev 1.13 asks for on a 64-bit machine.
public enum UmockdevFiles: Sendable {
    /// A udev classification to force on a device (`cleartouch-umockdev device --kind`);
    /// without one, a device gets what `input_id` computes (`udevProperties(of:)`).
    public enum Kind: String, Sendable {
        case touchscreen, touchpad, keyboard, mouse, tablet

        /// The `ID_INPUT_*` properties of the kind.
        public var udevProperties: [String] {
            switch self {
            case .touchscreen: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"]
            case .touchpad: ["ID_INPUT=1", "ID_INPUT_TOUCHPAD=1"] + UmockdevFiles.touchpadExtras
            case .mouse: ["ID_INPUT=1", "ID_INPUT_MOUSE=1"]
            case .keyboard: ["ID_INPUT=1", "ID_INPUT_KEYBOARD=1", "ID_INPUT_KEY=1"]
            case .tablet: ["ID_INPUT=1", "ID_INPUT_TABLET=1"]
            }
        }
    }

    /// What a touchpad gets beside `ID_INPUT_TOUCHPAD` (hwdb's integration, as on a laptop).
    static let touchpadExtras = ["ID_INPUT_TOUCHPAD_INTEGRATION=internal"]

    /// The event types whose `EVIOCGBIT` libevdev asks, in its order.
    static let bitmaskTypes: [EventType] = [.key, .rel, .abs, .msc, .sw, .led, .snd, .ff]
    /// libevdev's bit array sizes in bytes (longs × 8).
    public static let bitmaskBytes: [EventType: Int] = [
        .syn: 8, .key: 96, .rel: 8, .abs: 8, .msc: 8, .sw: 8, .led: 8, .snd: 8, .ff: 16,
    ]
    /// The evdev character devices' major number.
    public static let evdevMajor = 13
    /// The minor number of `/dev/input/event0`.
    public static let firstEventMinor = 64

    /// The udev property of a device's calibration matrix, written when the description's
    /// `udev` has it (as a rule would set it on a real system).
    public static let calibrationProperty = "LIBINPUT_CALIBRATION_MATRIX"

    /// The main tag udev's `input_id` gives the device (docs/devices.md).
    public static func kind(of description: EvdevDevice) -> Kind {
        let tags = description.inputIDTags
        if tags.contains(.touchscreen) { return .touchscreen }
        if tags.contains(.tablet) { return .tablet }
        if tags.contains(.touchpad) { return .touchpad }
        if tags.contains(.mouse) { return .mouse }
        return .keyboard
    }

    /// The `ID_INPUT_*` udev properties a real system gives the device: those systemd's
    /// `input_id` builtin computes from its capabilities (`EvdevDevice.inputIDTags`).
    public static func udevProperties(of description: EvdevDevice) -> [String] {
        let tags = description.inputIDTags
        return tags.udevPropertyNames.map { $0 + "=1" }
            + (tags.contains(.touchpad) ? touchpadExtras : [])
    }

    /// The bitmask `EVIOCGBIT(type)` answers (type 0: the event types).
    static func bits(_ description: EvdevDevice, _ type: EventType) -> [UInt8] {
        type == .syn ? description.eventTypeBitmask : description.bitmask(type)
    }

    /// bustype, vendor, product, version as `input_id`'s 16-bit words.
    static func identity(_ description: EvdevDevice) -> [UInt16] {
        [description.bustype, description.vendor, description.product, description.version].map {
            UInt16(truncatingIfNeeded: $0)
        }
    }

    /// The `.ioctl` file: libevdev's questions about the device and their answers.
    public static func ioctlFile(_ description: EvdevDevice, node: String) -> String {
        var lines = ["@DEV \(node)"]
        lines.append("EVIOCGBIT(0) 0 \(hex(sized(bits(description, .syn), 8)))")
        // libevdev asks EVIOCGNAME with a 255-byte buffer.
        lines.append("EVIOCGNAME 0 \(hex(sized(Array(description.name.utf8), 255)))")
        // PHYS and UNIQ are left out: umockdev answers ENOENT, which libevdev accepts.
        lines.append("EVIOCGID 0 \(hex(identity(description).flatMap { littleEndian($0) }))")
        lines.append("EVIOCGVERSION 0 \(hex(littleEndian(Int32(0x010001))))")
        lines.append("EVIOCGPROP 0 \(hex(sized(description.propertyBitmask, 8)))")
        for type in bitmaskTypes {
            lines.append(
                "EVIOCGBIT(\(type.rawValue)) 0 \(hex(sized(bits(description, type), bitmaskBytes[type]!)))"
            )
        }
        lines.append("EVIOCGKEY 0 \(hex(sized([], 96)))")
        lines.append("EVIOCGLED 0 \(hex(sized([], 8)))")
        lines.append("EVIOCGSW 0 \(hex(sized([], 8)))")
        if description.eventTypes.contains(.rep) {
            lines.append("EVIOCGREP 0 \(hex(littleEndian(Int32(250)) + littleEndian(Int32(33))))")
        }
        for code in description.absinfo.keys.sorted() {
            let axis = description.absinfo[code]!
            let value: Int32 =
                code == .absMTTrackingID ? -1 : (code == .absMTSlot ? 0 : axis.minimum)
            let fields = [value, axis.minimum, axis.maximum, axis.fuzz, axis.flat, axis.resolution]
            lines.append(
                "EVIOCGABS(\(code.rawValue)) 0 \(hex(fields.flatMap { littleEndian($0) }))")
        }
        if let slots = description.absinfo[.absMTSlot] {
            // Every slot starts without a contact (tracking id -1). libevdev versions ask
            // with the slot count or a fixed maximum, so answer each size.
            for count in Set([Int(slots.maximum) + 1, 60, 256]).sorted() {
                let blob =
                    littleEndian(UInt32(EventCode.absMTTrackingID.rawValue))
                    + Array(repeating: littleEndian(Int32(-1)), count: count).flatMap { $0 }
                lines.append("EVIOCGMTSLOTS 0 \(hex(blob))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `.umockdev` file: the device's sysfs entries and udev properties (`kind`
    /// forces a classification; without it, `udevProperties(of:)`).
    public static func umockdevFile(
        _ description: EvdevDevice, eventNumber: Int, kind: Kind? = nil, dmi: Bool
    )
        -> String
    {
        let identity = identity(description)
        let minor = firstEventMinor + eventNumber
        let inputPath = "/devices/virtual/input/input\(100 + eventNumber)"
        let propertyBits = description.propertyBitmask
        let properties = kernelBitmap(propertyBits.isEmpty ? [0] : propertyBits)
        // `kind` forces a classification; otherwise input_id's, as on a real system.
        let inputProperties = kind?.udevProperties ?? udevProperties(of: description)
        let group =
            "LIBINPUT_DEVICE_GROUP=\(lowHex(identity[0]))/\(lowHex(identity[1]))/\(lowHex(identity[2])):mock\(eventNumber)"
        // A calibration a udev rule or hwdb entry gave the device (libinput and the direct
        // path read it).
        let calibration = description.udev[Self.calibrationProperty].map {
            ["\(Self.calibrationProperty)=\($0)"]
        }
        let common = inputProperties + ["ID_SEAT=seat0", group] + (calibration ?? [])
        var lines = [
            "P: \(inputPath)/event\(eventNumber)", "N: input/event\(eventNumber)",
            "E: DEVNAME=/dev/input/event\(eventNumber)", "E: MAJOR=\(evdevMajor)",
            "E: MINOR=\(minor)",
            "E: SUBSYSTEM=input",
        ]
        lines += common.map { "E: " + $0 }
        lines += [
            "E: TAGS=:seat:", "A: dev=\(evdevMajor):\(minor)",
            "L: device=../../input\(100 + eventNumber)", "",
            "P: \(inputPath)", "E: NAME=\"\(description.name)\"",
            "E: PRODUCT=\(identity.map(lowHex).joined(separator: "/"))", "E: PROP=\(properties)",
        ]
        for (type, key) in [
            (EventType.syn, "EV"), (.key, "KEY"), (.abs, "ABS"), (.rel, "REL"), (.msc, "MSC"),
        ] {
            let mask = bits(description, type)
            if mask.contains(where: { $0 != 0 }) {
                lines.append("E: \(key)=\(kernelBitmap(mask))")
            }
        }
        lines.append("E: SUBSYSTEM=input")
        lines += common.map { "E: " + $0 }
        lines += [
            "E: TAGS=:seat:", "A: name=\(description.name)", "A: phys=", "A: uniq=",
            "A: properties=\(properties)",
            "A: id/bustype=\(paddedHex(identity[0]))", "A: id/vendor=\(paddedHex(identity[1]))",
            "A: id/product=\(paddedHex(identity[2]))", "A: id/version=\(paddedHex(identity[3]))",
            "",
        ]
        if dmi {
            // libinput's quirks read the DMI modalias; only one device file of a testbed may
            // carry it (umockdev-run aborts on a duplicate sysfs device).
            lines += [
                "P: /devices/virtual/dmi/id", "E: SUBSYSTEM=dmi",
                "E: MODALIAS=dmi:bvnMock:bvr1:svnMock:pnMockPC:",
                "A: modalias=dmi:bvnMock:bvr1:svnMock:pnMockPC:", "",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: encoding helpers

    /// `bytes` cut or zero-padded to `count`.
    public static func sized(_ bytes: [UInt8], _ count: Int) -> [UInt8] {
        Array(bytes.prefix(count)) + Array(repeating: 0, count: max(0, count - bytes.count))
    }

    /// The value's bytes, least significant first.
    public static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    /// Upper-case hex digits, two per byte (the `.ioctl` data).
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return text
    }

    /// Lower-case hex without padding.
    public static func lowHex<T: BinaryInteger>(_ value: T) -> String { String(value, radix: 16) }

    /// Four lower-case hex digits.
    public static func paddedHex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The sysfs capability format: hex longs, most significant first, leading zero longs dropped.
    public static func kernelBitmap(_ bytes: [UInt8]) -> String {
        let padded = bytes + Array(repeating: 0, count: (8 - bytes.count % 8) % 8)
        var longs: [UInt64] = []
        for start in stride(from: 0, to: padded.count, by: 8) {
            var long: UInt64 = 0
            for index in 0..<8 { long |= UInt64(padded[start + index]) << UInt64(8 * index) }
            longs.append(long)
        }
        while longs.count > 1 && longs.last == 0 { longs.removeLast() }
        return longs.reversed().map { String($0, radix: 16) }.joined(separator: " ")
    }
}
