import GestureRecognition
import Testing
import TouchInput

/// `DragVelocityReports.finalReportsOnly` skips the velocity fit of a drag's `began` and
/// `changed` reports; everything else, and every final report's velocity, stays the same
/// to the bit.
@Suite("Drag velocities on final reports only")
struct DragVelocityReportsTests {
    static func run(_ steps: [PropertyTests.Step], _ reports: DragVelocityReports)
        -> [GestureEvent]
    {
        var arena = GestureArena()
        arena.dragVelocityReports = reports
        var all: [GestureEvent] = []
        for step in steps {
            switch step {
            case .frame(let frame): arena.handle(frame)
            case .advance(let time): arena.advance(toMicroseconds: time)
            case .offset(let offset):
                arena.pull = offset <= 0 ? .available(alreadyPulledPixels: -offset) : .unavailable
                continue
            case .add(let id): arena.deviceAdded(TouchScript.touchscreen(id))
            case .remove(let id, let time): arena.deviceRemoved(id, timeMicroseconds: time)
            }
            all.append(contentsOf: arena.events)
        }
        return all
    }

    /// A drag's velocity, or nil for other gestures.
    static func velocity(_ event: GestureEvent) -> Point? { event.pan?.velocityPixelsPerSecond }

    /// `event` with its drag velocity zeroed: what a non-final report carries when only
    /// final reports have one.
    static func withoutVelocity(_ event: GestureEvent) -> GestureEvent {
        var event = event
        switch event.values {
        case .pan(var pan):
            pan.velocityPixelsPerSecond = .zero
            event.values = .pan(pan)
        case .scroll(var pan):
            pan.velocityPixelsPerSecond = .zero
            event.values = .scroll(pan)
        case .pull(var pull):
            pull.drag.velocityPixelsPerSecond = .zero
            event.values = .pull(pull)
        default: break
        }
        return event
    }

    static func bits(_ point: Point?) -> [UInt64]? {
        point.map { [$0.x.bitPattern, $0.y.bitPattern] }
    }

    /// Compares the reports of one input with every velocity and with final ones only.
    static func expectFinalVelocitiesOnly(_ steps: [PropertyTests.Step]) -> Int {
        let every = run(steps, .everyReport)
        let final = run(steps, .finalReportsOnly)
        #expect(every.count == final.count)
        var finalDrags = 0
        for (eager, lazy) in zip(every, final) {
            if eager.state.isFinal {
                // Bit for bit (a NaN would not equal itself).
                #expect(bits(velocity(lazy)) == bits(velocity(eager)))
                #expect(withoutVelocity(lazy) == withoutVelocity(eager))
                if velocity(eager) != nil { finalDrags += 1 }
            } else {
                #expect(lazy == withoutVelocity(eager))
            }
        }
        return finalDrags
    }

    /// Plausible one-finger drags at 120 Hz in every direction, some down from a pulled
    /// list (pulls, some abandoned back into a scroll), some ended by a cancel.
    @Test func generatedDragsKeepEveryFinalVelocity() {
        var random = SplitMix64(seed: 0x7E10_C17)
        var steps: [PropertyTests.Step] = [.add(DeviceID(1))]
        var time: Int64 = 0
        for _ in 0..<200 {
            steps.append(.offset(Bool.random(using: &random) ? 0 : 50))
            var point = Point(
                x: Double.random(in: 100...980, using: &random),
                y: Double.random(in: 100...1800, using: &random))
            func frame(_ phase: TouchPhase) {
                steps.append(
                    .frame(
                        TouchFrame(
                            device: DeviceID(1), timeMicroseconds: time,
                            contacts: [
                                TouchContact(seatSlot: 0, phase: phase, positionPixels: point)
                            ])))
            }
            frame(.down)
            let velocity = Point(
                x: Double.random(in: -3000...3000, using: &random),
                y: Double.random(in: -3000...3000, using: &random))
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                time += 8_333
                point.x += velocity.x / 120 + Double.random(in: -2...2, using: &random)
                point.y += velocity.y / 120 + Double.random(in: -2...2, using: &random)
                frame(.move)
            }
            // Some rest before lifting (their samples age out of the window).
            time += Bool.random(using: &random) ? 8_333 : 150_000
            frame(Int.random(in: 0..<8, using: &random) == 0 ? .cancel : .up)
            time += 300_000
        }
        let finalDrags = Self.expectFinalVelocitiesOnly(steps)
        #expect(finalDrags > 150)
    }

    /// The randomized sessions of `PropertyTests`, bad input and all.
    @Test func randomSessionsKeepEveryFinalVelocity() {
        var random = SplitMix64(seed: 0xD7A6_5E1)
        var finalDrags = 0
        for _ in 0..<500 {
            finalDrags += Self.expectFinalVelocitiesOnly(PropertyTests.randomSession(&random))
        }
        #expect(finalDrags > 100)
    }

    /// A fast scroll: its `began` and `changed` reports carry zero, its `ended` report the
    /// fitted release velocity, the same as with every velocity.
    @Test func changedReportsCarryZeroAndTheEndedOneTheFit() {
        var s = TouchScript()
        s.down(0, 500, 500, at: 0)
        s.drag(0, by: 0, -300, from: 0, steps: 10)
        s.up(0, at: 110)
        var arena = GestureArena()
        arena.dragVelocityReports = .finalReportsOnly
        var reports: [GestureEvent] = []
        for step in s.steps {
            switch step {
            case .frame(let frame): arena.handle(frame)
            case .addDevice(let description): arena.deviceAdded(description)
            default: continue
            }
            reports.append(contentsOf: arena.events)
        }
        #expect(reports.first?.summary == "scroll began")
        #expect(reports.dropLast().allSatisfy { $0.pan?.velocityPixelsPerSecond == .zero })
        #expect(reports.last?.summary == "scroll ended")
        #expect((reports.last?.pan?.velocityPixelsPerSecond.y ?? 0) < -1000)
        #expect(
            s.run().last?.pan?.velocityPixelsPerSecond == reports.last?.pan?.velocityPixelsPerSecond
        )
    }
}
