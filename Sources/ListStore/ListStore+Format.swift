import ClearCore
import Foundation

/// The file format: JSON with a format name and a version, pretty-printed with sorted keys.
extension ListStore {
    /// The `"format"` value of every list file.
    public static let formatName = "cleartouch-list"
    /// The format version this program writes, and the newest it reads.
    public static let formatVersion = 1

    struct StoredList: Codable {
        var format: String
        var version: Int
        var items: [StoredItem]
    }

    struct StoredItem: Codable {
        var id: UInt64
        var text: String
        var completed: Bool
    }

    enum DecodeFailure: Error, CustomStringConvertible {
        case newerVersion(Int)
        case invalid(String)

        var description: String {
            switch self {
            case .newerVersion(let version): "format version \(version)"
            case .invalid(let reason): reason
            }
        }
    }

    /// The file's bytes for `items`.
    public static func encode(_ items: [TodoItem]) -> Data {
        let stored = StoredList(
            format: formatName, version: formatVersion,
            items: items.map {
                StoredItem(id: $0.id.rawValue, text: $0.text, completed: $0.completed)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Encoding plain strings, integers and booleans cannot fail.
        var data = (try? encoder.encode(stored)) ?? Data()
        data.append(0x0A)
        return data
    }

    /// The items in a file's bytes; throws `DecodeFailure`.
    static func decode(_ data: Data) throws -> [TodoItem] {
        let stored: StoredList
        do {
            stored = try JSONDecoder().decode(StoredList.self, from: data)
        } catch let error as DecodingError {
            throw DecodeFailure.invalid(Self.describe(error))
        } catch {
            throw DecodeFailure.invalid("not JSON")
        }
        guard stored.format == formatName else {
            throw DecodeFailure.invalid(
                "\"format\" is \"\(stored.format)\", expected \"\(formatName)\"")
        }
        guard stored.version >= 1 else {
            throw DecodeFailure.invalid("\"version\" \(stored.version) is not valid")
        }
        guard stored.version <= formatVersion else {
            throw DecodeFailure.newerVersion(stored.version)
        }
        guard Set(stored.items.map(\.id)).count == stored.items.count else {
            throw DecodeFailure.invalid("two items have the same \"id\"")
        }
        return stored.items.map {
            TodoItem(id: ItemID(rawValue: $0.id), text: $0.text, completed: $0.completed)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func at(_ path: [CodingKey]) -> String {
            path.isEmpty
                ? "at the top"
                : "at "
                    + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(
                        separator: ".")
        }
        switch error {
        case .dataCorrupted(let context): return "not valid JSON \(at(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" \(at(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type \(at(context.codingPath))"
        @unknown default: return "invalid"
        }
    }
}
