import GestureRecognition
import Testing
import TouchInput

@Suite struct GestureIDAllocatorTests {
    @Test func eachSourceCountsUpInItsOwnRange() {
        var ids = GestureIDAllocator()
        #expect(ids.next(for: .touchscreen).rawValue == 1)
        #expect(ids.next(for: .touchpad).rawValue == 1 << 40)
        #expect(ids.next(for: .touchscreen).rawValue == 2)
        #expect(ids.next(for: .touchpad).rawValue == (1 << 40) + 1)
    }

    @Test func theSourceOfAnIdIsItsRange() {
        #expect(GestureIDAllocator.source(of: GestureID(rawValue: (1 << 40) - 1)) == .touchscreen)
        #expect(GestureIDAllocator.source(of: GestureID(rawValue: 1 << 40)) == .touchpad)
    }

    @Test func anArenaLentAnAllocatorContinuesFromIt() {
        var lent = GestureIDAllocator()
        _ = lent.next(for: .touchscreen)
        _ = lent.next(for: .touchscreen)
        var arena = GestureArena()
        arena.deviceAdded(TouchScript.touchscreen(DeviceID(1)))
        arena.gestureIDs = lent
        let contact = { (phase: TouchPhase) in
            TouchContact(seatSlot: 0, phase: phase, positionPixels: Point(x: 100, y: 100))
        }
        arena.handle(
            TouchFrame(device: DeviceID(1), timeMicroseconds: 0, contacts: [contact(.down)]))
        arena.handle(
            TouchFrame(device: DeviceID(1), timeMicroseconds: 50_000, contacts: [contact(.up)]))
        #expect(arena.events.map(\.id.rawValue) == [3])
        #expect(arena.gestureIDs.next(for: .touchscreen).rawValue == 4)
    }
}

@Suite struct PullAvailabilityTests {
    func drag(dy: Double, pull: PullAvailability) -> [GestureEvent] {
        var s = TouchScript()
        s.setPull(pull)
        s.down(0, 500, 500, at: 0)
        s.drag(0, by: 0, dy, from: 0, steps: 4)
        s.up(0, at: 100)
        return s.run()
    }

    @Test func aClientThatOffersNoPullGetsScrollsBothWays() {
        #expect(drag(dy: 40, pull: .unavailable).first?.kind == .scroll)
        #expect(drag(dy: -40, pull: .unavailable).first?.kind == .scroll)
    }

    @Test func theDistanceStartsFromWhatIsAlreadyPulled() {
        let events = drag(dy: 40, pull: .available(alreadyPulledPixels: 0.5))
        #expect(events.first?.kind == .pull)
        #expect(events.last?.pullDistance == 40.5)
    }

    @Test func whatTheClientSaysLaterDoesNotChangeADragThatBegan() {
        var s = TouchScript()
        s.down(0, 500, 500, at: 0)
        s.move(0, 500, 520, at: 10)
        s.setPull(.unavailable)
        s.move(0, 500, 540, at: 20)
        s.up(0, at: 30)
        #expect(s.run().map(\.kind) == [.pull, .pull, .pull])
    }
}
