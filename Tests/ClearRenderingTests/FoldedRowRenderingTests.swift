import ClearCore
import ClearPictures
import ClearRendering
import Testing
import TouchInput

/// Rows drawn at a height other than H (a pinch together folding them, a list growing out
/// of its row or folding back into it): the full row squashed into its frame, from the
/// cached full-height picture, as drawn directly and as the full row is (within tolerance).
@Suite struct FoldedRowRenderingTests {
    /// The full row's height and a folded one (half of H, the fold's furthest; and a
    /// squeezed transition row, H/4).
    static let foldedHeights = [
        (Fixture.rowHeight / 2).rounded(), (Fixture.rowHeight / 4).rounded(),
    ]

    func render(_ presentation: Presentation) throws -> PresentationRenderer {
        let renderer = try PresentationRenderer(
            width: Fixture.screen.widthPixels, height: Fixture.screen.heightPixels)
        renderer.render(presentation)
        return renderer
    }

    /// Row 0 of a one-row list, `height` tall at y = `top`, with an open-item count.
    func folded(height: Double, top: Double, fading: Bool = false) -> Presentation {
        var row = Fixture.row(0, count: 1, text: "Groceries")
        row.framePixels = RectPixels(x: 0, y: top, width: Fixture.width, height: height)
        row.openItemCount = 7
        var presentation = Presentation(
            screen: Fixture.screen, rowHeightPixels: Fixture.rowHeight, rows: [row], cues: nil,
            placeholder: nil, editing: nil, isAnimating: true)
        presentation.isFadingColors = fading
        return presentation
    }

    static func close(_ a: Pixel?, _ b: Pixel?, within tolerance: Int) -> Bool {
        guard let a, let b else { return false }
        return abs(Int(a.red) - Int(b.red)) <= tolerance
            && abs(Int(a.green) - Int(b.green)) <= tolerance
            && abs(Int(a.blue) - Int(b.blue)) <= tolerance
    }

    @Test(arguments: foldedHeights)
    func aFoldedRowsFillAndGlossAreTheFullRowsSquashed(height: Double) throws {
        let top = 400.0
        let full = try render(folded(height: Fixture.rowHeight, top: top))
        let drawn = try render(folded(height: height, top: top))
        // Right of the label and the count: each line of the folded row is the line of the
        // full row it stands for (the highlight at the top, the shade at the bottom).
        for line in 0..<Int(height) {
            let fullLine = Int((Double(line) + 0.5) * Fixture.rowHeight / height)
            let pixel = drawn.surface.pixel(x: 1060, y: Int(top) + line)
            #expect(
                Self.close(pixel, full.surface.pixel(x: 1060, y: Int(top) + fullLine), within: 3),
                "line \(line) of a \(height)-pixel row")
        }
        // Nothing outside the frame: the label and count are squashed with the row.
        for y in [Int(top) - 3, Int(top) - 1, Int(top + height), Int(top + height) + 3] {
            for x in stride(from: 0, to: 1080, by: 5) {
                #expect(drawn.surface.pixel(x: x, y: y) == Pixel(red: 0, green: 0, blue: 0))
            }
        }
    }

    @Test(arguments: foldedHeights)
    func theLabelAndCountAreDrawnSquashedInsideTheRow(height: Double) throws {
        let top = 400.0
        let drawn = try render(folded(height: height, top: top))
        func hasText(_ xs: Range<Int>) -> Bool {
            (Int(top)..<Int(top + height)).contains { y in
                xs.contains { x in
                    guard let p = drawn.surface.pixel(x: x, y: y) else { return false }
                    return p.green > 200 && p.blue > 200
                }
            }
        }
        let inset = Int(15 * Fixture.width / 320)
        #expect(hasText(inset..<inset + 300), "the label")
        #expect(hasText(900..<1080 - inset), "the count")
    }

    @Test(arguments: foldedHeights)
    func theCachedFoldIsTheDirectlyDrawnFoldWithinTolerance(height: Double) throws {
        let top = 400.0
        // During a theme's fade the renderer keeps no row pictures: the fold is drawn directly.
        let cached = try render(folded(height: height, top: top))
        let direct = try render(folded(height: height, top: top, fading: true))
        var differing = 0
        var sampled = 0
        for y in Int(top)..<Int(top + height) {
            for x in stride(from: 0, to: 1080, by: 3) {
                sampled += 1
                if !Self.close(
                    cached.surface.pixel(x: x, y: y), direct.surface.pixel(x: x, y: y), within: 48)
                {
                    differing += 1
                }
            }
        }
        // Only the edges of the squashed glyphs differ (nearest sampling against vectors).
        #expect(differing * 100 < sampled * 3, "\(differing) of \(sampled) pixels differ")
    }

    @Test func aRowOfHeightHIsDrawnAsBefore() throws {
        // A row of H at a fractional y (a shuffle) is snapped, not squashed.
        let moving = try render(folded(height: Fixture.rowHeight, top: 400.4))
        let still = try render(folded(height: Fixture.rowHeight, top: 400))
        for y in 400..<(400 + Int(Fixture.rowHeight)) {
            for x in stride(from: 0, to: 1080, by: 7) {
                #expect(moving.surface.pixel(x: x, y: y) == still.surface.pixel(x: x, y: y))
            }
        }
    }
}
