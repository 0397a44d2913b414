import ClearCore
import ClearPictures
import Testing
import TouchInput

@testable import ClearRendering

/// A row's fill with the gloss over it, each line's colour blended once and written across
/// (`GraphicsContext.fillRectangle(x:y:with:under:)`, issue 22), must leave the pixels of
/// the fill followed by pixman's blend of the gloss tile, to the bit: at every alpha level
/// of the tile, over opaque and translucent frames, clipped, moved and partly outside; and
/// the renderer's frames through a theme's cross-fade must be those drawn without it.
@Suite struct GlossByLineTests {
    /// The largest channel difference allowed against pixman's blend: the blend is
    /// pixman's arithmetic, so none.
    static let toleranceLevels = 0

    /// A tile of 256 lines, line n of alpha n, its colour channels at or under n
    /// (premultiplied), every line one colour.
    static func everyAlphaTile(width: Int = 30) throws -> ImageSurface {
        let tile = try ImageSurface(width: width, height: 256)
        tile.withPixelData { data in
            let pixels = UnsafeMutableRawPointer(mutating: data.baseAddress!)
            for line in 0..<256 {
                let alpha = UInt32(line)
                let red = alpha
                let green = alpha / 2
                let blue = alpha == 0 ? 0 : (alpha * 7) % (alpha + 1)
                let word = alpha << 24 | red << 16 | green << 8 | blue
                for column in 0..<width {
                    pixels.storeBytes(
                        of: word, toByteOffset: line * tile.strideBytes + column * 4,
                        as: UInt32.self)
                }
            }
        }
        return tile
    }

    /// A frame `opaque` or not, one colour with a translucent band over part of it.
    static func frame(opaque: Bool) throws -> (ImageSurface, GraphicsContext) {
        try DirectCompositeTests.frame(width: 64, height: 300, opaque: opaque)
    }

    /// Whether `tile` over a fill of `color` at (x, y), by line and by pixman, leave the
    /// same frame; `prepare` sets both contexts up (a translation, a clip).
    static func leavesPixmansFrame(
        _ tile: ImageSurface, color: RGBAColor, x: Double, y: Double, opaque: Bool,
        prepare: (GraphicsContext) -> Void = { _ in }
    ) throws -> Bool {
        let (byLine, byLineContext) = try frame(opaque: opaque)
        let (reference, referenceContext) = try frame(opaque: opaque)
        prepare(byLineContext)
        prepare(referenceContext)
        byLineContext.fillRectangle(x: x, y: y, with: color, under: tile)
        referenceContext.fillRectangle(
            x: x, y: y, width: Double(tile.width), height: Double(tile.height), with: color)
        referenceContext.drawImage(tile, x: x, y: y, alpha: 1)
        byLineContext.flush()
        referenceContext.flush()
        return BlendedRowPictureTests.largestDifference(byLine, reference) <= toleranceLevels
    }

    /// Fills at the ends of each channel and a step in from them, and the theme colours.
    static let colors: [RGBAColor] =
        [
            RGBAColor(red: 0, green: 0, blue: 0, alpha: 1),
            RGBAColor(red: 1, green: 1, blue: 1, alpha: 1),
            RGBAColor(red: 1.0 / 255, green: 254.0 / 255, blue: 0.5, alpha: 1),
            RGBAColor(red: 0.999, green: 0.001, blue: 0.3, alpha: 1),
        ] + Theme.builtIn.map { RGBAColor($0.background) }

    @Test(arguments: [true, false])
    func everyAlphaOverEveryFillIsPixmansBlend(opaque: Bool) throws {
        let tile = try Self.everyAlphaTile()
        #expect(tile.lineColors?.count == 256)
        for color in Self.colors {
            #expect(
                try Self.leavesPixmansFrame(tile, color: color, x: 5, y: 7, opaque: opaque),
                "\(color), opaque \(opaque)")
        }
    }

    /// Over the left edge, the bottom, the right edge; moved and clipped (the clip's edges
    /// through the tile).
    @Test func aTilePartlyOutsideMovedOrClippedIsPixmansBlend() throws {
        let tile = try Self.everyAlphaTile()
        let color = RGBAColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        for (x, y) in [(-13.0, 3.0), (40.0, 100.0), (5.0, -40.0), (64.0, 3.0)] {
            #expect(try Self.leavesPixmansFrame(tile, color: color, x: x, y: y, opaque: false))
        }
        let clipped = try Self.leavesPixmansFrame(
            tile, color: color, x: 4, y: 5, opaque: false
        ) { context in
            context.translate(x: 3, y: -2)
            context.addRectangle(x: 8, y: 20, width: 30, height: 150)
            context.clip()
        }
        #expect(clipped)
    }

    /// A tile with one pixel unlike the rest of its line has no line colours, and a fill
    /// between pixels or a scaled context are left to Cairo: the same pixels either way.
    @Test func otherTilesAndPlacesAreLeftToCairo() throws {
        let tile = try Self.everyAlphaTile()
        tile.withPixelData { data in
            UnsafeMutableRawPointer(mutating: data.baseAddress!).storeBytes(
                of: 0x8040_2010, toByteOffset: 100 * tile.strideBytes + 17 * 4, as: UInt32.self)
        }
        #expect(tile.lineColors == nil)
        let color = RGBAColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        #expect(try Self.leavesPixmansFrame(tile, color: color, x: 5, y: 7, opaque: false))
        let plain = try Self.everyAlphaTile()
        #expect(try Self.leavesPixmansFrame(plain, color: color, x: 5.5, y: 7, opaque: false))
        let scaled = try Self.leavesPixmansFrame(
            plain, color: color, x: 5, y: 7, opaque: false
        ) { $0.scale(x: 1, y: 0.5) }
        #expect(scaled)
    }

    /// pixman's `OVER` of one premultiplied pixel, as `GraphicsContext.over` computes it:
    /// checked against pixman's own at every source alpha over a few destinations.
    @Test func overIsPixmansArithmetic() throws {
        let tile = try Self.everyAlphaTile(width: 1)
        let (reference, context) = try Self.frame(opaque: false)
        context.drawImage(tile, x: 40, y: 0, alpha: 1)
        context.flush()
        let (before, _) = try Self.frame(opaque: false)
        for line in 0..<256 {
            let source = try #require(tile.lineColors)[line]
            let under = before.withPixelData {
                $0.load(fromByteOffset: line * before.strideBytes + 40 * 4, as: UInt32.self)
            }
            let blended = reference.withPixelData {
                $0.load(fromByteOffset: line * reference.strideBytes + 40 * 4, as: UInt32.self)
            }
            #expect(GraphicsContext.over(source, under) == blended, "alpha \(line)")
        }
    }

    // MARK: The renderer's frames

    /// Frames of the sample list through a theme's cross-fade (its first frame, a step in,
    /// the middle, the last frame before it ends, its end), each drawn by one renderer
    /// blending the gloss by line and by one leaving it to pixman: the same frames.
    @Test func theCrossFadesFramesAreThoseBlendedByPixman() throws {
        let controller = ClearController(
            items: TodoList.swiftTutorialSamples,
            layout: ClearLayout(screen: Fixture.screen))
        let start: Int64 = 1_000_000
        #expect(controller.applyTheme(named: "ocean", at: start))
        let byLine = try PresentationRenderer(width: 1080, height: 1920)
        let reference = try PresentationRenderer(width: 1080, height: 1920)
        reference.paths.remove(.glossByLine)
        for offset: Int64 in [0, 1, 16_667, 150_000, 299_999, 300_000, 316_667] {
            let frame = controller.presentation(atMicroseconds: start + offset)
            #expect(frame.isFadingColors == (offset < 300_000))
            byLine.render(frame)
            reference.render(frame)
            let same =
                DirectCompositeTests.bytes(byLine.surface)
                == DirectCompositeTests.bytes(reference.surface)
            #expect(same, "\(offset) µs into the fade")
        }
    }
}
