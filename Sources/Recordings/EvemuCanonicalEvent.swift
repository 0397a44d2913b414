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

extension EvemuParser {
    /// The bytes `parseCanonicalEventWordwise` may read from a line's start, past its end
    /// too (it reads at most 37).
    static let wordwiseReadBytes = 40

    /// The time of the line `parseCanonicalEventWordwise` read last, with the two words it
    /// read it from: the lines of a frame share their time, and reading it again was a
    /// third of the parse. At first it matches no line (no line starts with a zero word's
    /// bytes at `dot`, 0: a canonical line starts with "E: ").
    struct WordwiseTime {
        var secondsWord: UInt64 = 0
        var dot = 0
        var microsWord: UInt64 = 0
        var microseconds: Int64 = 0
    }

    /// `parseCanonicalEvent(atStartOf:)` eight bytes at a time, for the lines whose seconds
    /// and value have at most 7 digits each (all but the rarest), ending in `\n`: the
    /// same event and length, or nil for any other line (which the bytewise parser then
    /// reads). At least `wordwiseReadBytes` bytes from `line` must be readable. `last` is the
    /// time of the line read before. Parsing byte by byte was about 250 instructions a
    /// line, a sixth of a continuous-touch replay.
    @inline(__always)
    static func parseCanonicalEventWordwise(
        at line: UnsafePointer<UInt8>, last: inout WordwiseTime
    ) -> (event: EvdevEvent, lineBytes: Int)? {
        let raw = UnsafeRawPointer(line)
        guard Wordwise.load32(raw, 0) & 0x00FF_FFFF == 0x0020_3A45 else { return nil }  // "E: "
        // The seconds up to their "." (at most 7 digits, so the "." is in the word), then
        // "." 6 digits " " as one word: the same two words as the line before, the same time.
        let secondsWord = Wordwise.load64(raw, 3)
        let dot: Int
        let time: Int64
        if secondsWord == last.secondsWord, Wordwise.load64(raw, last.dot) == last.microsWord {
            dot = last.dot
            time = last.microseconds
        } else {
            let secondsDigits = Wordwise.leadingDigitCount(secondsWord)
            guard secondsDigits > 0, secondsDigits < 8 else { return nil }
            dot = 3 &+ secondsDigits
            let microsWord = Wordwise.load64(raw, dot)
            guard microsWord & 0xFF00_0000_0000_00FF == 0x2000_0000_0000_002E,
                Wordwise.digitBits(microsWord) & 0x0080_8080_8080_8000 == 0x0080_8080_8080_8000
            else { return nil }
            let seconds = Int64(Wordwise.value(ofLeadingDigits: secondsWord, count: secondsDigits))
            let micros = Int64(Wordwise.value(ofLeadingDigits: microsWord >> 8, count: 6))
            time = seconds &* 1_000_000 &+ micros
            last = WordwiseTime(
                secondsWord: secondsWord, dot: dot, microsWord: microsWord, microseconds: time)
        }
        // The two 4-digit hex fields, "tttt cccc ", as one word of their 8 digits. (Offsets
        // add with `&+`: they stay below `wordwiseReadBytes`, and checking each for overflow
        // was a tenth of the parse.)
        let hex = dot &+ 8
        guard line[hex &+ 4] == UInt8(ascii: " "), line[hex &+ 9] == UInt8(ascii: " "),
            let (type, code) = Wordwise.hexPair(
                UInt64(Wordwise.load32(raw, hex)) | UInt64(Wordwise.load32(raw, hex &+ 5)) << 32)
        else { return nil }
        // The value: an optional "-", 1 to 7 digits and the "\n".
        let negative = line[hex &+ 10] == UInt8(ascii: "-")
        let digitsStart = hex &+ 10 &+ (negative ? 1 : 0)
        let valueWord = Wordwise.load64(raw, digitsStart)
        let valueDigits = Wordwise.leadingDigitCount(valueWord)
        guard valueDigits > 0, valueDigits < 8,
            (valueWord >> UInt64(valueDigits &* 8)) & 0xFF == UInt64(UInt8(ascii: "\n"))
        else { return nil }
        let magnitude = Int32(Wordwise.value(ofLeadingDigits: valueWord, count: valueDigits))
        let event = EvdevEvent(
            timeMicroseconds: time, type: EventType(rawValue: type),
            code: EventCode(rawValue: code), value: negative ? -magnitude : magnitude)
        return (event, digitsStart &+ valueDigits)
    }
}

/// Bytes of ASCII eight at a time in a `UInt64` (the first byte in the low bits), for
/// `parseCanonicalEventWordwise`. Each test leaves bit 7 of every byte that passes it.
private enum Wordwise {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080
    static let lowNibbles: UInt64 = 0x0F0F_0F0F_0F0F_0F0F

    @inline(__always)
    static func load64(_ raw: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    static func load32(_ raw: UnsafeRawPointer, _ offset: Int) -> UInt32 {
        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// Bit 7 of each byte in `lower...upper`. Bit 7 is cleared before adding, so no sum
    /// carries into the next byte; bytes at 0x80 and above are in no range.
    @inline(__always)
    static func inRange(_ word: UInt64, _ lower: UInt8, _ upper: UInt8) -> UInt64 {
        let low7 = word & ~highBits
        let atLeastLower = low7 &+ ones &* UInt64(0x80 - lower)
        let aboveUpper = low7 &+ ones &* UInt64(0x7F - upper)
        return atLeastLower & ~aboveUpper & ~word & highBits
    }

    /// Bit 7 of each byte that is an ASCII digit.
    @inline(__always)
    static func digitBits(_ word: UInt64) -> UInt64 {
        inRange(word, UInt8(ascii: "0"), UInt8(ascii: "9"))
    }

    /// How many of the first bytes are digits (0 to 8).
    @inline(__always)
    static func leadingDigitCount(_ word: UInt64) -> Int {
        (~digitBits(word) & highBits).trailingZeroBitCount >> 3
    }

    /// The decimal value of the first `count` (1 to 8) bytes, all digits: moved to the top
    /// of the word (the bytes below become leading zeros), then pairs, quads and the eight
    /// digits combined by three multiplications.
    @inline(__always)
    static func value(ofLeadingDigits word: UInt64, count: Int) -> UInt64 {
        var digits = (word & lowNibbles) << UInt64(64 &- count &* 8)
        digits = (digits &* (10 << 8 + 1)) >> 8
        digits = ((digits & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) >> 16
        return ((digits & 0x0000_FFFF_0000_FFFF) &* (10_000 << 32 + 1)) >> 32
    }

    /// Eight hex digits (either case) as two 16-bit values, the first four the first, or
    /// nil when a byte is no hex digit.
    @inline(__always)
    static func hexPair(_ word: UInt64) -> (UInt16, UInt16)? {
        let digits = digitBits(word)
        var nibbles = word & lowNibbles
        // Letters only when not every byte is a decimal digit (evemu's codes mostly are).
        if digits != highBits {
            let letters = inRange(
                word | 0x2020_2020_2020_2020, UInt8(ascii: "a"), UInt8(ascii: "f"))
            guard digits | letters == highBits else { return nil }
            nibbles = nibbles &+ (letters >> 7) &* 9
        }
        let pairs = (nibbles & 0x000F_000F_000F_000F) << 4 | (nibbles >> 8) & 0x000F_000F_000F_000F
        let quads = (pairs & 0x0000_00FF_0000_00FF) << 8 | (pairs >> 16) & 0x0000_00FF_0000_00FF
        return (UInt16(truncatingIfNeeded: quads), UInt16(truncatingIfNeeded: quads >> 32))
    }
}
