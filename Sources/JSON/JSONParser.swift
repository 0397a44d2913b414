/// A JSON syntax error at a 1-based line.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    /// The line the error was found on.
    public var line: Int
    /// What is wrong.
    public var message: String
}

/// A small strict JSON parser (RFC 8259) that tracks line numbers.
public struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    /// Deep nesting is refused rather than overflowing the stack.
    private static let maximumDepth = 200

    /// Parses one JSON value (surrounded by optional whitespace) from `text`.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.position < parser.bytes.count {
            throw parser.error("unexpected text after the JSON value")
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// The most characters of a key a message quotes (as ToolSupport's `QuotedInput`,
    /// which this module, below it, cannot use).
    static let maximumQuotedScalars = 80

    /// `key` cut for a message.
    static func quoted(_ key: String) -> String {
        guard key.unicodeScalars.count > maximumQuotedScalars else { return key }
        return String(String.UnicodeScalarView(key.unicodeScalars.prefix(maximumQuotedScalars)))
            + "… (\(key.utf8.count) bytes)"
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, message: message)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            position += 1
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nesting too deep") }
        guard position < bytes.count else { throw error("unexpected end of file") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[position])))'")
        }
    }

    /// Consumes the literal `word` (`true`, `false`, `null`), compared byte by byte.
    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] })
        else {
            throw error("expected '\(word)'")
        }
        position += count
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var entries: [(key: String, value: JSONValue, line: Int)] = []
        // Python and JavaScript take the last of two equal keys, this reader took the
        // first: neither guess is safe in a golden file, so a duplicate is an error.
        var keys: Set<String> = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(entries)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes")
            }
            let keyLine = line
            let key = try parseString()
            guard keys.insert(key).inserted else {
                throw JSONSyntaxError(
                    line: keyLine, message: "duplicate key \"\(Self.quoted(key))\"")
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after key \"\(Self.quoted(key))\"")
            }
            position += 1
            skipWhitespace()
            let valueLine = line
            let value = try parseValue(depth: depth + 1)
            entries.append((key, value, valueLine))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of file in an object") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(entries)
            }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(values)
        }
        while true {
            skipWhitespace()
            values.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of file in an array") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(values)
            }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            if !raw.isEmpty {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll(keepingCapacity: true)
            }
        }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count,
                        bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    {
                        position += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw error("invalid surrogate pair")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else {
                        throw error("invalid \\u escape")
                    }
                    scalars.append(scalar)
                default: throw error("invalid escape in a string")
                }
            case UInt8(ascii: "\n"), 0..<UInt8(ascii: " "):
                throw error("control character in a string")
            default:
                raw.append(byte)
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            position += 1
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"):
                digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        while position < bytes.count,
            isDigit(bytes[position]) || bytes[position] == UInt8(ascii: ".")
                || bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")
                || bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
        {
            position += 1
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("invalid number '\(Self.quoted(text))'")
        }
        return JSONNumber(text: text, value: value)
    }
}
