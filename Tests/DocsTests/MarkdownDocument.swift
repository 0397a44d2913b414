import Foundation

/// What the docs test reads in one markdown file (docs/docs-tests.md): its fenced blocks
/// and its one-line commands given inline, each with where it is and whether it is
/// marked not to run.
struct MarkdownDocument {
    /// The file, relative to the package root (`README.md`, `docs/app.md`).
    var path: String
    var blocks: [FencedBlock] = []
    var spans: [CodeSpan] = []

    /// The marker that keeps a block or a span from running: `<!-- not run: REASON -->`,
    /// on the line directly above a fence or directly after a span.
    static let notRunPattern = try! NSRegularExpression(
        pattern: #"^[ \t]*<!--\s*not run:\s*(.*?)\s*-->"#)

    /// A fenced block: ```` ```LANGUAGE TAG TAG=VALUE ````, its body, and its marker.
    struct FencedBlock {
        /// The 1-based line of the opening fence.
        var line: Int
        /// The info string's first word ("" when there is none).
        var language: String
        /// The info string's other words: `name` or `name=value`.
        var tags: [String: String]
        /// The lines between the fences, the fence's indentation taken off.
        var body: String
        /// The reason of a `not run` marker above the fence; nil when it runs.
        var notRunReason: String?
    }

    /// A code span outside the fenced blocks (`` `cleartouch themes --json` ``), its line
    /// breaks read as spaces and table escapes (`\|`) undone.
    struct CodeSpan {
        var line: Int
        var text: String
        /// The reason of a `not run` marker right after the span; nil when there is none.
        var notRunReason: String?
    }

    init(path: String, text: String) {
        self.path = path
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var prose = lines
        var index = 0
        while index < lines.count {
            guard let (indent, fence, info) = Self.openingFence(lines[index]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < lines.count, !Self.closes(lines[end], fence: fence) { end += 1 }
            let body = lines[(index + 1)..<min(end, lines.count)].map {
                Self.dropIndent($0, upTo: indent)
            }
            var words = info.split(whereSeparator: \.isWhitespace).map(String.init)
            let language = words.isEmpty ? "" : words.removeFirst()
            var tags: [String: String] = [:]
            for word in words {
                let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                tags[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
            let above = index > 0 ? Self.notRunReason(in: lines[index - 1]) : nil
            blocks.append(
                FencedBlock(
                    line: index + 1, language: language, tags: tags,
                    body: body.joined(separator: "\n") + (body.isEmpty ? "" : "\n"),
                    notRunReason: above))
            for blank in index...min(end, lines.count - 1) { prose[blank] = "" }
            index = end + 1
        }
        spans = Self.codeSpans(in: prose)
    }

    /// `(indentation, fence, info string)` when `line` opens a fenced block.
    static func openingFence(_ line: String) -> (Int, String, String)? {
        let indent = line.prefix { $0 == " " }.count
        let rest = line.dropFirst(indent)
        guard let mark = rest.first, mark == "`" || mark == "~" else { return nil }
        let fence = rest.prefix { $0 == mark }
        guard fence.count >= 3 else { return nil }
        let info = rest.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
        // A backtick fence's info string holds no backtick (CommonMark).
        if mark == "`" && info.contains("`") { return nil }
        return (indent, String(fence), info)
    }

    /// Whether `line` closes a block opened by `fence`.
    static func closes(_ line: String, fence: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard let mark = fence.first, trimmed.count >= fence.count else { return false }
        return trimmed.allSatisfy { $0 == mark }
    }

    /// `line` without up to `count` leading spaces.
    static func dropIndent(_ line: String, upTo count: Int) -> String {
        String(line.dropFirst(min(count, line.prefix { $0 == " " }.count)))
    }

    /// The reason of a `not run` marker at the start of `text`, or nil.
    static func notRunReason(in text: String) -> String? {
        let range = NSRange(text.startIndex..., in: text)
        guard let match = notRunPattern.firstMatch(in: text, range: range),
            let reason = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[reason])
    }

    /// The code spans of the prose (fenced blocks blanked out): a run of backticks up to
    /// the next run of the same length within the paragraph.
    static func codeSpans(in lines: [String]) -> [CodeSpan] {
        let text = Array(lines.joined(separator: "\n"))
        var spans: [CodeSpan] = []
        var index = 0
        var line = 1
        while index < text.count {
            let character = text[index]
            if character == "\n" { line += 1 }
            guard character == "`" else {
                index += 1
                continue
            }
            var run = 0
            while index + run < text.count, text[index + run] == "`" { run += 1 }
            var close = index + run
            var found: Int?
            while close < text.count {
                if text[close] == "\n", close + 1 < text.count, text[close + 1] == "\n" { break }
                if text[close] == "`" {
                    var length = 0
                    while close + length < text.count, text[close + length] == "`" { length += 1 }
                    if length == run {
                        found = close
                        break
                    }
                    close += length
                } else {
                    close += 1
                }
            }
            guard let end = found else {
                index += run
                continue
            }
            let raw = String(text[(index + run)..<end])
            let body = raw.replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "\\|", with: "|")
                .trimmingCharacters(in: .whitespaces)
            let after = String(text[(end + run)..<min(text.count, end + run + 400)])
            spans.append(CodeSpan(line: line, text: body, notRunReason: notRunReason(in: after)))
            line += raw.filter { $0 == "\n" }.count
            index = end + run
        }
        return spans
    }
}
