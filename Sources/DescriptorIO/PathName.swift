/// File names are bytes on Linux, not text: `PathName` carries any byte string in a Swift
/// `String` without losing a byte, so that the command layer keeps paths as `String` and
/// every file access (`FileCall`) gives the system exactly the bytes it was given.
///
/// The escape is Python's "surrogateescape" moved to plane 16's private use (Swift strings
/// cannot hold surrogates): decoding bytes, valid UTF-8 is kept as its scalars, and each
/// byte of an invalid sequence becomes one reserved scalar, U+10FF80 + (byte − 0x80)
/// (only bytes 0x80 to 0xFF can be invalid). Valid UTF-8 that encodes a reserved scalar is
/// itself escaped byte by byte, so `bytes(string(b)) == b` for every byte string `b`.
/// Encoding, a reserved scalar becomes its byte and every other scalar its UTF-8.
/// docs/output-files.md, "File names", is the contract.
public enum PathName {
    /// The first reserved scalar: it stands for the byte 0x80.
    public static let firstReservedScalar: UInt32 = 0x10_FF80

    /// Whether `scalar` stands for one byte of a name that is not UTF-8.
    @inline(__always)
    public static func isEscapedByte(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= firstReservedScalar
    }

    /// The byte a reserved scalar stands for (nil for any other scalar).
    public static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        isEscapedByte(scalar) ? UInt8(scalar.value - firstReservedScalar + 0x80) : nil
    }

    /// The name of the bytes `bytes`, every byte kept (see the type's documentation).
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        let array = Array(bytes)
        // The common case: valid UTF-8 without reserved scalars (no F4 8F BE/BF lead).
        if let text = String(validating: array, as: UTF8.self),
            !text.unicodeScalars.contains(where: isEscapedByte)
        {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < array.count {
            let length = validSequenceLength(array, at: index)
            if length == 0 {
                scalars.append(escape(array[index]))
                index += 1
                continue
            }
            let decoded = String(decoding: array[index..<(index + length)], as: UTF8.self)
            let scalar = decoded.unicodeScalars.first!
            if isEscapedByte(scalar) {
                for byte in array[index..<(index + length)] { scalars.append(escape(byte)) }
            } else {
                scalars.append(scalar)
            }
            index += length
        }
        return String(scalars)
    }

    /// The bytes `name` stands for: the inverse of `string(_:)`.
    public static func bytes(_ name: String) -> [UInt8] {
        guard name.unicodeScalars.contains(where: isEscapedByte) else { return Array(name.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if let byte = escapedByte(scalar) {
                out.append(byte)
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Calls `body` with `name` as the NUL-terminated bytes the system takes.
    public static func withCString<Result, Failure: Error>(
        _ name: String, _ body: (UnsafePointer<CChar>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var bytes = bytes(name).map { CChar(bitPattern: $0) }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in
            try body(buffer.baseAddress!)
        }
    }

    /// The name of a NUL-terminated C string from the system (a directory entry, a link).
    public static func string(cString: UnsafePointer<CChar>) -> String {
        var count = 0
        while cString[count] != 0 { count += 1 }
        return string(
            UnsafeBufferPointer(start: cString, count: count).map { UInt8(bitPattern: $0) })
    }

    /// The process's arguments, every byte kept (`CommandLine.arguments` replaces invalid
    /// UTF-8 by U+FFFD and so loses the file name).
    public static func arguments(
        count: Int32, values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> [String] {
        (0..<Int(count)).map { index in values[index].map { string(cString: $0) } ?? "" }
    }

    /// Two uppercase hex digits.
    public static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(firstReservedScalar + UInt32(byte) - 0x80)!
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode table 3-7: no
    /// overlong forms, no surrogates, nothing above U+10FFFF), or 0 when it is not one.
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        guard (low...high).contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) {
            return 0
        }
        return length
    }
}
