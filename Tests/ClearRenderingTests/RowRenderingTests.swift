import ClearCore
import ClearPictures
import ClearRendering
import Foundation
import Testing
import TouchInput

/// Rendered pixels of rows, read back from the Cairo surface.
@Suite struct RowRenderingTests {
    let renderer: PresentationRenderer

    init() throws {
        renderer = try PresentationRenderer(
            width: Fixture.screen.widthPixels, height: Fixture.screen.heightPixels)
    }

    func pixel(_ x: Int, _ y: Int) -> Pixel? { renderer.surface.pixel(x: x, y: y) }

    @Test func freshListRowZeroIsPureRedAndLastRowOrange() {
        renderer.render(Fixture.list())
        #expect(pixel(1060, Fixture.clearGlossY(row: 0)) == Pixel(red: 255, green: 0, blue: 0))
        // Row 10 of 12 (row 11 is below a 1920-pixel screen): 0.6·10/11 of the way to orange.
        #expect(pixel(1060, Fixture.clearGlossY(row: 10)) == Pixel(red: 255, green: 139, blue: 0))
        #expect(pixel(1060, Fixture.clearGlossY(row: 6)) == Pixel(red: 255, green: 83, blue: 0))
        // The last row of a list that fits is orange-yellow (1, 0.6, 0).
        renderer.render(Fixture.list(count: 5))
        #expect(pixel(1060, Fixture.clearGlossY(row: 4)) == Pixel(red: 255, green: 153, blue: 0))
    }

    @Test func glossHighlightsTheTopAndShadesTheBottom() throws {
        renderer.render(Fixture.list())
        let top = try #require(pixel(1060, 0))
        // White α0.2 over red.
        #expect(top.red == 255 && (40...52).contains(top.green) && top.green == top.blue)
        let bottom = try #require(pixel(1060, Int(Fixture.rowHeight) - 1))
        // Black up to α0.1 over red: darker than the row colour, no green or blue.
        #expect((228...254).contains(bottom.red) && bottom.green == 0 && bottom.blue == 0)
        // Just below the highlight the white is fading (α0.1 → 0 over 1 %...95 %).
        let middle = try #require(pixel(1060, Int(Fixture.rowHeight / 2)))
        #expect(middle.red == 255 && (10...14).contains(middle.green))
    }

    @Test func backgroundBelowTheListIsBlack() {
        renderer.render(Fixture.list(count: 3))
        #expect(pixel(500, 1919) == Pixel(red: 0, green: 0, blue: 0))
        #expect(pixel(500, Int(3 * Fixture.rowHeight) + 1) == Pixel(red: 0, green: 0, blue: 0))
    }

    @Test func labelIsWhiteAndStartsAtTheInset() {
        renderer.render(Fixture.list())
        let insetPixels = Int(15 * Fixture.width / 320)  // 50
        let band = Int(Fixture.rowHeight * 0.3)..<Int(Fixture.rowHeight * 0.7)
        let whiteInLabel = band.contains { y in
            (insetPixels..<insetPixels + 200).contains { x in
                pixel(x, y) == Pixel(red: 255, green: 255, blue: 255)
            }
        }
        #expect(whiteInLabel)
        // Nothing left of the inset but the row colour under the gloss.
        let leftOfInset = band.allSatisfy { y in
            pixel(insetPixels - 3, y)?.red == 255 && pixel(insetPixels - 3, y)?.blue ?? 255 < 20
        }
        #expect(leftOfInset)
    }

    @Test func completedRowIsGreenWithAWhiteStrikethroughAsWideAsTheText() throws {
        var presentation = Fixture.list()
        presentation.rows[2] = Fixture.row(2, text: "rule the Web", completed: true)
        renderer.render(presentation)
        #expect(pixel(1060, Fixture.clearGlossY(row: 2)) == Pixel(red: 0, green: 153, blue: 0))
        // The bar: top at mid-height, 2 units (6.75 px) thick, from the inset.
        let midY = Int(2.5 * Fixture.rowHeight)
        let inset = Int(15 * Fixture.width / 320)
        #expect(pixel(inset + 1, midY + 3) == Pixel(red: 255, green: 255, blue: 255))
        // Find the end of the bar: it ends within the text, well before the row's end.
        let barEnd = try #require(
            (inset + 1..<1080).first {
                pixel($0, midY + 3) != Pixel(red: 255, green: 255, blue: 255)
            })
        #expect(barEnd > inset + 200 && barEnd < 800)
        // Above the bar's top edge and below its bottom edge, away from glyphs, is green.
        #expect(pixel(barEnd + 20, midY + 3)?.green ?? 0 > 100)
        // An incomplete row has no bar.
        #expect(
            pixel(inset + 1, Int(3.5 * Fixture.rowHeight) + 3)
                != Pixel(red: 255, green: 255, blue: 255))
    }

    @Test func editModeFadesOtherRowsToThirtyPercent() {
        var presentation = Fixture.list()
        presentation.rows = presentation.rows.map { row in
            var faded = row
            faded.alpha = row.modelIndex == 0 ? 1 : 0.3
            return faded
        }
        renderer.render(presentation)
        #expect(pixel(1060, Fixture.clearGlossY(row: 0)) == Pixel(red: 255, green: 0, blue: 0))
        // 0.3 · 255 = 76.5 over black.
        let faded = pixel(1060, Fixture.clearGlossY(row: 1))
        #expect((76...77).contains(faded?.red ?? 0) && faded?.blue == 0)
    }

    @Test func editingCaretIsDrawnAtTheCaretOffset() {
        var presentation = Fixture.list()
        presentation.rows[0] = Fixture.row(0, text: "", isEditing: true)
        presentation.editing = EditingPresentation(modelIndex: 0, text: "", caretCharacterOffset: 0)
        renderer.render(presentation)
        let inset = Int(15 * Fixture.width / 320)
        let midY = Int(Fixture.rowHeight / 2)
        #expect(pixel(inset + 2, midY) == Pixel(red: 255, green: 255, blue: 255))
        #expect(pixel(inset + 40, midY)?.green ?? 255 < 30)

        // With text, the caret after the text is right of the text start.
        presentation.editing = EditingPresentation(
            modelIndex: 0, text: "milk", caretCharacterOffset: 4)
        renderer.render(presentation)
        let caretColumn = (inset + 60..<600).first { x in
            (midY - 5...midY + 5).allSatisfy {
                pixel(x, $0) == Pixel(red: 255, green: 255, blue: 255)
            }
                && (midY - 5...midY + 5).allSatisfy { pixel(x + 12, $0)?.green ?? 255 < 30 }
        }
        #expect(caretColumn != nil)
    }

    @Test func rowsOffScreenAndRowsMovedByAnimationsAreDrawnWhereTheirFramesAre() {
        var presentation = Fixture.list(count: 3)
        // Row 1 half-way through the delete shuffle: moved up by H/2.
        presentation.rows.remove(at: 0)
        presentation.rows[0].framePixels.y -= Fixture.rowHeight / 2
        renderer.render(presentation)
        let moved = pixel(1060, Fixture.clearGlossY(row: 0) + Int(Fixture.rowHeight / 2))
        #expect(moved?.red == 255 && (76...77).contains(moved?.green ?? 0) && moved?.blue == 0)
        // Above the moved row: the background.
        #expect(pixel(1060, Int(Fixture.rowHeight * 0.25)) == Pixel(red: 0, green: 0, blue: 0))
    }

    @Test func renderingScalesToAnySurfaceSize() throws {
        let small = try PresentationRenderer(width: 270, height: 480)
        small.render(Fixture.list())
        let rowHeight = Fixture.rowHeight / 4
        #expect(
            small.surface.pixel(x: 265, y: Int(0.95 * rowHeight - 0.5))
                == Pixel(red: 255, green: 0, blue: 0))
        // Scaled pictures are filtered: within one step of the exact colour.
        let row6 = try #require(
            small.surface.pixel(x: 265, y: Int(6 * rowHeight + 0.95 * rowHeight - 0.5)))
        #expect(row6.red >= 254 && (82...84).contains(row6.green) && row6.blue <= 1)
        // The row boundary lands where the full-size one does, scaled by 1/4.
        #expect(small.surface.pixel(x: 265, y: Int(rowHeight) + 1)?.green ?? 0 > 10)
    }

    @Test func aRowWhosePictureIsCachedIsRedrawnWhenItChanges() {
        renderer.render(Fixture.list())
        let y = Fixture.clearGlossY(row: 0)
        #expect(pixel(1060, y) == Pixel(red: 255, green: 0, blue: 0))
        var presentation = Fixture.list()
        presentation.rows[0] = Fixture.row(0, completed: true)
        renderer.render(presentation)
        #expect(pixel(1060, y) == Pixel(red: 0, green: 153, blue: 0))
        // Same colour, new text: the label is drawn anew (a wide text reaches further right).
        presentation.rows[0] = Fixture.row(0, text: String(repeating: "W", count: 30))
        renderer.render(presentation)
        let white = (700..<1000).filter {
            pixel($0, Int(Fixture.rowHeight / 2)) == Pixel(red: 255, green: 255, blue: 255)
        }
        #expect(white.count > 10)
    }

    @Test func writtenPNGRoundTrips() throws {
        var presentation = Fixture.list()
        presentation.rows[1] = Fixture.row(1, completed: true)
        let exporter = try FrameExporter(screen: Fixture.screen)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try exporter.writeFrame(presentation, number: 7, directory: directory.path)
        #expect(path.hasSuffix("/frame-000007.png"))
        let read = try ImageSurface(contentsOfPNG: path)
        #expect(read.width == 1080 && read.height == 1920)
        for (x, y) in [
            (1060, Fixture.clearGlossY(row: 0)), (1060, Fixture.clearGlossY(row: 1)), (60, 90),
            (500, 1900), (3, 3),
        ] {
            #expect(read.pixel(x: x, y: y) == exporter.renderer.surface.pixel(x: x, y: y))
        }
        #expect(
            read.pixel(x: 1060, y: Fixture.clearGlossY(row: 1))
                == Pixel(red: 0, green: 153, blue: 0))
    }

    @Test func readingAMissingPNGFailsWithCairosReason() {
        #expect(throws: CairoError.self) {
            try ImageSurface(contentsOfPNG: "/nonexistent/cleartouch.png")
        }
    }
}
