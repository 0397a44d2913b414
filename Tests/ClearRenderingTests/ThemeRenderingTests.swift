import ClearCore
import ClearPictures
import ClearRendering
import Testing
import TouchInput

/// Themes on screen (docs/themes.md): every colour comes from the presentation, so a
/// theme other than heat changes the pixels, and the cross-fade's midpoint lies between.
@Suite struct ThemeRenderingTests {
    let layout = ClearLayout(screen: Fixture.screen)

    func render(_ presentation: Presentation) throws -> PresentationRenderer {
        let renderer = try PresentationRenderer(
            width: Fixture.screen.widthPixels, height: Fixture.screen.heightPixels)
        renderer.render(presentation)
        return renderer
    }

    func controller(_ theme: Theme) -> ClearController {
        let controller = ClearController(
            items: Array(TodoList.swiftTutorialSamples.prefix(3)), layout: layout)
        controller.setTheme(theme)
        return controller
    }

    @Test func heatFromAControllerIsTheHeatMapFixturesPixels() throws {
        let fromController = try render(controller(.heat).presentation(atMicroseconds: 0))
        let fixture = try render(Fixture.list(count: 3))
        // Right of the labels (the fixture's texts differ from the samples').
        for y in stride(from: 0, to: 1920, by: 7) {
            for x in stride(from: 1040, to: 1080, by: 9) {
                #expect(
                    fromController.surface.pixel(x: x, y: y) == fixture.surface.pixel(x: x, y: y))
            }
        }
    }

    @Test func aNonHeatThemeDrawsItsRowsBackgroundAndText() throws {
        let paper = Theme.named("paper")!
        let renderer = try render(controller(paper).presentation(atMicroseconds: 0))
        // The background below three rows, and row 0 under its gloss: paper's, not black or red.
        #expect(
            renderer.surface.pixel(x: 500, y: 1900) == Pixel(red: 0xF5, green: 0xF5, blue: 0xF5))
        let row0 = renderer.surface.pixel(x: 1060, y: Fixture.clearGlossY(row: 0))
        #expect(row0 == Pixel(red: 255, green: 255, blue: 255))
        // The label is drawn in the theme's text colour (black), not white.
        let band = Int(Fixture.rowHeight * 0.3)..<Int(Fixture.rowHeight * 0.7)
        let inset = Int(15 * Fixture.width / 320)
        let hasBlack = band.contains { y in
            (inset..<inset + 200).contains { x in
                renderer.surface.pixel(x: x, y: y) == Pixel(red: 0, green: 0, blue: 0)
            }
        }
        #expect(hasBlack)
    }

    @Test func theCrossFadesMidpointIsBetweenTheTwoThemes() throws {
        let controller = controller(.heat)
        let start: Int64 = 1_000_000
        #expect(controller.applyTheme(named: "ocean", at: start))
        let begin = try render(controller.presentation(atMicroseconds: start))
        let middle = try render(controller.presentation(atMicroseconds: start + 150_000))
        let end = try render(controller.presentation(atMicroseconds: start + 300_000))
        for (x, y) in [(500, 1900), (1060, Fixture.clearGlossY(row: 0))] {
            guard let a = begin.surface.pixel(x: x, y: y), let m = middle.surface.pixel(x: x, y: y),
                let b = end.surface.pixel(x: x, y: y)
            else {
                Issue.record("no pixel at \(x), \(y)")
                continue
            }
            #expect(a != b)
            for (from, mid, to) in [
                (a.red, m.red, b.red), (a.green, m.green, b.green), (a.blue, m.blue, b.blue),
            ] {
                #expect(mid >= min(from, to) && mid <= max(from, to))
                // Halfway, to within rounding.
                #expect(abs(Int(mid) - (Int(from) + Int(to)) / 2) <= 1)
            }
        }
    }
}
