import Foundation
import TestSupport
import Testing

/// The diff of an expectation not met stays linear in memory (docs/replay.md,
/// "Expectations"): `replay --expect` on a list of `count` items that an expectation wants
/// all different, at two sizes four times apart, by the built `cleartouch` in a child
/// whose peak memory is measured (sizes, never times). A table of expected × replayed
/// lines grew 16 times (18 MB to 284 MB for 1,500 and 6,000 lines; 0.5 GB for 8,000).
@Suite(
    .enabled(
        if: RequiredInput.runs(ifPresent: cleartouchExecutable() != nil), "cleartouch not built"),
    .serialized)
struct ExpectationDiffGrowthTests {
    /// A trace of `count` items and nothing done, and an expectation of `count` others.
    static func files(_ count: Int, in folder: ScratchFolder) throws -> (
        trace: String, expectation: String
    ) {
        let trace = """
            cleartouch-trace 1
            screen 1080 1920
            row-height 169
            \((0..<count).map { "item 0 row \($0)\n" }.joined())device 1 touchscreen 1080 1920 269.975 479.975 0 10799 40 0 19199 40 10 Synthetic
            events
            0 added 1 touchscreen 1080 1920 269.975 479.975 0 10799 40 0 19199 40 10 Synthetic

            """
        let items = (0..<count).map { "{\"text\": \"other \($0)\", \"completed\": false}" }
        let expectation = "{\"actions\": [], \"items\": [\(items.joined(separator: ",\n"))]}\n"
        let paths = (folder.file("\(count).trace"), folder.file("\(count).expect.json"))
        try trace.write(toFile: paths.0, atomically: true, encoding: .utf8)
        try expectation.write(toFile: paths.1, atomically: true, encoding: .utf8)
        return paths
    }

    @Test func theDiffOfTwoLongListsGrowsLinearlyInMemory() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        var peaks: [Int] = []
        for count in [0, 1_500, 6_000] {
            let (trace, expectation) = try Self.files(count, in: folder)
            let cost = try InputScalingTests.cost(["replay", trace, "--expect", expectation])
            #expect(cost.status == 1, "\(count) items: the expectation is not met")
            peaks.append(cost.peakKilobytes)
        }
        // Growth over the empty session's; below 4 MB is the allocator's noise.
        let growth = Double(max(peaks[2] - peaks[0], 0)) / Double(max(peaks[1] - peaks[0], 4096))
        // Four times the lines: about 4 when linear, 16 with a table of both.
        #expect(growth < 8, "peak memory grew \(growth) times (\(peaks) kB)")
    }
}
