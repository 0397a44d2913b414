import Replay
import ToolSupport
import TouchInput

/// One of N disjoint parts of a regression suite (`cleartouch test --shard I/N`), for a CI
/// system that spreads the suite over N machines (GitLab's `parallel:`, a GitHub matrix).
///
/// The parts depend only on the suite: every case's recorded duration and its path, never
/// the order a folder lists them in or the machine. They are balanced by recorded
/// duration with the longest-first greedy rule (each case, longest first, goes to the
/// part with the least recorded time so far; ties to the lower part, equal durations in
/// path order), so no part exceeds another by more than its longest case.
public struct SuiteShard: Hashable, Sendable, CustomStringConvertible {
    /// 1 to `count`.
    public let index: Int
    /// How many parts the suite is cut into.
    public let count: Int

    /// The most parts a suite may be cut into.
    public static let maximumCount = 10_000

    /// `I/N` with 1 ≤ I ≤ N ≤ `maximumCount`.
    public init(parsing text: String) throws(UsageText) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) })
        else {
            throw UsageText(
                "--shard needs I/N (two whole numbers, e.g. 2/4), got '\(QuotedInput.cut(text))'")
        }
        guard (1...Self.maximumCount).contains(count) else {
            throw UsageText(
                "--shard \(text): N must be 1 to \(Self.maximumCount), got \(parts[1])")
        }
        guard (1...count).contains(index) else {
            throw UsageText("--shard \(text): I must be 1 to N (\(count)), got \(parts[0])")
        }
        self.index = index
        self.count = count
    }

    /// The part `index` of `count`.
    public init(index: Int, count: Int) {
        precondition((1...count).contains(index) && count <= Self.maximumCount)
        self.index = index
        self.count = count
    }

    /// "2/4".
    public var description: String { "\(index)/\(count)" }

    /// Every part of `cases`, given each case's recorded duration: `count` lists, each in
    /// suite order (by path).
    public static func partition(
        _ cases: [RegressionCase], count: Int, durationMicroseconds: [Int64]
    ) -> [[RegressionCase]] {
        precondition(cases.count == durationMicroseconds.count && count >= 1)
        let order = cases.indices.sorted { a, b in
            let (durationA, durationB) = (durationMicroseconds[a], durationMicroseconds[b])
            if durationA != durationB { return durationA > durationB }
            return Self.precedes(cases[a], cases[b])
        }
        var totals = [Int64](repeating: 0, count: count)
        var parts = [[Int]](repeating: [], count: count)
        for caseIndex in order {
            var lightest = 0
            for part in 1..<count where totals[part] < totals[lightest] { lightest = part }
            totals[lightest] += max(0, durationMicroseconds[caseIndex])
            parts[lightest].append(caseIndex)
        }
        return parts.map { indices in
            indices.map { cases[$0] }.sorted(by: Self.precedes)
        }
    }

    /// This part of `cases`.
    public func cases(of cases: [RegressionCase], durationMicroseconds: [Int64])
        -> [RegressionCase]
    {
        Self.partition(cases, count: count, durationMicroseconds: durationMicroseconds)[index - 1]
    }

    /// What orders cases: the expectation's path (unique in a suite), byte by byte, so no
    /// locale or Unicode collation can make two machines differ.
    static func precedes(_ a: RegressionCase, _ b: RegressionCase) -> Bool {
        a.expectationPath.utf8.lexicographicallyPrecedes(b.expectationPath.utf8)
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
