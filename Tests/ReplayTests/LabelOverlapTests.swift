import ClearCore
import ClearPictures
import ClearRendering
import Foundation
import TestSupport
import Testing

@testable import Replay

/// No two labels overlap, in the SVG picture of `cleartouch render` and in every frame of
/// the `cleartouch view` page, for every bundled recording.
@Suite struct LabelOverlapTests {
    /// Every bundled recording (traces, evemu files, `libinput record` YAML).
    static let recordings: [String] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.recordings)) ?? []
        return names.filter {
            $0.hasSuffix(".trace") || $0.hasSuffix(".evemu") || $0.hasSuffix(".yml")
        }.sorted()
    }()

    static func overlapping(_ boxes: [(String, RectPixels)]) -> [String] {
        var found: [String] = []
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                if LabelPlacement.overlap(boxes[i].1, boxes[j].1) {
                    found.append("'\(boxes[i].0)' \(boxes[i].1) and '\(boxes[j].0)' \(boxes[j].1)")
                }
            }
        }
        return found
    }

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
        #expect(Self.overlapping(boxes) == [])
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

    @Test(arguments: recordings) func pageLabelsNeverOverlap(name: String) throws {
        let contents = try TraceViewer(
            source: ReplaySource(path: TestPaths.recordings + "/" + name), title: name,
            framesPerSecond: 60
        ).contents()
        var labelled = 0
        for frame in contents.frames {
            #expect(
                Self.overlapping(frame.labels.map { ($0.text, $0.box) }) == [],
                "\(name) at \(frame.timeMicroseconds) µs")
            labelled += frame.labels.isEmpty ? 0 : 1
        }
        // Every recording with a gesture shows a label for it in some frame.
        #expect(contents.result.gestures.isEmpty || labelled > 0)
    }
}
