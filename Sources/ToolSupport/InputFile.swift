import DescriptorIO

/// A small input file read whole, with a limit (`BoundedRead`), its errors as
/// `FILE:0: message` naming the limit.
public enum InputFile {
    /// The bytes of the file at `path`, at most `limitBytes`.
    public static func bytes(_ path: String, limitBytes: Int) throws(Diagnostic) -> [UInt8] {
        do throws(BoundedReadError) {
            return try BoundedRead.bytes(atPath: path, limitBytes: limitBytes)
        } catch {
            throw Diagnostic(path: path, line: 0, message: error.message)
        }
    }

    /// The UTF-8 text of the file at `path` (a leading byte-order mark dropped), at most
    /// `limitBytes`.
    public static func text(_ path: String, limitBytes: Int) throws(Diagnostic) -> String {
        let bytes = try bytes(path, limitBytes: limitBytes)
        guard var text = String(validating: bytes, as: UTF8.self) else {
            throw Diagnostic(path: path, line: 1, message: "the file is not UTF-8 text")
        }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        return text
    }
}
