import ClearCore
import ClearPictures
import ClearRendering
import Testing
import TouchInput

/// States reached through the real core (ClearSession: touches → arena → controller),
/// rendered at the kiosk's size and checked pixel by pixel.
@Suite struct CoreStateRenderingTests {
    static let screen = ScreenSize.defaultKiosk
    static let device = DeviceID(rawValue: 1)
    let session = ClearSession(
        items: TodoList.swiftTutorialSamples, layout: ClearLayout(screen: screen))
    let renderer: PresentationRenderer
    var rowHeight: Double { session.controller.layout.rowHeightPixels }

    init() throws {
        renderer = try PresentationRenderer(
            width: Self.screen.widthPixels, height: Self.screen.heightPixels)
        session.handle(
            .deviceAdded(
                DeviceDescription(
                    id: Self.device, name: "test touchscreen", kind: .touchscreen,
                    screen: Self.screen),
                timeMicroseconds: 0))
    }

    func drag(from: Point, to: Point, lift: Bool) -> Int64 {
        OneFingerDriver(session: session).drag(from: from, to: to, lift: lift)
    }

    func pixel(_ x: Int, _ y: Int) -> Pixel? { renderer.surface.pixel(x: x, y: y) }

    @Test func freshTwelveItemListRowZeroIsPureRed() throws {
        let presentation = session.controller.presentation(atMicroseconds: 0)
        #expect(presentation.rows.first?.text == "feed the cat")
        renderer.render(presentation)
        let y = Int(0.95 * rowHeight - 0.5)
        #expect(pixel(1060, y) == Pixel(red: 255, green: 0, blue: 0))
        // Row 1 of 12: green 0.6·1/11·255 = 13.9.
        // (Cairo keeps 16 bits per channel and drops the low 8: 13.)
        let row1 = try #require(pixel(1060, Int(rowHeight) + y))
        #expect(row1.red == 255 && (13...14).contains(row1.green) && row1.blue == 0)
    }

    @Test func crossCueIsRedWhileARowIsDraggedPastHalfTheWidthToTheLeft() throws {
        let rowY = rowHeight * 2.5
        let time = drag(from: Point(x: 900, y: rowY), to: Point(x: 200, y: rowY), lift: false)
        let presentation = session.controller.presentation(atMicroseconds: time)
        let cues = try #require(presentation.cues)
        let row = try #require(presentation.rows.first { $0.modelIndex == 2 })
        try #require(
            row.framePixels.x < -Double(Self.screen.widthPixels) / 2, "the row follows the finger")
        #expect(cues.crossColor == .pureRed)
        renderer.render(presentation)
        var red = 0
        let frame = cues.crossFramePixels
        for y in Int(frame.minY)..<Int(frame.maxY) {
            for x in Int(frame.x)..<min(1080, Int(frame.x + frame.width))
            where pixel(x, y).map({ $0.red > 200 && $0.green < 40 }) == true {
                red += 1
            }
        }
        #expect(red > 100, "the ✗ is drawn in red")
    }

    @Test func completedRowIsGreenAfterASwipeRight() throws {
        let rowY = rowHeight * 1.5
        let time = drag(from: Point(x: 100, y: rowY), to: Point(x: 800, y: rowY), lift: true)
        #expect(session.controller.items[1].completed)
        // After the 0.2 s snap back.
        session.advance(toMicroseconds: time + 300_000)
        renderer.render(session.controller.presentation(atMicroseconds: time + 300_000))
        #expect(
            pixel(1060, Int(rowHeight + 0.95 * rowHeight - 0.5))
                == Pixel(red: 0, green: 153, blue: 0))
    }

    @Test func pullPlaceholderAlphaFollowsThePull() throws {
        var reds: [Double] = []
        for pull in [0.3, 0.6, 0.9] {
            let session = ClearSession(
                items: TodoList.swiftTutorialSamples, layout: ClearLayout(screen: Self.screen))
            session.handle(
                .deviceAdded(
                    DeviceDescription(
                        id: Self.device, name: "test", kind: .touchscreen, screen: Self.screen),
                    timeMicroseconds: 0))
            let time = OneFingerDriver(session: session).drag(
                from: Point(x: 500, y: 300), to: Point(x: 500, y: 300 + pull * rowHeight),
                lift: false)
            let presentation = session.controller.presentation(atMicroseconds: time)
            let placeholder = try #require(presentation.placeholder, "pulled by \(pull)H")
            renderer.render(presentation)
            // The placeholder's clear-gloss line, over the black background.
            let frame = placeholder.framePixels
            let y = Int(frame.y + 0.95 * frame.height - 0.5)
            try #require(y >= 0)
            let red = Double(pixel(1060, y)?.red ?? 0)
            #expect(
                abs(red - 255 * placeholder.alpha) <= 1.5, "alpha \(placeholder.alpha), red \(red)")
            reds.append(red)
        }
        #expect(
            reds == reds.sorted() && reds.first! < reds.last!,
            "the placeholder grows more opaque as the pull grows: \(reds)")
    }
}

/// Drives a session with one finger of device 1.
struct OneFingerDriver {
    let session: ClearSession

    /// Down at `from`, then `steps` moves 10 ms apart to `to`, then up when `lift`;
    /// returns the time of the last frame.
    func drag(from: Point, to: Point, steps: Int = 12, lift: Bool) -> Int64 {
        var time: Int64 = 1_000_000
        func frame(_ phase: TouchPhase, _ point: Point) {
            session.advance(toMicroseconds: time)
            session.handle(
                .touchFrame(
                    TouchFrame(
                        device: DeviceID(rawValue: 1), timeMicroseconds: time,
                        contacts: [TouchContact(seatSlot: 0, phase: phase, positionPixels: point)]))
            )
            time += 10_000
        }
        frame(.down, from)
        for step in 1...steps {
            let share = Double(step) / Double(steps)
            frame(
                .move,
                Point(x: from.x + (to.x - from.x) * share, y: from.y + (to.y - from.y) * share))
        }
        if lift { frame(.up, to) }
        return time - 10_000
    }
}
