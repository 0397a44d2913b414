/// A JSON value, parsed (`JSONParser`) or to be written (`encoded(_:)`). Objects keep
/// their keys in order and remember the line each value started on, so a file error
/// can say `FILE:LINE` (0 for values built in code).
public indirect enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with the text it is written as.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: its keys in order, each with the 1-based line its value starts on.
    case object([(key: String, value: JSONValue, line: Int)])

    /// An object built in code, keys in the order given.
    public static func object(fields: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(fields.map { (key: $0.key, value: $0.value, line: 0) })
    }

    /// An integer.
    public static func integer(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    /// Equal values; numbers compare by value (`1.0 == 1`), object lines are ignored.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n.value)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            for entry in o {
                hasher.combine(entry.key)
                hasher.combine(entry.value)
            }
        }
    }

    /// The value of `key` in an object, or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The line an object's first value starts on, or nil.
    public var firstLine: Int? {
        guard case .object(let entries) = self else { return nil }
        return entries.first?.line
    }

    /// The line `key`'s value starts on, or nil.
    public func line(ofKey key: String) -> Int? {
        guard case .object(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.line
    }
}
