import ClearCore
import Foundation
import ListStore

/// The app's list on disk: the atomic `ListStore`, saved whenever the items differ
/// from what was last saved.
struct ListPersistence {
    let store: ListStore
    private(set) var savedItems: [TodoItem]

    /// Opens `path` (creating its folder), loading the saved list or the twelve sample items.
    /// A corrupt file is moved aside by the store; the app then starts from the samples.
    init(path: String, log: (String) -> Void) throws(ListStoreError) {
        store = ListStore(path: path, clock: ListStore.systemClock)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            if let items = try store.load() {
                savedItems = items
                log("loaded \(items.count) items from \(path)")
            } else {
                savedItems = TodoList.swiftTutorialSamples
                log("no list at \(path) yet: starting with the sample items")
            }
        } catch {
            if case .unsupportedVersion = error { throw error }
            log("\(error); starting with the sample items")
            savedItems = TodoList.swiftTutorialSamples
        }
    }

    /// Saves `items` when they changed; returns true when it wrote the file.
    mutating func saveIfChanged(_ items: [TodoItem]) throws(ListStoreError) -> Bool {
        guard items != savedItems else { return false }
        try store.save(items)
        savedItems = items
        return true
    }
}
