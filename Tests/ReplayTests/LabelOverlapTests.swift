import ClearCore
import ClearPictures
import ClearRendering
import Foundation
import TestSupport
import Testing

@testable import Replay

/// No two labels overlap in the SVG picture of `cleartouch render`, for every bundled
/// recording (the `cleartouch view` page's frames: `PageLabelOverlapTests`).
@Suite struct LabelOverlapTests {
    static let recordings = TestPaths.bundledRecordings

    @Test func everyBundledRecordingIsChecked() {
        #expect(Self.recordings.count >= 30)
        #expect(Self.recordings.contains("mixed-session.trace"))
    }

    @Test(arguments: recordings) func svgLabelsNeverOverlap(name: String) throws {
        let drawn = try SVGTests.draw(name)
        let contents = drawn.contents
        let result = try ReplayHarness(
            source: ReplaySource(path: TestPaths.recordings + "/" + name)
        ).run()
        let boxes = contents.texts.map { text in
            (
                text.text,
                RectPixels(
                    x: text.xPixels, y: text.topPixels, width: text.widthPixels,
                    height: text.heightPixels)
            )
        }
        #expect(boxes.allSatisfy { $0.1.width > 0 && $0.1.height > 0 })
        #expect(LabelOverlaps.pairs(boxes) == [])
        // Every gesture still has its two labels (its id and what it did) on the screen.
        let screen = RectPixels(
            x: 0, y: 0, width: Double(result.screen.widthPixels),
            height: Double(result.screen.heightPixels))
        for gesture in result.gestures {
            let labels = boxes.filter {
                $0.0 == gesture.label
                    || $0.0.hasPrefix("\(gesture.kind.rawValue) \(gesture.label):")
            }
            #expect(labels.count >= 2, "\(name): \(gesture.label)")
            for (_, box) in labels {
                #expect(box.x >= screen.x && box.x + box.width <= screen.width + 0.001)
            }
        }
    }
}
