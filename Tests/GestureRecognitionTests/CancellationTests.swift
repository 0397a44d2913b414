import GestureRecognition
import Testing
import TouchInput

@Suite("Cancellation")
struct CancellationTests {
    @Test func touchCancelCancelsARowPan() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.drag(0, by: 200, 0, from: 0, steps: 4)
        s.cancel(0, at: 60)
        let events = s.run()
        #expect(events.outline == ["pan began", "pan changed", "pan cancelled"])
        #expect(events.last?.timeMicroseconds == 60_000)
    }

    @Test func touchCancelCancelsAPinch() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.down(1, 100, 200, at: 10)
        s.cancel(1, at: 30)
        s.up(0, at: 40)
        #expect(s.run().map(\.summary) == ["pinch began", "pinch cancelled"])
    }

    @Test func touchCancelCancelsALongPress() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.advance(to: 500)
        s.cancel(0, at: 600)
        #expect(s.run().map(\.summary) == ["long-press began", "long-press cancelled"])
    }

    @Test func touchCancelBeforeAnyGestureReportsNothing() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.cancel(0, at: 50)  // would have been a tap
        s.advance(to: 1000)  // and no long-press timer survives it
        #expect(s.run().isEmpty)
    }

    @Test func deviceRemovalCancelsAScroll() {
        var s = TouchScript()
        s.setPull(.unavailable)
        s.down(0, 100, 500, at: 0)
        s.drag(0, by: 0, -100, from: 0, steps: 4)
        s.removeDevice(DeviceID(1), at: 70)
        s.move(0, 100, 300, at: 80)  // frames of the removed device are ignored
        s.up(0, at: 90)
        let events = s.run()
        #expect(events.outline == ["scroll began", "scroll changed", "scroll cancelled"])
        #expect(events.last?.timeMicroseconds == 70_000)
    }

    @Test func deviceRemovalCancelsAPinchAndAPendingLongPressTimer() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.down(1, 100, 200, at: 10)
        s.removeDevice(DeviceID(1), at: 20)
        #expect(s.run().map(\.summary) == ["pinch began", "pinch cancelled"])

        var t = TouchScript()
        t.down(0, 100, 100, at: 0)
        t.removeDevice(DeviceID(1), at: 100)
        t.advance(to: 2000)
        #expect(t.run().isEmpty)
    }

    @Test func deviceRemovalLeavesOtherDevicesAlone() {
        var s = TouchScript()
        s.addDevice(TouchScript.touchscreen(DeviceID(2)))
        s.frame(at: 0, [s.contact(5, .down, Point(x: 100, y: 100))], device: DeviceID(2))
        s.frame(at: 20, [s.contact(5, .move, Point(x: 200, y: 100))], device: DeviceID(2))
        s.removeDevice(DeviceID(1), at: 30)
        s.frame(at: 40, [s.contact(5, .up, .zero)], device: DeviceID(2))
        #expect(s.run().map(\.summary) == ["pan began", "pan ended"])
    }
}
