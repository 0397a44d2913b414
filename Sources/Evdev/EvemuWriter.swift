/// The one evemu writer: evemu-record's format 1.3, a description (`N:`, `I:`, `P:`,
/// `B:`, `A:`) then `E:` lines (`%lu.%06u %04x %04x %04d`).
public enum EvemuWriter {
    /// How `E:` lines write the value.
    public enum ValueStyle: Sendable {
        /// As evemu-record: `%04d` (`0001`, `-001`).
        case zeroPadded
        /// Plain decimal (`1`, `-1`), as umockdev's event files.
        case plain
    }

    /// The description part: `# EVEMU 1.3`, `comment` as `#` lines, and the device
    /// (everything before the first `E:` line).
    public static func description(_ device: EvdevDevice, comment: String) -> String {
        var out = "# EVEMU 1.3\n"
        for line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
            out += "# \(line)\n"
        }
        out += "# Input device name: \"\(device.name)\"\n"
        out += "N: \(device.name)\n"
        out +=
            "I: "
            + [device.bustype, device.vendor, device.product, device.version].map {
                hex($0, width: 4)
            }.joined(separator: " ") + "\n"
        out +=
            "P: "
            + sized(device.propertyBitmask).map { hex(Int($0), width: 2) }.joined(
                separator: " ") + "\n"
        out += bitmaskLines(tag: "B: 00 ", device.eventTypeBitmask)
        for type in device.codes.keys.sorted() where type != .syn {
            out += bitmaskLines(
                tag: "B: \(hex(Int(type.rawValue), width: 2)) ", device.bitmask(type))
        }
        for code in device.absinfo.keys.sorted() {
            let axis = device.absinfo[code]!
            out +=
                "A: \(hex(Int(code.rawValue), width: 2)) \(axis.minimum) \(axis.maximum) \(axis.fuzz) \(axis.flat) \(axis.resolution)\n"
        }
        out +=
            "################################\n#      Waiting for events      #\n################################\n"
        return out
    }

    /// `E:` lines for `events`.
    public static func eventLines(_ events: [EvdevEvent], values: ValueStyle = .zeroPadded)
        -> String
    {
        var bytes: [UInt8] = []
        for event in events { appendEventLine(event, values: values, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one `E:` line to `bytes` (no `String` per line: the benchmarks write
    /// hundreds of megabytes with it).
    public static func appendEventLine(
        _ event: EvdevEvent, values: ValueStyle = .zeroPadded, to bytes: inout [UInt8]
    ) {
        bytes.append(contentsOf: [0x45, 0x3A, 0x20])  // "E: "
        appendNumber(Int(event.timeMicroseconds / 1_000_000), to: &bytes)
        bytes.append(0x2E)
        appendNumber(Int(event.timeMicroseconds % 1_000_000), width: 6, to: &bytes)
        bytes.append(0x20)
        appendNumber(Int(event.type.rawValue), width: 4, radix: 16, to: &bytes)
        bytes.append(0x20)
        appendNumber(Int(event.code.rawValue), width: 4, radix: 16, to: &bytes)
        bytes.append(0x20)
        appendNumber(Int(event.value), width: values == .zeroPadded ? 4 : 0, to: &bytes)
        bytes.append(0x0A)
    }

    /// `printf("%0*d")`-style: at least `width` characters, the sign included.
    static func appendNumber(
        _ number: Int, width: Int = 0, radix: Int = 10, to bytes: inout [UInt8]
    ) {
        var digits: [UInt8] = []
        var magnitude = number.magnitude
        repeat {
            let digit = UInt8(magnitude % UInt(radix))
            digits.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
            magnitude /= UInt(radix)
        } while magnitude > 0
        if number < 0 { bytes.append(0x2D) }
        let pad = width - digits.count - (number < 0 ? 1 : 0)
        if pad > 0 { bytes.append(contentsOf: repeatElement(UInt8(0x30), count: pad)) }
        bytes.append(contentsOf: digits.reversed())
    }

    static func hex(_ value: Int, width: Int) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, width: width, radix: 16, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A bitmask padded to whole 8-byte lines.
    static func sized(_ bytes: [UInt8]) -> [UInt8] {
        bytes + Array(repeating: 0, count: (8 - bytes.count % 8) % 8 + (bytes.isEmpty ? 8 : 0))
    }

    /// `B:` lines: 8 bytes each, consecutive lines continue the mask.
    static func bitmaskLines(tag: String, _ mask: [UInt8]) -> String {
        let bytes = sized(mask)
        var out = ""
        for line in stride(from: 0, to: bytes.count, by: 8) {
            out +=
                tag + bytes[line..<line + 8].map { hex(Int($0), width: 2) }.joined(separator: " ")
            out += "\n"
        }
        return out
    }
}
