/// Writes Android `getevent` output, as AOSP's `system/core/toolbox/getevent.c` prints it:
/// a device description as `getevent -lp` (or `-p`) and events as `getevent -lt` (or `-t`),
/// for the bundled recordings and the reader's tests (docs/recordings.md).
public enum GeteventWriter {
    /// Names (`-l`) or numbers.
    public enum Style: Sendable {
        case labels, numbers
    }

    /// The description of `device` at `path` (`add device 1: /dev/input/event2`, its name,
    /// events with each axis, input properties).
    public static func description(
        _ device: EvdevDevice, path: String, number: Int = 1, style: Style = .labels
    ) -> String {
        var out = "add device \(number): \(path)\n  name:     \"\(device.name)\"\n  events:\n"
        for type in device.codes.keys.sorted() where type != .syn {
            let label = typeLabels[type.rawValue] ?? "???"
            let lead = "    \(label) (\(hex(Int(type.rawValue), 4))):"
            // As getevent: a name padded to 20 (a number to 4) and the key-down mark.
            func word(_ code: EventCode) -> String {
                style == .labels
                    ? " " + padded(codeWord(code, type, .labels) + " ", 21)
                    : " " + hex(Int(code.rawValue), 4) + " "
            }
            let codes = device.codes[type, default: []].sorted()
            if type == .abs {
                for (index, code) in codes.enumerated() {
                    let axis = device.absinfo[code] ?? AbsoluteAxisInfo(minimum: 0, maximum: 0)
                    out += index == 0 ? lead : String(repeating: " ", count: 15)
                    out +=
                        word(code)
                        + " : value 0, min \(axis.minimum), max \(axis.maximum), fuzz \(axis.fuzz), flat \(axis.flat), resolution \(axis.resolution)\n"
                }
                continue
            }
            out += lead + codes.map(word).joined() + "\n"
        }
        out += "  input props:\n"
        let properties = device.properties.sorted()
        if properties.isEmpty { out += "    <none>\n" }
        for property in properties {
            let label = style == .labels ? EvdevNames.name(ofProperty: property) : nil
            out += "    " + (label ?? hex(property, 4)) + "\n"
        }
        return out
    }

    /// One event line: `[   51743.474591] EV_ABS       ABS_MT_POSITION_X    000003b5`, with
    /// `path: ` before the event when getevent watched several devices.
    public static func eventLine(_ event: EvdevEvent, path: String? = nil, style: Style = .labels)
        -> String
    {
        let seconds = String(event.timeMicroseconds / 1_000_000)
        var line =
            "[" + String(repeating: " ", count: max(0, 8 - seconds.count)) + seconds + "."
            + decimal(Int(event.timeMicroseconds % 1_000_000), 6) + "] "
        if let path { line += path + ": " }
        let value = hex(Int(UInt32(bitPattern: event.value)), 8)
        guard style == .labels else {
            return line
                + "\(hex(Int(event.type.rawValue), 4)) \(hex(Int(event.code.rawValue), 4)) \(value)"
        }
        let type = EvdevNames.name(of: event.type) ?? hex(Int(event.type.rawValue), 4)
        var valueWord = value
        if event.type == .key,
            let name = ["UP", "DOWN", "REPEAT"].dropFirst(Int(event.value)).first,
            event.value >= 0
        {
            valueWord = name
        }
        return line + padded(type, 12) + " " + padded(codeWord(event.code, event.type, .labels), 20)
            + " " + padded(valueWord, 20)
    }

    private static let typeLabels: [UInt16: String] = [
        1: "KEY", 2: "REL", 3: "ABS", 4: "MSC", 5: "SW ", 0x11: "LED", 0x12: "SND", 0x14: "REP",
        0x15: "FF ", 0x16: "PWR", 0x17: "FFS",
    ]

    private static func codeWord(_ code: EventCode, _ type: EventType, _ style: Style) -> String {
        style == .labels
            ? (EvdevNames.name(of: code, type) ?? hex(Int(code.rawValue), 4))
            : hex(Int(code.rawValue), 4)
    }

    private static func padded(_ word: String, _ width: Int) -> String {
        word + String(repeating: " ", count: max(0, width - word.count))
    }

    private static func hex(_ number: Int, _ width: Int) -> String {
        let digits = String(number, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func decimal(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
