import Foundation

/// A fresh empty folder under the system's temporary folder for one test, removed by
/// `remove()` or, at the latest, when the last reference goes.
public final class ScratchFolder: Sendable {
    /// The folder.
    public let path: String

    /// A new folder whose name carries `name` (the calling function by default).
    ///
    /// `inMemory` puts it in /dev/shm where that is a writable folder (the system's
    /// temporary folder otherwise): for tests that save thousands of times and check what a
    /// killed process leaves, which the page cache holds whether or not the disk has it.
    /// There every `fsync` returns at once; on a disk the kill tests spent minutes waiting.
    public init(_ name: String = #function, inMemory: Bool = false) {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let parent =
            inMemory && access(Self.memoryFolder, W_OK) == 0
            ? URL(fileURLWithPath: Self.memoryFolder) : FileManager.default.temporaryDirectory
        path = parent.appendingPathComponent("cleartouch-\(safe)-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The memory file system Debian mounts on every machine.
    static let memoryFolder = "/dev/shm"

    deinit { remove() }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// The names in the folder, sorted.
    public var contents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// A copy of the program at `source` as `name` in the folder, ready to run; its path.
    ///
    /// The copy is written through a close-on-exec descriptor: FileManager's copy opens
    /// its destination without one, so a child another test spawned meanwhile kept it
    /// open for writing and running the copy failed with "Text file busy" (ETXTBSY).
    public func executableCopy(of source: String, named name: String) throws -> String {
        let destination = file(name)
        let contents = try Data(contentsOf: URL(fileURLWithPath: source))
        let descriptor = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination])
        }
        defer { close(descriptor) }
        try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(
            contentsOf: contents)
        return destination
    }
}
