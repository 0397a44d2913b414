import ClearCore
import ClearRendering
import Testing
import TouchInput

/// The background is painted only where no opaque full-width row will cover it
/// (`PresentationRenderer.paintBackground`, issue 22): a frame drawn over the pixels of
/// an earlier, different frame must equal the same frame drawn on a fresh surface, and a
/// fresh surface (transparent black) must end with no pixel left unpainted.
@Suite struct BackgroundCoverageTests {
    /// Frames that leave bands uncovered in every way a row can: gaps, rows off the top
    /// and past the bottom, fractional positions, panned, translucent, lifted, folded,
    /// the keyboard's panel.
    static var frames: [(String, Presentation)] {
        let rowHeight = Fixture.rowHeight
        var shuffled = Fixture.list()
        shuffled.rows = shuffled.rows.enumerated().map { index, row in
            var moved = row
            moved.framePixels.y += index > 3 ? -rowHeight * 0.37 : 0.6
            return moved
        }
        shuffled.rows.remove(at: 3)
        var gaps = Fixture.list(count: 6)
        gaps.rows = gaps.rows.enumerated().map { index, row in
            var spaced = row
            spaced.framePixels.y = Double(index) * rowHeight * 1.5 - rowHeight / 3
            return spaced
        }
        var mixed = Fixture.list()
        mixed.rows[0] = Fixture.row(0, xOffset: -400)
        mixed.rows[2].alpha = 0.3
        mixed.rows[3].alpha = 0.99
        mixed.rows[4].scale = 1.05
        mixed.rows[4].shadowOpacity = 1
        mixed.rows[6].framePixels.height = rowHeight / 2
        mixed.rows[8].framePixels.x = 0.4
        mixed.cues = Fixture.cues(forRowAt: -400)
        var short = Fixture.list(count: 3)
        short.rows[1].framePixels.width = Fixture.width - 1
        // Translucent rows, as while a row is edited: some alone in their band (their
        // background filled just before them), two overlapping each other, one touching
        // the placeholder, one beside a lifted row.
        var dimmed = gaps
        dimmed.rows = dimmed.rows.enumerated().map { index, row in
            var faded = row
            faded.alpha = index == 2 ? 1 : 0.3
            return faded
        }
        dimmed.rows[4].framePixels.y = dimmed.rows[3].framePixels.maxY - 20
        dimmed.rows[5].scale = 1.04
        dimmed.rows[5].shadowOpacity = 0.8
        dimmed.rows[5].alpha = 1
        dimmed.placeholder = PlaceholderPresentation(
            framePixels: RectPixels(
                x: 0, y: dimmed.rows[0].framePixels.y - rowHeight + 10, width: Fixture.width,
                height: rowHeight),
            scaleY: 1, alpha: 0.7, label: "Pull to add item", backgroundColor: .pureRed)
        var alone = dimmed
        alone.placeholder = nil
        return [
            ("shuffled", shuffled), ("gaps", gaps), ("mixed", mixed), ("short", short),
            ("dimmed", dimmed), ("alone", alone),
        ]
    }

    @Test(arguments: 0..<6)
    func aFrameDrawnOverAnotherEqualsItDrawnFresh(frameIndex: Int) throws {
        let (name, frame) = Self.frames[frameIndex]
        let fresh = try PresentationRenderer(width: 1080, height: 1920)
        fresh.render(frame)
        let reused = try PresentationRenderer(width: 1080, height: 1920)
        // A different frame first: another theme's colours, every pixel painted.
        var earlier = Fixture.list(count: 12)
        earlier.backgroundColor = RGBColor(red: 0.2, green: 0.9, blue: 0.4)
        earlier.rows = earlier.rows.map { row in
            var other = row
            other.backgroundColor = RGBColor(red: 0, green: 0, blue: 1)
            other.alpha = 0.5
            return other
        }
        reused.render(earlier)
        reused.render(frame)
        var unpainted = 0
        var different = 0
        for y in stride(from: 0, to: 1920, by: 3) {
            for x in stride(from: 0, to: 1080, by: 7) {
                let a = fresh.surface.pixel(x: x, y: y)
                if a?.alpha != 255 { unpainted += 1 }
                if a != reused.surface.pixel(x: x, y: y) { different += 1 }
            }
        }
        #expect(unpainted == 0, "\(name): \(unpainted) pixels never painted")
        #expect(different == 0, "\(name): \(different) pixels show the earlier frame")
    }
}
