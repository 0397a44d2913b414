import ClearCore
import DescriptorIO
import Foundation

/// The list's file: JSON with a format name and version, written atomically. `saveLists`
/// writes version 2 (the lists, docs/list-file.md); `save` writes version 1 (one list).
///
/// ```json
/// {
///   "format" : "cleartouch-list",
///   "items" : [
///     { "completed" : false, "id" : 1, "text" : "feed the cat" }
///   ],
///   "version" : 1
/// }
/// ```
///
/// Guarantees (docs/clear-core.md): a save either leaves the old file or puts the
/// complete new one in place, even if the process is killed or the machine loses
/// power (temporary file in the same folder, fsync, rename, fsync of the folder).
/// A missing file means the default list. A file that is not a valid list is never
/// overwritten: `load` renames it to `NAME.corrupt-YYYYMMDDTHHMMSSZ` and says so.
/// One writer per file at a time (the temporary file has a fixed name). The first
/// version-2 save over a version-1 file keeps the old file as `FILE.v1` (`saveLists`).
///
/// The store reads the time only through its `clock`, to name a corrupt file it moves
/// aside: the app passes `ListStore.systemClock`, tests a fixed time.
public struct ListStore: Sendable {
    /// The time of day now; only the name of a moved-aside corrupt file depends on it.
    public typealias Clock = @Sendable () -> Date

    /// The wall clock of the machine.
    public static let systemClock: Clock = { Date() }

    /// The list file.
    public var path: String
    /// Where `load` reads the time that names a corrupt file it moves aside.
    public var clock: Clock

    /// The points of a save at which the file's state changes (for the crash test).
    public enum SaveStep: Sendable {
        /// The first version-2 save over a version-1 file: the copy of the old file is
        /// complete and synced in its temporary file; not yet renamed to `FILE.v1`.
        case previousCopyWritten
        /// The first version-2 save over a version-1 file: the copy is renamed to
        /// `FILE.v1`; the folder is not yet synced, the list file not yet written.
        case previousCopyKept
        /// The new list is complete and synced in the temporary file; not yet renamed.
        case temporaryWritten
        /// The temporary file has been renamed over the list file; the folder is not
        /// yet synced and `save` has not returned.
        case renamed
    }

    /// Called at each `SaveStep` of a save; nil (the default) in the app. The SIGKILL
    /// test's writer kills itself here, so the kill lands exactly at that step.
    public var onSaveStep: (@Sendable (SaveStep) -> Void)?

    /// The store of the list file at `path`, reading the time from `clock`.
    public init(path: String, clock: @escaping Clock) {
        self.path = path
        self.clock = clock
    }

    /// The temporary file a save writes before renaming it over `path`.
    public var temporaryPath: String { Self.hiddenTemporary(beside: path) }

    /// `.NAME.tmp` in the folder of `path`, the name's bytes kept (no URL in between).
    static func hiddenTemporary(beside path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return ".\(path).tmp" }
        return "\(path[...slash]).\(path[path.index(after: slash)...]).tmp"
    }

    /// The saved list, or nil when there is no file. A corrupt file is moved aside
    /// (its new name is in the error, with the clock's time in it).
    public func load() throws(ListStoreError) -> [TodoItem]? {
        try loadFile { data throws(DecodeFailure) in try Self.decode(data) }
    }

    /// The file decoded by `decode`, or nil when there is no file; a corrupt file is moved
    /// aside, a newer version left in place.
    func loadFile<Value>(_ decode: (Data) throws(DecodeFailure) -> Value)
        throws(ListStoreError) -> Value?
    {
        let data: Data
        do throws(BoundedReadError) {
            data = try Self.contents(path)
        } catch {
            if case .system(_, ENOENT) = error { return nil }
            throw .readFailed(path: path, reason: error.reason)
        }
        do {
            return try decode(data)
        } catch DecodeFailure.newerVersion(let version) {
            throw .unsupportedVersion(path: path, version: version)
        } catch {
            throw moveAside(reason: "\(error)", now: clock())
        }
    }

    /// The most bytes a list file may have (docs/trace-format.md, "Ranges"): far more
    /// than any list a person keeps, and a 1 GB file fails at once instead of filling memory.
    public static let maximumFileBytes = 16 << 20

    /// The bytes of the list file at `path`, at most `maximumFileBytes` (`BoundedRead`).
    static func contents(_ path: String) throws(BoundedReadError) -> Data {
        Data(try BoundedRead.bytes(atPath: path, limitBytes: maximumFileBytes))
    }

    /// The saved list, or `defaultItems` when there is no file.
    public func loadOrDefault(_ defaultItems: [TodoItem]) throws(ListStoreError) -> [TodoItem] {
        try load() ?? defaultItems
    }

    /// Writes `items` atomically as a version-1 file: the file holds either the old list
    /// or the new one. (`saveLists` writes version 2.)
    public func save(_ items: [TodoItem]) throws(ListStoreError) {
        try replace(
            path, with: Self.encode(items), through: temporaryPath,
            steps: (.temporaryWritten, .renamed))
    }

    /// Puts `data` at `destination` atomically: written and synced in `temporary`, renamed
    /// over `destination`, the folder synced; `steps` are reported after the sync and the rename.
    func replace(
        _ destination: String, with data: Data, through temporary: String,
        steps: (written: SaveStep, renamed: SaveStep)
    ) throws(ListStoreError) {
        let folder = destination.lastIndex(of: "/").map { String(destination[...$0]) } ?? "."
        let descriptor = FileCall.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("create \(temporary)") }
        let writeError = data.withUnsafeBytes { buffer -> WriteError? in
            do throws(WriteError) {
                try writeAll(descriptor, buffer)
                return nil
            } catch { return error }
        }
        if let writeError {
            close(descriptor)
            throw .writeFailed(
                path: path, step: "write \(temporary)", reason: writeError.reason)
        }
        guard fsync(descriptor) == 0 else {
            let error = failure("fsync \(temporary)")
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure("close \(temporary)") }
        onSaveStep?(steps.written)
        guard FileCall.rename(temporary, destination) == 0 else {
            throw failure("rename \(temporary)")
        }
        onSaveStep?(steps.renamed)
        let folderDescriptor = FileCall.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folderDescriptor >= 0 else { throw failure("open folder \(folder)") }
        defer { close(folderDescriptor) }
        guard fsync(folderDescriptor) == 0 else { throw failure("fsync folder \(folder)") }
    }

    private func failure(_ step: String) -> ListStoreError {
        .writeFailed(path: path, step: step, reason: String(cString: strerror(errno)))
    }

    /// Renames the corrupt file to a free timestamped name next to it.
    private func moveAside(reason: String, now: Date) -> ListStoreError {
        let base = "\(path).corrupt-\(Self.timestamp(now))"
        var candidate = base
        var attempt = 1
        while FileCall.exists(candidate) {
            attempt += 1
            candidate = "\(base)-\(attempt)"
        }
        guard FileCall.rename(path, candidate) == 0 else {
            return .corruptNotMoved(
                path: path, reason: reason, moveError: String(cString: strerror(errno)))
        }
        return .corrupt(path: path, reason: reason, movedToPath: candidate)
    }

    /// UTC, `YYYYMMDDTHHMMSSZ`.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}
