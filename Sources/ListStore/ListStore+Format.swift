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

    /// Why a list file cannot be read.
    public enum DecodeFailure: Error, CustomStringConvertible {
        case newerVersion(Int)
        /// What is wrong, and the 1-based line it is on.
        case invalid(line: Int, reason: String)

        /// The 1-based line the problem is on.
        public var line: Int {
            switch self {
            case .newerVersion: 1
            case .invalid(let line, _): line
            }
        }

        /// What is wrong, without the line.
        public var reason: String {
            switch self {
            case .newerVersion(let version):
                "format version \(version) is newer than this program reads (\(formatVersion))"
            case .invalid(_, let reason): reason
            }
        }

        public var description: String {
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
        return try decode(text)
    }

    /// The items of a list file's text: the one reader of `app --list` and `replay --list`
    /// (docs/list-file.md). Three shapes are read:
    ///
    /// - this store's file: `{"format": "cleartouch-list", "version": 1, "items": [...]}`;
    /// - an object with just `"items"`;
    /// - a plain array of items.
    ///
    /// An item is `{"text": "...", "completed": false, "id": 7}` (`completed` and `id`
    /// may be left out) or just a string. Items without an id get the next free ones.
    public static func decode(_ text: String) throws(DecodeFailure) -> [TodoItem] {
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw .invalid(line: error.line, reason: error.message)
        }
        let itemsValue: JSONValue
        let itemsLine: Int
        switch root {
        case .array:
            itemsValue = root
            itemsLine = root.firstLine ?? 1
        case .object:
            if root["format"] != nil || root["version"] != nil {
                let format = try field("format", of: root, line: 1, as: \.stringValue, "a string")
                guard format == formatName else {
                    throw .invalid(
                        line: root.line(ofKey: "format") ?? 1,
                        reason: "\"format\" is \"\(format)\", expected \"\(formatName)\"")
                }
                let version = try field(
                    "version", of: root, line: 1, as: \.integerValue, "an integer")
                guard version >= 1 else {
                    throw .invalid(
                        line: root.line(ofKey: "version") ?? 1,
                        reason: "\"version\" \(version) is not valid")
                }
                guard version <= formatVersion else { throw .newerVersion(version) }
            }
            itemsLine = root.line(ofKey: "items") ?? 1
            guard let items = root["items"] else {
                throw .invalid(
                    line: root.firstLine ?? 1,
                    reason:
                        "missing \"items\" (a list file is an array of items or an object with \"items\")"
                )
            }
            itemsValue = items
        default:
            throw .invalid(
                line: root.firstLine ?? 1,
                reason: "a list file is an array of items or an object with \"items\"")
        }
        guard case .array(let values) = itemsValue else {
            throw .invalid(line: itemsLine, reason: "\"items\" must be an array")
        }
        var parsed: [(id: UInt64?, text: String, completed: Bool)] = []
        var ids = Set<UInt64>()
        for (index, value) in values.enumerated() {
            let line = value.firstLine ?? itemsLine
            switch value {
            case .string(let text):
                parsed.append((nil, text, false))
            case .object:
                var id: UInt64?
                if value["id"] != nil {
                    let given = try field(
                        "id", of: value, line: line, as: \.identifierValue, "an id")
                    guard ids.insert(given).inserted else {
                        throw .invalid(line: line, reason: "two items have the same \"id\"")
                    }
                    id = given
                }
                let text = try field("text", of: value, line: line, as: \.stringValue, "a string")
                var completed = false
                if value["completed"] != nil {
                    completed = try field(
                        "completed", of: value, line: line, as: \.boolValue, "true or false")
                }
                parsed.append((id, text, completed))
            default:
                throw .invalid(
                    line: line,
                    reason:
                        "items[\(index)] must be an object {\"text\": ..., \"completed\": ...} or a string"
                )
            }
        }
        // Items without an id: the smallest ids not taken, in order.
        var nextID: UInt64 = 1
        var items: [TodoItem] = []
        items.reserveCapacity(parsed.count)
        for item in parsed {
            var id = item.id
            if id == nil {
                while ids.contains(nextID) { nextID += 1 }
                ids.insert(nextID)
                id = nextID
            }
            items.append(
                TodoItem(id: ItemID(rawValue: id!), text: item.text, completed: item.completed))
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
