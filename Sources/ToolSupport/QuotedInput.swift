/// Text from an input quoted in a message (a bad word, a key, a value), cut to a
/// documented length so that a 50 MB word is not a 50 MB line (docs/trace-format.md,
/// "Ranges"). The one cutting function of every error and warning that quotes its input.
public enum QuotedInput {
    /// The most Unicode scalars a message quotes of one input.
    public static let maximumScalars = 80

    /// `text` when it has at most `maximumScalars` scalars; otherwise its first
    /// `maximumScalars` followed by `…` and how many bytes the whole has.
    public static func cut(_ text: some StringProtocol) -> String {
        // Cheap for a huge input: nothing walks past the first scalars.
        if text.utf8.count <= maximumScalars { return String(text) }
        var kept = String.UnicodeScalarView()
        var index = text.unicodeScalars.startIndex
        var count = 0
        while count < maximumScalars, index != text.unicodeScalars.endIndex {
            kept.append(text.unicodeScalars[index])
            index = text.unicodeScalars.index(after: index)
            count += 1
        }
        guard index != text.unicodeScalars.endIndex else { return String(text) }
        return String(kept) + "… (\(text.utf8.count) bytes)"
    }
}
