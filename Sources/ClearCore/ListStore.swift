import Foundation

/// Why the list file could not be read or written. Every message names the file.
public enum ListStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not a valid list. It was renamed to `movedToPath` (never overwritten).
    case corrupt(path: String, reason: String, movedToPath: String)
    /// The file is not a valid list and could not be moved aside; it was left in place.
    case corruptNotMoved(path: String, reason: String, moveError: String)
    /// The file was written by a newer ClearTouch (format version above ours); left in place.
    case unsupportedVersion(path: String, version: Int)
    case readFailed(path: String, reason: String)
    case writeFailed(path: String, step: String, reason: String)

    public var description: String {
        switch self {
        case .corrupt(let path, let reason, let moved):
            "\(path): not a valid list (\(reason)); moved aside to \(moved)"
        case .corruptNotMoved(let path, let reason, let moveError):
            "\(path): not a valid list (\(reason)); could not move it aside (\(moveError)), left in place"
        case .unsupportedVersion(let path, let version):
            "\(path): list format version \(version) is newer than this program reads (\(ListStore.formatVersion))"
        case .readFailed(let path, let reason):
            "\(path): cannot read the list: \(reason)"
        case .writeFailed(let path, let step, let reason):
            "\(path): cannot save the list (\(step)): \(reason)"
        }
    }
}

/// The list's file: JSON with a format name and version, written atomically.
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
/// One writer per file at a time (the temporary file has a fixed name).
public struct ListStore: Sendable {
    public static let formatName = "cleartouch-list"
    public static let formatVersion = 1

    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// The temporary file a save writes before renaming it over `path`.
    public var temporaryPath: String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).tmp"
        )
        .path
    }

    /// The saved list, or nil when there is no file. A corrupt file is moved aside
    /// (its new name is in the error); `now` names it.
    public func load(now: Date = Date()) throws(ListStoreError) -> [TodoItem]? {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            if !FileManager.default.fileExists(atPath: path) { return nil }
            throw .readFailed(path: path, reason: "\(error.localizedDescription)")
        }
        do {
            return try Self.decode(data)
        } catch DecodeFailure.newerVersion(let version) {
            throw .unsupportedVersion(path: path, version: version)
        } catch {
            throw moveAside(reason: "\(error)", now: now)
        }
    }

    /// The saved list, or `defaultItems` when there is no file.
    public func loadOrDefault(
        _ defaultItems: [TodoItem] = TodoList.swiftTutorialSamples, now: Date = Date()
    ) throws(ListStoreError) -> [TodoItem] {
        try load(now: now) ?? defaultItems
    }

    /// Writes `items` atomically: the file holds either the old list or the new one.
    public func save(_ items: [TodoItem]) throws(ListStoreError) {
        let data = Self.encode(items)
        let temporary = temporaryPath
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("create \(temporary)") }
        var written = 0
        let total = data.count
        let writeError: ListStoreError? = data.withUnsafeBytes { buffer -> ListStoreError? in
            while written < total {
                let result = write(descriptor, buffer.baseAddress! + written, total - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return failure("write \(temporary)")
                }
                written += result
            }
            return nil
        }
        if let writeError {
            close(descriptor)
            throw writeError
        }
        guard fsync(descriptor) == 0 else {
            let error = failure("fsync \(temporary)")
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure("close \(temporary)") }
        guard rename(temporary, path) == 0 else { throw failure("rename \(temporary)") }
        let folderDescriptor = open(
            folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
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
        while FileManager.default.fileExists(atPath: candidate) {
            attempt += 1
            candidate = "\(base)-\(attempt)"
        }
        guard rename(path, candidate) == 0 else {
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

    // MARK: - Format

    struct StoredList: Codable {
        var format: String
        var version: Int
        var items: [StoredItem]
    }

    struct StoredItem: Codable {
        var id: UInt64
        var text: String
        var completed: Bool
    }

    enum DecodeFailure: Error, CustomStringConvertible {
        case newerVersion(Int)
        case invalid(String)

        var description: String {
            switch self {
            case .newerVersion(let version): "format version \(version)"
            case .invalid(let reason): reason
            }
        }
    }

    /// The file's bytes for `items`.
    public static func encode(_ items: [TodoItem]) -> Data {
        let stored = StoredList(
            format: formatName, version: formatVersion,
            items: items.map {
                StoredItem(id: $0.id.rawValue, text: $0.text, completed: $0.completed)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Encoding plain strings, integers and booleans cannot fail.
        var data = (try? encoder.encode(stored)) ?? Data()
        data.append(0x0A)
        return data
    }

    /// The items in a file's bytes; throws `DecodeFailure`.
    static func decode(_ data: Data) throws -> [TodoItem] {
        let stored: StoredList
        do {
            stored = try JSONDecoder().decode(StoredList.self, from: data)
        } catch let error as DecodingError {
            throw DecodeFailure.invalid(Self.describe(error))
        } catch {
            throw DecodeFailure.invalid("not JSON")
        }
        guard stored.format == formatName else {
            throw DecodeFailure.invalid(
                "\"format\" is \"\(stored.format)\", expected \"\(formatName)\"")
        }
        guard stored.version >= 1 else {
            throw DecodeFailure.invalid("\"version\" \(stored.version) is not valid")
        }
        guard stored.version <= formatVersion else {
            throw DecodeFailure.newerVersion(stored.version)
        }
        guard Set(stored.items.map(\.id)).count == stored.items.count else {
            throw DecodeFailure.invalid("two items have the same \"id\"")
        }
        return stored.items.map {
            TodoItem(id: ItemID(rawValue: $0.id), text: $0.text, completed: $0.completed)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func at(_ path: [CodingKey]) -> String {
            path.isEmpty
                ? "at the top"
                : "at "
                    + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(
                        separator: ".")
        }
        switch error {
        case .dataCorrupted(let context): return "not valid JSON \(at(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" \(at(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type \(at(context.codingPath))"
        @unknown default: return "invalid"
        }
    }
}
