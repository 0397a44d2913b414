import ClearPictures
import ClearRendering
import KioskApp
import Testing
import TouchInput

/// `KioskWindow.present` with a rotation: the app's upright frame, turned by SDL's
/// renderer as it is copied to the window, shows every upright pixel at the native pixel
/// docs/product-decisions.md's mapping ("Rotation") gives (issue 11, part 4; issue 22
/// moved the turn from Cairo to SDL). Offscreen SDL window, read back from the renderer.
@Suite(.serialized) struct KioskWindowRotationTests {
    /// An upright frame of `blockPixels` squares, each its own colour.
    static let upright = ScreenSize(widthPixels: 240, heightPixels: 400)
    static let blockPixels = 40

    static func blockColour(column: Int, row: Int) -> RGBAColor {
        RGBAColor(
            red: Double(column) / 6, green: Double(row) / 10, blue: Double((column + row) % 3) / 2)
    }

    static func blocks() throws -> ImageSurface {
        let surface = try ImageSurface(
            width: upright.widthPixels, height: upright.heightPixels)
        let context = try GraphicsContext(surface: surface)
        for column in 0..<(upright.widthPixels / blockPixels) {
            for row in 0..<(upright.heightPixels / blockPixels) {
                context.fillRectangle(
                    x: Double(column * blockPixels), y: Double(row * blockPixels),
                    width: Double(blockPixels), height: Double(blockPixels),
                    with: blockColour(column: column, row: row))
            }
        }
        context.flush()
        return surface
    }

    @Test(arguments: Rotation.allCases)
    func everyUprightPixelIsAtItsNativePixel(rotation: Rotation) throws {
        let surface = try Self.blocks()
        let window = try KioskWindow(
            title: "rotation test", frameSize: Self.upright, fullscreen: false,
            rotation: rotation, offscreen: true)
        let native = rotation.nativeSize(ofUpright: Self.upright)
        #expect(window.windowSize == (native.widthPixels, native.heightPixels))
        let shown = try window.presentReadingBack(surface)
        #expect(shown.width == native.widthPixels && shown.height == native.heightPixels)
        var compared = 0
        // Three pixels of each block, away from its edges (a renderer may filter linearly).
        for v in stride(from: 7, to: Self.upright.heightPixels, by: 13)
        where (v % Self.blockPixels) > 2 && (v % Self.blockPixels) < Self.blockPixels - 3 {
            for u in stride(from: 5, to: Self.upright.widthPixels, by: 11)
            where (u % Self.blockPixels) > 2 && (u % Self.blockPixels) < Self.blockPixels - 3 {
                let centre = rotation.native(
                    fromUpright: Point(x: Double(u) + 0.5, y: Double(v) + 0.5),
                    upright: Self.upright)
                let x = Int(centre.x.rounded(.down))
                let y = Int(centre.y.rounded(.down))
                let expected = try #require(surface.pixel(x: u, y: v))
                let actual = try #require(shown.pixel(x: x, y: y))
                let red = Int((actual >> 16) & 0xFF)
                let green = Int((actual >> 8) & 0xFF)
                let blue = Int(actual & 0xFF)
                #expect(
                    abs(red - Int(expected.red)) <= 2 && abs(green - Int(expected.green)) <= 2
                        && abs(blue - Int(expected.blue)) <= 2,
                    "upright (\(u), \(v)) → native (\(x), \(y)): \(expected) shown as \(String(actual, radix: 16))"
                )
                compared += 1
            }
        }
        #expect(compared > 300)
    }
}
