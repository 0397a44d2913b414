/// Hostile texts for the pages the program writes: fragments that end a script element,
/// open a comment or a script, break a JavaScript string, or that HTML and JSON treat
/// apart (a NUL, U+2028, a byte-order mark).
public enum HostileText {
    public static let fragments = [
        "<!--<script>", "</script>", "<script>window.__injected=1</script>", "</SCRIPT >",
        "<!--", "-->", "<img src=x onerror=\"window.__injected=2\">", "\u{2028}", "\u{2029}",
        "\"", "'", "\\", "\\u003c", "\u{0}", "&lt;", "&", "{{DATA}}", "{{SCRIPT}}", "]]>",
        "\u{FEFF}", "<", ">", "`${1}`", "é", "👍🏽", "a\u{301}\u{302}", "\n", "\t", "/*", "*/",
    ]

    /// `count` texts, each `t` and its number, two to four fragments, then `z` (so none is
    /// empty or all spaces, and no two are the same), from `seed`.
    public static func generated(_ count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            "t\(index)"
                + (0..<Int.random(in: 2...4, using: &random)).map { _ in
                    fragments.randomElement(using: &random)!
                }.joined() + "z"
        }
    }
}
