/// What went wrong reading a recording, and where: prints as `FILE:LINE: what is wrong`.
///
/// Also used for warnings (a truncated last line, a frame never ended): the reader
/// keeps going and lists them in `warnings`.
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the caller named it.
    public var path: String
    /// 1-based line number; 0 when the problem is not tied to a line (cannot open the file).
    public var line: Int
    public var message: String

    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String { "\(path):\(line): \(message)" }
}
