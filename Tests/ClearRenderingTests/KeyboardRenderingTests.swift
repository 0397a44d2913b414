import ClearCore
import ClearPictures
import ClearRendering
import Testing
import TouchInput

/// The on-screen keyboard as drawn: a session at the kiosk's size editing row 0 with the
/// keyboard on, rendered and checked pixel by pixel.
@Suite struct KeyboardRenderingTests {
    static let screen = ScreenSize.defaultKiosk
    static let device = DeviceID(rawValue: 1)
    let renderer: PresentationRenderer
    var time: Int64 = 1_000_000

    init() throws {
        renderer = try PresentationRenderer(
            width: Self.screen.widthPixels, height: Self.screen.heightPixels)
    }

    static func session(_ mode: OnScreenKeyboardMode) -> ClearSession {
        let session = ClearSession(
            items: TodoList.swiftTutorialSamples, layout: ClearLayout(screen: screen),
            keyboard: OnScreenKeyboardSettings(
                mode: mode, layout: KeyboardLayout.embedded(named: "us")!))
        session.handle(
            .deviceAdded(
                DeviceDescription(
                    id: device, name: "test touchscreen", kind: .touchscreen, screen: screen),
                timeMicroseconds: 0))
        return session
    }

    mutating func touch(_ session: ClearSession, _ phase: TouchPhase, _ point: Point, after: Int64)
    {
        time += after
        session.advance(toMicroseconds: time)
        session.handle(
            .touchFrame(
                TouchFrame(
                    device: Self.device, timeMicroseconds: time,
                    contacts: [TouchContact(seatSlot: 0, phase: phase, positionPixels: point)])))
    }

    /// Taps row 0 and lets the keyboard slide in (400 ms).
    mutating func editRowZero(_ session: ClearSession) {
        touch(session, .down, Point(x: 500, y: 85), after: 0)
        touch(session, .up, Point(x: 500, y: 85), after: 50_000)
        time += 400_000
        session.advance(toMicroseconds: time)
    }

    func render(_ session: ClearSession, at time: Int64) -> Presentation {
        let presentation = session.controller.presentation(atMicroseconds: time)
        renderer.render(presentation)
        return presentation
    }

    func pixel(_ x: Double, _ y: Double) -> Pixel? {
        renderer.surface.pixel(x: Int(x), y: Int(y))
    }

    /// A pixel just inside the key's top-left corner (away from its label).
    func corner(_ key: KeyboardKeyPresentation) -> Pixel? {
        pixel(key.framePixels.x + 3, key.framePixels.y + 3)
    }

    /// A grey of `value` (0...1), as Cairo may round it either way.
    struct Grey: Equatable {
        var value: Double
        static func == (pixel: Pixel?, grey: Grey) -> Bool {
            guard let pixel else { return false }
            let expected = grey.value * 255
            return [pixel.red, pixel.green, pixel.blue].allSatisfy {
                abs(Double($0) - expected) <= 1
            }
        }
        static func != (pixel: Pixel?, grey: Grey) -> Bool { !(pixel == grey) }
    }

    static func grey(_ value: Double) -> Grey { Grey(value: value) }

    func key(_ presentation: Presentation, _ action: KeyboardKeyAction) -> KeyboardKeyPresentation {
        presentation.keyboard!.keys.first { $0.action == action }!
    }

    @Test mutating func theShownKeyboardHasItsPanelKeysAndLabels() throws {
        let session = Self.session(.on)
        editRowZero(session)
        let presentation = render(session, at: time)
        let keyboard = try #require(presentation.keyboard)
        #expect(keyboard.framePixels.maxY == 1920)
        // The panel shows in the gap left of q; keys have their greys.
        let q = key(presentation, .character("q"))
        #expect(pixel(1, q.framePixels.midY) == Self.grey(0.08))
        #expect(corner(q) == Self.grey(0.24))
        #expect(corner(key(presentation, .shift)) == Self.grey(0.16))
        // The label is white, somewhere in the key's middle.
        var white = 0
        for dy in -20...20 {
            for dx in -20...20
            where pixel(q.framePixels.midX + Double(dx), q.framePixels.midY + Double(dy))
                .map({ $0.red > 230 && $0.green > 230 }) == true
            {
                white += 1
            }
        }
        #expect(white > 30)
        // The edited row (row 0, red) stays above the keyboard.
        #expect(pixel(1060, 85).map { $0.red > 240 && $0.green < 30 && $0.blue < 30 } == true)
        #expect(keyboard.framePixels.y >= 169)
    }

    @Test mutating func aHeldKeyIsRedAndShiftLightsWhite() throws {
        let session = Self.session(.on)
        editRowZero(session)
        let shown = session.controller.presentation(atMicroseconds: time)
        let w = key(shown, .character("w"))
        touch(session, .down, Point(x: w.framePixels.midX, y: w.framePixels.midY), after: 0)
        let held = render(session, at: time)
        #expect(corner(key(held, .character("w"))) == Pixel(red: 255, green: 0, blue: 0))
        #expect(corner(key(held, .character("e"))) == Self.grey(0.24))
        touch(session, .up, Point(x: w.framePixels.midX, y: w.framePixels.midY), after: 50_000)
        let shift = key(shown, .shift)
        touch(
            session, .down, Point(x: shift.framePixels.midX, y: shift.framePixels.midY),
            after: 100_000)
        touch(
            session, .up, Point(x: shift.framePixels.midX, y: shift.framePixels.midY), after: 50_000
        )
        let shifted = render(session, at: time)
        #expect(corner(key(shifted, .shift)) == Self.grey(1))
        #expect(key(shifted, .character("q")).label == "Q")
    }

    @Test mutating func theAccentPopupIsOrangeWithTheChoiceInRed() throws {
        let session = Self.session(.on)
        editRowZero(session)
        let e = key(session.controller.presentation(atMicroseconds: time), .character("e"))
        touch(session, .down, Point(x: e.framePixels.midX, y: e.framePixels.midY), after: 0)
        time += 600_000
        session.advance(toMicroseconds: time)
        let presentation = render(session, at: time)
        let popup = try #require(presentation.keyboard?.popup)
        #expect(popup.labels.prefix(3) == ["e", "è", "é"])
        let first = popup.cellsPixels[0]
        let second = popup.cellsPixels[1]
        #expect(pixel(first.x + 3, first.y + 3) == Pixel(red: 255, green: 0, blue: 0))
        #expect(pixel(second.x + 3, second.y + 3) == Pixel(red: 255, green: 153, blue: 0))
    }

    @Test mutating func itSlidesUpFromTheBottom() throws {
        let session = Self.session(.on)
        touch(session, .down, Point(x: 500, y: 85), after: 0)
        touch(session, .up, Point(x: 500, y: 85), after: 50_000)
        let begin = time
        let half = try #require(render(session, at: begin + 150_000).keyboard)
        let shown = try #require(
            session.controller.presentation(atMicroseconds: begin + 300_000).keyboard)
        #expect(half.framePixels.y > shown.framePixels.y)
        #expect(half.framePixels.y < 1920)
        // Below the sliding panel's top it is drawn; above it the list shows.
        #expect(pixel(1, half.framePixels.y + 2) == Self.grey(0.08))
        #expect(pixel(1, half.framePixels.y - 3) != Self.grey(0.08))
    }

    @Test mutating func offAndAutoWithAPhysicalKeyboardDrawNone() {
        for mode in [OnScreenKeyboardMode.off, .auto] {
            let session = Self.session(mode)
            session.handle(
                .deviceAdded(
                    DeviceDescription(id: DeviceID(rawValue: 7), name: "kbd", kind: .keyboard),
                    timeMicroseconds: 1))
            editRowZero(session)
            let presentation = render(session, at: time)
            #expect(presentation.keyboard == nil)
            #expect(pixel(1, 1900) != Self.grey(0.08))
        }
    }
}

/// The rows under the keyboard's opaque panel are not drawn: the picture is the same, the
/// line the panel covers partly included.
@Suite struct RowsUnderTheKeyboardTests {
    @Test func theListAboveAndTheLineThePanelCoversPartlyAreDrawnAsWithoutIt() throws {
        let plain = try PresentationRenderer(
            width: Fixture.screen.widthPixels, height: Fixture.screen.heightPixels)
        plain.render(Fixture.list())
        var covered = Fixture.list()
        // The panel sliding up: its top edge halfway through line 1200.
        covered.keyboard = KeyboardPresentation(
            layoutName: "us",
            framePixels: RectPixels(x: 0, y: 1200.5, width: Fixture.width, height: 719.5),
            keys: [], layer: .letters, isCapsLocked: false, popup: nil)
        let withKeyboard = try PresentationRenderer(
            width: Fixture.screen.widthPixels, height: Fixture.screen.heightPixels)
        withKeyboard.render(covered)
        for y in stride(from: 0, to: 1200, by: 7) {
            for x in stride(from: 0, to: 1080, by: 11) {
                #expect(withKeyboard.surface.pixel(x: x, y: y) == plain.surface.pixel(x: x, y: y))
            }
        }
        // Line 1200: half the row beneath, half the panel (a row drawn there shows through).
        let row = try #require(plain.surface.pixel(x: 1060, y: 1200))
        let edge = try #require(withKeyboard.surface.pixel(x: 1060, y: 1200))
        let panel = try #require(withKeyboard.surface.pixel(x: 1060, y: 1201))
        #expect(panel.red < 40)
        #expect(abs(Int(edge.red) - (Int(row.red) + Int(panel.red)) / 2) <= 2)
    }
}
