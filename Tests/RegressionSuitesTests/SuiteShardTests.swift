import RegressionSuites
import Replay
import TestSupport
import Testing

/// `SuiteShard`: the parts of a suite are disjoint, complete, the same whatever order the
/// cases come in, and balanced by recorded duration (issue 23).
@Suite struct SuiteShardTests {
    /// A suite of `count` cases with durations from a fixed generator (0 to 120 s, some
    /// equal, some zero).
    static func suite(_ count: Int, seed: UInt64) -> (cases: [RegressionCase], durations: [Int64]) {
        var generator = SplitMix64(seed: seed)
        var cases: [RegressionCase] = []
        var durations: [Int64] = []
        for index in 0..<count {
            let folder = ["a", "b/c", "b", "z"][Int.random(in: 0..<4, using: &generator)]
            cases.append(
                RegressionCase(
                    expectationPath: "\(folder)/r\(index).expect.json",
                    recordingPath: "\(folder)/r\(index).trace"))
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: durations.append(0)
            case 1: durations.append(5_000_000)
            default: durations.append(Int64.random(in: 1..<120_000_000, using: &generator))
            }
        }
        return (cases, durations)
    }

    @Test(arguments: [(1, 1), (5, 2), (71, 3), (200, 7), (1000, 16), (3, 8)])
    func partsAreDisjointCompleteAndBalanced(size: Int, count: Int) {
        let (cases, durations) = Self.suite(size, seed: UInt64(size * 31 + count))
        let parts = SuiteShard.partition(cases, count: count, durationMicroseconds: durations)
        #expect(parts.count == count)
        let all = parts.flatMap { $0 }
        #expect(all.count == cases.count, "every case in exactly one part")
        #expect(Set(all) == Set(cases))
        let duration = Dictionary(uniqueKeysWithValues: zip(cases, durations))
        let totals = parts.map { $0.reduce(Int64(0)) { $0 + duration[$1]! } }
        let longest = durations.max() ?? 0
        #expect(
            totals.max()! - totals.min()! <= longest,
            "no part exceeds another by more than its longest case: \(totals)")
        for part in parts {
            #expect(part == part.sorted { $0.expectationPath < $1.expectationPath })
        }
    }

    @Test(arguments: [3, 11, 40])
    func theSameSuiteInAnyOrderGivesTheSameParts(seed: Int) {
        let (cases, durations) = Self.suite(150, seed: UInt64(seed))
        let parts = SuiteShard.partition(cases, count: 6, durationMicroseconds: durations)
        var generator = SplitMix64(seed: UInt64(seed))
        let shuffled = Array(zip(cases, durations)).shuffled(using: &generator)
        let again = SuiteShard.partition(
            shuffled.map(\.0), count: 6, durationMicroseconds: shuffled.map(\.1))
        #expect(parts == again)
        for index in 1...6 {
            #expect(
                SuiteShard(index: index, count: 6).cases(of: cases, durationMicroseconds: durations)
                    == parts[index - 1])
        }
    }

    @Test func moreShardsThanCasesLeavesTheRestEmpty() {
        let (cases, durations) = Self.suite(3, seed: 9)
        let parts = SuiteShard.partition(cases, count: 5, durationMicroseconds: durations)
        #expect(parts.filter(\.isEmpty).count == 2)
        #expect(parts.map(\.count).reduce(0, +) == 3)
    }

    @Test(arguments: ["1/1", "2/4", "4/4", "10000/10000"])
    func parsesGoodSpecifications(text: String) throws {
        let shard = try SuiteShard(parsing: text)
        #expect(shard.description == text)
    }

    @Test(arguments: [
        "", "1", "/", "1/", "/4", "0/4", "5/4", "-1/4", "1/0", "1/-2", "a/b", "1/4/2", " 1/4",
        "1 /4", "+1/4", "1/10001", "99999999999999999999/1", "１/４",
    ])
    func rejectsBadSpecifications(text: String) {
        #expect(throws: UsageText.self) { try SuiteShard(parsing: text) }
    }
}
