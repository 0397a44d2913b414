import TestSupport
import Testing

/// Swift seeds its hashing at random in every process (unless `SWIFT_DETERMINISTIC_HASHING`
/// is set), so a dictionary's iteration order differs from run to run. What is on screen
/// must not: the same events give the same presentation in every process.
@Suite struct HashOrderTests {
    /// Processes with a random seed each; with two tracks, a hash-order dependency shows
    /// in about half of them, so all 16 agree by chance once in 30 000 runs.
    static let randomSeedRuns = 16
    static let tool = "cleartouch-two-track-presentation"

    @Test func twoTracksPresentTheSameInEveryProcess() throws {
        let tool = try #require(
            PackagePaths.builtExecutable(Self.tool),
            "\(Self.tool) is not built (run swift build --build-tests)")
        // "0" turns random seeding back on should the test itself run deterministically.
        let seeds =
            Array(repeating: "0", count: Self.randomSeedRuns) + ["1"]
        var outputs: Set<String> = []
        for deterministic in seeds {
            let run = try runCommand(
                executable: tool, environment: ["SWIFT_DETERMINISTIC_HASHING": deterministic])
            #expect(run.status == 0, "\(run.standardError)")
            outputs.insert(run.standardOutput)
        }
        #expect(outputs.count == 1, "different presentations:\n\(outputs.joined(separator: "\n"))")
        // The later gesture (the pinch) draws the placeholder.
        #expect(outputs.allSatisfy { $0.contains("label: \"Pull apart to add item\"") })
    }
}
