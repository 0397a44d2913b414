import GestureRecognition
import Testing
import TouchInput

@Suite("Bad input: documented behaviour, never a crash")
struct BadInputTests {
    @Test func upAndMoveForAnUnknownSlotAreIgnored() {
        var s = TouchScript()
        s.move(3, 100, 100, at: 0)
        s.up(4, at: 10)
        s.cancel(5, at: 20)
        s.down(0, 100, 100, at: 30)
        s.move(9, 900, 900, at: 40)
        s.up(0, at: 50)
        #expect(s.run().map(\.summary) == ["tap ended"])
    }

    @Test func secondDownOnALiveSlotCancelsTheOldTouch() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.drag(0, by: 100, 0, from: 0, steps: 2)
        s.down(0, 500, 500, at: 30)  // the up was lost
        s.up(0, at: 60)  // a tap by the new touch
        #expect(s.run().outline == ["pan began", "pan changed", "pan cancelled", "tap ended"])
    }

    @Test func nonFiniteCoordinatesAreIgnored() {
        var s = TouchScript()
        s.down(1, .nan, 100, at: 0)  // ignored down: slot 1 stays unknown
        s.move(1, 100, 100, at: 5)
        s.down(0, 100, 100, at: 10)
        s.move(0, .infinity, 100, at: 20)  // ignored move
        s.move(0, 100, -.infinity, at: 30)
        s.up(0, at: 40)
        #expect(s.run().map(\.summary) == ["tap ended"])
    }

    @Test func nonFiniteMillimetresFallBackToPixels() {
        var s = TouchScript()
        s.frame(
            at: 0,
            [
                TouchContact(
                    seatSlot: 0, phase: .down, positionMillimetres: Point(x: .nan, y: 0),
                    positionPixels: Point(x: 0, y: 0))
            ])
        s.frame(
            at: 10,
            [
                TouchContact(
                    seatSlot: 0, phase: .move, positionMillimetres: Point(x: 1, y: 0),
                    positionPixels: Point(x: 11, y: 0))
            ])
        s.up(0, at: 20)
        // 1 mm would be within the slop, but without a start in mm 11 px is beyond it.
        #expect(s.run().map(\.summary) == ["pan began", "pan ended"])
    }

    @Test func timeGoingBackwardsIsClampedToTheLatestTime() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 1000)
        s.move(0, 102, 100, at: 900)  // treated as 1000 ms
        s.up(0, at: 800)  // treated as 1000 ms: a 0 ms tap
        let events = s.run()
        #expect(events.map(\.summary) == ["tap ended"])
        #expect(events.first?.timeMicroseconds == 1_000_000)

        var t = TouchScript()
        t.down(0, 100, 100, at: 0)
        t.advance(to: 400)
        t.advance(to: -5000)  // no effect
        t.up(0, at: 450)
        #expect(t.run().isEmpty)
    }

    @Test func extremeTimestampsDoNotTrap() {
        var arena = GestureArena()
        arena.deviceAdded(TouchScript.touchscreen(DeviceID(1)))
        let down = TouchContact(seatSlot: 0, phase: .down, positionPixels: Point(x: 1, y: 1))
        arena.handle(TouchFrame(device: DeviceID(1), timeMicroseconds: .min, contacts: [down]))
        arena.advance(toMicroseconds: .max)
        #expect(arena.events.map(\.summary) == ["long-press began"])
        arena.handle(
            TouchFrame(
                device: DeviceID(1), timeMicroseconds: .max,
                contacts: [TouchContact(seatSlot: 0, phase: .up, positionPixels: .zero)]))
        #expect(arena.events.map(\.summary) == ["long-press ended"])
    }

    @Test func moreThanThirtyTwoTouchesIgnoresTheExtraDowns() {
        var arena = GestureArena()
        arena.deviceAdded(TouchScript.touchscreen(DeviceID(1)))
        let downs = (0..<40).map {
            TouchContact(
                seatSlot: $0, phase: .down, positionPixels: Point(x: Double($0) * 10, y: 100))
        }
        arena.handle(TouchFrame(device: DeviceID(1), timeMicroseconds: 0, contacts: downs))
        #expect(arena.liveTouchCount == 32)
        #expect(arena.events.map(\.summary) == ["pinch began"])  // the first two fingers
        // Moves and ups of the ignored 33rd..40th touches do nothing.
        let extra = (32..<40).map { TouchContact(seatSlot: $0, phase: .up, positionPixels: .zero) }
        arena.handle(TouchFrame(device: DeviceID(1), timeMicroseconds: 10, contacts: extra))
        #expect(arena.events.isEmpty)
        #expect(arena.liveTouchCount == 32)
        // Once one lifts, a new touch fits again.
        arena.handle(
            TouchFrame(
                device: DeviceID(1), timeMicroseconds: 20,
                contacts: [
                    TouchContact(seatSlot: 5, phase: .up, positionPixels: .zero),
                    TouchContact(seatSlot: 50, phase: .down, positionPixels: Point(x: 1, y: 1)),
                ]))
        #expect(arena.liveTouchCount == 32)
    }

    @Test func deviceRemovedMidGestureCancelsAndLaterFramesAreIgnored() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.drag(0, by: 100, 0, from: 0, steps: 3)
        s.removeDevice(DeviceID(1), at: 40)
        s.removeDevice(DeviceID(1), at: 45)  // twice: no effect
        s.drag(0, by: 100, 0, from: 50, steps: 3)
        s.up(0, at: 100)
        #expect(s.run().outline == ["pan began", "pan changed", "pan cancelled"])
    }

    @Test func framesForADeviceNeverAddedAreIgnored() {
        var s = TouchScript(addDevice: false)
        s.down(0, 100, 100, at: 0)
        s.up(0, at: 50)
        #expect(s.run().isEmpty)
        // Only touchscreens are interpreted: a touchpad's raw touches are not.
        var t = TouchScript(addDevice: false)
        t.addDevice(DeviceDescription(id: DeviceID(1), name: "pad", kind: .touchpad))
        t.down(0, 100, 100, at: 0)
        t.up(0, at: 50)
        #expect(t.run().isEmpty)
    }

    @Test func frameTimesStillCountForIgnoredDevices() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        s.frame(at: 600, [s.contact(1, .down, Point(x: 1, y: 1))], device: DeviceID(9))
        s.up(0, at: 650)
        #expect(s.run().map(\.summary) == ["long-press began", "long-press ended"])
    }

    @Test func upContactPositionIsNotUsed() {
        var s = TouchScript()
        s.down(0, 100, 100, at: 0)
        // An up at a far-away position (libinput's up has none; readers may put zeros).
        s.frame(
            at: 50, [TouchContact(seatSlot: 0, phase: .up, positionPixels: Point(x: 900, y: 900))])
        let events = s.run()
        #expect(events.map(\.summary) == ["tap ended"])
        #expect(events.first?.values == .tap(locationPixels: Point(x: 100, y: 100)))
    }
}
