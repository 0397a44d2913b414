import Evdev

/// The one evemu parser (formats 1.0–1.3 and umockdev's evemu event files), line by
/// line over a `LineReader` (it stays next to the other readers' hot loops, which share
/// `LineReader` and `ByteScanner`): description lines (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`)
/// fill a `DescriptionState`, `E:` lines become `EvdevEvent`s. Errors name `FILE:LINE`.
/// Comments anywhere; hex in either case; values zero-padded or not.
package enum EvemuParser {
    /// How a file's description section looked so far, for the error messages.
    struct DescriptionState {
        var device = EvdevDevice()
        var sawName = false
        var sawAny = false
        var propertyLines = 0
        var bitLines: [EventType: Int] = [:]
        var version = "1.0"
        var sawEvents = false
        var inSlotAxisComment = false

        init() {}
    }

    /// Parses one line; returns the event for an `E:` line (when allowed), nil otherwise.
    static func parseLine(
        _ line: UnsafeBufferPointer<UInt8>, _ lines: LineReader, _ parser: inout DescriptionState,
        eventsAllowed: Bool
    ) throws(RecordingError) -> EvdevEvent? {
        var scanner = ByteScanner(line)
        scanner.skipSpaces()
        guard let first = scanner.current else { return nil }
        if first == UInt8(ascii: "#") {
            if lines.lineNumber == 1 || !parser.sawAny {
                var comment = scanner
                comment.index += 1
                comment.skipSpaces()
                if comment.skip(literal: "EVEMU") {
                    comment.skipSpaces()
                    let version = comment.readWord()
                    if !version.isEmpty { parser.version = version.string }
                }
            }
            // evemu-describe's comments hold the axis values when recording started; the
            // current slot matters (events before the first ABS_MT_SLOT belong to it).
            if !parser.sawEvents {
                var comment = scanner
                comment.index += 1
                comment.skipSpaces()
                if comment.skip(literal: "Event code") {
                    let code = comment.readWord()
                    parser.inSlotAxisComment =
                        comment.readWord().equals("(ABS_MT_SLOT)") && code.equals("47")
                } else if parser.inSlotAxisComment, comment.skip(literal: "Value"),
                    let value = comment.readInt32()
                {
                    parser.device.initialSlot = value
                    parser.inSlotAxisComment = false
                }
            }
            return nil
        }
        guard scanner.bytes.count > scanner.index + 1,
            scanner.bytes[scanner.index + 1] == UInt8(ascii: ":")
        else {
            throw lines.error(
                "unknown line (expected `N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`, `E:` or a `#` comment)"
            )
        }
        scanner.index += 2
        // Everything after `#` is a comment, except on the name line.
        var data = scanner
        if first != UInt8(ascii: "N"),
            let hash = line[scanner.index...].firstIndex(of: UInt8(ascii: "#"))
        {
            data = ByteScanner(UnsafeBufferPointer(rebasing: line[..<hash]))
            data.index = scanner.index
        }
        switch first {
        case UInt8(ascii: "E"):  // E:
            parser.sawEvents = true
            guard eventsAllowed else { return nil }
            return try parseEvent(line, lines)
        case UInt8(ascii: "N"):  // N:
            if parser.sawAny {
                throw lines.error("a second `N:` line: one evemu file describes one device")
            }
            var name = data.readRest()
            while let last = name.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
                name = UnsafeBufferPointer(rebasing: name[..<(name.count - 1)])
            }
            parser.device.name = name.string
            parser.sawName = true
        case UInt8(ascii: "I"):  // I:
            var values: [Int] = []
            for _ in 0..<4 {
                guard let value = data.readHex(), value <= 0xFFFF else {
                    throw lines.error(
                        "bad `I:` line (expected four hex words: bus vendor product version)")
                }
                values.append(value)
            }
            guard data.isBlankToEnd() else { throw lines.error("bad `I:` line (extra fields)") }
            parser.device.bustype = values[0]
            parser.device.vendor = values[1]
            parser.device.product = values[2]
            parser.device.version = values[3]
        case UInt8(ascii: "P"):  // P:
            let byteOffset = parser.propertyLines * 8
            parser.propertyLines += 1
            var index = 0
            while !data.isBlankToEnd() {
                guard let value = data.readHex(), value <= 0xFF else {
                    throw lines.error("bad `P:` line (expected hex bytes)")
                }
                for bit in 0..<8 where value & (1 << bit) != 0 {
                    parser.device.properties.insert((byteOffset + index) * 8 + bit)
                }
                index += 1
            }
        case UInt8(ascii: "B"):  // B:
            guard let typeValue = data.readHex(), typeValue <= EventType.max.rawValue else {
                throw lines.error("bad `B:` line (expected an event type in hex)")
            }
            let type = EventType(rawValue: UInt16(typeValue))
            let lineIndex = parser.bitLines[type, default: 0]
            parser.bitLines[type] = lineIndex + 1
            var index = 0
            while !data.isBlankToEnd() {
                guard let value = data.readHex(), value <= 0xFF else {
                    throw lines.error("bad `B:` line (expected hex bytes)")
                }
                for bit in 0..<8 where value & (1 << bit) != 0 {
                    let code = (lineIndex * 8 + index) * 8 + bit
                    if type == .syn, code <= EventType.max.rawValue {
                        parser.device.eventTypes.insert(EventType(rawValue: UInt16(code)))
                    }
                    if code <= EventCode.keyMax.rawValue {
                        parser.device.codes[type, default: []].insert(
                            EventCode(rawValue: UInt16(code)))
                    }
                }
                index += 1
            }
        case UInt8(ascii: "A"):  // A:
            guard let code = data.readHex(), code <= EventCode.absMax.rawValue else {
                throw lines.error("bad `A:` line (expected an axis code in hex)")
            }
            var numbers: [Int32] = []
            while !data.isBlankToEnd() {
                guard let value = data.readInt32() else {
                    throw lines.error("bad number in `A:` line")
                }
                numbers.append(value)
            }
            guard numbers.count == 4 || numbers.count == 5 else {
                throw lines.error(
                    "bad `A:` line (expected min max fuzz flat [resolution], got \(numbers.count) numbers)"
                )
            }
            if code == EventCode.absMTSlot.rawValue,
                let problem = EvdevDevice.slotRangeProblem(minimum: numbers[0], maximum: numbers[1])
            {
                throw lines.error(problem)
            }
            parser.device.absinfo[EventCode(rawValue: UInt16(code))] = AbsoluteAxisInfo(
                minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                resolution: numbers.count == 5 ? numbers[4] : 0)
            parser.device.codes[.abs, default: []].insert(EventCode(rawValue: UInt16(code)))
        case UInt8(ascii: "L"), UInt8(ascii: "S"):  // L:, S:
            guard data.readHex() != nil, data.readInt64() != nil, data.isBlankToEnd() else {
                throw lines.error(
                    "bad `\(Character(Unicode.Scalar(first))):` line (expected a hex code and a state)"
                )
            }
        default:
            throw lines.error("unknown line type `\(Character(Unicode.Scalar(first))):`")
        }
        parser.sawAny = true
        return nil
    }

    /// `E: SEC.USEC TYPE CODE VALUE [# comment]`.
    static func parseEvent(_ line: UnsafeBufferPointer<UInt8>, _ lines: LineReader)
        throws(RecordingError) -> EvdevEvent
    {
        if let event = parseCanonicalEvent(line) { return event }
        return try parseAnyEvent(line, lines)
    }

    /// Any `E:` line `parseEvent` accepts (spacing, digits and case as they come), or its
    /// `FILE:LINE` error.
    static func parseAnyEvent(_ line: UnsafeBufferPointer<UInt8>, _ lines: LineReader)
        throws(RecordingError) -> EvdevEvent
    {
        var scanner = ByteScanner(line)
        scanner.index = 2
        scanner.skipSpaces()
        // Seconds and microseconds: an integer of at most 6 digits, as evemu's `%lu.%06u`.
        var seconds: Int64 = 0
        var digits = 0
        while let byte = scanner.current, ByteScanner.isDigit(byte) {
            guard digits < 12 else { throw lines.error("bad event time (too many digits)") }
            seconds = seconds * 10 + Int64(byte &- UInt8(ascii: "0"))
            digits += 1
            scanner.index += 1
        }
        guard digits > 0, scanner.skip(UInt8(ascii: ".")) else {
            throw lines.error("bad event time (expected SECONDS.MICROSECONDS)")
        }
        var micros: Int64 = 0
        digits = 0
        while let byte = scanner.current, ByteScanner.isDigit(byte) {
            guard digits < 6 else {
                throw lines.error("bad event time (more than 6 digits of microseconds)")
            }
            micros = micros * 10 + Int64(byte &- UInt8(ascii: "0"))
            digits += 1
            scanner.index += 1
        }
        guard digits > 0 else {
            throw lines.error("bad event time (expected SECONDS.MICROSECONDS)")
        }
        guard let type = scanner.readHex(), type <= 0xFFFF else {
            throw lines.error("bad event type (expected hex)")
        }
        guard let code = scanner.readHex(), code <= 0xFFFF else {
            throw lines.error("bad event code (expected hex)")
        }
        guard let value = scanner.readInt32() else {
            throw lines.error("bad event value (expected a decimal number)")
        }
        scanner.skipSpaces()
        if let byte = scanner.current, byte != UInt8(ascii: "#") {
            throw lines.error("unexpected text after the event value")
        }
        return EvdevEvent(
            timeMicroseconds: seconds * 1_000_000 + micros, type: EventType(rawValue: UInt16(type)),
            code: EventCode(rawValue: UInt16(code)),
            value: value)
    }
}

extension EvemuParser {
    /// Reads a whole evemu file: its description (nil when it has none) and its events,
    /// times as written.
    package static func read(path: String) throws(RecordingError) -> (
        description: EvdevDevice?, events: [EvdevEvent]
    ) {
        try read(try LineReader(path: path))
    }

    private static func read(_ lines: LineReader) throws(RecordingError) -> (
        description: EvdevDevice?, events: [EvdevEvent]
    ) {
        var state = DescriptionState()
        var events: [EvdevEvent] = []
        while let line = try lines.nextLine() {
            if let event = try parseLine(line, lines, &state, eventsAllowed: true) {
                events.append(event)
            }
        }
        return (state.sawAny ? state.device : nil, events)
    }
}
