/// The parts of an evemu file the mock device tool needs: the device description
/// (`N:`, `I:`, `P:`, `B:`, `A:`) and the events (`E:`).
public struct EvemuDescription: Sendable {
    public struct Absinfo: Sendable {
        public var minimum: Int32
        public var maximum: Int32
        public var fuzz: Int32
        public var flat: Int32
        public var resolution: Int32

        public init(minimum: Int32, maximum: Int32, fuzz: Int32, flat: Int32, resolution: Int32) {
            self.minimum = minimum
            self.maximum = maximum
            self.fuzz = fuzz
            self.flat = flat
            self.resolution = resolution
        }
    }

    public var name = ""
    /// bustype, vendor, product, version
    public var identity: [UInt16] = [0, 0, 0, 0]
    public var properties: [UInt8] = []
    /// Event type → code bitmask bytes.
    public var bits: [Int: [UInt8]] = [:]
    public var absinfo: [Int: Absinfo] = [:]

    public init() {}

    public func supports(type: Int, code: Int) -> Bool {
        guard let mask = bits[type], code / 8 < mask.count else { return false }
        return mask[code / 8] & (1 << (code % 8)) != 0
    }

    public func hasProperty(_ property: Int) -> Bool {
        property / 8 < properties.count && properties[property / 8] & (1 << (property % 8)) != 0
    }
}

/// One evdev event of an evemu file.
public struct EvemuEvent: Sendable {
    public var timeMicroseconds: Int64
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(timeMicroseconds: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.timeMicroseconds = timeMicroseconds
        self.type = type
        self.code = code
        self.value = value
    }
}

public struct EvemuError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String
    public var description: String { "\(path):\(line): \(message)" }

    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }
}

public enum EvemuParser: Sendable {
    public static func parse(text: String, path: String) throws(EvemuError) -> (
        EvemuDescription, [EvemuEvent]
    ) {
        var description = EvemuDescription()
        var events: [EvemuEvent] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let lineNumber = index + 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            guard line.count >= 2, line.dropFirst().first == ":" else { continue }
            let tag = line.first!
            if tag == "N" {
                description.name = String(line.dropFirst(2).drop { $0 == " " })
                continue
            }
            let fields = (line.dropFirst(2).split(separator: "#", maxSplits: 1).first ?? "")
                .split(whereSeparator: { $0 == " " || $0 == "\t" })
            func fail(_ message: String) -> EvemuError {
                EvemuError(path: path, line: lineNumber, message: message)
            }
            func hex<T: FixedWidthInteger>(_ field: Substring) throws(EvemuError) -> T {
                guard let value = T(field, radix: 16) else {
                    throw fail("'\(field)' is not a hex number")
                }
                return value
            }
            switch tag {
            case "I":
                guard fields.count == 4 else { throw fail("I: needs 4 hex words") }
                description.identity = []
                for field in fields { description.identity.append(try hex(field)) }
            case "P":
                for field in fields { description.properties.append(try hex(field)) }
            case "B":
                guard fields.count >= 2 else { throw fail("B: needs a type and bytes") }
                let type: Int = try hex(fields[0])
                for field in fields.dropFirst() {
                    description.bits[type, default: []].append(try hex(field))
                }
            case "A":
                guard fields.count >= 5 else {
                    throw fail("A: needs a code and min max fuzz flat [res]")
                }
                let code: Int = try hex(fields[0])
                let numbers = fields.dropFirst().compactMap { Int32($0) }
                guard numbers.count == fields.count - 1 else {
                    throw fail("A: values must be decimal")
                }
                description.absinfo[code] = .init(
                    minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                    resolution: numbers.count > 4 ? numbers[4] : 0)
            case "E":
                guard fields.count == 4 else { throw fail("E: needs time type code value") }
                let time = fields[0].split(separator: ".", omittingEmptySubsequences: false)
                guard time.count == 2, let seconds = Int64(time[0]), time[1].count <= 6,
                    let fraction = Int64(
                        time[1] + String(repeating: "0", count: 6 - time[1].count)),
                    let value = Int32(fields[3])
                else { throw fail("malformed event '\(line)'") }
                events.append(
                    EvemuEvent(
                        timeMicroseconds: seconds * 1_000_000 + fraction, type: try hex(fields[1]),
                        code: try hex(fields[2]), value: value))
            default:
                continue
            }
        }
        return (description, events)
    }
}
