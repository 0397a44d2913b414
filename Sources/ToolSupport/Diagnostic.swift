import TouchInput

/// What is wrong, and where: a file, a 1-based line in it (0 when the problem is not
/// tied to a line, such as a file that cannot be opened) and a message. It prints as
/// `FILE:LINE: message`, the one form of every error that concerns a file.
///
/// Readers, the replay harness and the via-libinput replay throw it with the place as
/// data, so the command never has to guess from a message whether it names a file.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the caller named it.
    public var path: String
    /// 1-based line number; 0 when the problem is not tied to a line.
    public var line: Int
    /// What is wrong, without the place.
    public var message: String

    /// A diagnostic about line `line` of `path` (0: the file as a whole).
    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`, a path longer than any the system opens cut (`QuotedInput`).
    public var description: String {
        "\(QuotedInput.cut(path, maximumScalars: QuotedInput.maximumPathScalars)):\(line): \(message)"
    }
}
