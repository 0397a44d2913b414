import Foundation

/// A fresh empty folder under the system's temporary folder for one test, removed by
/// `remove()` or, at the latest, when the last reference goes.
public final class ScratchFolder: Sendable {
    /// The folder.
    public let path: String

    /// A new folder whose name carries `name` (the calling function by default).
    public init(_ name: String = #function) {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("cleartouch-\(safe)-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { remove() }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// The names in the folder, sorted.
    public var contents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
