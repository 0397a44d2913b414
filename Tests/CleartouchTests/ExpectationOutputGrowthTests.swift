import Foundation
import TestSupport
import Testing

/// What an expectation not met makes, its diff and its failure page, stays linear in
/// memory (docs/replay.md, "Expectation files" and "Failure pages"): each case runs at two
/// sizes by the built `cleartouch` in a child whose peak memory is measured (sizes, never
/// times), over what the empty case takes.
@Suite(
    .enabled(
        if: RequiredInput.runs(ifPresent: cleartouchExecutable() != nil), "cleartouch not built"),
    .serialized)
struct ExpectationOutputGrowthTests {
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

    /// `replay --expect` on a list of `count` items that an expectation wants all
    /// different, at two sizes four times apart. A table of expected × replayed lines grew
    /// 16 times (18 MB to 284 MB for 1,500 and 6,000 lines; 0.5 GB for 8,000).
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

    /// `test --report` on a typing session that fails (a long edited text), at 600 and
    /// 4,800 keystrokes: the failure page kept every frame's presentation, each with the
    /// text typed so far (5 MB at 600 keystrokes, 49 MB at 2,400).
    @Test func theFailurePageOfALongTypingSessionGrowsLinearlyInMemory() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        var peaks: [Int] = []
        for count in [0, 600, 4_800] {
            let suite = folder.file("suite\(count)")
            try FileManager.default.createDirectory(
                atPath: suite, withIntermediateDirectories: true)
            try (count == 0 ? ScalingTests.header : ScalingTests.typing(count)).write(
                toFile: suite + "/typing.trace", atomically: true, encoding: .utf8)
            try "{\"actions\": [], \"items\": []}\n".write(
                toFile: suite + "/typing.expect.json", atomically: true, encoding: .utf8)
            let cost = try InputScalingTests.cost(
                ["test", suite, "--report", folder.file("report\(count)")])
            #expect(cost.status == 1, "\(count) keystrokes: the expectation is not met")
            #expect(
                FileManager.default.fileExists(
                    atPath: folder.file("report\(count)/typing.trace.html")))
            peaks.append(cost.peakKilobytes)
        }
        let growth = Double(max(peaks[2] - peaks[0], 0)) / Double(max(peaks[1] - peaks[0], 4096))
        // Eight times the keystrokes: about 8 when linear, 64 when each frame keeps the text.
        #expect(growth < 16, "peak memory grew \(growth) times (\(peaks) kB)")
    }
}
