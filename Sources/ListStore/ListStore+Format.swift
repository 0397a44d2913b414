import ClearCore
import Foundation
import JSON
import TouchInput

/// The file format: a JSON object with a format name, a version and the lists (version 2)
/// or the items (version 1), written by the project's one JSON writer
/// (`JSONValue.encoded(.indented)`).
extension ListStore {
    /// The `"format"` value of every list file.
    public static let formatName = "cleartouch-list"
    /// The format version of `encodeLists` (the lists), and the newest this program reads.
    public static let formatVersion = 2
    /// The format version of `encode` (one list of items), which older programs read.
    public static let itemsFormatVersion = 1
    /// The longest theme name a file may hold, in UTF-8 bytes.
    public static let maximumThemeNameBytes = 64

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

    /// The version-1 file's bytes for `items` (one list, no title).
    public static func encode(_ items: [TodoItem]) -> Data {
        let list = JSONValue.object(fields: [
            ("format", .string(formatName)),
            ("items", .array(items.map(encode))),
            ("version", .integer(itemsFormatVersion)),
        ])
        return Data((list.encoded(.indented) + "\n").utf8)
    }

    /// The version-2 file's bytes for `lists`. `"open"` is left out when no list is open,
    /// and `"theme"` unless `recordsTheme` (a theme is recorded once one was chosen).
    public static func encodeLists(_ lists: TodoLists, recordsTheme: Bool = true) -> Data {
        var fields: [(String, JSONValue)] = [
            ("format", .string(formatName)),
            ("lists", .array(lists.lists.map(encode))),
        ]
        if let open = lists.openIndex { fields.append(("open", .integer(open))) }
        fields.append(("sound", .bool(lists.soundOn)))
        if recordsTheme { fields.append(("theme", .string(lists.themeName))) }
        fields.append(("version", .integer(formatVersion)))
        return Data((JSONValue.object(fields: fields).encoded(.indented) + "\n").utf8)
    }

    private static func encode(_ list: TitledList) -> JSONValue {
        .object(fields: [
            ("completed", .bool(list.completed)),
            ("id", .number(JSONNumber(exactly: list.id.rawValue))),
            ("items", .array(list.list.items.map(encode))),
            ("title", .string(list.title)),
        ])
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
        try items(of: decodeFile(data).lists)
    }

    /// The items of a list file's text: the one reader of `app --list` and `replay --list`
    /// (docs/list-file.md). Every shape `decodeLists` reads is read; of a version-2 file,
    /// these are the open list's items (the first list's when none is open; none when there
    /// is no list).
    public static func decode(_ text: String) throws(DecodeFailure) -> [TodoItem] {
        try items(of: decodeFile(text).lists)
    }

    /// The lists of a list file's text (docs/list-file.md). Four shapes are read:
    ///
    /// - this store's file, version 2: `{"format": "cleartouch-list", "version": 2,
    ///   "lists": [{"title": "To Do", "completed": false, "items": [...]}], "open": 0,
    ///   "theme": "heat", "sound": true}` (`completed`, `open`, `theme`, `sound` optional;
    ///   an object with `"lists"` and no format or version reads the same);
    /// - this store's file, version 1: `{"format": "cleartouch-list", "version": 1,
    ///   "items": [...]}`;
    /// - an object with just `"items"`;
    /// - a plain array of items.
    ///
    /// The last three are one open list titled `To Do`. An item is `{"text": "...",
    /// "completed": false, "id": 7}` (`completed` and `id` may be left out) or just a
    /// string. Items without an id get the next free ones, in each list; so do lists.
    public static func decodeLists(_ text: String) throws(DecodeFailure) -> TodoLists {
        try decodeFile(text).lists
    }

    /// The lists in a file's bytes; throws `DecodeFailure`.
    static func decodeLists(_ data: Data) throws(DecodeFailure) -> TodoLists {
        try decodeFile(data).lists
    }

    private static func items(of lists: TodoLists) -> [TodoItem] {
        (lists.openList ?? lists.lists.first)?.list.items ?? []
    }

    /// What a list file holds, and whether it was written as lists (version 2) or as one
    /// list of items (version 1, or a starting list's shape).
    struct DecodedFile {
        var lists: TodoLists
        var isVersion2: Bool
        /// The settings the file records (a version-2 file's `theme` and `sound` keys).
        var recorded = RecordedSettings()
    }

    static func decodeFile(_ data: Data) throws(DecodeFailure) -> DecodedFile {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalid(line: 1, reason: "not UTF-8 text")
        }
        return try decodeFile(text)
    }

    static func decodeFile(_ text: String) throws(DecodeFailure) -> DecodedFile {
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw .invalid(line: error.line, reason: error.message)
        }
        switch root {
        case .array:
            return oneList(try items(in: root, line: root.firstLine ?? 1))
        case .object:
            var version: Int?
            if root["format"] != nil || root["version"] != nil {
                let format = try field("format", of: root, line: 1, as: \.stringValue, "a string")
                guard format == formatName else {
                    throw .invalid(
                        line: root.line(ofKey: "format") ?? 1,
                        reason:
                            "\"format\" is \"\(QuotedInput.cut(format))\", expected \"\(formatName)\""
                    )
                }
                let given = try field(
                    "version", of: root, line: 1, as: \.integerValue, "an integer")
                guard given >= 1 else {
                    throw .invalid(
                        line: root.line(ofKey: "version") ?? 1,
                        reason: "\"version\" \(given) is not valid")
                }
                guard given <= formatVersion else { throw .newerVersion(given) }
                version = given
            }
            if version == 2 || (version == nil && root["lists"] != nil) {
                let lists = try lists(in: root)
                return DecodedFile(
                    lists: lists, isVersion2: true,
                    recorded: RecordedSettings(
                        themeName: root["theme"] == nil ? nil : lists.themeName,
                        soundOn: root["sound"] == nil ? nil : lists.soundOn))
            }
            guard let items = root["items"] else {
                throw .invalid(
                    line: root.firstLine ?? 1,
                    reason:
                        "missing \"items\" (a list file is an array of items or an object with \"items\" or \"lists\")"
                )
            }
            return oneList(try self.items(in: items, line: root.line(ofKey: "items") ?? 1))
        default:
            throw .invalid(
                line: root.firstLine ?? 1,
                reason: "a list file is an array of items or an object with \"items\" or \"lists\"")
        }
    }

    private static func oneList(_ items: [TodoItem]) -> DecodedFile {
        DecodedFile(lists: TodoLists(items: items), isVersion2: false)
    }

    /// The lists, open list, theme and sound of a version-2 object.
    private static func lists(in root: JSONValue) throws(DecodeFailure) -> TodoLists {
        let listsLine = root.line(ofKey: "lists") ?? root.firstLine ?? 1
        guard let listsValue = root["lists"] else {
            throw .invalid(line: root.firstLine ?? 1, reason: "missing \"lists\"")
        }
        guard case .array(let values) = listsValue else {
            throw .invalid(line: listsLine, reason: "\"lists\" must be an array")
        }
        var parsed: [(id: UInt64?, title: String, completed: Bool, items: [TodoItem])] = []
        var ids = Set<UInt64>()
        for (index, value) in values.enumerated() {
            let line = value.firstLine ?? listsLine
            guard case .object = value else {
                throw .invalid(
                    line: line,
                    reason:
                        "lists[\(index)] must be an object {\"title\": ..., \"items\": [...]}")
            }
            let id = try uniqueID(of: value, line: line, among: &ids, "lists")
            let title = try field("title", of: value, line: line, as: \.stringValue, "a string")
            let completed = try field(
                "completed", of: value, line: line, as: \.boolValue, "true or false", absent: false)
            guard let itemsValue = value["items"] else {
                throw .invalid(line: line, reason: "lists[\(index)] is missing \"items\"")
            }
            let items = try self.items(in: itemsValue, line: value.line(ofKey: "items") ?? line)
            parsed.append((id, title, completed, items))
        }
        let lists = withFreeIDs(parsed.map(\.id)).enumerated().map { index, id in
            TitledList(
                id: ListID(rawValue: id), title: parsed[index].title,
                completed: parsed[index].completed, list: TodoList(items: parsed[index].items))
        }
        var openIndex: Int?
        if let open = root["open"], open != .null {
            let given = try field(
                "open", of: root, line: 1, as: \.integerValue, "an integer or null")
            guard lists.indices.contains(given) else {
                throw .invalid(
                    line: root.line(ofKey: "open") ?? 1,
                    reason:
                        "\"open\" \(given) is not the index of a list (there are \(lists.count))")
            }
            openIndex = given
        }
        var themeName = TodoLists.defaultThemeName
        if root["theme"] != nil {
            themeName = try field("theme", of: root, line: 1, as: \.stringValue, "a string")
            guard !themeName.isEmpty, themeName.utf8.count <= maximumThemeNameBytes else {
                throw .invalid(
                    line: root.line(ofKey: "theme") ?? 1,
                    reason:
                        "\"theme\" must be a name of 1 to \(maximumThemeNameBytes) bytes")
            }
        }
        let soundOn = try field(
            "sound", of: root, line: 1, as: \.boolValue, "true or false", absent: true)
        return TodoLists(lists: lists, openIndex: openIndex, themeName: themeName, soundOn: soundOn)
    }

    /// The items of an `"items"` array, whose key is on `line`.
    private static func items(in itemsValue: JSONValue, line itemsLine: Int) throws(DecodeFailure)
        -> [TodoItem]
    {
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
                let id = try uniqueID(of: value, line: line, among: &ids, "items")
                let text = try field("text", of: value, line: line, as: \.stringValue, "a string")
                let completed = try field(
                    "completed", of: value, line: line, as: \.boolValue, "true or false",
                    absent: false)
                parsed.append((id, text, completed))
            default:
                throw .invalid(
                    line: line,
                    reason:
                        "items[\(index)] must be an object {\"text\": ..., \"completed\": ...} or a string"
                )
            }
        }
        return zip(withFreeIDs(parsed.map(\.id)), parsed).map { id, item in
            TodoItem(id: ItemID(rawValue: id), text: item.text, completed: item.completed)
        }
    }

    /// `given` with each nil replaced by the smallest id not taken, in order; the given ids
    /// are unique.
    private static func withFreeIDs(_ given: [UInt64?]) -> [UInt64] {
        var taken = Set(given.compactMap { $0 })
        var nextID: UInt64 = 1
        return given.map { id in
            if let id { return id }
            while taken.contains(nextID) { nextID += 1 }
            taken.insert(nextID)
            return nextID
        }
    }

    /// The value of `key` in `object`, converted, or `absent` when there is no `key`; a
    /// value of the wrong type is an error on its line.
    private static func field<T>(
        _ key: String, of object: JSONValue, line: Int, as convert: (JSONValue) -> T?,
        _ expected: String, absent: T
    ) throws(DecodeFailure) -> T {
        object[key] == nil ? absent : try field(key, of: object, line: line, as: convert, expected)
    }

    /// The `"id"` of a list or an item (`kind`), nil when it has none; an id already in
    /// `taken` is an error, a new one joins it.
    private static func uniqueID(
        of value: JSONValue, line: Int, among taken: inout Set<UInt64>, _ kind: String
    ) throws(DecodeFailure) -> UInt64? {
        guard value["id"] != nil else { return nil }
        let id = try field("id", of: value, line: line, as: \.identifierValue, "an id")
        guard taken.insert(id).inserted else {
            throw .invalid(line: line, reason: "two \(kind) have the same \"id\"")
        }
        return id
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
