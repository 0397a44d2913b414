import ClearCore
import Foundation
import ListStore
import TestSupport
import Testing

/// `ListStore.recordedSettings()`: what a list file records of the theme and the sound,
/// each only when the file names it (docs/list-file.md); the app says where each setting
/// it uses came from, and records a theme only once one was chosen.
@Suite struct SavedThemeTests {
    @Test func onlyAVersion2FileThatNamesThemRecordsSettings() throws {
        let path = TestFiles.scratchPath(name: "list.json")
        let store = ListStore(path: path, clock: ListStore.systemClock)
        #expect(store.recordedSettings() == RecordedSettings())
        try store.save(TodoList.swiftTutorialSamples)
        #expect(store.recordedSettings() == RecordedSettings())
        var lists = TodoLists(items: TodoList.swiftTutorialSamples)
        lists.themeName = "ocean"
        try store.saveLists(lists)
        #expect(store.recordedSettings() == RecordedSettings(themeName: "ocean", soundOn: true))
        try #"{"format": "cleartouch-list", "version": 2, "lists": []}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect(store.recordedSettings() == RecordedSettings())
        try #"{"format": "cleartouch-list", "version": 2, "lists": [], "sound": false}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect(store.recordedSettings() == RecordedSettings(soundOn: false))
        try "not a list".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(store.recordedSettings() == RecordedSettings())
    }

    @Test func aThemeNobodyChoseIsNotWritten() throws {
        let path = TestFiles.scratchPath(name: "list.json")
        let store = ListStore(path: path, clock: ListStore.systemClock)
        try store.saveLists(TodoLists(items: TodoList.swiftTutorialSamples), recordsTheme: false)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("\"theme\""), "\(text)")
        #expect(store.recordedSettings().themeName == nil)
        try store.saveLists(TodoLists(items: TodoList.swiftTutorialSamples))
        #expect(store.recordedSettings().themeName == "heat")
    }
}
