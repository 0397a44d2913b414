import TouchInput

/// Reads evemu files (formats 1.0–1.3) and umockdev's evemu event files: a device
/// description (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`) and/or events (`E:`), in one file
/// or with the description in a second file (`descPath`). Comments anywhere; hex in either
/// case; values zero-padded or not; absolute or relative times (made relative to the first
/// event). Events stream through `EvdevTouchDecoder`.
final class EvemuReader: RecordingEventSource {
    let header: RecordingHeader
    private(set) var warnings: [RecordingError] = []
    private let lines: LineReader
    private let decoder: EvdevTouchDecoder
    private var output: [InputEvent] = []
    private var outputIndex = 0
    private var firstTime: Int64?
    private var finished = false
    private var pendingEvent: EvdevEvent?
    private let deviceID = DeviceID(1)

    var bytesConsumed: Int { lines.bytesConsumed }

    /// How a file's description section looked, for the error messages.
    private struct DescriptionParser {
        var device = EvdevDevice()
        var sawName = false
        var sawAny = false
        var propertyLines = 0
        var bitLines: [UInt16: Int] = [:]
        var version = "1.0"
        var sawEvents = false
        var inSlotAxisComment = false
    }

    init(lines: LineReader, descPath: String?, screen: ScreenSize) throws(RecordingError) {
        self.lines = lines
        var description = DescriptionParser()
        // The main file's description section (up to the first event).
        var firstEvent: EvdevEvent? = nil
        while let line = try lines.nextLine() {
            if let event = try EvemuReader.parseLine(line, lines, &description, eventsAllowed: true)
            {
                firstEvent = event
                break
            }
        }
        if let descPath {
            if description.sawAny {
                warnings.append(
                    lines.error(
                        "the file has its own device description; --desc \(descPath) ignored",
                        line: 1))
            } else {
                let descLines = try LineReader(
                    path: descPath, maximumLineBytes: lines.maximumLineBytes)
                while let line = try descLines.nextLine() {
                    if try EvemuReader.parseLine(
                        line, descLines, &description, eventsAllowed: false) != nil
                    {
                        break
                    }
                }
                guard description.sawAny else {
                    throw descLines.error(
                        "no device description (`N:`, `I:`, `B:`, `A:` lines) in the file", line: 1)
                }
                // A separate description was taken at another time: its axis values say nothing
                // about the state when these events were recorded.
                description.device.initialSlot = nil
            }
        }
        if firstEvent != nil && !description.sawAny {
            throw lines.error(
                "`E:` before any device description: pass the description with --desc")
        }
        if !description.sawAny {
            throw lines.error("neither a device description nor events: not an evemu file", line: 1)
        }
        pendingEvent = firstEvent
        let device = description.device
        decoder = EvdevTouchDecoder(id: deviceID, device: device, screen: screen, seat: SeatSlots())
        let deviceDescription = device.description(id: deviceID, screen: screen)
        header = RecordingHeader(
            format: .evemu, formatVersion: description.version, devices: [deviceDescription])
        output.append(.deviceAdded(deviceDescription, timeMicroseconds: 0))
    }

    func next() throws(RecordingError) -> InputEvent? {
        while outputIndex >= output.count {
            output.removeAll(keepingCapacity: true)
            outputIndex = 0
            if finished { return nil }
            try readMore()
        }
        let event = output[outputIndex]
        outputIndex += 1
        return event
    }

    private func readMore() throws(RecordingError) {
        if var event = pendingEvent {
            pendingEvent = nil
            firstTime = event.timeMicroseconds
            event.timeMicroseconds = 0
            decoder.handle(event, into: &output)
        }
        var ignored = DescriptionParser()
        while output.isEmpty {
            guard let line = try lines.nextLine() else {
                finishStream()
                return
            }
            // Fast path: an event line.
            if line.count > 2 && line[0] == 0x45 && line[1] == 0x3A {
                var event = try EvemuReader.parseEvent(line, lines)
                if let first = firstTime {
                    event.timeMicroseconds -= first
                } else {
                    firstTime = event.timeMicroseconds
                    event.timeMicroseconds = 0
                }
                decoder.handle(event, into: &output)
                continue
            }
            _ = try EvemuReader.parseLine(line, lines, &ignored, eventsAllowed: true)
            if ignored.sawAny {
                throw lines.error("device description line after the events")
            }
        }
    }

    private func finishStream() {
        finished = true
        decoder.finish(time: decoder.lastTime, into: &output)
        output.append(.deviceRemoved(deviceID, timeMicroseconds: decoder.lastTime))
    }

    /// Parses one line; returns the event for an `E:` line (when allowed), nil otherwise.
    private static func parseLine(
        _ line: UnsafeBufferPointer<UInt8>, _ lines: LineReader, _ parser: inout DescriptionParser,
        eventsAllowed: Bool
    ) throws(RecordingError) -> EvdevEvent? {
        var scanner = ByteScanner(line)
        scanner.skipSpaces()
        guard let first = scanner.current else { return nil }
        if first == 0x23 {
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
        guard scanner.bytes.count > scanner.index + 1, scanner.bytes[scanner.index + 1] == 0x3A
        else {
            throw lines.error(
                "unknown line (expected `N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`, `E:` or a `#` comment)"
            )
        }
        scanner.index += 2
        // Everything after `#` is a comment, except on the name line.
        var data = scanner
        if first != 0x4E, let hash = line[scanner.index...].firstIndex(of: 0x23) {
            data = ByteScanner(UnsafeBufferPointer(rebasing: line[..<hash]))
            data.index = scanner.index
        }
        switch first {
        case 0x45:  // E:
            parser.sawEvents = true
            guard eventsAllowed else { return nil }
            return try parseEvent(line, lines)
        case 0x4E:  // N:
            if parser.sawAny {
                throw lines.error("a second `N:` line: one evemu file describes one device")
            }
            var name = data.readRest()
            while let last = name.last, last == 0x0A || last == 0x0D {
                name = UnsafeBufferPointer(rebasing: name[..<(name.count - 1)])
            }
            parser.device.name = name.string
            parser.sawName = true
        case 0x49:  // I:
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
        case 0x50:  // P:
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
        case 0x42:  // B:
            guard let typeValue = data.readHex(), typeValue <= EV.maxType else {
                throw lines.error("bad `B:` line (expected an event type in hex)")
            }
            let type = UInt16(typeValue)
            let lineIndex = parser.bitLines[type, default: 0]
            parser.bitLines[type] = lineIndex + 1
            var index = 0
            while !data.isBlankToEnd() {
                guard let value = data.readHex(), value <= 0xFF else {
                    throw lines.error("bad `B:` line (expected hex bytes)")
                }
                for bit in 0..<8 where value & (1 << bit) != 0 {
                    let code = (lineIndex * 8 + index) * 8 + bit
                    if code <= EV.maxCode {
                        parser.device.codes[type, default: []].insert(UInt16(code))
                    }
                }
                index += 1
            }
        case 0x41:  // A:
            guard let code = data.readHex(), code <= 0x3f else {
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
            parser.device.absinfo[UInt16(code)] = AbsoluteAxisInfo(
                minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                resolution: numbers.count == 5 ? numbers[4] : 0)
            parser.device.codes[EV.abs, default: []].insert(UInt16(code))
        case 0x4C, 0x53:  // L:, S:
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
        var scanner = ByteScanner(line)
        scanner.index = 2
        scanner.skipSpaces()
        // Seconds and microseconds: an integer of at most 6 digits, as evemu's `%lu.%06u`.
        var seconds: Int64 = 0
        var digits = 0
        while let byte = scanner.current, ByteScanner.isDigit(byte) {
            guard digits < 12 else { throw lines.error("bad event time (too many digits)") }
            seconds = seconds * 10 + Int64(byte &- 0x30)
            digits += 1
            scanner.index += 1
        }
        guard digits > 0, scanner.skip(0x2E) else {
            throw lines.error("bad event time (expected SECONDS.MICROSECONDS)")
        }
        var micros: Int64 = 0
        digits = 0
        while let byte = scanner.current, ByteScanner.isDigit(byte) {
            guard digits < 6 else {
                throw lines.error("bad event time (more than 6 digits of microseconds)")
            }
            micros = micros * 10 + Int64(byte &- 0x30)
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
        if let byte = scanner.current, byte != 0x23 {
            throw lines.error("unexpected text after the event value")
        }
        return EvdevEvent(
            timeMicroseconds: seconds * 1_000_000 + micros, type: UInt16(type), code: UInt16(code),
            value: value)
    }
}
