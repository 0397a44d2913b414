import ClearCore
import Foundation
import ListStore
import TestSupport
import Testing

/// Version 2 of the list file (the lists): its shape, its errors on their lines, and the
/// migration from version 1 (`FILE.v1`).
@Suite struct ListFileVersion2Tests {
    let sample = StoreWriterList.lists(generation: 4, count: 7)

    @Test func theFileHoldsTheListsTheOpenListThemeAndSound() throws {
        let text = String(decoding: ListStore.encodeLists(sample), as: UTF8.self)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["format"] as? String == "cleartouch-list")
        #expect(object?["version"] as? Int == 2)
        #expect(object?["open"] as? Int == 1)
        #expect(object?["theme"] as? String == "theme 4")
        #expect(object?["sound"] as? Bool == true)
        let lists = object?["lists"] as? [[String: Any]]
        #expect(lists?.count == 3)
        #expect(lists?.first?["title"] as? String == "generation 4 list 0")
        #expect(lists?.first?["completed"] as? Bool == true)
        #expect(lists?.first?["id"] as? Int == 1)
        #expect(
            (lists?.first?["items"] as? [[String: Any]])?.first?["text"] as? String
                == "generation 4 item 0")
        #expect(try ListStore.decodeLists(text) == sample)
        var closed = sample
        closed.closeList()
        let closedText = String(decoding: ListStore.encodeLists(closed), as: UTF8.self)
        #expect(!closedText.contains("\"open\""))
        #expect(try ListStore.decodeLists(closedText) == closed)
    }

    @Test func optionalFieldsDefault() throws {
        let lists = try ListStore.decodeLists(
            #"{"format": "cleartouch-list", "version": 2, "lists": [{"title": "A", "items": ["x"]}, {"title": "B", "id": 1, "items": []}]}"#
        )
        #expect(lists.lists.map(\.title) == ["A", "B"])
        #expect(lists.lists.map(\.id.rawValue) == [2, 1])
        #expect(lists.lists.map(\.completed) == [false, false])
        #expect(lists[0].list.items == [TodoItem(id: ItemID(rawValue: 1), text: "x")])
        #expect(lists.openIndex == nil)
        #expect(lists.themeName == "heat")
        #expect(lists.soundOn)
        let bare = try ListStore.decodeLists(#"{"lists": [], "open": null, "sound": false}"#)
        #expect(bare.isEmpty && bare.openIndex == nil && !bare.soundOn)
    }

    /// The version-1 shapes are one open list titled `To Do`; the items reader takes the
    /// open list of a version-2 file (the first when none is open).
    @Test func everyShapeReadsAsLists() throws {
        for (text, items) in ListFormatTests.shapes {
            #expect(try ListStore.decodeLists(text) == TodoLists(items: items))
        }
        #expect(
            try ListStore.decode(String(decoding: ListStore.encodeLists(sample), as: UTF8.self))
                == sample[1].list.items)
        var closed = sample
        closed.closeList()
        #expect(
            try ListStore.decode(String(decoding: ListStore.encodeLists(closed), as: UTF8.self))
                == sample[0].list.items)
        #expect(try ListStore.decode(#"{"lists": []}"#) == [])
    }

    static let header = "{\"format\": \"cleartouch-list\", \"version\": 2,\n"

    @Test(arguments: [
        (header + "\"items\": []}", 1),
        (header + "\"lists\": 3}", 2),
        (header + "\"lists\": [\n3]}", 2),  // a number has no line of its own: the key's
        (header + "\"lists\": [\n{\"items\": []}]}", 3),
        (header + "\"lists\": [\n{\"title\": 3, \"items\": []}]}", 3),
        (header + "\"lists\": [\n{\"title\": \"a\"}]}", 3),
        (header + "\"lists\": [\n{\"title\": \"a\", \"items\": 3}]}", 3),
        (header + "\"lists\": [\n{\"title\": \"a\",\n\"items\": [\n{\"text\": 1}]}]}", 5),
        (header + "\"lists\": [\n{\"title\": \"a\",\n\"completed\": \"no\", \"items\": []}]}", 4),
        (
            header
                + "\"lists\": [\n{\"title\": \"a\", \"id\": 1, \"items\": []},\n{\"title\": \"b\", \"id\": 1, \"items\": []}]}",
            4
        ),
        (header + "\"lists\": [\n{\"title\": \"a\", \"id\": -1, \"items\": []}]}", 3),
        (header + "\"lists\": [],\n\"open\": 0}", 3),
        (header + "\"lists\": [{\"title\": \"a\", \"items\": []}],\n\"open\": 1}", 3),
        (header + "\"lists\": [{\"title\": \"a\", \"items\": []}],\n\"open\": -1}", 3),
        (header + "\"lists\": [{\"title\": \"a\", \"items\": []}],\n\"open\": \"0\"}", 3),
        (header + "\"lists\": [{\"title\": \"a\", \"items\": []}],\n\"open\": 0.5}", 3),
        (header + "\"lists\": [],\n\"theme\": \"\"}", 3),
        (header + "\"lists\": [],\n\"theme\": 7}", 3),
        (header + "\"lists\": [],\n\"theme\": \"" + String(repeating: "é", count: 33) + "\"}", 3),
        (header + "\"lists\": [],\n\"sound\": \"on\"}", 3),
    ])
    func badFieldsSayWhere(text: String, line: Int) {
        do {
            _ = try ListStore.decodeLists(text)
            Issue.record("read \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
        }
    }

    @Test func aThemeNameOfSixtyFourBytesReads() throws {
        let name = String(repeating: "é", count: 32)
        let lists = try ListStore.decodeLists(
            Self.header + "\"lists\": [], \"theme\": \"\(name)\"}")
        #expect(lists.themeName == name)
        #expect(
            try ListStore.decodeLists(#"{"lists": [], "theme": "no-such-theme"}"#).themeName
                == "no-such-theme")
    }

    @Test func aNewerVersionIsRefused() {
        #expect(throws: ListStore.DecodeFailure.self) {
            try ListStore.decodeLists(#"{"format": "cleartouch-list", "version": 3, "lists": []}"#)
        }
    }

    // MARK: The store

    @Test func savedListsComeBackAndTheFirstSaveMakesNoCopy() throws {
        let folder = ScratchFolder()
        let store = fixedClockStore(folder.file("list.json"))
        #expect(try store.loadLists() == nil)
        #expect(try store.loadListsOrDefault(TodoLists()) == TodoLists())
        try store.saveLists(sample)
        #expect(try store.loadLists() == sample)
        try store.saveLists(TodoLists(lists: [], openIndex: nil))
        #expect(try store.loadLists() == TodoLists(lists: [], openIndex: nil))
        #expect(folder.contents == ["list.json"])
    }

    @Test func aVersion1FileOpensAsOneListAndIsKeptAsV1() throws {
        let folder = ScratchFolder()
        let path = folder.file("list.json")
        let store = fixedClockStore(path)
        let items = StoreWriterList.items(generation: 1, count: 5)
        try store.save(items)
        let version1 = try Data(contentsOf: URL(fileURLWithPath: path))
        let lists = try #require(try store.loadLists())
        #expect(lists == TodoLists(items: items))
        #expect(try store.load() == items)
        try store.saveLists(sample)
        #expect(folder.contents == ["list.json", "list.json.v1"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.version1CopyPath)) == version1)
        #expect(try store.loadLists() == sample)
        // Later saves leave the copy alone.
        try store.saveLists(lists)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.version1CopyPath)) == version1)
        #expect(try store.loadLists() == lists)
    }

    @Test(arguments: [#"["milk"]"#, #"{"items": ["milk"]}"#])
    func aStartingListShapeIsKeptAsV1Too(contents: String) throws {
        let folder = ScratchFolder()
        let path = folder.file("list.json")
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        let store = fixedClockStore(path)
        try store.saveLists(try #require(try store.loadLists()))
        #expect(try String(contentsOfFile: store.version1CopyPath, encoding: .utf8) == contents)
    }

    @Test func anExistingV1CopyIsKept() throws {
        let folder = ScratchFolder()
        let path = folder.file("list.json")
        let store = fixedClockStore(path)
        try Data("the user's own copy".utf8).write(to: URL(fileURLWithPath: store.version1CopyPath))
        try store.save(StoreWriterList.items(generation: 1, count: 2))
        try store.saveLists(sample)
        #expect(
            try String(contentsOfFile: store.version1CopyPath, encoding: .utf8)
                == "the user's own copy")
        #expect(try store.loadLists() == sample)
        #expect(folder.contents == ["list.json", "list.json.v1"])
    }

    @Test func aNewerVersionIsNeverOverwritten() throws {
        let folder = ScratchFolder()
        let path = folder.file("list.json")
        let newer = #"{"format": "cleartouch-list", "version": 3, "lists": []}"#
        try Data(newer.utf8).write(to: URL(fileURLWithPath: path))
        let store = fixedClockStore(path)
        #expect(throws: ListStoreError.unsupportedVersion(path: path, version: 3)) {
            try store.loadLists()
        }
        #expect(throws: ListStoreError.unsupportedVersion(path: path, version: 3)) {
            try store.saveLists(sample)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == newer)
        #expect(folder.contents == ["list.json"])
    }

    @Test func aCorruptVersion2FileIsMovedAside() throws {
        let folder = ScratchFolder()
        let path = folder.file("list.json")
        let bad = Self.header + "\"lists\": [], \"open\": 0}"
        try Data(bad.utf8).write(to: URL(fileURLWithPath: path))
        let store = fixedClockStore(path)
        #expect(throws: ListStoreError.self) { try store.loadLists() }
        #expect(folder.contents == ["list.json.corrupt-20261130T005320Z"])
    }
}
