import ClearCore
import Foundation
import ListStore
import TestSupport
import Testing

/// The list is never lost (docs/list-file.md, "The file"): the store never replaces what it
/// could not read, never takes a FIFO, a device or a folder for the list, writes through
/// symbolic links and keeps the file's mode and owner, for `FILE.v1` too.
@Suite struct ListStoreHostileFileTests {
    static let version1Text =
        "{\"format\": \"cleartouch-list\", \"version\": 1, \"items\": [{\"id\": 1, \"text\": \"keep me\"}]}\n"

    /// Loading refuses it, and both saves refuse it: nothing in the folder changes, nothing
    /// is renamed, moved aside, copied or replaced.
    func expectRefusedAndUntouched(_ path: String, in folder: ScratchFolder, _ context: String) {
        let before = folder.identities
        let store = fixedClockStore(path)
        #expect(throws: (any Error).self, "\(context): loaded") { try store.loadLists() }
        #expect(folder.identities == before, "\(context): changed by loading")
        #expect(throws: (any Error).self, "\(context): saved the lists") {
            try store.saveLists(TodoLists())
        }
        #expect(folder.identities == before, "\(context): changed by saving the lists")
        #expect(throws: (any Error).self, "\(context): saved the items") {
            try store.save(TodoList.swiftTutorialSamples)
        }
        #expect(folder.identities == before, "\(context): changed by saving the items")
    }

    @Test(arguments: HostilePlace.allCases)
    func aFIFOADeviceOrAFolderIsNeverTheList(place: HostilePlace) throws {
        if place.needsRoot && !runsAsRoot { try RequiredInput.missing("\(place) needs root") }
        let folder = ScratchFolder(inMemory: true)
        let path = folder.file("list.json")
        try #require(place.make(at: path), "cannot make \(place)")
        expectRefusedAndUntouched(path, in: folder, "\(place)")
        do {
            _ = try fixedClockStore(path).load()
        } catch {
            #expect(error.description.contains(": not a list file but "), "\(place): \(error)")
        }
    }

    /// Just below the size limit the file is read (and, being no list, moved aside as any
    /// corrupt file); just above it, it is refused and left as it is.
    @Test(arguments: [0, 1, 4096])
    func aFileOverTheSizeLimitIsRefusedNotReplaced(bytesOver: Int) throws {
        let folder = ScratchFolder(inMemory: true)
        let path = folder.file("list.json")
        try #require(makeSparseFile(path, bytes: ListStore.maximumFileBytes + bytesOver))
        if bytesOver == 0 {
            #expect(throws: (any Error).self) { try fixedClockStore(path).loadLists() }
            #expect(folder.contents == ["list.json.corrupt-20261130T005320Z"])
        } else {
            expectRefusedAndUntouched(path, in: folder, "\(bytesOver) bytes over")
        }
    }

    /// A list its reader may not read, in a folder it may write (root reads every file, so
    /// as root the writer runs without that power): the save is refused, the file kept.
    @Test(arguments: [false, true])
    func aFileTheWriterMayNotReadIsNeverReplaced(throughALink: Bool) throws {
        guard let writer = StoreWriterChild.requireWriter() else { return }
        let folder = ScratchFolder(inMemory: true)
        let file = folder.file("list.json")
        try Data(Self.version1Text.utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o200)
        let path = throughALink ? folder.file("link.json") : file
        if throughALink { symlink("list.json", path) }
        guard
            let (program, arguments) = withoutReadOverride(
                writer, ["--lists", path, "1", "3"])
        else { try RequiredInput.missing("setpriv (util-linux) is not installed") }
        let before = folder.identities
        var child = try StoreWriterChild(writer: program, arguments: arguments)
        child.waitForReports(1)
        let (status, reported) = child.finish(killing: true)
        #expect(reported.isEmpty, "saved over a file it could not read")
        #expect(status & 0x7f == 0 && (status >> 8) & 0xff == 1, "wait status \(status)")
        #expect(folder.identities == before)
    }

    /// Modes and owners kept, links written through (a link, a relative link, a chain, a
    /// link to nothing yet), for a version-1 file (whose first save keeps `FILE.v1`) and a
    /// version-2 file.
    @Test(arguments: [0o600, 0o640, 0o644, 0o660], [0, 1, 2, 3])
    func aSaveWritesThroughLinksKeepingModeAndOwner(mode: Int, links: Int) throws {
        let folder = ScratchFolder(inMemory: true)
        let target = folder.file("data/list.json")
        try FileManager.default.createDirectory(
            atPath: folder.file("data"), withIntermediateDirectories: true)
        let owner: (uid_t, gid_t) = runsAsRoot ? (65534, 65534) : (getuid(), getgid())
        // links 3: a link to a file not there yet (the first save creates it).
        if links != 3 {
            try Data(Self.version1Text.utf8).write(to: URL(fileURLWithPath: target))
            chmod(target, mode_t(mode))
            chown(target, owner.0, owner.1)
        }
        var path = target
        if links >= 1 {
            path = folder.file("link.json")
            symlink(links == 1 ? target : "data/list.json", path)
        }
        if links == 2 {
            symlink("link.json", folder.file("chain.json"))
            path = folder.file("chain.json")
        }
        let context = "mode \(String(mode, radix: 8)), links \(links)"
        let store = fixedClockStore(path)
        for generation in 0..<2 {
            let lists = StoreWriterList.lists(generation: generation, count: 6)
            try store.saveLists(lists)
            #expect(try fixedClockStore(target).loadLists() == lists, "\(context): the target")
            #expect(try store.loadLists() == lists, "\(context): through the path")
            if links >= 1 {
                #expect(FileIdentity(folder.file("link.json"))?.kind == S_IFLNK, "\(context)")
            }
            guard links != 3 else { continue }
            let identity = try #require(FileIdentity(target))
            #expect(identity.mode == UInt32(mode), "\(context): \(identity)")
            #expect(
                identity.owner == owner.0 && identity.group == owner.1, "\(context): \(identity)")
            let copy = try #require(
                FileIdentity(target + ".v1"), "\(context): no FILE.v1 beside the file")
            #expect(copy.bytes == Data(Self.version1Text.utf8), "\(context)")
            #expect(copy.mode == UInt32(mode), "\(context): FILE.v1 \(copy)")
            #expect(copy.owner == owner.0 && copy.group == owner.1, "\(context): FILE.v1 \(copy)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("link.json.v1")), "\(context)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.file("data"))
        #expect(
            left.sorted() == (links == 3 ? ["list.json"] : ["list.json", "list.json.v1"]),
            "\(context)")
    }

    /// A corrupt file behind a link: the file it leads to is moved aside, not the link.
    @Test func aCorruptFileBehindALinkIsMovedAsideWhereItIs() throws {
        let folder = ScratchFolder(inMemory: true)
        let target = folder.file("list.json")
        try Data("not a list".utf8).write(to: URL(fileURLWithPath: target))
        symlink("list.json", folder.file("link.json"))
        #expect(throws: (any Error).self) {
            try fixedClockStore(folder.file("link.json")).loadLists()
        }
        #expect(folder.contents == ["link.json", "list.json.corrupt-20261130T005320Z"])
    }
}
