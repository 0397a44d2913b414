/// Text from an input quoted in a message (a bad word, a key, a value), cut to a
/// documented length so that a 50 MB word is not a 50 MB line (docs/trace-format.md,
/// "Ranges"). The one cutting function of every error and warning that quotes its input
/// (usage errors, the readers' messages, the paths of `FILE:LINE:` diagnostics). It lives
/// in the lowest module every reader sees (ClearCore's layout reader and TouchInput's
/// calibration parser as well as the command layer); JSON, below everything, has its
/// own copy for the keys it quotes.
public enum QuotedInput {
    /// The most Unicode scalars a message quotes of one input.
    public static let maximumScalars = 80

    /// The most scalars a message quotes of a path: `PATH_MAX`, the longest path the
    /// system opens (a longer one is an error naming it cut).
    public static let maximumPathScalars = 4096

    /// `text` when it has at most `limit` scalars; otherwise its first `limit` followed by
    /// `…` and how many bytes the whole has.
    public static func cut(_ text: some StringProtocol, maximumScalars limit: Int = maximumScalars)
        -> String
    {
        // Cheap for a huge input: nothing walks past the first scalars.
        if text.utf8.count <= limit { return String(text) }
        var kept = String.UnicodeScalarView()
        var index = text.unicodeScalars.startIndex
        var count = 0
        while count < limit, index != text.unicodeScalars.endIndex {
            kept.append(text.unicodeScalars[index])
            index = text.unicodeScalars.index(after: index)
            count += 1
        }
        guard index != text.unicodeScalars.endIndex else { return String(text) }
        return String(kept) + "… (\(text.utf8.count) bytes)"
    }
}
