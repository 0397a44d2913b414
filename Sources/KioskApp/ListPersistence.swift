import ClearCore
import DescriptorIO
import Foundation
import ListStore

/// The app's lists on disk: the atomic `ListStore` (version 2, docs/list-file.md), saved
/// whenever the lists differ from what was last handed over. A version-1 file opens as one
/// list; the first save keeps it beside the new file as `FILE.v1`.
///
/// The write itself (a temporary file, two fsyncs, a rename: 6–11 ms) runs on a thread of
/// its own (`ListWriter`), so it never delays a frame; the loop learns of each finished
/// save (`takeOutcomes`) and waits for the last one when it stops (`finish`).
struct ListPersistence {
    let store: ListStore
    /// The lists last handed to the writer (at start: those loaded, then the run's).
    private(set) var savedLists: TodoLists
    /// The settings the file records: read at start, then each one chosen on the Themes
    /// or Settings page. What the file gets, whatever the command line made the run use,
    /// and a theme only once one was chosen (docs/app.md, "Settings").
    private(set) var recorded = RecordedSettings()
    private let writer: ListWriter

    /// Opens `path` (creating its folder), loading the saved lists or one list `To Do` of
    /// the twelve sample items. A corrupt file is moved aside by the store; the app then
    /// starts from the samples. Anything else the store cannot read (no permission, too
    /// large, a newer version, not a regular file, a corrupt file it could not move) is
    /// thrown: the app does not start, so it never saves over it.
    init(path: String, log: (String) -> Void) throws(ListStoreError) {
        store = ListStore(path: path, clock: ListStore.systemClock)
        // The folder through `FileCall`, so that a name that is not UTF-8 is made with its
        // exact bytes; a folder that cannot be made shows as the store's error on the
        // first save.
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            _ = FileCall.makeFolders(String(path[..<slash]), 0o777)
        }
        do {
            if let lists = try store.loadLists() {
                savedLists = lists
                recorded = store.recordedSettings()
                let items = lists.lists.map(\.list.count).reduce(0, +)
                log(
                    "loaded \(items) items"
                        + (lists.count == 1 ? "" : " in \(lists.count) lists") + " from \(path)")
            } else {
                savedLists = TodoLists()
                log("no list at \(path) yet: starting with the sample items")
            }
        } catch {
            guard case .corrupt = error else { throw error }
            log("\(error); starting with the sample items")
            savedLists = TodoLists()
        }
        writer = ListWriter(store: store)
    }

    /// Hands `controller`'s lists to the writer when they changed (or `again`, to retry a
    /// failed save); returns true when it did. Asked on every turn of the loop: unchanged
    /// lists are compared in place, never built (`ClearController.listsEqual`).
    @discardableResult
    mutating func saveIfChanged(_ controller: ClearController, again: Bool = false) -> Bool {
        guard again || !controller.listsEqual(savedLists) else { return false }
        let lists = controller.lists
        savedLists = lists
        var filed = lists
        filed.themeName = recorded.themeName ?? TodoLists.defaultThemeName
        filed.soundOn = recorded.soundOn ?? true
        writer.submit(filed, recordsTheme: recorded.themeName != nil)
        return true
    }

    /// The run's lists as the start of what changes: the settings the command line gave
    /// are not a change to save.
    mutating func start(from controller: ClearController) { savedLists = controller.lists }

    /// A setting chosen on the Themes or Settings page: the file records it from now on.
    mutating func record(_ action: Action) {
        switch action.detail {
        case .themeName(let name)? where action.kind == .theme: recorded.themeName = name
        case .soundOn(let on)? where action.kind == .sound: recorded.soundOn = on
        default: break
        }
    }

    /// The saves finished since the last call, oldest first.
    func takeOutcomes() -> [ListWriter.Outcome] { writer.takeOutcomes() }

    /// Waits until everything handed over is written; the saves finished meanwhile.
    func finish() -> [ListWriter.Outcome] { writer.finish() }
}

/// The one thread that writes the list file. It always writes the newest lists handed to
/// it (older ones not yet written are skipped: the file is atomic either way).
final class ListWriter: @unchecked Sendable {
    // Every stored property is read and written under `condition`'s lock.

    /// How one save ended.
    enum Outcome: Sendable {
        case saved(TodoLists)
        case failed(ListStoreError)
    }

    private let store: ListStore
    private let condition = NSCondition()
    private var pending: (lists: TodoLists, recordsTheme: Bool)?
    private var writing = false
    private var outcomes: [Outcome] = []

    init(store: ListStore) {
        self.store = store
        let thread = Thread { [self] in run() }
        thread.name = "cleartouch list writer"
        thread.start()
    }

    /// Writes `lists` as soon as the thread is free (`recordsTheme`: `ListStore.saveLists`).
    func submit(_ lists: TodoLists, recordsTheme: Bool) {
        condition.lock()
        pending = (lists, recordsTheme)
        condition.signal()
        condition.unlock()
    }

    func takeOutcomes() -> [Outcome] {
        condition.lock()
        defer { condition.unlock() }
        guard !outcomes.isEmpty else { return [] }
        defer { outcomes.removeAll(keepingCapacity: true) }
        return outcomes
    }

    func finish() -> [Outcome] {
        condition.lock()
        while pending != nil || writing { condition.wait() }
        condition.unlock()
        return takeOutcomes()
    }

    // The app lives as long as its writer: the thread is never stopped.
    private func run() {
        while true {
            condition.lock()
            while pending == nil { condition.wait() }
            let (lists, recordsTheme) = pending!
            pending = nil
            writing = true
            condition.unlock()
            let outcome: Outcome
            do {
                try store.saveLists(lists, recordsTheme: recordsTheme)
                outcome = .saved(lists)
            } catch {
                outcome = .failed(error)
            }
            condition.lock()
            writing = false
            outcomes.append(outcome)
            condition.broadcast()
            condition.unlock()
        }
    }
}
