import ClearCore
import DescriptorIO
import Foundation

/// The lists (version 2 of the file): loading, saving, and keeping a version-1 file as
/// `FILE.v1` the first time the lists are saved over it (docs/list-file.md).
extension ListStore {
    /// Where the first version-2 save keeps the version-1 file it replaces: `FILE.v1`,
    /// beside the list file (after links).
    public var version1CopyPath: String { filePath + ".v1" }

    /// The temporary file the copy is written to before it is renamed to `FILE.v1`.
    public var version1CopyTemporaryPath: String { Self.hiddenTemporary(beside: version1CopyPath) }

    /// The saved lists, or nil when there is no file. A version-1 file (or a starting
    /// list's shape) is one open list titled `To Do`. A corrupt file is moved aside (its new
    /// name is in the error); a newer version is left in place (`unsupportedVersion`).
    public func loadLists() throws(ListStoreError) -> TodoLists? {
        try loadFile { data throws(DecodeFailure) in try Self.decodeLists(data) }
    }

    /// The settings the file records: a version-2 file's `theme` and `sound`, each nil when
    /// the file does not name it (and both when there is no readable version-2 file: no
    /// file, a version-1 file, a corrupt one). The app says where each setting it uses came
    /// from (docs/app.md, "Settings").
    public func recordedSettings() -> RecordedSettings {
        guard let existing = try? locate().existing,
            let file = try? Self.decodeFile(existing.data), file.isVersion2
        else { return RecordedSettings() }
        return file.recorded
    }

    /// The saved lists, or `defaultLists` when there is no file.
    public func loadListsOrDefault(_ defaultLists: TodoLists) throws(ListStoreError) -> TodoLists {
        try loadLists() ?? defaultLists
    }

    /// Writes `lists` atomically as a version-2 file: the file holds either the old
    /// contents or the new lists, whole.
    ///
    /// When the file on disk is a version-1 file (or a starting list's shape) and there is
    /// no `FILE.v1` yet, its bytes are first put at `FILE.v1`, atomically and synced, with
    /// the file's mode and owner, before the new file replaces it, so a crash at any point
    /// leaves the old file or the new one, and `FILE.v1`, when present, is the whole old
    /// file. An existing `FILE.v1` is kept as it is: it is the older copy (or the user's
    /// own), and the store never overwrites a file it did not write. What the store cannot
    /// read (`fileToReplace`: a newer version, a file that is not a list, one it may not
    /// read, a folder, a FIFO, a device) is refused and left in place.
    /// `recordsTheme` false leaves the theme out: nobody chose one (docs/list-file.md).
    public func saveLists(_ lists: TodoLists, recordsTheme: Bool = true) throws(ListStoreError) {
        let place = try fileToReplace()
        if let existing = place.existing, !existing.decoded.isVersion2,
            FileCall.linkStatus(version1CopyPath) == nil
        {
            try replace(
                version1CopyPath, with: existing.file.data, keeping: existing.file.status,
                steps: (.previousCopyWritten, .previousCopyKept))
        }
        try replace(
            place.path, with: Self.encodeLists(lists, recordsTheme: recordsTheme),
            keeping: place.existing?.file.status,
            steps: (.temporaryWritten, .renamed))
    }
}

/// What a list file records of the settings: its `theme` and `sound`, nil where it names
/// none (docs/list-file.md).
public struct RecordedSettings: Hashable, Sendable {
    public var themeName: String?
    public var soundOn: Bool?

    public init(themeName: String? = nil, soundOn: Bool? = nil) {
        self.themeName = themeName
        self.soundOn = soundOn
    }
}
