import ClearCore
import Foundation
import ListStore

/// The app's lists on disk: the atomic `ListStore` (version 2, docs/list-file.md), saved
/// whenever the lists differ from what was last saved. A version-1 file opens as one list;
/// the first save keeps it beside the new file as `FILE.v1`.
struct ListPersistence {
    let store: ListStore
    private(set) var savedLists: TodoLists

    /// Opens `path` (creating its folder), loading the saved lists or one list `To Do` of
    /// the twelve sample items. A corrupt file is moved aside by the store; the app then
    /// starts from the samples.
    init(path: String, log: (String) -> Void) throws(ListStoreError) {
        store = ListStore(path: path, clock: ListStore.systemClock)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            if let lists = try store.loadLists() {
                savedLists = lists
                let items = lists.lists.map(\.list.count).reduce(0, +)
                log(
                    "loaded \(items) items"
                        + (lists.count == 1 ? "" : " in \(lists.count) lists") + " from \(path)")
            } else {
                savedLists = TodoLists()
                log("no list at \(path) yet: starting with the sample items")
            }
        } catch {
            if case .unsupportedVersion = error { throw error }
            log("\(error); starting with the sample items")
            savedLists = TodoLists()
        }
    }

    /// Saves `lists` when they changed; returns true when it wrote the file.
    mutating func saveIfChanged(_ lists: TodoLists) throws(ListStoreError) -> Bool {
        guard lists != savedLists else { return false }
        try store.saveLists(lists)
        savedLists = lists
        return true
    }
}
