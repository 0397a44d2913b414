import ClearCore
import GestureRecognition
import Testing
import TouchInput

/// Themes as data (docs/themes.md): the built-in themes, their contrast, and the live
/// cross-fade of the presentation's colours.
@Suite struct ThemeTests {
    /// WCAG 2: level AAA for normal text.
    static let highContrastMinimumRatio = 7.0
    /// WCAG 2: level AA for normal text; every theme but `heat` reaches it.
    static let newThemeMinimumRatio = 4.5
    /// Gradient samples between the endpoints (the endpoints are sampled too).
    static let gradientSamples = 1000

    /// Every colour a theme's text is drawn on: each position of the gradient (finely,
    /// and both ends), the completed row, the background (cues, the clear-completed cue
    /// with nothing to clear), and the placeholders, which take the top colour (a pull),
    /// a row's colour (a pinch) or the completed colour (clear completed).
    static func colorsUnderText(_ theme: Theme) -> [RGBColor] {
        var colors = (0...gradientSamples).map {
            theme.gradientColor(at: Double($0) / Double(gradientSamples))
        }
        for count in 1...40 {
            colors += (0..<count).map { theme.rowColor(index: $0, count: count) }
        }
        return colors + [theme.completed, theme.background]
    }

    static func minimumRatio(_ theme: Theme) -> Double {
        colorsUnderText(theme).map { theme.text.contrastRatio(with: $0) }.min() ?? 0
    }

    @Test func heatIsFirstAndIsTheHeatMapExactly() {
        #expect(Theme.builtIn.first == Theme.heat)
        #expect(Theme.named("heat") == .heat)
        for count in 1...30 {
            for index in 0..<count {
                let formula =
                    count > 1
                    ? RGBColor(red: 1, green: 0.6 * Double(index) / Double(count - 1), blue: 0)
                    : RGBColor(red: 1, green: 0, blue: 0)
                #expect(Theme.heat.rowColor(index: index, count: count) == formula)
            }
        }
        #expect(Theme.heat.completed == .completedGreen)
        #expect(Theme.heat.background == .black && Theme.heat.text == .white)
    }

    @Test func thereAreAtLeastFiveBuiltInThemesWithUniqueNamesAndHighContrastAmongThem() {
        #expect(Theme.builtIn.count >= 5)
        #expect(Set(Theme.builtIn.map(\.name)).count == Theme.builtIn.count)
        #expect(Theme.named("high-contrast") != nil)
        #expect(Theme.named("High-Contrast") == nil)
        #expect(Theme.named("") == nil)
    }

    @Test func relativeLuminanceAndContrastFollowWCAG2() {
        #expect(RGBColor.white.contrastRatio(with: .black) == 21)
        #expect(RGBColor.black.relativeLuminance == 0)
        #expect(abs(RGBColor.white.relativeLuminance - 1) < 1e-12)
        // Known values: #777777 on white is 4.48:1; sRGB mid grey 0.5 has L 0.2140.
        #expect(abs(RGBColor(hex: 0x777777).contrastRatio(with: .white) - 4.478) < 0.001)
        #expect(abs(RGBColor(red: 0.5, green: 0.5, blue: 0.5).relativeLuminance - 0.21404) < 1e-5)
        // Both sides of the linearisation's knee, 0.04045.
        #expect(
            abs(RGBColor(red: 0.04, green: 0.04, blue: 0.04).relativeLuminance - 0.04 / 12.92)
                < 1e-12)
        #expect(
            abs(RGBColor(red: 0.05, green: 0.05, blue: 0.05).relativeLuminance - 0.003_936_6) < 1e-6
        )
        #expect(abs(RGBColor(hex: 0x00FF00).contrastRatio(with: .black) - 15.304) < 0.001)
    }

    @Test func highContrastTextIsAtLeastSevenToOneOnEveryColourItIsDrawnOn() {
        let theme = Theme.named("high-contrast")!
        for color in Self.colorsUnderText(theme) {
            #expect(theme.text.contrastRatio(with: color) >= Self.highContrastMinimumRatio)
        }
        #expect(theme.text.contrastRatio(with: theme.top) >= Self.highContrastMinimumRatio)
        #expect(theme.text.contrastRatio(with: theme.bottom) >= Self.highContrastMinimumRatio)
    }

    /// The figures of docs/themes.md: heat is today's look (white on orange, 2.1:1) and
    /// keeps it; every other theme reaches 4.5:1, high-contrast 7:1.
    @Test func eachThemesMinimumContrastRatio() {
        var report: [String] = []
        for theme in Theme.builtIn {
            let ratio = Self.minimumRatio(theme)
            report.append("\(theme.name) \(Int((ratio * 100).rounded()))")
            switch theme.name {
            case "heat": #expect(ratio > 2 && ratio < 3)
            case "high-contrast": #expect(ratio >= Self.highContrastMinimumRatio)
            default: #expect(ratio >= Self.newThemeMinimumRatio, "\(theme.name): \(ratio)")
            }
        }
        print("minimum contrast ratio ×100:", report.joined(separator: ", "))
    }

    @Test func hexStringsRoundToTheNearestByte() {
        #expect(Theme.heat.bottom.hexString == "#FF9900")
        #expect(RGBColor(hex: 0x0D47A1).hexString == "#0D47A1")
        #expect(RGBColor(red: 2, green: -1, blue: 0.5).hexString == "#FF0080")
    }

    // MARK: the cross-fade

    let layout = ClearLayout(
        screen: ScreenSize(widthPixels: 320, heightPixels: 480), rowHeightPixels: 50)

    @Test func aControllerStartsInHeatAndSetThemeShowsAThemeAtOnce() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: layout)
        #expect(controller.theme == .heat)
        let ocean = Theme.named("ocean")!
        controller.setTheme(ocean)
        let presentation = controller.presentation(atMicroseconds: 0)
        #expect(!presentation.isAnimating)
        #expect(presentation.rows[0].backgroundColor == ocean.top)
        #expect(presentation.backgroundColor == ocean.background)
        #expect(presentation.textColor == ocean.text)
    }

    @Test func anUnknownNameIsANoOp() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: layout)
        #expect(!controller.applyTheme(named: "plaid", at: 1000))
        #expect(controller.theme == .heat)
        #expect(!controller.isAnimating(at: 1000))
        #expect(controller.takeActions().isEmpty)
    }

    @Test func applyingAThemeCrossFadesEveryColourOverThreeTenthsOfASecond() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: layout)
        let paper = Theme.named("paper")!
        let start: Int64 = 1_000_000
        #expect(controller.applyTheme(named: "paper", at: start))
        #expect(controller.theme == paper)
        let before = controller.presentation(atMicroseconds: start)
        #expect(before.rows[0].backgroundColor == Theme.heat.top)
        #expect(before.backgroundColor == .black && before.isAnimating)
        let middle = controller.presentation(atMicroseconds: start + 150_000)
        let halfway = Theme.heat.mixed(with: paper, fraction: 0.5)
        #expect(middle.rows[0].backgroundColor == halfway.top)
        #expect(middle.textColor == halfway.text && middle.backgroundColor == halfway.background)
        #expect(middle.isAnimating)
        // Just before the end it still runs; at 0.3 s it is the new theme, at rest.
        #expect(controller.isAnimating(at: start + 299_999))
        let end = controller.presentation(atMicroseconds: start + 300_000)
        #expect(!end.isAnimating)
        #expect(end.rows[0].backgroundColor == paper.top)
        #expect(end.rows[9].backgroundColor == paper.rowColor(index: 9, count: 12))
        #expect(end.textColor == paper.text)
    }

    @Test func aFadeInterruptedByAnotherStartsFromWhereItWas() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: layout)
        controller.applyTheme(named: "paper", at: 0)
        let shown = controller.presentation(atMicroseconds: 100_000).rows[0].backgroundColor
        controller.applyTheme(named: "ocean", at: 100_000)
        #expect(controller.presentation(atMicroseconds: 100_000).rows[0].backgroundColor == shown)
        controller.advance(toMicroseconds: 400_000)
        #expect(
            controller.presentation(atMicroseconds: 400_000).rows[0].backgroundColor
                == Theme.named("ocean")!.top)
    }

    @Test func placeholdersCuesAndCompletedRowsTakeTheThemesColours() {
        let theme = Theme.named("high-contrast")!
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: layout)
        controller.setTheme(theme)
        controller.handle(Fixture.pull(1, .began, at: 0, distance: 20))
        #expect(
            controller.presentation(atMicroseconds: 0).placeholder?.backgroundColor == theme.top)
        controller.handle(Fixture.pull(1, .cancelled, at: 10_000, distance: 20))
        controller.advance(toMicroseconds: 2_000_000)
        controller.swipe(rowAtY: 25, dx: 200, id: 2, at: 2_000_000)
        controller.advance(toMicroseconds: 4_000_000)
        let presentation = controller.presentation(atMicroseconds: 4_000_000)
        #expect(
            presentation.rows.contains { $0.completed && $0.backgroundColor == theme.completed })
        controller.handle(
            Fixture.pan(3, .began, at: 5_000_000, start: Point(x: 100, y: 75), dx: 20))
        #expect(controller.presentation(atMicroseconds: 5_000_000).cues?.tickColor == theme.text)
    }
}
