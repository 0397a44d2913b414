import ClearCore
import ClearPictures
import Testing
import TouchInput

@testable import ClearRendering

/// The on-screen keyboard at rest is copied from a picture of its panel and keys, the keys
/// under a finger and the popup drawn over it (`KeyboardPainter`, issue 22). A frame drawn
/// so must equal, to the bit, the frame with every key drawn in turn, whichever key is
/// pressed, and a keyboard that moves is drawn directly.
@Suite struct KeyboardPictureTests {
    /// The largest channel difference allowed between a frame copied from the keyboard's
    /// picture and the frame drawn key by key: the picture is drawn by the same steps at a
    /// whole-pixel offset, so none.
    static let toleranceLevels = 0

    /// Row 0 of the sample list edited, the `us` keyboard slid in and at rest.
    static func restingFrame() -> Presentation {
        let session = KeyboardRenderingTests.session(.on)
        let device = KeyboardRenderingTests.device
        for (phase, time) in [(TouchPhase.down, Int64(1_000_000)), (.up, 1_050_000)] {
            session.handle(
                .touchFrame(
                    TouchFrame(
                        device: device, timeMicroseconds: time,
                        contacts: [
                            TouchContact(
                                seatSlot: 0, phase: phase, positionPixels: Point(x: 500, y: 85))
                        ])))
        }
        session.advance(toMicroseconds: 1_500_000)
        return session.controller.presentation(atMicroseconds: 1_500_000)
    }

    /// `frame` with the keys `pressed` (indices into its keys) under a finger.
    static func pressing(_ pressed: [Int], in frame: Presentation) -> Presentation {
        var pressing = frame
        for index in pressed { pressing.keyboard!.keys[index].isPressed = true }
        return pressing
    }

    /// `frame` drawn with every key drawn in turn (no picture).
    static func drawnKeyByKey(_ frame: Presentation) throws -> ImageSurface {
        let reference = try PresentationRenderer(width: 1080, height: 1920)
        reference.paths.remove(.keyboardPicture)
        reference.render(frame)
        #expect(reference.keyboardPainter.picturesMade == 0)
        return reference.surface
    }

    /// A renderer that has drawn `frame` twice (its keyboard's picture made).
    static func rendererWithPicture(of frame: Presentation) throws -> PresentationRenderer {
        let renderer = try PresentationRenderer(width: 1080, height: 1920)
        renderer.render(frame)
        #expect(renderer.keyboardPainter.picturesMade == 0, "made once the keyboard holds still")
        renderer.render(frame)
        #expect(renderer.keyboardPainter.picturesMade == 1)
        return renderer
    }

    @Test func theRestingKeyboardIsItsPicture() throws {
        let frame = Self.restingFrame()
        let keyboard = try #require(frame.keyboard)
        #expect(keyboard.framePixels.y.rounded() == keyboard.framePixels.y)
        let renderer = try Self.rendererWithPicture(of: frame)
        let difference = BlendedRowPictureTests.largestDifference(
            renderer.surface, try Self.drawnKeyByKey(frame))
        #expect(difference <= Self.toleranceLevels)
    }

    /// Keys pressed over the picture (none pressed in it): the first key, one in the
    /// middle of the top row, the last key of the top row and the first of the next
    /// (neighbours), shift, space and the last key; two at once.
    /// (A negative index counts from the last key.)
    @Test(arguments: [[0], [4], [9], [10], [9, 10], [19], [-2], [-1]])
    func aPressedKeyOverThePictureIsAsDrawnKeyByKey(indices: [Int]) throws {
        let resting = Self.restingFrame()
        let keys = try #require(resting.keyboard).keys
        let pressed = indices.map { $0 < 0 ? keys.count + $0 : $0 }
        try #require(pressed.allSatisfy { keys.indices.contains($0) })
        let renderer = try Self.rendererWithPicture(of: resting)
        let frame = Self.pressing(pressed, in: resting)
        renderer.render(frame)
        #expect(renderer.keyboardPainter.picturesMade == 1, "a pressed key keeps the picture")
        let difference = BlendedRowPictureTests.largestDifference(
            renderer.surface, try Self.drawnKeyByKey(frame))
        #expect(difference <= Self.toleranceLevels)
        // Released again: the picture's own key shows.
        renderer.render(resting)
        #expect(
            BlendedRowPictureTests.largestDifference(
                renderer.surface, try Self.drawnKeyByKey(resting)) <= Self.toleranceLevels)
    }

    /// Shift lit white and caps lock's bar: a new picture, and shift pressed over it (its
    /// label black in the picture, white pressed) as drawn key by key; the accent popup
    /// drawn over the picture.
    @Test func shiftCapsLockAndThePopupOverThePictureAreAsDrawnKeyByKey() throws {
        var locked = Self.restingFrame()
        let shift = try #require(locked.keyboard?.keys.firstIndex { $0.action == .shift })
        locked.keyboard!.keys[shift].isActive = true
        locked.keyboard!.isCapsLocked = true
        let renderer = try Self.rendererWithPicture(of: locked)
        var frames = [locked, Self.pressing([shift], in: locked)]
        var popup = locked
        let e = try #require(popup.keyboard?.keys.first { $0.label == "e" }).framePixels
        popup.keyboard!.popup = AccentPopupPresentation(
            labels: ["e", "é", "è", "ê"],
            cellsPixels: (0..<4).map {
                RectPixels(
                    x: e.x + Double($0) * e.width, y: e.y - e.height - 10, width: e.width,
                    height: e.height)
            }, selectedIndex: 1)
        frames.append(popup)
        for frame in frames {
            renderer.render(frame)
            #expect(
                BlendedRowPictureTests.largestDifference(
                    renderer.surface, try Self.drawnKeyByKey(frame)) <= Self.toleranceLevels)
        }
        #expect(renderer.keyboardPainter.picturesMade == 1)
    }

    /// A keyboard moving (its top between pixels, then on whole pixels but another each
    /// frame) is drawn directly; once it holds still for a second frame its picture is
    /// made, and a change of its keys (shift lit) makes another a frame later.
    @Test func aMovingKeyboardIsDrawnDirectlyAndAPictureIsMadeOnceItHoldsStill() throws {
        let resting = Self.restingFrame()
        let renderer = try PresentationRenderer(width: 1080, height: 1920)
        func moved(by offset: Double) -> Presentation {
            var frame = resting
            frame.keyboard!.framePixels.y += offset
            frame.keyboard!.framePixels.height -= offset
            for index in frame.keyboard!.keys.indices {
                frame.keyboard!.keys[index].framePixels.y += offset
            }
            return frame
        }
        for offset in [40.5, 30.5, 20, 10, 0.5] {
            let frame = moved(by: offset)
            renderer.render(frame)
            #expect(
                BlendedRowPictureTests.largestDifference(
                    renderer.surface, try Self.drawnKeyByKey(frame)) <= Self.toleranceLevels)
        }
        #expect(renderer.keyboardPainter.picturesMade == 0)
        renderer.render(moved(by: 0.5))
        #expect(renderer.keyboardPainter.picturesMade == 0, "between pixels: drawn directly")
        renderer.render(resting)
        #expect(renderer.keyboardPainter.picturesMade == 0)
        renderer.render(resting)
        #expect(renderer.keyboardPainter.picturesMade == 1)
        var lit = resting
        let shift = try #require(lit.keyboard?.keys.firstIndex { $0.action == .shift })
        lit.keyboard!.keys[shift].isActive = true
        renderer.render(lit)
        #expect(renderer.keyboardPainter.picturesMade == 1, "changed: drawn directly once")
        #expect(
            BlendedRowPictureTests.largestDifference(
                renderer.surface, try Self.drawnKeyByKey(lit)) <= Self.toleranceLevels)
        renderer.render(lit)
        #expect(renderer.keyboardPainter.picturesMade == 2)
        #expect(
            BlendedRowPictureTests.largestDifference(
                renderer.surface, try Self.drawnKeyByKey(lit)) <= Self.toleranceLevels)
    }
}
