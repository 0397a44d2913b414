import ToolSupport

/// Reads and writes small text files (lists, golden files, pictures) with `FILE:LINE`
/// errors.
public enum TextFile {
    /// The most bytes a list file (`--list`) or an expectation (`--expect`) may have.
    public static let maximumListOrExpectationBytes = 16 << 20

    /// The UTF-8 text of the file at `path` (a leading byte-order mark is dropped), read
    /// with `InputFile`: at most `limitBytes`, a pipe or `/dev/stdin` too.
    public static func read(_ path: String, limitBytes: Int) throws(ReplayError) -> String {
        try InputFile.text(path, limitBytes: limitBytes)
    }

    /// Replaces the output at `path` by `text` (`OutputFile`: atomically for a regular
    /// file, written through for a device or FIFO).
    public static func write(_ text: String, to path: String, protecting inputs: [String])
        throws(ReplayError)
    {
        try OutputFile.write(text, to: path, protecting: inputs)
    }
}
