import ClearCore
import ClearPictures
import ClearRendering
import Testing
import TouchInput

/// The tick and cross cues (docs/clear-rules.md §1.1) and the pull and pinch placeholders
/// (§1.2, §1.3).
@Suite struct CueAndPlaceholderRenderingTests {
    let renderer: PresentationRenderer

    init() throws {
        renderer = try PresentationRenderer(
            width: Fixture.screen.widthPixels, height: Fixture.screen.heightPixels)
    }

    /// Pixels of `rect` that satisfy `predicate`.
    func count(in rect: RectPixels, where predicate: (Pixel) -> Bool) -> Int {
        var found = 0
        for y in stride(from: Int(rect.minY), to: Int(rect.maxY), by: 1) {
            for x in stride(
                from: max(0, Int(rect.x)), to: min(1080, Int(rect.x + rect.width)), by: 1)
            {
                if let pixel = renderer.surface.pixel(x: x, y: y), predicate(pixel) { found += 1 }
            }
        }
        return found
    }

    func render(rowPannedTo xOffset: Double) -> CuesPresentation {
        var presentation = Fixture.list()
        presentation.rows[0] = Fixture.row(0, xOffset: xOffset)
        let cues = Fixture.cues(forRowAt: xOffset)
        presentation.cues = cues
        renderer.render(presentation)
        return cues
    }

    static func isRed(_ p: Pixel) -> Bool { p.red > 200 && p.green < 40 && p.blue < 40 }
    static func isWhite(_ p: Pixel) -> Bool { p.red > 200 && p.green > 200 && p.blue > 200 }
    static func isGreen(_ p: Pixel) -> Bool { p.green > 200 && p.red < 40 && p.blue < 40 }

    @Test func crossCueIsRedWhenDeleteIsArmed() {
        // Just past −W/2: armed.
        let cues = render(rowPannedTo: -541)
        #expect(count(in: cues.crossFramePixels, where: Self.isRed) > 100)
        #expect(count(in: cues.crossFramePixels, where: Self.isWhite) == 0)
    }

    @Test func crossCueIsWhiteJustBeforeDeleteIsArmed() {
        // Exactly −W/2 is not armed (x < −W/2 arms); alpha is 1.
        let cues = render(rowPannedTo: -540)
        #expect(count(in: cues.crossFramePixels, where: Self.isWhite) > 100)
        #expect(count(in: cues.crossFramePixels, where: Self.isRed) == 0)
    }

    @Test func tickCueIsGreenWhenCompleteIsArmedAndWhiteBefore() {
        let armed = render(rowPannedTo: 541)
        #expect(count(in: armed.tickFramePixels, where: Self.isGreen) > 100)
        let notArmed = render(rowPannedTo: 540)
        #expect(count(in: notArmed.tickFramePixels, where: Self.isWhite) > 100)
        #expect(count(in: notArmed.tickFramePixels, where: Self.isGreen) == 0)
    }

    @Test func cueAlphaFollowsThePanAndSaturatesPastOne() {
        func brightest(at xOffset: Double) -> UInt8 {
            let cues = render(rowPannedTo: xOffset)
            var best: UInt8 = 0
            for y in Int(cues.crossFramePixels.minY)..<Int(cues.crossFramePixels.maxY) {
                for x in Int(
                    cues.crossFramePixels.x)..<min(
                        1080, Int(cues.crossFramePixels.x + cues.crossFramePixels.width))
                {
                    best = max(best, renderer.surface.pixel(x: x, y: y)?.green ?? 0)
                }
            }
            return best
        }
        // |x|/(W/2) = 0.25 and 0.5 (white glyph over black), then unclamped 1.5 (red, drawn at 1).
        let quarter = brightest(at: -135)
        let half = brightest(at: -270)
        #expect((62...66).contains(quarter))
        #expect((126...130).contains(half))
        let cues = render(rowPannedTo: -810)
        #expect(count(in: cues.crossFramePixels, where: { $0.red == 255 && $0.green == 0 }) > 100)
    }

    func pullPresentation(pulledBy pull: Double) -> Presentation {
        var presentation = Fixture.list()
        presentation.rows = presentation.rows.map { row in
            var moved = row
            moved.framePixels.y += pull
            return moved
        }
        let height = Fixture.rowHeight
        presentation.placeholder = PlaceholderPresentation(
            framePixels: RectPixels(x: 0, y: pull - height, width: Fixture.width, height: height),
            scaleY: 1,
            alpha: min(1, pull / height),
            label: pull > height ? "Release to add item" : "Pull to add item",
            backgroundColor: .pureRed)
        return presentation
    }

    @Test func pullPlaceholderAlphaFollowsThePull() {
        let height = Fixture.rowHeight
        for fraction in [0.25, 0.5, 0.75, 1.0, 1.5] {
            let pull = height * fraction
            renderer.render(pullPresentation(pulledBy: pull))
            // The placeholder's clear-gloss line, over the black background: a line above
            // 0.95 of the way down the part shown (partly shown, it is squeezed into that
            // part, its lines sampled nearest; below 0.95 the gloss darkens).
            let top = max(0, pull - height)
            let y = Int(top + 0.95 * (pull - top)) - 1
            let red = Double(renderer.surface.pixel(x: 1060, y: y)?.red ?? 0)
            let expected = 255 * min(1, fraction)
            #expect(
                abs(red - expected) <= 1.5, "pull \(fraction)H: red \(red), expected \(expected)")
            #expect(renderer.surface.pixel(x: 1060, y: y)?.green == 0)
        }
    }

    @Test func pullPlaceholderLabelIsDrawnInWhite() {
        renderer.render(pullPresentation(pulledBy: Fixture.rowHeight * 1.2))
        let top = Fixture.rowHeight * 0.2
        let label = RectPixels(x: 50, y: top + 40, width: 700, height: Fixture.rowHeight - 80)
        #expect(
            count(in: label, where: { $0.red == 255 && $0.green == 255 && $0.blue == 255 }) > 200)
    }

    @Test func pinchPlaceholderGrowsFromTheSeam() {
        var presentation = Fixture.list()
        let height = Fixture.rowHeight
        let gap = height / 2  // delta = H/4: scaleY = alpha = 0.5
        presentation.rows = presentation.rows.map { row in
            var moved = row
            moved.framePixels.y += row.modelIndex <= 3 ? -gap / 2 : gap / 2
            return moved
        }
        presentation.placeholder = PlaceholderPresentation(
            framePixels: RectPixels(x: 0, y: 3.5 * height, width: Fixture.width, height: height),
            scaleY: gap / height,
            alpha: gap / height, label: "Pull apart to add item",
            backgroundColor: Fixture.heatMapColor(index: 3, count: 12))
        renderer.render(presentation)
        let seam = 4 * height
        // Inside the gap: the placeholder at half alpha over black.
        let inside = renderer.surface.pixel(x: 1060, y: Int(seam + gap * 0.4))
        #expect((120...135).contains(inside?.red ?? 0))
        // The rows moved apart by gap/2 each way and still meet the placeholder's edges.
        #expect(renderer.surface.pixel(x: 1060, y: Int(seam - gap / 2 - 10))?.red == 255)
        #expect(renderer.surface.pixel(x: 1060, y: Int(seam + gap / 2 + 0.95 * height))?.red == 255)
    }
}
