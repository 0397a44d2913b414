import ClearCore
import DescriptorIO
import Foundation

/// The lists (version 2 of the file): loading, saving, and keeping a version-1 file as
/// `FILE.v1` the first time the lists are saved over it (docs/list-file.md).
extension ListStore {
    /// Where the first version-2 save keeps the version-1 file it replaces: `FILE.v1`.
    public var version1CopyPath: String { path + ".v1" }

    /// The temporary file the copy is written to before it is renamed to `FILE.v1`.
    public var version1CopyTemporaryPath: String { Self.hiddenTemporary(beside: version1CopyPath) }

    /// The saved lists, or nil when there is no file. A version-1 file (or a starting
    /// list's shape) is one open list titled `To Do`. A corrupt file is moved aside (its new
    /// name is in the error); a newer version is left in place (`unsupportedVersion`).
    public func loadLists() throws(ListStoreError) -> TodoLists? {
        try loadFile { data throws(DecodeFailure) in try Self.decodeLists(data) }
    }

    /// The settings the file records: a version-2 file's `theme` and `sound`, each nil when
    /// the file does not name it (and both when there is no readable version-2 file). The
    /// app says where each setting it uses came from (docs/app.md, "Settings").
    public func recordedSettings() -> RecordedSettings {
        guard let data = try? Self.contents(path),
            let file = try? Self.decodeFile(data), file.isVersion2
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
    /// no `FILE.v1` yet, its bytes are first put at `FILE.v1`, atomically and synced,
    /// before the new file replaces it, so a crash at any point leaves the old file or the
    /// new one, and `FILE.v1`, when present, is the whole old file. An existing `FILE.v1`
    /// is kept as it is: it is the older copy (or the user's own), and the store never
    /// overwrites a file it did not write. A file of a newer version is refused
    /// (`unsupportedVersion`) and left in place. A file that is not a list is replaced, as
    /// `save` does (`load` moves such a file aside before the app gets there).
    /// `recordsTheme` false leaves the theme out: nobody chose one (docs/list-file.md).
    public func saveLists(_ lists: TodoLists, recordsTheme: Bool = true) throws(ListStoreError) {
        try keepVersion1Copy()
        try replace(
            path, with: Self.encodeLists(lists, recordsTheme: recordsTheme), through: temporaryPath,
            steps: (.temporaryWritten, .renamed))
    }

    /// Copies a version-1 file to `FILE.v1` when there is none; refuses a newer version.
    private func keepVersion1Copy() throws(ListStoreError) {
        // No file, or one that cannot be read: nothing to keep (the rename replaces it).
        guard let data = try? Self.contents(path) else { return }
        let isVersion2: Bool
        do {
            isVersion2 = try Self.decodeFile(data).isVersion2
        } catch DecodeFailure.newerVersion(let version) {
            throw .unsupportedVersion(path: path, version: version)
        } catch {
            return
        }
        guard !isVersion2, !FileCall.exists(version1CopyPath) else {
            return
        }
        try replace(
            version1CopyPath, with: data, through: version1CopyTemporaryPath,
            steps: (.previousCopyWritten, .previousCopyKept))
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
