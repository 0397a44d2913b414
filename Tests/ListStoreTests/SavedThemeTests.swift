import ClearCore
import Foundation
import ListStore
import TestSupport
import Testing

/// `ListStore.savedThemeName()`: the app's start theme is the file's only when the file
/// is version 2 (docs/themes.md); otherwise `--theme` decides.
@Suite struct SavedThemeTests {
    @Test func onlyAVersion2FileHasASavedTheme() throws {
        let path = TestFiles.scratchPath(name: "list.json")
        let store = ListStore(path: path, clock: ListStore.systemClock)
        #expect(store.savedThemeName() == nil)
        try store.save(TodoList.swiftTutorialSamples)
        #expect(store.savedThemeName() == nil)
        var lists = TodoLists(items: TodoList.swiftTutorialSamples)
        lists.themeName = "ocean"
        try store.saveLists(lists)
        #expect(store.savedThemeName() == "ocean")
        try #"{"format": "cleartouch-list", "version": 2, "lists": []}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect(store.savedThemeName() == "heat")
        try "not a list".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(store.savedThemeName() == nil)
    }
}
