import ClearPictures
import Testing

@testable import ClearRendering

/// `GraphicsContext.drawImage` composites through pixman directly at the kiosk's size
/// (whole pixels, no group, a clip of whole pixels): the pixels must be those Cairo's own
/// composite leaves, to the bit, for opaque and translucent pictures at every alpha level,
/// clipped and partly outside the frame (docs/performance.md, Rendering).
@Suite struct DirectCompositeTests {
    /// A `width` × `height` picture with a different colour in every pixel; translucent
    /// ones (ARGB) fade from left to right.
    static func picture(width: Int, height: Int, opaque: Bool) throws -> ImageSurface {
        let image = try ImageSurface(width: width, height: height, opaque: opaque)
        let context = try GraphicsContext(surface: image)
        for y in 0..<height {
            for x in 0..<width {
                context.fillRectangle(
                    x: Double(x), y: Double(y), width: 1, height: 1,
                    with: RGBAColor(
                        red: Double(x) / Double(width), green: Double(y) / Double(height),
                        blue: Double((x * 7 + y * 3) % 11) / 10,
                        alpha: opaque ? 1 : Double(x + 1) / Double(width)))
            }
        }
        context.flush()
        return image
    }

    /// A frame with something under every pixel: the picture is blended over it (one
    /// colour, a translucent band over columns 10 up to 30); `opaque`, without alpha.
    static func frame(width: Int = 64, height: Int = 48, opaque: Bool = false) throws -> (
        ImageSurface, GraphicsContext
    ) {
        let surface = try ImageSurface(width: width, height: height, opaque: opaque)
        let context = try GraphicsContext(surface: surface)
        context.fillRectangle(
            x: 0, y: 0, width: Double(width), height: Double(height),
            with: RGBAColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1))
        context.fillRectangle(
            x: 10, y: 0, width: 20, height: Double(height),
            with: RGBAColor(red: 1, green: 0.1, blue: 0, alpha: 0.6))
        return (surface, context)
    }

    static func bytes(_ surface: ImageSurface) -> [UInt8] {
        surface.withPixelData { Array($0) }
    }

    /// Every alpha level Cairo's 16-bit colour can round to at 8 bits, and a few between.
    static let alphas: [Double] =
        (0...255).map { Double($0) / 255 } + [0.3, 0.31, 0.5, 0.001, 0.999, 0.998]

    @Test(arguments: [true, false])
    func everyAlphaLeavesTheFrameCairoWould(opaque: Bool) throws {
        let image = try Self.picture(width: 40, height: 20, opaque: opaque)
        // Inside, over the left edge, over the bottom right corner.
        for (x, y) in [(5.0, 7.0), (-13.0, 3.0), (40.0, 35.0)] {
            for alpha in Self.alphas {
                let (direct, directContext) = try Self.frame()
                let (reference, referenceContext) = try Self.frame()
                #expect(directContext.drawsImageDirectly(image, x: x, y: y))
                directContext.drawImage(image, x: x, y: y, alpha: alpha)
                referenceContext.drawImageWithCairo(image, x: x, y: y, alpha: alpha)
                directContext.flush()
                referenceContext.flush()
                #expect(
                    Self.bytes(direct) == Self.bytes(reference),
                    "opaque \(opaque), at (\(x), \(y)), alpha \(alpha)")
            }
        }
    }

    @Test func aClipOfWholePixelsAndATranslationAreKept() throws {
        let image = try Self.picture(width: 40, height: 20, opaque: true)
        let (direct, directContext) = try Self.frame()
        let (reference, referenceContext) = try Self.frame()
        for context in [directContext, referenceContext] {
            context.translate(x: 3, y: -2)
            context.addRectangle(x: 0, y: 0, width: 30, height: 15)
            context.clip()
        }
        #expect(directContext.drawsImageDirectly(image, x: 4, y: 5))
        directContext.drawImage(image, x: 4, y: 5, alpha: 0.4)
        directContext.drawImage(image, x: -6, y: 9, alpha: 1)
        referenceContext.drawImageWithCairo(image, x: 4, y: 5, alpha: 0.4)
        referenceContext.drawImageWithCairo(image, x: -6, y: 9, alpha: 1)
        directContext.flush()
        referenceContext.flush()
        #expect(Self.bytes(direct) == Self.bytes(reference))
    }

    @Test func aPositionBetweenPixelsAScaleOrAGroupIsLeftToCairo() throws {
        let image = try Self.picture(width: 8, height: 8, opaque: true)
        let (_, context) = try Self.frame()
        #expect(context.drawsImageDirectly(image, x: 2, y: 3))
        #expect(!context.drawsImageDirectly(image, x: 2.5, y: 3))
        context.withSavedState {
            context.scale(x: 0.5, y: 0.5)
            #expect(!context.drawsImageDirectly(image, x: 2, y: 3))
        }
        context.withSavedState {
            context.addRectangle(x: 0.5, y: 0, width: 10, height: 10)
            context.clip()
            #expect(!context.drawsImageDirectly(image, x: 2, y: 3))
        }
        context.withGroup(alpha: 0.5) {
            #expect(!context.drawsImageDirectly(image, x: 2, y: 3))
        }
    }
}
