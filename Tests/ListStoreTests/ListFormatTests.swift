import ClearCore
import Foundation
import ListStore
import Testing

/// The one list-file reader (`ListStore.decode`) that `app --list` and `replay --list` share.
@Suite struct ListFormatTests {
    static let shapes: [(String, [TodoItem])] = [
        (
            #"{"format": "cleartouch-list", "version": 1, "items": [{"id": 4, "text": "a", "completed": true}]}"#,
            [TodoItem(id: ItemID(rawValue: 4), text: "a", completed: true)]
        ),
        (
            #"{"items": [{"text": "a"}, "b"]}"#,
            [
                TodoItem(id: ItemID(rawValue: 1), text: "a", completed: false),
                TodoItem(id: ItemID(rawValue: 2), text: "b", completed: false),
            ]
        ),
        (
            #"["a", {"text": "b", "completed": true, "id": 1}]"#,
            [
                TodoItem(id: ItemID(rawValue: 2), text: "a", completed: false),
                TodoItem(id: ItemID(rawValue: 1), text: "b", completed: true),
            ]
        ),
        ("[]", []),
        ("\u{FEFF}[\"bom\"]", [TodoItem(id: ItemID(rawValue: 1), text: "bom", completed: false)]),
    ]

    @Test(arguments: 0..<shapes.count)
    func everyShapeReads(index: Int) throws {
        let (text, items) = Self.shapes[index]
        #expect(try ListStore.decode(text) == items)
    }

    @Test(arguments: [
        ("{}", 1), ("3", 1), (#"{"items": 3}"#, 1), ("[1]", 1), (#"[{"completed": true}]"#, 1),
        (#"{"format": "other", "items": []}"#, 1), (#"[{"text": "a", "id": -1}]"#, 1),
        (#"[{"text": "a", "id": 1.5}]"#, 1), (#"[{"text": "a", "id": 1e400}]"#, 1),
        (#"[{"text": "a", "id": 18446744073709551616}]"#, 1),
        ("[\n{\"text\": \"a\", \"id\": 1},\n{\"text\": \"b\", \"id\": 1}]", 3),
        ("[\n\n{\"text\": \"a\", \"completed\": 1}]", 3),
    ])
    func badListsSayWhere(text: String, line: Int) {
        do {
            _ = try ListStore.decode(text)
            Issue.record("read \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
        }
    }

    /// The app reads a plain array (it moved it aside as corrupt before) and saves it back
    /// in its own format.
    @Test func theAppsStoreReadsAPlainArray() throws {
        let folder = NSTemporaryDirectory() + "cleartouch-listformat-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        try Data(#"["milk", {"text": "eggs", "completed": true}]"#.utf8).write(
            to: URL(fileURLWithPath: path))
        let store = ListStore(path: path, clock: ListStore.systemClock)
        let items = try #require(try store.load())
        #expect(items.map(\.text) == ["milk", "eggs"])
        try store.save(items)
        #expect(try store.load() == items)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("cleartouch-list"))
    }
}
