import ClearRendering
import Testing

/// The files `--frames` writes.
@Suite struct FrameExporterTests {
    @Test func frameFileNamesSortInFrameOrder() {
        #expect(FrameExporter.frameFileName(0) == "frame-000000.png")
        #expect(FrameExporter.frameFileName(42) == "frame-000042.png")
        #expect(FrameExporter.frameFileName(1_234_567) == "frame-1234567.png")
    }
}
