import ClearCore
import Foundation
import JSON

/// The file format: a JSON object with a format name, a version and the items, written by
/// the project's one JSON writer (`JSONValue.encoded(.indented)`).
extension ListStore {
    /// The `"format"` value of every list file.
    public static let formatName = "cleartouch-list"
    /// The format version this program writes, and the newest it reads.
    public static let formatVersion = 1

    enum DecodeFailure: Error, CustomStringConvertible {
        case newerVersion(Int)
        /// What is wrong, and the 1-based line it is on.
        case invalid(line: Int, reason: String)

        var description: String {
            switch self {
            case .newerVersion(let version): "format version \(version)"
            case .invalid(let line, let reason): "line \(line): \(reason)"
            }
        }
    }

    /// The file's bytes for `items`.
    public static func encode(_ items: [TodoItem]) -> Data {
        let list = JSONValue.object(fields: [
            ("format", .string(formatName)),
            ("items", .array(items.map(encode))),
            ("version", .integer(formatVersion)),
        ])
        return Data((list.encoded(.indented) + "\n").utf8)
    }

    private static func encode(_ item: TodoItem) -> JSONValue {
        .object(fields: [
            ("completed", .bool(item.completed)),
            ("id", .number(JSONNumber(exactly: item.id.rawValue))),
            ("text", .string(item.text)),
        ])
    }

    /// The items in a file's bytes; throws `DecodeFailure`.
    static func decode(_ data: Data) throws(DecodeFailure) -> [TodoItem] {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalid(line: 1, reason: "not UTF-8 text")
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw .invalid(line: error.line, reason: error.message)
        }
        guard case .object = root else {
            throw .invalid(line: root.firstLine ?? 1, reason: "a list file is a JSON object")
        }
        let format = try field("format", of: root, line: 1, as: \.stringValue, "a string")
        guard format == formatName else {
            throw .invalid(
                line: root.line(ofKey: "format") ?? 1,
                reason: "\"format\" is \"\(format)\", expected \"\(formatName)\"")
        }
        let version = try field("version", of: root, line: 1, as: \.integerValue, "an integer")
        guard version >= 1 else {
            throw .invalid(
                line: root.line(ofKey: "version") ?? 1,
                reason: "\"version\" \(version) is not valid")
        }
        guard version <= formatVersion else { throw .newerVersion(version) }
        let itemsLine = root.line(ofKey: "items") ?? 1
        guard case .array(let values)? = root["items"] else {
            throw .invalid(line: itemsLine, reason: "\"items\" must be an array")
        }
        var items: [TodoItem] = []
        var ids = Set<UInt64>()
        for (index, value) in values.enumerated() {
            let line = value.firstLine ?? itemsLine
            guard case .object = value else {
                throw .invalid(line: line, reason: "items[\(index)] must be an object")
            }
            let id = try field("id", of: value, line: line, as: \.identifierValue, "an id")
            let text = try field("text", of: value, line: line, as: \.stringValue, "a string")
            let completed = try field(
                "completed", of: value, line: line, as: \.boolValue, "true or false")
            guard ids.insert(id).inserted else {
                throw .invalid(line: line, reason: "two items have the same \"id\"")
            }
            items.append(TodoItem(id: ItemID(rawValue: id), text: text, completed: completed))
        }
        return items
    }

    /// The value of `key` in `object`, converted; a missing key or a value of the wrong
    /// type is an error on its line.
    private static func field<T>(
        _ key: String, of object: JSONValue, line: Int, as convert: (JSONValue) -> T?,
        _ expected: String
    ) throws(DecodeFailure) -> T {
        guard let value = object[key] else {
            throw .invalid(line: object.firstLine ?? line, reason: "missing \"\(key)\"")
        }
        guard let converted = convert(value) else {
            throw .invalid(
                line: object.line(ofKey: key) ?? line, reason: "\"\(key)\" must be \(expected)")
        }
        return converted
    }
}

extension JSONValue {
    fileprivate var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    fileprivate var boolValue: Bool? {
        if case .bool(let flag) = self { flag } else { nil }
    }

    fileprivate var integerValue: Int? {
        guard case .number(let number) = self else { return nil }
        return Int(exactly: number.value)
    }

    /// An item id: a whole number written without fraction or exponent, 0 … 2^64 − 1.
    fileprivate var identifierValue: UInt64? {
        guard case .number(let number) = self else { return nil }
        return UInt64(number.text)
    }
}
