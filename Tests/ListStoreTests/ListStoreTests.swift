import ClearCore
import Foundation
import ListStore
import TestSupport
import Testing

/// A fixed wall-clock time for the store: 2026-11-30T00:53:20Z.
let fixedNow = Date(timeIntervalSince1970: 1_796_000_000)

/// The store of the list file at `path`, with its clock stopped at `now`.
func fixedClockStore(_ path: String, now: Date = fixedNow) -> ListStore {
    ListStore(path: path, clock: { now })
}

@Suite struct ListStoreTests {
    let samples = TodoList.swiftTutorialSamples

    @Test func aMissingFileMeansTheDefaultList() throws {
        let folder = ScratchFolder()
        let store = fixedClockStore(folder.file("list.json"))
        #expect(try store.load() == nil)
        #expect(try store.loadOrDefault(samples) == samples)
        #expect(folder.contents.isEmpty)
    }

    @Test func savedListsComeBackIdentical() throws {
        let folder = ScratchFolder()
        let store = fixedClockStore(folder.file("list.json"))
        var items = samples
        items[2].completed = true
        items.append(
            TodoItem(id: ItemID(rawValue: 40), text: "ünïcödé \"quotes\" \\ and\nnewline ✓"))
        try store.save(items)
        #expect(try store.load() == items)
        try store.save([])
        #expect(try store.load() == [])
        #expect(folder.contents == ["list.json"])  // no temporary file left
    }

    @Test func theFormatIsNamedAndVersioned() throws {
        let text = String(
            decoding: ListStore.encode([TodoItem(id: ItemID(rawValue: 7), text: "a")]),
            as: UTF8.self)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["format"] as? String == "cleartouch-list")
        #expect(object?["version"] as? Int == 1)
        let items = object?["items"] as? [[String: Any]]
        #expect(items?.first?["id"] as? Int == 7)
        #expect(items?.first?["text"] as? String == "a")
        #expect(items?.first?["completed"] as? Bool == false)
    }

    @Test(arguments: [
        "", "{", "[1]", "{\"format\": \"cleartouch-list\", \"version\": 1}",
        "{\"format\": \"other\", \"version\": 1, \"items\": []}",
        "{\"format\": \"cleartouch-list\", \"version\": 0, \"items\": []}",
        "{\"format\": \"cleartouch-list\", \"version\": 1, \"items\": [{\"id\": 1, \"text\": 3, \"completed\": false}]}",
        "{\"format\": \"cleartouch-list\", \"version\": 1, \"items\": [{\"id\": 1, \"text\": \"a\", \"completed\": false}, {\"id\": 1, \"text\": \"b\", \"completed\": false}]}",
    ])
    func aCorruptFileIsMovedAsideNeverOverwritten(contents: String) throws {
        let folder = ScratchFolder()
        let path = folder.file("list.json")
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        let store = fixedClockStore(path)  // 2026-11-30T00:53:20Z
        do {
            _ = try store.load()
            Issue.record("a corrupt file loaded")
        } catch {
            guard case .corrupt(let errorPath, _, let moved) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(errorPath == path)
            #expect(moved == path + ".corrupt-20261130T005320Z")
            #expect(error.description.contains(moved))
            #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == Data(contents.utf8))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        // The next start has no file: default list; saving cannot touch the corrupt copy.
        #expect(try store.loadOrDefault(samples) == samples)
        try store.save(samples)
        #expect(folder.contents == ["list.json", "list.json.corrupt-20261130T005320Z"])
    }

    @Test func twoCorruptFilesInOneSecondKeepBothCopies() throws {
        let folder = ScratchFolder()
        let path = folder.file("list.json")
        let store = fixedClockStore(path, now: Date(timeIntervalSince1970: 0))
        for garbage in ["first", "second"] {
            try Data(garbage.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: ListStoreError.self) { try store.load() }
        }
        #expect(
            folder.contents == [
                "list.json.corrupt-19700101T000000Z", "list.json.corrupt-19700101T000000Z-2",
            ])
    }

    @Test func aNewerFormatIsLeftInPlace() throws {
        let folder = ScratchFolder()
        let path = folder.file("list.json")
        try Data("{\"format\": \"cleartouch-list\", \"version\": 3, \"items\": []}".utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect(throws: ListStoreError.unsupportedVersion(path: path, version: 3)) {
            try fixedClockStore(path).load()
        }
        #expect(folder.contents == ["list.json"])
    }

    @Test func savingIntoAMissingFolderFailsNamingTheFile() {
        let folder = ScratchFolder()
        let path = folder.file("absent/list.json")
        do {
            try fixedClockStore(path).save(samples)
            Issue.record("saved into a missing folder")
        } catch {
            guard case .writeFailed(let errorPath, _, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(errorPath == path)
            #expect(error.description.hasPrefix(path + ": "))
        }
    }
}

/// Kills a child process that saves list after list with SIGKILL at exact steps of a
/// save (the child kills itself there: no timing involved) and at varied points, then
/// checks that the file always holds exactly the last list the child finished saving or
/// the one it was saving, and never anything else; for a plain file and for a 0600 file
/// behind a symbolic link, which stays a link to a 0600 file whatever the kill left.
@Suite struct ListStoreKillTests {
    static let itemCount = 400

    @Test(arguments: [KilledListFile.plain, .linkedPrivate])
    func aKilledWriterLeavesTheOldOrTheNewList(layout: KilledListFile) throws {
        guard let writer = StoreWriterChild.requireWriter() else { return }
        let folder = ScratchFolder(inMemory: true)
        let path = layout.prepare(in: folder)
        let store = fixedClockStore(path)
        var random = SplitMix64(seed: 0x00C1_EA27)
        var killedMidSave = 0
        var sawNewer = 0
        for iteration in 0..<layout.iterations {
            let context = "\(layout), iteration \(iteration)"
            let base = iteration * 1_000_000
            try store.save(StoreWriterList.items(generation: base, count: Self.itemCount))

            // Two iterations in three the writer kills itself at an exact step of a save
            // (after 0, 1 or 2 saves): with the new list written but not renamed, or renamed
            // but not reported. The third, this process kills it at a varied point.
            let wantedLines = Int(random.next() % 3)
            let step: String? = [0: "written", 1: "renamed"][iteration % 3]
            var arguments = [path, String(base + 1), String(Self.itemCount)]
            if let step { arguments += [String(base + 1 + wantedLines), step] }
            var child = try StoreWriterChild(writer: writer, arguments: arguments)
            // Let the child finish 0, 1 or 2 saves, then kill it after a varied amount of
            // our own work (no clock: a counted loop).
            if step == nil { child.waitForReports(wantedLines) }
            StoreWriterChild.spin(&random)
            let (status, reported) = child.finish(killing: step == nil)
            // Killed (by itself or by us), not exited: WIFSIGNALED with SIGKILL.
            #expect(status & 0x7f == SIGKILL, "\(context): wait status \(status)")

            let lastDone = reported.last ?? base
            let leftTemporary = FileManager.default.fileExists(atPath: store.temporaryPath)
            if leftTemporary { killedMidSave += 1 }
            layout.expectKept(path, in: folder, context)
            let loaded = try store.load()
            let old = StoreWriterList.items(generation: lastDone, count: Self.itemCount)
            let new = StoreWriterList.items(generation: lastDone + 1, count: Self.itemCount)
            #expect(
                loaded == old || loaded == new,
                "\(context): neither generation \(lastDone) nor the next")
            if loaded == new { sawNewer += 1 }
            switch step {
            case "written":
                // Killed with the new list complete in the temporary file: the old list stays.
                #expect(lastDone == base + wantedLines, "\(context)")
                #expect(leftTemporary, "\(context)")
                #expect(loaded == old, "\(context)")
            case "renamed":
                // Killed after the rename, before the report: the new list is in place.
                #expect(lastDone == base + wantedLines, "\(context)")
                #expect(!leftTemporary, "\(context)")
                #expect(loaded == new, "\(context)")
            default:
                break
            }
        }
        print(
            "ListStore kill test (\(layout)): \(layout.iterations) kills, \(killedMidSave) left a temporary file, \(sawNewer) after the rename but before the report"
        )
    }
}

/// How the kill tests lay out the list file: a plain file (as the app's default), or a
/// 0600 file behind a relative symbolic link (fewer kills: the steps are the same).
enum KilledListFile: String, CustomStringConvertible {
    case plain, linkedPrivate

    var description: String { rawValue == "plain" ? "a plain file" : "a 0600 file behind a link" }

    var iterations: Int { self == .plain ? 200 : 60 }

    /// The path the writer is given, its target made 0600 when linked.
    func prepare(in folder: ScratchFolder) -> String {
        let path = folder.file("list.json")
        guard self == .linkedPrivate else { return path }
        let target = folder.file("private.json")
        FileManager.default.createFile(atPath: target, contents: Data("[]".utf8))
        chmod(target, 0o600)
        symlink("private.json", path)
        return path
    }

    /// Whatever a kill left: the link is a link, and every file of the list (the file, its
    /// temporary, `FILE.v1` and its temporary) is 0600.
    func expectKept(_ path: String, in folder: ScratchFolder, _ context: String) {
        guard self == .linkedPrivate else { return }
        #expect(FileIdentity(path)?.kind == S_IFLNK, "\(context): the link was replaced")
        for name in folder.contents where folder.file(name) != path {
            guard let identity = FileIdentity(folder.file(name)) else { continue }
            #expect(identity.mode == 0o600, "\(context): \(name) is \(identity)")
        }
    }
}
