/// The line diff `cleartouch test` prints for each part of an expectation that is not met
/// (docs/replay.md, "Expectations"): every line, `    ` when in both lists, `  - ` when only
/// expected, `  + ` when only replayed, removals before additions.
///
/// Linear in time and memory, however long the lists: the lines both start and end with
/// are matched as they come, and the longest common subsequence is looked for only among
/// the first `comparedLinesLimit` lines of each list after the common start. When more
/// differ than that, the diff stops at the last common line it found there and one line
/// says how many lines it left uncompared, as diff tools cut a diff too costly to finish
/// (a table of every expected × replayed line took 0.5 GB for 8,000 each).
public enum LineDiff {
    /// Lines of each list compared past the common start: the table is at most
    /// (limit + 1)² cells of 4 bytes (4 MB).
    public static let comparedLinesLimit = 1_000

    /// The diff of `expected` and `actual`, one line per entry (or the cut's line).
    public static func render(expected: [String], actual: [String]) -> String {
        render(expected: expected, actual: actual, limit: comparedLinesLimit)
    }

    /// `render` with another limit (the tests' boundaries).
    package static func render(expected: [String], actual: [String], limit: Int) -> String {
        var start = 0
        while start < expected.count, start < actual.count, expected[start] == actual[start] {
            start += 1
        }
        var expectedEnd = expected.count
        var actualEnd = actual.count
        while expectedEnd > start, actualEnd > start,
            expected[expectedEnd - 1] == actual[actualEnd - 1]
        {
            expectedEnd -= 1
            actualEnd -= 1
        }
        let differing = (expected: expectedEnd - start, actual: actualEnd - start)
        var lines = expected[..<start].map { "    " + $0 }
        if differing.expected <= limit && differing.actual <= limit {
            lines += Middle(expected[start..<expectedEnd], actual[start..<actualEnd]).lines
        } else {
            var middle = Middle(
                expected[start..<start + min(limit, differing.expected)],
                actual[start..<start + min(limit, differing.actual)])
            middle.endAtLastCommonLine()
            lines += middle.lines
            lines.append(
                "  … \(differing.expected - middle.expectedUsed) expected and "
                    + "\(differing.actual - middle.actualUsed) replayed lines not compared "
                    + "(the diff compares \(limit) lines of each past the first difference)")
        }
        lines += expected[expectedEnd...].map { "    " + $0 }
        return lines.joined(separator: "\n")
    }

    /// The diff of two runs of lines that differ at both ends, by their longest common
    /// subsequence (a table of (expected + 1) × (actual + 1) lengths).
    struct Middle {
        var lines: [String] = []
        /// How many of each run the lines show.
        var expectedUsed = 0
        var actualUsed = 0
        /// Where the lines stood after the last common one (nil before any).
        private var afterLastCommon: (lines: Int, expected: Int, actual: Int)?

        init(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) {
            let expected = Array(expected)
            let actual = Array(actual)
            let n = expected.count
            let m = actual.count
            // lengths[i * width + j]: the LCS of expected[i...] and actual[j...].
            let width = m + 1
            var lengths = [Int32](repeating: 0, count: (n + 1) * width)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lengths[i * width + j] =
                        expected[i] == actual[j]
                        ? lengths[(i + 1) * width + j + 1] + 1
                        : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < n || j < m {
                if i < n, j < m, expected[i] == actual[j] {
                    lines.append("    " + expected[i])
                    i += 1
                    j += 1
                    afterLastCommon = (lines.count, i, j)
                } else if i < n,
                    j == m || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]
                {
                    lines.append("  - " + expected[i])
                    i += 1
                } else {
                    lines.append("  + " + actual[j])
                    j += 1
                }
            }
            expectedUsed = n
            actualUsed = m
        }

        /// Drops what follows the last common line (it may match lines past the run); with
        /// no common line, keeps every line.
        mutating func endAtLastCommonLine() {
            guard let afterLastCommon else { return }
            lines.removeLast(lines.count - afterLastCommon.lines)
            expectedUsed = afterLastCommon.expected
            actualUsed = afterLastCommon.actual
        }
    }
}
