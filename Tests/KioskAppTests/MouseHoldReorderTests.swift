import CSDL2
import ClearCore
import KioskApp
import Testing
import TouchInput

/// The window fallback: the mouse acts as one finger, so holding the left button 500 ms
/// and then dragging reorders a row through the same long-press as a finger
/// (`WindowInputTranslator` → `ClearSession`), and a drag without the hold scrolls.
@Suite struct MouseHoldReorderTests {
    /// A 1080×1920 layout shown in a 540×960 window: one window pixel is two screen pixels.
    let screen = ScreenSize(widthPixels: 1080, heightPixels: 1920)

    func button(_ type: SDL_EventType, x: Int32, y: Int32) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.which = 0
        event.button.x = x
        event.button.y = y
        return event
    }

    func motion(x: Int32, y: Int32) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEMOTION.rawValue
        event.motion.which = 0
        event.motion.x = x
        event.motion.y = y
        return event
    }

    /// Button down on row 5 (window y 465 → screen 931), held `holdMicroseconds` with the
    /// session advanced as the app's loop does, then moved up 180 window px (360 screen
    /// px) in ten moves, released.
    func holdAndDrag(holdMicroseconds: Int64) -> ClearSession {
        var translator = WindowInputTranslator(
            screen: screen, windowSize: (540, 960), translatesTouches: true)
        let session = ClearSession(
            items: TodoList.swiftTutorialSamples, layout: ClearLayout(screen: screen))
        var events: [InputEvent] = []
        func feed(_ event: SDL_Event, at time: Int64) {
            events.removeAll()
            translator.translate(event, timeMicroseconds: time, into: &events)
            for event in events { session.handle(event) }
        }
        feed(button(SDL_MOUSEBUTTONDOWN, x: 270, y: 465), at: 0)
        // The app's loop advances the session while the button is down (no motion).
        var time: Int64 = 0
        while time + 30_000 < holdMicroseconds {
            time += 30_000
            session.advance(toMicroseconds: time)
        }
        time = holdMicroseconds
        for step in 1...10 {
            feed(motion(x: 270, y: 465 - Int32(18 * step)), at: time)
            time += 10_000
        }
        feed(button(SDL_MOUSEBUTTONUP, x: 270, y: 285), at: time + 150_000)
        return session
    }

    @Test func holdingTheButton500msThenDraggingMovesTheRow() {
        let session = holdAndDrag(holdMicroseconds: 500_000)
        #expect(session.controller.actions.map(\.summary) == ["move 5 → 3"])
        #expect(session.controller.items[3].text == "darn holes in socks")
    }

    @Test func draggingBeforeTheHoldIsAScroll() {
        let session = holdAndDrag(holdMicroseconds: 499_999)
        #expect(session.controller.actions.isEmpty)
        #expect(session.gestureEvents.contains { $0.kind == .scroll })
        #expect(!session.gestureEvents.contains { $0.kind == .longPress })
    }
}
