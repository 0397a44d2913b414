import Foundation
import ToolSupport

/// Reads and writes small text files (lists, golden files, pictures) with `FILE:LINE`
/// errors.
public enum TextFile {
    /// The UTF-8 text of the file at `path` (a leading byte-order mark is dropped).
    public static func read(_ path: String) throws(ReplayError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReplayError(path: path, line: 0, message: "cannot read: \(reason(path))")
        }
        guard var text = String(data: data, encoding: .utf8) else {
            throw ReplayError(path: path, line: 1, message: "the file is not UTF-8 text")
        }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        return text
    }

    /// Replaces the output at `path` by `text` (`OutputFile`: atomically for a regular
    /// file, written through for a device or FIFO).
    public static func write(_ text: String, to path: String, protecting inputs: [String])
        throws(ReplayError)
    {
        try OutputFile.write(text, to: path, protecting: inputs)
    }

    /// Why `path` cannot be read, in plain words.
    private static func reason(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            return "it is a folder"
        }
        return "read failed"
    }
}
