import Foundation
import Testing

@testable import Replay

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The pictures of `cleartouch render` are well-formed SVG and show the decisions.
@Suite struct SVGTests {
    static func svg(_ name: String) throws -> String {
        let result = try ReplayHarness(
            source: ReplaySource(path: TestPaths.recordings + "/" + name), keepTouchPaths: true,
            keepListsAfterActions: false
        ).run()
        return SVGRenderer(result: result, title: name).render()
    }

    @Test(
        arguments: TestPaths.expectationFiles().map { ($0.recording as NSString).lastPathComponent }
    )
    func everyRecordingDrawsWellFormedSVG(name: String) throws {
        let text = try Self.svg(name)
        let parser = XMLParser(data: Data(text.utf8))
        #expect(parser.parse(), "\(name): \(parser.parserError.map { "\($0)" } ?? "")")
    }

    @Test func aCancelledSwipeIsMarkedAndExplained() throws {
        let text = try Self.svg("palm-cancel.evemu")
        #expect(text.contains("pan #0: cancelled") || text.contains("pan #1: cancelled"))
        #expect(text.contains("cancelled at 210.000 ms"))  // the cross at the palm
    }

    @Test func pathsHaveOneColourPerContactAndFade() throws {
        let text = try Self.svg("pinch-add-above.trace")
        let strokes = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("<polyline") }.compactMap {
                $0.split(separator: "\"").dropFirst().first.map(String.init)
            })
        #expect(strokes.count == 2)  // two fingers, two colours
        #expect(text.contains("stroke-opacity=\"1\""))
        #expect(text.contains("stroke-opacity=\"0.3\""))
        #expect(text.contains("upper finger above: gap &gt; H"))
        #expect(
            text.contains("pinch #0: add 4, edit-begin 4")
                || text.contains("pinch #1: add 4, edit-begin 4"))
    }

    @Test func pullShowsItsLineAndShortfall() throws {
        let text = try Self.svg("pull-below.yml")
        #expect(text.contains("pull past H adds at the top"))
        #expect(text.contains("no action (167 px, needs &gt; 169)"))
    }
}
