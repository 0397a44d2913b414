import ClearCore
import TestSupport
import Testing

@testable import RegressionSuites

/// The expectation diff (docs/replay.md, "Expectations"): a minimal diff of every pair of
/// short lists, and a bounded one of long lists, cut where the lines compared past the
/// first difference run out (`LineDiff.comparedLinesLimit`), just below and just above it.
@Suite struct LineDiffTests {
    /// The longest common subsequence's length, by the textbook table (the reference).
    static func commonLength(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                table[i][j] =
                    a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    /// The lines of `diff` with each prefix: what both have, what only one has.
    static func sides(_ diff: String) -> (expected: [String], actual: [String], common: Int) {
        var expected: [String] = []
        var actual: [String] = []
        var common = 0
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false)
        where !line.isEmpty {
            let text = String(line.dropFirst(4))
            switch line.prefix(4) {
            case "    ":
                expected.append(text)
                actual.append(text)
                common += 1
            case "  - ": expected.append(text)
            case "  + ": actual.append(text)
            default: Issue.record("unexpected line \(line)")
            }
        }
        return (expected, actual, common)
    }

    /// Random lists over a few letters (so that many lines repeat): the diff gives back
    /// both lists and keeps as many lines in common as there can be.
    @Test func everyShortDiffIsWholeAndMinimal() {
        var random = SplitMix64(seed: 38)
        for _ in 0..<400 {
            let letters = ["a", "b", "c", "d"].prefix(Int.random(in: 1...4, using: &random))
            let expected = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                letters.randomElement(using: &random)!
            }
            let actual = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                letters.randomElement(using: &random)!
            }
            let diff = LineDiff.render(expected: expected, actual: actual)
            let sides = Self.sides(diff)
            #expect(sides.expected == expected && sides.actual == actual, "\(expected) \(actual)")
            #expect(sides.common == Self.commonLength(expected, actual), "\(expected) \(actual)")
        }
    }

    /// A shared start and end, and between them `expected` and `actual` lines that differ.
    static func lists(differing expected: Int, _ actual: Int) -> (
        expected: [String], actual: [String]
    ) {
        let start = (0..<5).map { "same \($0)" }
        let end = (0..<3).map { "end \($0)" }
        return (
            start + (0..<expected).map { "expected \($0)" } + end,
            start + (0..<actual).map { "replayed \($0)" } + end
        )
    }

    /// Up to the limit on either side the diff is whole; one line more and it is cut, with
    /// a line saying how many were not compared; the shared start and end are always shown.
    @Test(arguments: [(8, 8), (8, 0), (0, 8), (9, 8), (8, 9), (9, 0), (0, 9), (40, 40)])
    func theDiffIsCutJustPastTheLimit(expected: Int, actual: Int) {
        let limit = 8
        let (a, b) = Self.lists(differing: expected, actual)
        let diff = LineDiff.render(expected: a, actual: b, limit: limit)
        let lines = diff.split(separator: "\n").map(String.init)
        let cut = lines.filter { $0.hasPrefix("  … ") }
        #expect(lines.prefix(5) == (0..<5).map { "    same \($0)" }[...])
        #expect(lines.suffix(3) == (0..<3).map { "    end \($0)" }[...])
        if expected <= limit && actual <= limit {
            #expect(cut.isEmpty, "\(diff)")
            #expect(lines.count == 5 + expected + actual + 3)
        } else {
            // No common line among the compared ones: all of them are shown.
            let shown = (min(expected, limit), min(actual, limit))
            #expect(
                cut == [
                    "  … \(expected - shown.0) expected and \(actual - shown.1) replayed lines not "
                        + "compared (the diff compares \(limit) lines of each past the first difference)"
                ], "\(diff)")
            #expect(lines.count == 5 + shown.0 + shown.1 + 1 + 3)
        }
    }

    /// Cut, the diff ends at the last common line it found: what follows it may match
    /// lines it did not compare.
    @Test func aCutDiffEndsAtItsLastCommonLine() {
        let expected = ["x", "a", "b"] + (0..<20).map { "e\($0)" }
        let actual = ["y", "a", "c"] + (0..<20).map { "e\($0 + 1)" } + ["z"]
        let diff = LineDiff.render(expected: expected, actual: actual, limit: 4)
        #expect(
            diff == """
                  - x
                  + y
                    a
                  … 21 expected and 22 replayed lines not compared (the diff compares 4 lines of each past the first difference)
                """)
    }

    /// 24,000 lines each, none alike (what aborted with "failed to allocate"): the diff
    /// shows the lines compared and one line for the rest, in a table of at most
    /// (limit + 1)² cells.
    @Test func longListsThatDifferEverywhereGiveABoundedDiff() {
        let count = 24_000
        let diff = LineDiff.render(
            expected: (0..<count).map { "expected \($0)" },
            actual: (0..<count).map { "replayed \($0)" })
        let lines = diff.split(separator: "\n")
        let limit = LineDiff.comparedLinesLimit
        #expect(lines.count == 2 * limit + 1)
        #expect(
            lines.last?.hasPrefix("  … \(count - limit) expected and \(count - limit) replayed")
                == true)
    }
}

/// A line of the diff never holds a line break or a control character from the file: a
/// page's or theme's name is escaped as messages escape names (item texts are quoted as
/// JSON strings).
@Suite struct DiffLineEscapeTests {
    @Test(arguments: ["a\nb", "\u{1B}[31mred", "tab\there", "bell\u{7}", "\u{9B}c1", "plain"])
    func aNameFromTheFileStaysOnItsLine(name: String) {
        for (kind, detail) in [
            (ActionKind.theme, ActionDetail.themeName(name)), (.openPage, .page(name)),
        ] {
            let action = Action(timeMicroseconds: 1_000, kind: kind, index: 0, detail: detail)
            let line = Expectation.line(for: action)
            #expect(
                !line.unicodeScalars.contains {
                    $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                }, "\(line)")
            #expect(name != "plain" || line.hasSuffix(" plain"), "\(line)")
        }
    }
}
