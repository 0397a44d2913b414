import ClearCore
import ClearPictures
import Testing
import TouchInput

@testable import ClearRendering

/// A translucent opaque picture over a band of one colour per line (a row whose alpha
/// moves, over the background filled just under it) blended line by line
/// (`GraphicsContext.drawImageOverBand`, `PictureLines.blend`, issue 22): the frame must be
/// the one pixman's blend leaves, to the bit, at every 8-bit alpha level, and the
/// renderer's frames while the rows' alpha moves must be those blended by pixman.
@Suite struct BandBlendTests {
    /// A frame of `PictureLinesTests.picture()`'s width and more, its lines filled with
    /// `color` (one colour throughout, as a band just filled).
    static func band(_ color: RGBAColor) throws -> (ImageSurface, GraphicsContext) {
        let surface = try ImageSurface(width: 64, height: 48)
        let context = try GraphicsContext(surface: surface)
        context.fillRectangle(x: 0, y: 0, width: 64, height: 48, with: color)
        return (surface, context)
    }

    static let backgrounds = [
        RGBAColor(red: 0, green: 0, blue: 0, alpha: 1),
        RGBAColor(red: 1, green: 1, blue: 1, alpha: 1),
        RGBAColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1),
    ]

    /// Every level but 0 (nothing drawn) and 255 (a copy), over each background, inside the
    /// frame and over its left and right edges.
    @Test(arguments: [(5.0, 7.0), (-13.0, 3.0), (40.0, 20.0)])
    func everyAlphaOverABandIsPixmansBlend(x: Double, y: Double) throws {
        let withLines = try PictureLinesTests.picture()
        withLines.keepLines()
        let plain = try PictureLinesTests.picture()
        for background in Self.backgrounds {
            for level in 1...254 {
                let alpha = Double(level) / 255
                let (byLine, byLineContext) = try Self.band(background)
                let (reference, referenceContext) = try Self.band(background)
                byLineContext.drawImageOverBand(withLines, x: x, y: y, alpha: alpha)
                referenceContext.drawImage(plain, x: x, y: y, alpha: alpha)
                let same =
                    DirectCompositeTests.bytes(byLine) == DirectCompositeTests.bytes(reference)
                #expect(same, "level \(level) over \(background) at (\(x), \(y))")
            }
        }
    }

    /// `inOver` is pixman's arithmetic: one pixel of the picture through each level.
    @Test func inOverIsPixmansArithmetic() throws {
        let picture = try PictureLinesTests.picture()
        let source = picture.withPixelData {
            $0.load(fromByteOffset: 6 * picture.strideBytes + 12 * 4, as: UInt32.self)
        }
        let background = RGBAColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        let (under, _) = try Self.band(background)
        let destination = under.withPixelData { $0.load(as: UInt32.self) }
        for level in 0...255 {
            let (reference, context) = try Self.band(background)
            context.drawImage(picture, x: -12, y: -6, alpha: Double(level) / 255)
            context.flush()
            let blended = reference.withPixelData { $0.load(as: UInt32.self) }
            #expect(
                PictureLines.inOver(source, mask: UInt32(level), destination) == blended,
                "level \(level)")
        }
    }

    /// The sample list with every row but row 2 at an alpha that moves every frame (no
    /// blended picture kept), 0.3 ∓ 1/255 among them, over two backgrounds: the frames of
    /// a renderer blending by line equal those of one leaving the blend to pixman.
    @Test func theRenderersFadingRowsAreBlendedAsByPixman() throws {
        let byLine = try PresentationRenderer(width: 1080, height: 1920)
        let reference = try PresentationRenderer(width: 1080, height: 1920)
        reference.paths.remove(.overBandByLine)
        let alphas = [0.3 - 1.0 / 255, 0.3, 0.3 + 1.0 / 255, 0.05, 0.5, 0.95, 0.999]
        for background in [RGBColor.black, RGBColor(red: 0.9, green: 0.9, blue: 0.85)] {
            for alpha in alphas {
                let frame = BlendedRowPictureTests.dimmed(
                    alpha: alpha, background: background, shifted: true)
                byLine.render(frame)
                reference.render(frame)
                let same =
                    DirectCompositeTests.bytes(byLine.surface)
                    == DirectCompositeTests.bytes(reference.surface)
                #expect(same, "alpha \(alpha) over \(background)")
            }
        }
    }
}
