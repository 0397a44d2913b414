import ClearCore
import ClearPictures
import ClearRendering
import Testing
import TouchInput

extension ClearSession {
    /// One touch frame of `contacts` (seat slot, phase, position) from `device` at `time`.
    func touch(
        _ contacts: [(slot: Int, phase: TouchPhase, x: Double, y: Double)], device: DeviceID,
        at time: Int64
    ) {
        handle(
            .touchFrame(
                TouchFrame(
                    device: device, timeMicroseconds: time,
                    contacts: contacts.map {
                        TouchContact(
                            seatSlot: $0.slot, phase: $0.phase,
                            positionPixels: Point(x: $0.x, y: $0.y))
                    })))
    }
}

/// A kiosk-sized session of the default lists (one list, `To Do`, of the tutorial's twelve
/// items), driven by touches a frame at a time.
final class LevelSessionDriver {
    let session: ClearSession
    let device = DeviceID(rawValue: 1)
    var time: Int64 = 1_000_000

    /// `themeNames`: the Themes page's rows.
    init(themeNames: [String] = MenuRows.defaultThemeNames) {
        session = ClearSession(
            lists: TodoLists(), layout: ClearLayout(screen: Fixture.screen),
            themeNames: themeNames)
        session.handle(
            .deviceAdded(
                DeviceDescription(
                    id: device, name: "test", kind: .touchscreen, screen: Fixture.screen),
                timeMicroseconds: time))
    }

    func touch(_ contacts: [(slot: Int, phase: TouchPhase, x: Double, y: Double)]) {
        time += 10_000
        session.touch(contacts, device: device, at: time)
    }

    /// Time passes (the last move ends).
    func wait(_ microseconds: Int64 = 600_000) {
        time += microseconds
        session.advance(toMicroseconds: time)
    }

    /// A finger pulling down `distance` px from y 300, held (not released).
    func holdPull(_ distance: Double) {
        touch([(0, .down, 540, 300)])
        for step in 1...10 { touch([(0, .move, 540, 300 + distance * Double(step) / 10)]) }
    }

    /// A pull released 800 px down (past 4H): up a level; `settled` waits for the move.
    func pullUp(settled: Bool = true) {
        holdPull(800)
        touch([(0, .up, 540, 1100)])
        if settled { wait() }
    }

    func tap(row: Int, settled: Bool = true) {
        let y = (Double(row) + 0.5) * Fixture.rowHeight
        touch([(0, .down, 540, y)])
        touch([(0, .up, 540, y)])
        if settled { wait() }
    }

    var presentation: Presentation { session.controller.presentation(atMicroseconds: time) }

    /// Steps a frame at a time (at most 0.5 s) until `condition` holds of the presentation.
    func advance(until condition: (Presentation) -> Bool) -> Presentation? {
        for _ in 0..<30 {
            time += 16_667
            session.advance(toMicroseconds: time)
            let now = presentation
            if condition(now) { return now }
        }
        return nil
    }
}

/// Every level on screen (docs/clear-core.md, Levels): list rows with their title and
/// open-item count, the menu, the Themes page in each row's own theme, the Settings row,
/// the pull's cue at each of its thresholds, the fold of a pinch together, and both
/// transitions of a list.
@Suite struct LevelRenderingTests {
    let inset = Int(15 * Fixture.width / 320)

    func render(_ presentation: Presentation) throws -> PresentationRenderer {
        let renderer = try PresentationRenderer(
            width: Fixture.screen.widthPixels, height: Fixture.screen.heightPixels)
        renderer.render(presentation)
        return renderer
    }

    /// True when some pixel of rows `ys` and columns `xs` is `matching`.
    func has(
        _ renderer: PresentationRenderer, ys: Range<Int>, xs: Range<Int>,
        _ matching: (Pixel) -> Bool
    ) -> Bool {
        ys.contains { y in
            xs.contains { x in renderer.surface.pixel(x: x, y: y).map(matching) ?? false }
        }
    }

    static func isWhite(_ p: Pixel) -> Bool { p.red > 200 && p.green > 200 && p.blue > 200 }
    static func pixel(_ color: RGBColor) -> Pixel {
        func channel(_ v: Double) -> UInt8 { UInt8((min(1, max(0, v)) * 255).rounded()) }
        return Pixel(
            red: channel(color.red), green: channel(color.green), blue: channel(color.blue))
    }

    func band(row: Int) -> Range<Int> {
        Int((Double(row) + 0.3) * Fixture.rowHeight)..<Int((Double(row) + 0.7) * Fixture.rowHeight)
    }
    /// Left of where a right-aligned count ends, right of any short label.
    var countColumns: Range<Int> { 880..<(1080 - inset) }

    @Test func aListRowShowsItsTitleAndItsOpenItemCount() throws {
        let driver = LevelSessionDriver()
        let items = try render(driver.presentation)
        driver.pullUp()
        let lists = driver.presentation
        #expect(lists.level == .lists)
        #expect(lists.rows.first?.openItemCount == 12)
        let renderer = try render(lists)
        #expect(has(renderer, ys: band(row: 0), xs: inset..<inset + 200, Self.isWhite), "title")
        #expect(has(renderer, ys: band(row: 0), xs: countColumns, Self.isWhite), "count")
        // An item row carries no count: nothing white there on its row.
        #expect(!has(items, ys: band(row: 0), xs: 700..<(1080 - inset), Self.isWhite))
        // Below the one list: the background.
        #expect(renderer.surface.pixel(x: 1060, y: 400) == Pixel(red: 0, green: 0, blue: 0))
    }

    @Test func theMenuDrawsItsThreeRows() throws {
        let driver = LevelSessionDriver()
        driver.pullUp()
        driver.pullUp()
        let menu = driver.presentation
        #expect(menu.level == .menu)
        #expect(menu.rows.map(\.text) == MenuRows.menu)
        let renderer = try render(menu)
        for row in 0..<3 {
            #expect(has(renderer, ys: band(row: row), xs: inset..<inset + 200, Self.isWhite))
            // The row's colour (within the rounding of 8-bit channels).
            let fill = renderer.surface.pixel(x: 1060, y: Fixture.clearGlossY(row: row))
            #expect(
                FoldedRowRenderingTests.close(
                    fill, Self.pixel(menu.rows[row].backgroundColor), within: 1))
            // No count on a menu row.
            #expect(!has(renderer, ys: band(row: row), xs: countColumns, Self.isWhite))
        }
        #expect(
            renderer.surface.pixel(x: 1060, y: Int(3.5 * Fixture.rowHeight))
                == Pixel(red: 0, green: 0, blue: 0))
    }

    @Test func eachThemesPageRowIsDrawnInItsOwnTheme() throws {
        let driver = LevelSessionDriver(themeNames: Theme.builtIn.map(\.name))
        driver.pullUp()
        driver.pullUp()
        driver.tap(row: 1)
        let page = driver.presentation
        #expect(page.level == .themes)
        #expect(page.rows.map(\.text) == Theme.builtIn.map(\.name))
        let renderer = try render(page)
        for (row, theme) in Theme.builtIn.enumerated() {
            // The row's fill (where the gloss is clear) is its theme's top colour...
            #expect(
                renderer.surface.pixel(x: 1060, y: Fixture.clearGlossY(row: row))
                    == Self.pixel(theme.top), "\(theme.name)'s row")
            // ...and its label is in its theme's text colour, not the presentation's.
            let text = Self.pixel(theme.text)
            #expect(
                has(renderer, ys: band(row: row), xs: inset..<inset + 300) { $0 == text },
                "\(theme.name)'s label")
        }
        // Some of them (paper's black) are not the presentation's text colour (heat's white).
        #expect(Theme.builtIn.contains { $0.text != page.textColor })
    }

    @Test func theSettingsPageDrawsItsSoundRow() throws {
        let driver = LevelSessionDriver()
        driver.pullUp()
        driver.pullUp()
        driver.tap(row: 2)
        let page = driver.presentation
        #expect(page.level == .settings)
        #expect(page.rows.map(\.text) == MenuRows.settings)
        #expect(page.rows.map(\.settingOn) == [true])
        let renderer = try render(page)
        #expect(has(renderer, ys: band(row: 0), xs: inset..<inset + 200, Self.isWhite))
        #expect(
            renderer.surface.pixel(x: 1060, y: Int(1.5 * Fixture.rowHeight))
                == Pixel(red: 0, green: 0, blue: 0))
        // The switch's state, right-aligned: "On", and "Off" once a tap turned it off.
        #expect(has(renderer, ys: band(row: 0), xs: countColumns, Self.isWhite))
        var off = page
        off.rows[0].settingOn = false
        let offRenderer = try render(off)
        #expect(has(offRenderer, ys: band(row: 0), xs: countColumns, Self.isWhite))
        let differs = band(row: 0).contains { y in
            countColumns.contains { x in
                renderer.surface.pixel(x: x, y: y) != offRenderer.surface.pixel(x: x, y: y)
            }
        }
        #expect(differs, "On and Off are drawn differently")
        // Without a switch (a menu row), nothing is drawn there.
        var plain = page
        plain.rows[0].settingOn = nil
        #expect(!has(try render(plain), ys: band(row: 0), xs: countColumns, Self.isWhite))
    }

    @Test func thePullsCueChangesAt4H() throws {
        // Held between H and 4H: "Release to add item"; past 4H: "Release to close list".
        func cue(_ distance: Double) throws -> (PlaceholderPresentation, PresentationRenderer) {
            let driver = LevelSessionDriver()
            driver.holdPull(distance)
            let presentation = driver.presentation
            return (try #require(presentation.placeholder), try render(presentation))
        }
        let (adding, addingPicture) = try cue(2 * Fixture.rowHeight)
        let (closing, closingPicture) = try cue(5 * Fixture.rowHeight)
        #expect(adding.label != closing.label)
        // The placeholder sits right above row 0, at the pull; its label is drawn.
        func labelBand(_ p: PlaceholderPresentation) -> Range<Int> {
            let frame = p.framePixels
            return Int(frame.y + 0.3 * frame.height)..<Int(frame.y + 0.7 * frame.height)
        }
        #expect(has(addingPicture, ys: labelBand(adding), xs: inset..<inset + 300, Self.isWhite))
        #expect(has(closingPicture, ys: labelBand(closing), xs: inset..<inset + 300, Self.isWhite))
        // The two labels differ on screen: some label pixel differs between the pictures
        // (the closing picture's band, read in the adding picture's place).
        let shift = Int(closing.framePixels.y - adding.framePixels.y)
        let differs = labelBand(adding).contains { y in
            (inset..<inset + 600).contains { x in
                addingPicture.surface.pixel(x: x, y: y).map(Self.isWhite)
                    != closingPicture.surface.pixel(x: x, y: y + shift).map(Self.isWhite)
            }
        }
        #expect(differs)
    }

    @Test func aPinchTogetherFoldsTheRowsAndTheySpringBack() throws {
        let driver = LevelSessionDriver()
        let unfolded = try render(driver.presentation)
        // Fingers on rows 3 and 8 closing by 1.5H (short of 2H), held.
        let upper = 3.5 * Fixture.rowHeight
        let lower = 8.5 * Fixture.rowHeight
        let each = 0.75 * Fixture.rowHeight
        driver.touch([(0, .down, 540, upper), (1, .down, 540, lower)])
        for step in 1...10 {
            let moved = each * Double(step) / 10
            driver.touch([(0, .move, 540, upper + moved), (1, .move, 540, lower - moved)])
        }
        let folding = driver.presentation
        let row0 = try #require(folding.rows.first { $0.modelIndex == 0 })
        #expect(row0.framePixels.height < Fixture.rowHeight * 0.8)
        let folded = try render(folding)
        // Above the folded rows: the background, where row 0 was.
        let top = Int(row0.framePixels.y) - 2
        #expect(top > 10)
        #expect(folded.surface.pixel(x: 1060, y: top) == Pixel(red: 0, green: 0, blue: 0))
        #expect(unfolded.surface.pixel(x: 1060, y: top) != Pixel(red: 0, green: 0, blue: 0))
        // Row 0's fill, squashed: still its colour, with its label inside it.
        let middle = Int(row0.framePixels.midY)
        #expect(folded.surface.pixel(x: 1060, y: middle)?.red == 255)
        let squashedBand = Int(row0.framePixels.y)..<Int(row0.framePixels.maxY)
        #expect(has(folded, ys: squashedBand, xs: inset..<inset + 300, Self.isWhite))
        // Released short of 2H: the rows spring back to where they were.
        driver.touch([(0, .up, 540, upper + each), (1, .up, 540, lower - each)])
        driver.wait()
        let back = try render(driver.presentation)
        for y in stride(from: 0, to: 1920, by: 37) {
            #expect(back.surface.pixel(x: 1060, y: y) == unfolded.surface.pixel(x: 1060, y: y))
        }
    }

    @Test func aListFoldsBackIntoItsRowAndGrowsOutOfIt() throws {
        let driver = LevelSessionDriver()
        // close-list: the items fold into row 0 of the lists, drawn above them.
        driver.pullUp(settled: false)
        let closing = try #require(
            driver.advance { p in
                p.rows.contains {
                    $0.isLeaving && $0.framePixels.height < 0.6 * Fixture.rowHeight
                        && $0.framePixels.height > 0.4 * Fixture.rowHeight
                }
            })
        let closingPicture = try render(closing)
        driver.wait()
        let lists = try render(driver.presentation)
        // Halfway, the folding items still reach past the one list's row; closed, they do not.
        #expect(closingPicture.surface.pixel(x: 1060, y: 600) != Pixel(red: 0, green: 0, blue: 0))
        #expect(lists.surface.pixel(x: 1060, y: 600) == Pixel(red: 0, green: 0, blue: 0))
        // open-list: the items grow out of row 0.
        driver.tap(row: 0, settled: false)
        let opening = try #require(
            driver.advance { p in
                p.level == .items
                    && p.rows.contains {
                        $0.framePixels.height < 0.6 * Fixture.rowHeight
                            && $0.framePixels.height > 0.4 * Fixture.rowHeight
                    }
            })
        let openingPicture = try render(opening)
        driver.wait()
        let items = try render(driver.presentation)
        // Halfway, the twelve items (12H tall, full) reach about 6H: the bottom is background.
        #expect(openingPicture.surface.pixel(x: 1060, y: 1800) == Pixel(red: 0, green: 0, blue: 0))
        #expect(items.surface.pixel(x: 1060, y: 1800) != Pixel(red: 0, green: 0, blue: 0))
        // Each squeezed item is its row's colour, with its label inside it.
        let first = try #require(opening.rows.first { $0.modelIndex == 0 })
        #expect(
            openingPicture.surface.pixel(x: 1060, y: Int(first.framePixels.midY))?.red == 255)
        #expect(
            has(
                openingPicture, ys: Int(first.framePixels.y)..<Int(first.framePixels.maxY),
                xs: inset..<inset + 300, Self.isWhite))
    }
}
