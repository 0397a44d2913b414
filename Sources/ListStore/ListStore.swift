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
/// Guarantees (docs/clear-core.md, docs/list-file.md): a save either leaves the old file
/// or puts the complete new one in place, even if the process is killed or the machine
/// loses power (temporary file in the same folder, fsync, rename, fsync of the folder),
/// with the old file's mode and owner; a symbolic link is written through. A missing
/// file means the default list. What the store cannot read is never overwritten: a
/// file that is not a valid list is renamed by `load` to
/// `NAME.corrupt-YYYYMMDDTHHMMSSZ`; one it cannot read (no permission, too large), a
/// newer version, a folder, a FIFO or a device is refused, by `load` and by a save.
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

    /// The file the list is: `path`, or where its symbolic links lead (docs/list-file.md,
    /// "The file"). A save writes through the links; the link stays a link.
    public var filePath: String { FileCall.endOfLinks(path) ?? path }

    /// The temporary file a save writes before renaming it over the list file.
    public var temporaryPath: String { Self.hiddenTemporary(beside: filePath) }

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

    /// The list file as it is on disk: where it is (after links), its status and bytes.
    struct ExistingFile {
        var path: String
        var status: stat
        var data: Data
    }

    /// The file the list is (after links) and what is there: nil when nothing is. Anything
    /// but a regular file is refused (`notAFile`: a FIFO is never opened, a device never
    /// read or renamed), and so is a file that cannot be read whole (`readFailed`: no
    /// permission, over `maximumFileBytes`): neither is ever replaced.
    func locate() throws(ListStoreError) -> (path: String, existing: ExistingFile?) {
        guard let file = FileCall.endOfLinks(path) else {
            throw .readFailed(path: path, reason: String(cString: strerror(errno)))
        }
        guard let status = FileCall.linkStatus(file) else {
            guard errno == ENOENT else {
                throw .readFailed(path: path, reason: String(cString: strerror(errno)))
            }
            return (file, nil)
        }
        if let kind = FileCall.kindName(mode: status.st_mode) {
            throw .notAFile(path: path, kind: kind)
        }
        do throws(BoundedReadError) {
            let data = Data(try BoundedRead.bytes(atPath: file, limitBytes: Self.maximumFileBytes))
            return (file, ExistingFile(path: file, status: status, data: data))
        } catch {
            throw .readFailed(path: path, reason: error.reason)
        }
    }

    /// The file decoded by `decode`, or nil when there is no file; a corrupt file is moved
    /// aside, a newer version left in place, anything unreadable refused (`locate`).
    func loadFile<Value>(_ decode: (Data) throws(DecodeFailure) -> Value)
        throws(ListStoreError) -> Value?
    {
        guard let file = try locate().existing else { return nil }
        do {
            return try decode(file.data)
        } catch DecodeFailure.newerVersion(let version) {
            throw .unsupportedVersion(path: path, version: version)
        } catch {
            throw moveAside(file.path, reason: "\(error)", now: clock())
        }
    }

    /// The most bytes a list file may have (docs/trace-format.md, "Ranges"): far more
    /// than any list a person keeps, and a 1 GB file fails at once instead of filling memory.
    public static let maximumFileBytes = 16 << 20

    /// The saved list, or `defaultItems` when there is no file.
    public func loadOrDefault(_ defaultItems: [TodoItem]) throws(ListStoreError) -> [TodoItem] {
        try load() ?? defaultItems
    }

    /// Writes `items` atomically as a version-1 file: the file holds either the old list
    /// or the new one. (`saveLists` writes version 2.) What `fileToReplace` refuses is
    /// left as it is.
    public func save(_ items: [TodoItem]) throws(ListStoreError) {
        let place = try fileToReplace()
        try replace(
            place.path, with: Self.encode(items), keeping: place.existing?.file.status,
            steps: (.temporaryWritten, .renamed))
    }

    /// Where a save puts the list, and the file it replaces, read and decoded. The store
    /// never replaces what it could not read: a file `locate` refuses, a newer version
    /// (`unsupportedVersion`) and a file that is not a list (`notReplaced`) stay as they are.
    func fileToReplace() throws(ListStoreError) -> (
        path: String, existing: (file: ExistingFile, decoded: DecodedFile)?
    ) {
        let place = try locate()
        guard let file = place.existing else { return (place.path, nil) }
        do {
            return (place.path, (file, try Self.decodeFile(file.data)))
        } catch DecodeFailure.newerVersion(let version) {
            throw .unsupportedVersion(path: path, version: version)
        } catch {
            throw .notReplaced(path: path, reason: "\(error)")
        }
    }

    /// Puts `data` at `destination` atomically: written and synced in a temporary file
    /// beside it, renamed over `destination`, the folder synced; `steps` are reported after
    /// the sync and the rename. The new file gets the mode and owner of `replaced` (the
    /// status of the file it replaces; root may give it any owner, another user keeps the
    /// group where it is a member); a new file is 0644 less the umask.
    func replace(
        _ destination: String, with data: Data, keeping replaced: stat?,
        steps: (written: SaveStep, renamed: SaveStep)
    ) throws(ListStoreError) {
        let temporary = Self.hiddenTemporary(beside: destination)
        let folder = destination.lastIndex(of: "/").map { String(destination[...$0]) } ?? "."
        // A left-over of a killed save goes first: O_EXCL then never follows a link put in
        // its place, and the new file never shows its bytes under another mode.
        FileCall.unlink(temporary)
        let descriptor = FileCall.open(
            temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, replaced == nil ? 0o644 : 0o600)
        guard descriptor >= 0 else { throw failure("create \(temporary)") }
        if let replaced {
            if fchown(descriptor, replaced.st_uid, replaced.st_gid) != 0 {
                _ = fchown(descriptor, uid_t.max, replaced.st_gid)
            }
            guard fchmod(descriptor, replaced.st_mode & 0o7777) == 0 else {
                let error = failure("chmod \(temporary)")
                close(descriptor)
                throw error
            }
        }
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

    /// Renames the corrupt file `file` (the list file, after links) to a free timestamped
    /// name next to it.
    private func moveAside(_ file: String, reason: String, now: Date) -> ListStoreError {
        let base = "\(file).corrupt-\(Self.timestamp(now))"
        var candidate = base
        var attempt = 1
        while FileCall.linkStatus(candidate) != nil {
            attempt += 1
            candidate = "\(base)-\(attempt)"
        }
        guard FileCall.rename(file, candidate) == 0 else {
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
