import ClearCore
import ClearPictures
import Testing
import TouchInput

@testable import ClearRendering

/// Translucent rows alone over the background are kept as opaque pictures once their
/// row, alpha and background are asked for again within two frames (`BlendedRowPictures`,
/// issue 22).
/// A frame drawn from them must equal the frame blended row by row (a fresh renderer's
/// first frame keeps no picture), when the alpha or the background changes too, and the
/// pictures are bounded.
@Suite struct BlendedRowPictureTests {
    /// The largest difference allowed in any channel between a frame drawn from kept
    /// pictures and the same frame blended row by row (docs/performance.md, Rendering):
    /// the pictures are made with the frame's own fill and blend, so none.
    static let toleranceLevels = 0

    /// The sample list with every row but row 2 at `alpha`, as while row 2 is edited,
    /// over `background`; with `shifted`, the rows moved up by a fraction of a pixel.
    static func dimmed(
        alpha: Double, background: RGBColor = .black, shifted: Bool = false
    ) -> Presentation {
        var frame = Fixture.list()
        frame.backgroundColor = background
        frame.rows = frame.rows.enumerated().map { index, row in
            var faded = row
            faded.alpha = index == 2 ? 1 : alpha
            if shifted { faded.framePixels.y -= 0.4 }
            return faded
        }
        return frame
    }

    /// The largest channel difference between two frames' pixels.
    static func largestDifference(_ a: ImageSurface, _ b: ImageSurface) -> Int {
        a.withPixelData { first in
            b.withPixelData { second in
                var largest = 0
                for index in 0..<min(first.count, second.count) {
                    largest = max(largest, abs(Int(first[index]) - Int(second[index])))
                }
                return largest
            }
        }
    }

    /// `frame` drawn by a renderer that draws nothing from kept blended pictures.
    static func blendedRowByRow(_ frame: Presentation) throws -> ImageSurface {
        let fresh = try PresentationRenderer(width: 1080, height: 1920)
        fresh.render(frame)
        #expect(fresh.blendedRowPictures.count == 0)
        return fresh.surface
    }

    @Test func aFrameDrawnFromKeptPicturesEqualsItBlendedRowByRow() throws {
        var frame = Self.dimmed(alpha: 0.3, shifted: true)
        // Row 0 panned, as with its cues, and the pull placeholder just above it: only
        // the background is under row 0 still.
        frame.rows[0].framePixels.x = -400
        frame.cues = Fixture.cues(forRowAt: -400)
        frame.placeholder = PlaceholderPresentation(
            framePixels: RectPixels(
                x: 0, y: frame.rows[0].framePixels.y - Fixture.rowHeight, width: Fixture.width,
                height: Fixture.rowHeight),
            scaleY: 1, alpha: 0.7, label: "Pull to add item", backgroundColor: .pureRed)
        let renderer = try PresentationRenderer(width: 1080, height: 1920)
        renderer.render(frame)
        #expect(renderer.blendedRowPictures.count == 0, "asked for once: blended as before")
        renderer.render(frame)
        // Rows 0 to 11 (row 11 shows in part: 169 px rows in 1920) but the opaque row 2.
        #expect(renderer.blendedRowPictures.count == 11)
        renderer.render(frame)
        let difference = Self.largestDifference(renderer.surface, try Self.blendedRowByRow(frame))
        #expect(difference <= Self.toleranceLevels)
    }

    @Test(arguments: [
        (0.3, RGBColor.white), (0.5, RGBColor.black), (0.31, RGBColor.black),
    ])
    func aNewAlphaOrBackgroundIsNotDrawnFromTheOldPictures(
        alpha: Double, background: RGBColor
    ) throws {
        let renderer = try PresentationRenderer(width: 1080, height: 1920)
        for _ in 0..<3 { renderer.render(Self.dimmed(alpha: 0.3)) }
        let changed = Self.dimmed(alpha: alpha, background: background)
        // The first frame after the change (blended row by row) and the next ones (its
        // own pictures) are both the frame drawn fresh.
        for _ in 0..<3 {
            renderer.render(changed)
            let difference = Self.largestDifference(
                renderer.surface, try Self.blendedRowByRow(changed))
            #expect(difference <= Self.toleranceLevels, "alpha \(alpha), \(background)")
        }
    }

    @Test func anAnimatingAlphaKeepsNoPicture() throws {
        let renderer = try PresentationRenderer(width: 1080, height: 1920)
        for step in 1..<10 { renderer.render(Self.dimmed(alpha: 1 - Double(step) * 0.07)) }
        #expect(renderer.blendedRowPictures.count == 0)
    }

    @Test func theRenderersPicturesAreBounded() throws {
        let renderer = try PresentationRenderer(width: 1080, height: 1920)
        for step in 1...4 {
            let frame = Self.dimmed(alpha: Double(step) * 0.2)
            renderer.render(frame)
            renderer.render(frame)
            #expect(renderer.blendedRowPictures.count <= BlendedRowPictures.defaultPictureLimit)
        }
        #expect(renderer.blendedRowPictures.count == BlendedRowPictures.defaultPictureLimit)
        // The latest frame's rows are the ones kept.
        renderer.render(Self.dimmed(alpha: 0.8))
        let difference = Self.largestDifference(
            renderer.surface, try Self.blendedRowByRow(Self.dimmed(alpha: 0.8)))
        #expect(difference <= Self.toleranceLevels)
    }

    @Test func theLeastRecentlyUsedPictureIsEvictedAtTheLimit() throws {
        let pictures = BlendedRowPictures(pictureLimit: 2)
        let row = PresentationRenderer.RowImageKey(
            text: "feed the cat", color: .pureRed, textColor: .white, strikethrough: false,
            trailingLabel: nil, width: 4, height: 4)
        func key(_ alpha: Double) -> BlendedRowPictures.Key {
            BlendedRowPictures.Key(row: row, alpha: alpha, background: .black)
        }
        var made = 0
        func ask(_ alpha: Double) -> ImageSurface? {
            pictures.nextFrame()
            return pictures.picture(for: key(alpha)) {
                made += 1
                return try? ImageSurface(width: 4, height: 4, opaque: true)
            }
        }
        #expect(ask(0.1) == nil)
        #expect(made == 0, "a key asked for once draws nothing")
        #expect(ask(0.1) != nil)
        #expect(ask(0.2) == nil)
        #expect(ask(0.2) != nil)
        #expect(ask(0.1) != nil)
        #expect(made == 2, "a kept picture is drawn once")
        // 0.2 is now the least recently used: 0.3 takes its place.
        #expect(ask(0.3) == nil)
        #expect(ask(0.3) != nil)
        #expect(pictures.count == 2)
        #expect(pictures.contains(key(0.1)))
        #expect(!pictures.contains(key(0.2)))
        #expect(pictures.contains(key(0.3)))
    }

    @Test func aKeyAskedForAgainOnlyAfterTheReuseWindowDrawsNothing() throws {
        let pictures = BlendedRowPictures()
        let row = PresentationRenderer.RowImageKey(
            text: "feed the cat", color: .pureRed, textColor: .white, strikethrough: false,
            trailingLabel: nil, width: 4, height: 4)
        let key = BlendedRowPictures.Key(row: row, alpha: 0.3, background: .black)
        var made = 0
        func ask(afterFrames frames: Int) -> ImageSurface? {
            for _ in 0..<frames { pictures.nextFrame() }
            return pictures.picture(for: key) {
                made += 1
                return try? ImageSurface(width: 4, height: 4, opaque: true)
            }
        }
        #expect(ask(afterFrames: 1) == nil)
        // Just past the window (a repeated move's alpha), then just within it.
        #expect(ask(afterFrames: BlendedRowPictures.reuseWindowFrames + 1) == nil)
        #expect(made == 0)
        #expect(ask(afterFrames: BlendedRowPictures.reuseWindowFrames) != nil)
        #expect(made == 1)
    }
}
