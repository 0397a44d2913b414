import Evdev
import TouchInput

/// The lines of Android's `getevent` (AOSP `system/core/toolbox/getevent.c`): events as
/// `getevent -lt` and `getevent -t` print them, and devices as `getevent -lp` and
/// `getevent -p` describe them (docs/recordings.md, "Android getevent").
///
/// ```
/// add device 1: /dev/input/event2
///   name:     "touch_dev"
///   events:
///     KEY (0001): BTN_TOUCH
///     ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
///                 ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
///   input props:
///     INPUT_PROP_DIRECT
/// [   51743.474591] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000003b5
/// [   51743.474591] EV_SYN       SYN_REPORT           00000000
/// [   51743.474591] 0003 0035 000003b5
/// 51743-474591: 0003 0035 000003b5          (getevent before Android 4.1)
/// ```
enum GeteventParser {
    /// One event line.
    struct Event {
        /// The device path before the event (`/dev/input/event2`), nil when getevent
        /// watched one device.
        var device: String?
        /// The event, its time absolute; nil for a code named by a name this reader does
        /// not know (`unknownName`), which is skipped.
        var event: EvdevEvent?
        var unknownName: String?
    }

    /// What a line is.
    enum Line {
        /// Blank, a comment, or one of getevent's own messages (`could not open …`,
        /// `remove device …`).
        case ignored
        /// An event.
        case event(Event)
        /// A device description line (`add device`, or an indented line after it).
        case description
    }

    /// Reads `line`; description lines go into `devices`.
    static func read(
        _ line: Substring, devices: inout GeteventDevices, error: (String) -> RecordingError
    ) throws(RecordingError) -> Line {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .ignored }
        if trimmed.count < line.count || line.hasPrefix("add device ") {
            try devices.take(line, error: error)
            return .description
        }
        devices.endBlock()
        if line.hasPrefix("remove device ") || line.hasPrefix("could not ") { return .ignored }
        return .event(try event(line, error: error))
    }

    /// An event line: `[ SEC.USEC] [PATH: ]TYPE CODE VALUE` (or `SEC-USEC: …`).
    static func event(_ line: Substring, error: (String) -> RecordingError) throws(RecordingError)
        -> Event
    {
        var rest = line[...]
        let time = try timestamp(&rest, error: error)
        var words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var device: String?
        if let first = words.first, first.hasPrefix("/"), first.hasSuffix(":") {
            device = String(first.dropLast())
            words.removeFirst()
        }
        // `getevent -r` adds the frame rate after a SYN_REPORT.
        if words.count == 5 && words[3] == "rate" { words.removeLast(2) }
        guard words.count == 3 else {
            throw error(
                "not a getevent line (expected `[ SECONDS] TYPE CODE VALUE`, as `getevent -lt` or `getevent -t` prints events)"
            )
        }
        guard let time else {
            throw error("an event without a time stamp: record with `getevent -lt` (or `-t`)")
        }
        guard
            let type = number(words[0], digits: 4).map({ EventType(rawValue: UInt16($0)) })
                ?? EvdevNames.type(named: words[0])
        else {
            throw error("unknown event type `\(QuotedInput.cut(words[0]))`")
        }
        guard
            let code = number(words[1], digits: 4).map({ EventCode(rawValue: UInt16($0)) })
                ?? EvdevNames.code(named: words[1], of: type)
        else {
            // A name of a known family the tables lack (a keyboard key, a switch): skipped.
            if type == .syn || type == .abs {
                throw error("unknown \(type.name) code `\(QuotedInput.cut(words[1]))`")
            }
            return Event(device: device, event: nil, unknownName: String(words[1]))
        }
        guard let value = try eventValue(words[2], error: error) else {
            throw error(
                "bad value `\(QuotedInput.cut(words[2]))` (eight hex digits, or UP, DOWN, REPEAT, MT_TOOL_…)"
            )
        }
        return Event(
            device: device,
            event: EvdevEvent(timeMicroseconds: time, type: type, code: code, value: value))
    }

    /// Takes the time stamp off the front of `rest`: nil when the line has none.
    private static func timestamp(_ rest: inout Substring, error: (String) -> RecordingError)
        throws(RecordingError) -> Int64?
    {
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw error("`[` without `]`") }
            let inside = rest[rest.index(after: rest.startIndex)..<close].drop { $0 == " " }
            rest = rest[rest.index(after: close)...]
            guard let time = seconds(inside, separator: ".") else {
                throw error("bad time stamp `[\(QuotedInput.cut(inside))]` (SECONDS.MICROSECONDS)")
            }
            return time
        }
        // getevent before Android 4.1: `SEC-USEC: `.
        guard let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isASCII,
            first.isNumber
        else { return nil }
        guard let time = seconds(rest[..<colon], separator: "-") else { return nil }
        rest = rest[rest.index(after: colon)...]
        return time
    }

    /// `SEC.USEC` in microseconds: at most 12 digits of seconds, 1 to 6 of microseconds.
    private static func seconds(_ text: Substring, separator: Character) -> Int64? {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2, (1...12).contains(parts[0].count), (1...6).contains(parts[1].count),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let whole = Int64(parts[0]), let fraction = Int64(parts[1])
        else { return nil }
        return whole * 1_000_000 + fraction
    }

    /// An event value: 1 to 8 hex digits (a 32-bit two's complement, `ffffffff` is −1), or
    /// the names `getevent -l` gives key states and tool types.
    static func eventValue(_ word: Substring, error: (String) -> RecordingError)
        throws(RecordingError) -> Int32?
    {
        if let value = number(word, digits: 8) { return Int32(bitPattern: value) }
        return valueNames[String(word)]
    }

    private static let valueNames: [String: Int32] = [
        "UP": 0, "DOWN": 1, "REPEAT": 2, "MT_TOOL_FINGER": MTToolType.finger,
        "MT_TOOL_PEN": MTToolType.pen, "MT_TOOL_PALM": MTToolType.palm,
    ]

    /// 1 to `digits` hex digits, nil for anything else (a name).
    static func number(_ word: Substring, digits: Int) -> UInt32? {
        guard (1...digits).contains(word.count), word.allSatisfy(\.isHexDigit) else { return nil }
        return UInt32(word, radix: 16)
    }
}

/// The devices a `getevent -lp` (or `-p`) description lists, by path, in its order.
struct GeteventDevices {
    private(set) var paths: [String] = []
    private(set) var devices: [String: EvdevDevice] = [:]
    /// The block being read and its section.
    private var current: String?
    private var section = Section.header
    private var sectionType: EventType?

    private enum Section { case header, events, properties, hidDescriptor }

    /// The device described at `path`.
    subscript(path: String) -> EvdevDevice? { devices[path] }

    /// The one device a description without paths in its events belongs to: the only one
    /// described, else the only touchscreen.
    var onlyDevice: (path: String, device: EvdevDevice)? {
        if paths.count == 1 { return (paths[0], devices[paths[0]]!) }
        let touchscreens = paths.filter {
            devices[$0]?.properties.contains(InputProperty.direct) == true
        }
        return touchscreens.count == 1 ? (touchscreens[0], devices[touchscreens[0]]!) : nil
    }

    /// The lines that follow are not the block's.
    mutating func endBlock() { current = nil }

    /// One description line: `add device N: PATH`, or an indented line of its block.
    mutating func take(_ line: Substring, error: (String) -> RecordingError) throws(RecordingError)
    {
        if line.hasPrefix("add device ") {
            guard let colon = line.firstIndex(of: ":") else {
                throw error("`add device` without `N: PATH`")
            }
            let path = String(line[line.index(after: colon)...].drop { $0 == " " })
            guard !path.isEmpty else { throw error("`add device` without a path") }
            if devices[path] != nil {
                throw error("device \(QuotedInput.cut(path)) described twice")
            }
            paths.append(path)
            var device = EvdevDevice()
            device.eventTypes = [.syn]
            devices[path] = device
            current = path
            section = .header
            return
        }
        guard let path = current, var device = devices[path] else {
            throw error(
                "an indented line outside a device description (`add device N: PATH` first)")
        }
        defer { devices[path] = device }
        let text = line.drop { $0 == " " || $0 == "\t" }
        if section == .hidDescriptor { return }  // its report descriptor, in hex
        for (key, next) in [("events:", Section.events), ("input props:", .properties)]
        where text == key {
            section = next
            return
        }
        if text.hasPrefix("HID descriptor:") {
            section = .hidDescriptor
            return
        }
        switch section {
        case .header: try header(text, &device, error: error)
        case .events: try events(text, &device, error: error)
        case .properties: try property(text, &device, error: error)
        case .hidDescriptor: break
        }
    }

    /// `name:`, `bus:`, `vendor`, `product`, `version`, `version:`, `location:`, `id:`.
    private func header(
        _ text: Substring, _ device: inout EvdevDevice, error: (String) -> RecordingError
    ) throws(RecordingError) {
        let words = text.split(separator: " ", maxSplits: 1)
        guard let key = words.first else { return }
        let value = words.count > 1 ? words[1].drop { $0 == " " } : ""
        switch key {
        case "name:":
            device.name = String(
                value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2
                    ? value.dropFirst().dropLast() : value)
        case "bus:", "vendor", "product", "version":
            guard let number = GeteventParser.number(value, digits: 4) else {
                throw error(
                    "bad \(key.filter { $0 != ":" }) `\(QuotedInput.cut(value))` (four hex digits)")
            }
            switch key {
            case "bus:": device.bustype = Int(number)
            case "vendor": device.vendor = Int(number)
            case "product": device.product = Int(number)
            default: device.version = Int(number)
            }
        case "version:", "location:", "id:": break
        default:
            throw error("unknown line `\(QuotedInput.cut(text))` in a getevent device description")
        }
    }

    /// `KEY (0001): BTN_TOUCH …` or a line continuing the type before it; an `ABS` code
    /// carries its axis: `ABS_MT_SLOT : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0`.
    private mutating func events(
        _ text: Substring, _ device: inout EvdevDevice, error: (String) -> RecordingError
    ) throws(RecordingError) {
        var rest = text
        if let open = text.firstIndex(of: "("), let close = text.firstIndex(of: ")"),
            open < close, text[text.index(after: close)...].hasPrefix(":")
        {
            guard
                let number = GeteventParser.number(text[text.index(after: open)..<close], digits: 4)
            else { throw error("bad event type in `\(QuotedInput.cut(text))`") }
            sectionType = EventType(rawValue: UInt16(number))
            rest = text[text.index(close, offsetBy: 2)...]
        }
        guard let type = sectionType else {
            throw error("codes before their event type (`KEY (0001):`)")
        }
        device.eventTypes.insert(type)
        if type == .abs {
            try axis(rest, &device, error: error)
            return
        }
        for word in rest.split(separator: " ") {
            let name = word.hasSuffix("*") ? word.dropLast() : word
            guard
                let code = GeteventParser.number(name, digits: 4).map({
                    EventCode(rawValue: UInt16($0))
                })
                    ?? EvdevNames.code(named: name, of: type)
            else { continue }  // a key or switch name the tables lack: not a touch code
            device.codes[type, default: []].insert(code)
        }
    }

    private func axis(
        _ text: Substring, _ device: inout EvdevDevice, error: (String) -> RecordingError
    ) throws(RecordingError) {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { throw error("an ABS axis without `: value …, min …, max …`") }
        let name = parts[0].filter { $0 != " " && $0 != "*" }[...]
        guard
            let code = GeteventParser.number(name, digits: 4).map({
                EventCode(rawValue: UInt16($0))
            })
                ?? EvdevNames.code(named: name, of: .abs)
        else { throw error("unknown ABS code `\(QuotedInput.cut(name))`") }
        var fields: [Substring: Int32] = [:]
        // `value 0, min 0, max 9, fuzz 0, flat 0, resolution 0` (older: `fuzz 0 flat 0`).
        let words = parts[1].split(whereSeparator: { $0 == " " || $0 == "," })
        guard words.count % 2 == 0 else { throw error("bad axis `\(QuotedInput.cut(parts[1]))`") }
        for index in stride(from: 0, to: words.count, by: 2) {
            guard let number = Int32(words[index + 1]) else {
                throw error("bad \(words[index]) `\(QuotedInput.cut(words[index + 1]))`")
            }
            fields[words[index]] = number
        }
        guard let minimum = fields["min"], let maximum = fields["max"] else {
            throw error("an ABS axis without min and max")
        }
        device.codes[.abs, default: []].insert(code)
        device.absinfo[code] = AbsoluteAxisInfo(
            minimum: minimum, maximum: maximum, fuzz: fields["fuzz"] ?? 0,
            flat: fields["flat"] ?? 0,
            resolution: fields["resolution"] ?? 0)
        if code == .absMTSlot,
            let problem = EvdevDevice.slotRangeProblem(
                minimum: minimum, maximum: maximum)
        {
            throw error(problem)
        }
    }

    /// `INPUT_PROP_DIRECT`, a number, `<none>` or `<not available`.
    private func property(
        _ text: Substring, _ device: inout EvdevDevice, error: (String) -> RecordingError
    ) throws(RecordingError) {
        if text.hasPrefix("<") { return }
        guard
            let property = GeteventParser.number(text, digits: 4).map(Int.init)
                ?? EvdevNames.property(named: text)
        else { throw error("unknown input property `\(QuotedInput.cut(text))`") }
        device.properties.insert(property)
    }
}
