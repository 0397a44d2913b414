import Glibc

/// A cursor over the bytes of one line: the hot-path parsers of every reader use it so
/// that no line becomes a `String`. Each `read…` returns nil when the bytes at the
/// cursor are not what was asked for; the caller turns that into a `FILE:LINE` error.
struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// ORed into an ASCII letter, makes it lower case (`A` 0x41 → `a` 0x61).
    static var lowercaseBit: UInt8 { 0x20 }
    /// The printable ASCII bytes, space to `~`, are this many from space on.
    static var printableCount: UInt8 { 0x5F }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    mutating func skipSpaces() {
        while index < bytes.count && ByteScanner.isSpace(bytes[index]) { index += 1 }
    }

    /// True when only spaces remain.
    mutating func isBlankToEnd() -> Bool {
        skipSpaces()
        return atEnd
    }

    /// Consumes `byte` if it is next.
    mutating func skip(_ byte: UInt8) -> Bool {
        if index < bytes.count && bytes[index] == byte {
            index += 1
            return true
        }
        return false
    }

    /// Consumes the literal ASCII `word` if the bytes at the cursor start with it.
    mutating func skip(literal word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        if memcmp(bytes.baseAddress! + index, word.utf8Start, count) != 0 { return false }
        index += count
        return true
    }

    /// The bytes up to the next space or tab (possibly empty).
    mutating func readWord() -> UnsafeBufferPointer<UInt8> {
        skipSpaces()
        let from = index
        while index < bytes.count && !ByteScanner.isSpace(bytes[index]) { index += 1 }
        return UnsafeBufferPointer(rebasing: bytes[from..<index])
    }

    /// The rest of the line after one separating space.
    mutating func readRest() -> UnsafeBufferPointer<UInt8> {
        if index < bytes.count && ByteScanner.isSpace(bytes[index]) { index += 1 }
        let rest = UnsafeBufferPointer(rebasing: bytes[index...])
        index = bytes.count
        return rest
    }

    /// A decimal integer with an optional sign and leading zeros; nil on overflow.
    mutating func readInt64() -> Int64? {
        skipSpaces()
        var negative = false
        if index < bytes.count
            && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+"))
        {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        let from = index
        var value: Int64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            if digit >= 10 { break }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (plus, overflow2) = times.addingReportingOverflow(Int64(digit))
            if overflow1 || overflow2 { return nil }
            value = plus
            index += 1
        }
        if index == from { return nil }
        return negative ? -value : value
    }

    /// A decimal integer that must fit an `Int32`.
    mutating func readInt32() -> Int32? {
        guard let value = readInt64(), let narrow = Int32(exactly: value) else { return nil }
        return narrow
    }

    /// Hexadecimal digits (either case, optional `0x`); nil when none or on overflow.
    mutating func readHex() -> Int? {
        skipSpaces()
        if bytes.count - index > 2 && bytes[index] == UInt8(ascii: "0")
            && (bytes[index + 1] | ByteScanner.lowercaseBit) == UInt8(ascii: "x")
        {
            index += 2
        }
        let from = index
        var value = 0
        while index < bytes.count {
            let byte = bytes[index]
            let digit: Int
            if byte &- UInt8(ascii: "0") < 10 {
                digit = Int(byte &- UInt8(ascii: "0"))
            } else if (byte | ByteScanner.lowercaseBit) &- UInt8(ascii: "a") < 6 {
                digit = Int((byte | ByteScanner.lowercaseBit) &- UInt8(ascii: "a")) + 10
            } else {
                break
            }
            if value > (Int.max >> 4) { return nil }
            value = value << 4 | digit
            index += 1
        }
        return index == from ? nil : value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A finite decimal number (`-12`, `3.25`, `1e-05`). Exact (correctly rounded) in
    /// the common case of at most 15 significant digits; otherwise through `strtod`.
    mutating func readDouble() -> Double? {
        skipSpaces()
        let from = index
        var negative = false
        if index < bytes.count
            && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+"))
        {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var sawDigit = false
        while index < bytes.count, ByteScanner.isDigit(bytes[index]) {
            sawDigit = true
            if digits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                if mantissa != 0 { digits += 1 }
            } else {
                exponent += 1
                digits += 1
            }
            index += 1
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, ByteScanner.isDigit(bytes[index]) {
                sawDigit = true
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                    if mantissa != 0 { digits += 1 }
                    exponent -= 1
                } else {
                    digits += 1
                }
                index += 1
            }
        }
        guard sawDigit else { return nil }
        if index < bytes.count && (bytes[index] | ByteScanner.lowercaseBit) == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < bytes.count
                && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+"))
            {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var sawExponentDigit = false
            while index < bytes.count, ByteScanner.isDigit(bytes[index]) {
                sawExponentDigit = true
                if written < 100_000 {
                    written = written * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
                }
                index += 1
            }
            guard sawExponentDigit else { return nil }
            exponent += exponentNegative ? -written : written
        }
        if digits <= 15 && exponent >= -22 && exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 {
                value /= ByteScanner.powersOfTen[-exponent]
            } else {
                value *= ByteScanner.powersOfTen[exponent]
            }
            return negative ? -value : value
        }
        return slowDouble(from: from)
    }

    private func slowDouble(from: Int) -> Double? {
        let length = index - from
        guard length < 512 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { text in
            for offset in 0..<length { text[offset] = CChar(bitPattern: bytes[from + offset]) }
            text[length] = 0
            let value = strtod(text.baseAddress!, nil)
            return value.isFinite ? value : nil
        }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Decodes the bytes as UTF-8 (invalid sequences become U+FFFD).
    var string: String { String(decoding: self, as: UTF8.self) }

    func equals(_ word: StaticString) -> Bool {
        count == word.utf8CodeUnitCount
            && (count == 0 || memcmp(baseAddress!, word.utf8Start, count) == 0)
    }
}
