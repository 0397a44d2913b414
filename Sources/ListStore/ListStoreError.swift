/// Why the list file could not be read or written. Every message names the file.
public enum ListStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not a valid list. It was renamed to `movedToPath` (never overwritten).
    case corrupt(path: String, reason: String, movedToPath: String)
    /// The file is not a valid list and could not be moved aside; it was left in place.
    case corruptNotMoved(path: String, reason: String, moveError: String)
    /// The file was written by a newer ClearTouch (format version above ours); left in place.
    case unsupportedVersion(path: String, version: Int)
    /// The file exists but could not be read whole (no permission, larger than
    /// `ListStore.maximumFileBytes`); `reason` says why. It is left as it is, never replaced.
    case readFailed(path: String, reason: String)
    /// The list's path (after links) is not a regular file: `kind` is `a folder`, `a FIFO`,
    /// `a character device`, …. Never read, renamed or replaced.
    case notAFile(path: String, kind: String)
    /// A save found a file that is not a valid list where the list goes; it is left as it
    /// is (the app's `load` moves such a file aside at start).
    case notReplaced(path: String, reason: String)
    /// A save failed at `step` (such as `fsync FILE`); the old file, if any, is intact.
    case writeFailed(path: String, step: String, reason: String)

    /// One line that names the file and says what went wrong.
    public var description: String {
        switch self {
        case .corrupt(let path, let reason, let moved):
            "\(path): not a valid list (\(reason)); moved aside to \(moved)"
        case .corruptNotMoved(let path, let reason, let moveError):
            "\(path): not a valid list (\(reason)); could not move it aside (\(moveError)), left in place"
        case .unsupportedVersion(let path, let version):
            "\(path): list format version \(version) is newer than this program reads (\(ListStore.formatVersion))"
        case .readFailed(let path, let reason):
            "\(path): cannot read the list: \(reason); the file is left as it is"
        case .notAFile(let path, let kind):
            "\(path): not a list file but \(kind); the list must be a regular file (or a link to one)"
        case .notReplaced(let path, let reason):
            "\(path): not a valid list (\(reason)); not saved over it, the file is left as it is"
        case .writeFailed(let path, let step, let reason):
            "\(path): cannot save the list (\(step)): \(reason)"
        }
    }
}
