import Evdev

extension EvemuParser {
    /// The most digits of seconds an event time may have (as `parseEvent` allows).
    static let maximumSecondsDigits = 12

    /// An `E:` line exactly as evemu writes it (`E: %lu.%06u %04x %04x %d`, nothing after
    /// the value), or nil for any other line, which `parseEvent` then reads (and reports).
    /// Nearly every line of a recording is one, and reading them through the general
    /// scanner was a fifth of a continuous-touch replay.
    static func parseCanonicalEvent(_ line: UnsafeBufferPointer<UInt8>) -> EvdevEvent? {
        guard let (event, lineBytes) = parseCanonicalEvent(atStartOf: line),
            lineBytes == line.count
        else { return nil }
        return event
    }

    /// The same for the line at the start of `bytes`, which ends at the first `\n` or at the
    /// end of `bytes`: its event and its length without the `\n`. The reader parses lines
    /// where they lie in its buffer this way, without finding each line's end first.
    static func parseCanonicalEvent(atStartOf line: UnsafeBufferPointer<UInt8>) -> (
        event: EvdevEvent, lineBytes: Int
    )? {
        // "E: " 1 "." 6 " " 4 " " 4 " " 1: the shortest such line.
        let count = line.count
        guard count >= 23, line[0] == UInt8(ascii: "E"), line[1] == UInt8(ascii: ":"),
            line[2] == UInt8(ascii: " ")
        else { return nil }
        var index = 3
        var seconds: Int64 = 0
        while index < count, line[index] &- UInt8(ascii: "0") < 10,
            index - 3 < maximumSecondsDigits
        {
            seconds = seconds &* 10 &+ Int64(line[index] &- UInt8(ascii: "0"))
            index += 1
        }
        // After the seconds: "." 6 " " 4 " " 4 " " and at least one digit.
        guard index > 3, count - index >= 19, line[index] == UInt8(ascii: ".") else {
            return nil
        }
        var micros: Int64 = 0
        for offset in 1...6 {
            let digit = line[index + offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            micros = micros &* 10 &+ Int64(digit)
        }
        index += 7
        guard line[index] == UInt8(ascii: " "), let type = hex4(line, at: index + 1),
            line[index + 5] == UInt8(ascii: " "), let code = hex4(line, at: index + 6),
            line[index + 10] == UInt8(ascii: " ")
        else { return nil }
        index += 11
        let negative = line[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var value: Int64 = 0
        // Ten digits hold every Int32; longer values (leading zeros) take the general path.
        while index < count, index - digitsStart < 10 {
            let digit = line[index] &- UInt8(ascii: "0")
            if digit >= 10 { break }
            value = value &* 10 &+ Int64(digit)
            index += 1
        }
        // Nothing after the value: the line ends here.
        guard index == count || line[index] == UInt8(ascii: "\n"), index > digitsStart,
            let narrow = Int32(exactly: negative ? -value : value)
        else { return nil }
        let event = EvdevEvent(
            timeMicroseconds: seconds &* 1_000_000 &+ micros, type: EventType(rawValue: type),
            code: EventCode(rawValue: code), value: narrow)
        return (event, index)
    }

    /// Four hex digits (either case) at `index`, or nil.
    @inline(__always)
    private static func hex4(_ line: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
        var value: UInt16 = 0
        for offset in 0..<4 {
            let byte = line[index + offset]
            let digit: UInt8
            if byte &- UInt8(ascii: "0") < 10 {
                digit = byte &- UInt8(ascii: "0")
            } else if (byte | ByteScanner.lowercaseBit) &- UInt8(ascii: "a") < 6 {
                digit = (byte | ByteScanner.lowercaseBit) &- UInt8(ascii: "a") + 10
            } else {
                return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
