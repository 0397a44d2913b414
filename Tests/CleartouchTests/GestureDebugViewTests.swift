import Testing
import TouchInput

@testable import CleartouchCommands
@testable import cleartouch_devices

/// `debug-gestures`' view on its own, with the clock given: a resting finger's long-press
/// appears from a tick while the finger rests, before any lift (no wall clock involved;
/// the umockdev test checks the same session through real libinput by its event times).
@Suite struct GestureDebugViewTests {
    static let screen = DeviceDescription(
        id: DeviceID(1), name: "screen", kind: .touchscreen,
        sizeMillimetres: SizeMillimetres(width: 270, height: 480))

    static func frame(_ phase: TouchPhase, at time: Int64) -> InputEvent {
        .touchFrame(
            TouchFrame(
                device: DeviceID(1), timeMicroseconds: time,
                contacts: [
                    TouchContact(
                        seatSlot: 0, phase: phase, positionMillimetres: Point(x: 50, y: 50),
                        positionPixels: Point(x: 200, y: 200))
                ]))
    }

    @Test func aTickPastTheLongPressDurationBeginsItBeforeTheLift() {
        let view = GestureDebugView(screen: .defaultKiosk)
        let start: Int64 = 1_000_000_000
        _ = view.handle(.deviceAdded(Self.screen, timeMicroseconds: start))
        _ = view.handle(Self.frame(.down, at: start))
        let lag = GestureDebugView.tickLagMicroseconds
        // Just before 500 ms of rest (with the tick's lag): nothing yet.
        #expect(view.tick(nowMicroseconds: start + 499_999 + lag) == [])
        let began = view.tick(nowMicroseconds: start + 500_000 + lag)
        #expect(began.contains { $0.contains("long-press began +0.500s") }, "\(began)")
        // A tick that does not move time on says nothing.
        #expect(view.tick(nowMicroseconds: start + 500_000 + lag) == [])
        let lift = view.handle(Self.frame(.up, at: start + 912_000))
        #expect(lift.first?.contains("TOUCH_FRAME") == true, "\(lift)")
        #expect(lift.contains { $0.contains("long-press ended +0.912s") }, "\(lift)")
        #expect(!lift.contains { $0.contains("long-press began") })
    }

    @Test func withoutATickTheLongPressBeginsAtTheLift() {
        let view = GestureDebugView(screen: .defaultKiosk)
        _ = view.handle(.deviceAdded(Self.screen, timeMicroseconds: 0))
        _ = view.handle(Self.frame(.down, at: 0))
        let lift = view.handle(Self.frame(.up, at: 912_000))
        #expect(lift.contains { $0.contains("long-press began +0.500s") }, "\(lift)")
        #expect(lift.contains { $0.contains("long-press ended +0.912s") }, "\(lift)")
    }
}
