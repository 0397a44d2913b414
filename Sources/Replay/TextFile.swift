import Foundation

/// Reads and writes small text files with `FILE:LINE` errors.
enum TextFile {
    static func read(_ path: String) throws(ReplayError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReplayError("\(path):0: cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ReplayError("\(path):1: the file is not UTF-8 text")
        }
        return text
    }

    static func write(_ text: String, to path: String) throws(ReplayError) {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw ReplayError("\(path):0: cannot write the file: \(error.localizedDescription)")
        }
    }
}
