import ClearPictures
import ClearRendering
import Foundation
import TestSupport
import Testing

/// The files `--frames` writes.
@Suite struct FrameExporterTests {
    @Test func frameFileNamesSortInFrameOrder() {
        #expect(FrameExporter.frameFileName(0) == "frame-000000.png")
        #expect(FrameExporter.frameFileName(42) == "frame-000042.png")
        #expect(FrameExporter.frameFileName(1_234_567) == "frame-1234567.png")
    }

    @Test func aReplaySnapshotShowsTheCompletedRow() throws {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let root = PackagePaths.root
        // Row 1 is swiped right past half the width (Recordings/README.md).
        let recording = root.appendingPathComponent("Recordings/pan-complete-above.trace").path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-snapshot-\(UUID().uuidString).png"
        ).path
        defer { try? FileManager.default.removeItem(atPath: output) }
        try runProgram(executable, ["replay", recording, "--snapshot", output])
        let picture = try ImageSurface(contentsOfPNG: output)
        #expect(picture.width == 1080 && picture.height == 1920)
        let rowHeight = 169.0
        // After the snap back: row 0 red, row 1 completed green, at their clear-gloss lines.
        #expect(
            picture.pixel(x: 1060, y: Int(0.95 * rowHeight - 0.5))
                == Pixel(red: 255, green: 0, blue: 0))
        #expect(
            picture.pixel(x: 1060, y: Int(rowHeight + 0.95 * rowHeight - 0.5))
                == Pixel(red: 0, green: 153, blue: 0))
    }
}
