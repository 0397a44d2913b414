import ClearCore
import ClearPictures
import ClearRendering
import GestureRecognition
import Testing
import TouchInput

/// The held row of a reorder (1.1×, with a shadow) and the clear-completed cue, drawn
/// from the controller's own presentations at 1080×1920 (H = 169).
@Suite struct ReorderAndClearRenderingTests {
    let renderer: PresentationRenderer
    let layout = ClearLayout(screen: Fixture.screen)

    init() throws {
        renderer = try PresentationRenderer(
            width: Fixture.screen.widthPixels, height: Fixture.screen.heightPixels)
    }

    func pixel(_ x: Int, _ y: Int) -> Pixel { renderer.surface.pixel(x: x, y: y)! }

    /// Row 5 held and moved down 40 px (no slot change: 40 < 169).
    func heldPresentation() -> Presentation {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: layout)
        controller.handle(
            GestureEvent(
                id: GestureID(rawValue: 1), state: .began, timeMicroseconds: 0,
                values: .longPress(locationPixels: Point(x: 540, y: 930))))
        controller.handle(
            GestureEvent(
                id: GestureID(rawValue: 1), state: .changed, timeMicroseconds: 10_000,
                values: .longPress(locationPixels: Point(x: 540, y: 970))))
        return controller.presentation(atMicroseconds: 10_000)
    }

    @Test func theHeldRowIsDrawnLargerWithAShadowBelowIt() throws {
        let lifted = heldPresentation()
        let held = try #require(lifted.rows.last)
        #expect(held.scale == 1.1 && held.shadowOpacity == 1)
        var flat = lifted
        flat.rows[flat.rows.count - 1].scale = 1
        flat.rows[flat.rows.count - 1].shadowOpacity = 0

        // 1.1× grows the row by 8.45 px above and below its frame.
        let top = Int(held.framePixels.minY)
        let bottom = Int(held.framePixels.maxY)
        renderer.render(flat)
        let aboveFlat = pixel(540, top - 4)
        let shadowFlat = pixel(540, bottom + 14)
        renderer.render(lifted)
        let aboveLifted = pixel(540, top - 4)
        let insideLifted = pixel(540, top + 40)
        let shadowLifted = pixel(540, bottom + 14)
        // Above the frame: the held row's own colour now covers the row above.
        #expect(aboveLifted != aboveFlat)
        #expect(abs(Int(aboveLifted.green) - Int(insideLifted.green)) <= 12)
        // Below it, on the next row: darker, the shadow.
        #expect(Int(shadowLifted.red) < Int(shadowFlat.red) - 20)
    }

    @Test func thePullUpCueIsDrawnBelowTheLastRow() throws {
        let items = TodoList(texts: [("a", false), ("b", true), ("c", false)]).items
        let controller = ClearController(items: items, layout: layout)
        controller.handle(
            GestureEvent(
                id: GestureID(rawValue: 1), state: .began, timeMicroseconds: 0,
                values: .scroll(
                    PanValues(
                        startPixels: Point(x: 540, y: 900), locationPixels: Point(x: 540, y: 700),
                        translationPixels: Point(x: 0, y: -200), velocityPixelsPerSecond: .zero))))
        let presentation = controller.presentation(atMicroseconds: 0)
        let cue = try #require(presentation.placeholder)
        #expect(cue.label == ClearController.releaseToClearLabel)
        #expect(cue.framePixels.minY == 3 * 169 - 200)
        renderer.render(presentation)
        // Completed green (0, 0.6, 0) inside the cue's frame, black below it.
        let inside = pixel(40, Int(cue.framePixels.midY))
        #expect(inside.green > 100 && inside.red < 40 && inside.blue < 40, "\(inside)")
        let below = pixel(40, Int(cue.framePixels.maxY) + 20)
        #expect(below.red < 10 && below.green < 10 && below.blue < 10, "\(below)")
    }
}
