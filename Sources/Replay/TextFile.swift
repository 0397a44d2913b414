import Foundation

/// Reads and writes small text files (lists, golden files, pictures) with `FILE:LINE`
/// errors.
public enum TextFile {
    /// The UTF-8 text of the file at `path`.
    public static func read(_ path: String) throws(ReplayError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReplayError(path: path, line: 0, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ReplayError(path: path, line: 1, message: "the file is not UTF-8 text")
        }
        return text
    }

    /// Replaces the file at `path` by `text` (atomically).
    public static func write(_ text: String, to path: String) throws(ReplayError) {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw ReplayError(
                path: path, line: 0, message: "cannot write the file: \(error.localizedDescription)"
            )
        }
    }
}
