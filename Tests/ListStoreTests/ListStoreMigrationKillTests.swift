import ClearCore
import Foundation
import ListStore
import TestSupport
import Testing

/// The SIGKILL test across the migration: a version-1 file, then a child that saves lists
/// (version 2) and is killed at every step of its first save (keeping `FILE.v1`, then
/// replacing the file) and at varied points. The file is always the whole old version-1
/// file or a whole version-2 file, and `FILE.v1`, when present, is the whole old file; for
/// a plain file and for a 0600 file behind a link (which stays a link, every file 0600).
@Suite struct ListStoreMigrationKillTests {
    /// A kill at an exact step leaves the same files every time, so a few suffice; the
    /// kills at varied points are the ones that need numbers.
    static func killsAtEachExactStep(_ layout: KilledListFile) -> Int { layout == .plain ? 10 : 3 }
    static func killsAtVariedPoints(_ layout: KilledListFile) -> Int { layout == .plain ? 100 : 30 }
    static let itemCount = 60
    /// The exact steps of the first version-2 save, then nil: killed at a varied point.
    static let steps: [String?] = ["copied", "kept", "written", "renamed", nil]
    /// Every step in turn for the first rounds, then varied points only.
    static func schedule(_ layout: KilledListFile) -> [String?] {
        (0..<killsAtVariedPoints(layout)).flatMap { round in
            round < killsAtEachExactStep(layout) ? steps : [nil]
        }
    }

    func contents(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    @Test(arguments: [KilledListFile.plain, .linkedPrivate])
    func aKilledFirstVersion2SaveLeavesTheOldOrTheNewFile(layout: KilledListFile) throws {
        guard let writer = StoreWriterChild.requireWriter() else { return }
        let folder = ScratchFolder(inMemory: true)
        let path = layout.prepare(in: folder)
        let store = fixedClockStore(path)
        var random = SplitMix64(seed: 0x0000_0002_C1EA)
        var outcomes: [String: Int] = [:]
        for (iteration, step) in Self.schedule(layout).enumerated() {
            let context = "\(layout), iteration \(iteration)"
            let base = iteration * 1_000_000
            try? FileManager.default.removeItem(atPath: store.version1CopyPath)
            let oldItems = StoreWriterList.items(generation: base, count: Self.itemCount)
            try store.save(oldItems)
            let old = try #require(contents(path))
            func new(_ generation: Int) -> Data {
                ListStore.encodeLists(
                    StoreWriterList.lists(generation: generation, count: Self.itemCount))
            }

            var arguments = ["--lists", path, String(base + 1), String(Self.itemCount)]
            let wantedLines = Int(random.next() % 3)
            if let step { arguments += [String(base + 1), step] }
            var child = try StoreWriterChild(writer: writer, arguments: arguments)
            if step == nil {
                child.waitForReports(wantedLines)
                StoreWriterChild.spin(&random)
            }
            let (status, reported) = child.finish(killing: step == nil)
            #expect(status & 0x7f == SIGKILL, "\(context): wait status \(status)")

            let lastDone = reported.last ?? base
            layout.expectKept(path, in: folder, context)
            let file = try #require(contents(path), "\(context): no list file")
            let copy = contents(store.version1CopyPath)
            let isOld = lastDone == base && file == old
            #expect(
                isOld || file == new(lastDone + 1) || (lastDone > base && file == new(lastDone)),
                "\(context): the file is neither the old version 1 nor a whole version 2")
            if let copy { #expect(copy == old, "\(context): FILE.v1 is not the whole old file") }
            if !isOld { #expect(copy != nil, "\(context): version 2 on disk without FILE.v1") }
            let copyTemporary = FileManager.default.fileExists(
                atPath: store.version1CopyTemporaryPath)
            let temporary = FileManager.default.fileExists(atPath: store.temporaryPath)
            switch step {
            case "copied":
                #expect(isOld && copy == nil && copyTemporary, "\(context)")
                #expect(contents(store.version1CopyTemporaryPath) == old, "\(context)")
            case "kept":
                #expect(isOld && copy == old && !temporary, "\(context)")
            case "written":
                #expect(isOld && copy == old && temporary, "\(context)")
            case "renamed":
                #expect(file == new(base + 1) && copy == old && !temporary, "\(context)")
            default:
                break
            }
            outcomes[isOld ? "old" : "new", default: 0] += 1

            // What the store reads, and the next save: FILE.v1 is (still, or now) the old file.
            let expected =
                isOld
                ? TodoLists(items: oldItems)
                : try ListStore.decodeLists(String(decoding: file, as: UTF8.self))
            #expect(try store.loadLists() == expected, "\(context)")
            try store.saveLists(TodoLists(items: oldItems))
            #expect(contents(store.version1CopyPath) == old, "\(context)")
        }
        print(
            "ListStore migration kill test (\(layout)): \(Self.killsAtEachExactStep(layout)) kills at each of \(Self.steps.count - 1) exact steps and \(Self.killsAtVariedPoints(layout)) at varied points; the old file \(outcomes["old"] ?? 0) times, version 2 \(outcomes["new"] ?? 0)"
        )
    }
}
