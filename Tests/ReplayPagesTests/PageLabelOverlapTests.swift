import Replay
import TestSupport
import Testing

@testable import ReplayPages

/// No two labels overlap in any frame of the `cleartouch view` page, for every bundled
/// recording (the SVG picture's: `LabelOverlapTests`).
@Suite struct PageLabelOverlapTests {
    @Test(arguments: TestPaths.bundledRecordings) func pageLabelsNeverOverlap(name: String) throws {
        let contents = try TraceViewer(
            source: ReplaySource(path: TestPaths.recordings + "/" + name), title: name,
            framesPerSecond: 60
        ).contents()
        var labelled = 0
        for frame in contents.frames {
            #expect(
                LabelOverlaps.pairs(frame.labels.map { ($0.text, $0.box) }) == [],
                "\(name) at \(frame.timeMicroseconds) µs")
            labelled += frame.labels.isEmpty ? 0 : 1
        }
        // Every recording with a gesture shows a label for it in some frame.
        #expect(contents.result.gestures.isEmpty || labelled > 0)
    }
}
