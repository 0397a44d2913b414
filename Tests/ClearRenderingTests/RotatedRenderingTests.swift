import ClearCore
import ClearRendering
import Testing
import TouchInput

/// `PresentationRenderer.rotation`: the upright picture drawn turned onto the panel's
/// native surface, pixel for pixel where docs/product-decisions.md's mapping ("Rotation")
/// says (issue 11, part 4).
@Suite struct RotatedRenderingTests {
    @Test(arguments: [Rotation.clockwise90, .clockwise180, .clockwise270])
    func everyUprightPixelIsAtItsNativePixel(rotation: Rotation) throws {
        let presentation = Fixture.list()
        let screen = presentation.screen
        let upright = try PresentationRenderer(
            width: screen.widthPixels, height: screen.heightPixels)
        upright.render(presentation)
        let native = rotation.nativeSize(ofUpright: screen)
        let turned = try PresentationRenderer(
            width: native.widthPixels, height: native.heightPixels)
        turned.rotation = rotation
        turned.render(presentation)
        var compared = 0
        for v in stride(from: 3, to: screen.heightPixels, by: 97) {
            for u in stride(from: 5, to: screen.widthPixels, by: 89) {
                // Pixel (u, v) covers [u, u+1) × [v, v+1): its centre maps to a native
                // pixel centre.
                let centre = rotation.native(
                    fromUpright: Point(x: Double(u) + 0.5, y: Double(v) + 0.5), upright: screen)
                let x = Int(centre.x.rounded(.down))
                let y = Int(centre.y.rounded(.down))
                let expected = upright.surface.pixel(x: u, y: v)
                let actual = turned.surface.pixel(x: x, y: y)
                #expect(expected == actual, "(\(u), \(v)) → (\(x), \(y))")
                compared += 1
            }
        }
        #expect(compared > 200)
    }

    @Test func withoutRotationTheSurfaceIsTheUprightPicture() throws {
        let presentation = Fixture.list()
        let a = try PresentationRenderer(width: 1080, height: 1920)
        a.render(presentation)
        let b = try PresentationRenderer(width: 1080, height: 1920)
        b.rotation = .none
        b.render(presentation)
        #expect(a.surface.pixel(x: 500, y: 700) == b.surface.pixel(x: 500, y: 700))
    }
}
