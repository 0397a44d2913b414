import GestureRecognition
import Testing
import TouchInput

/// `GestureArena.advanceReportingWhenTimed`: while no timer runs an advance reports nothing,
/// so it only moves the clock (`ClearSession` calls it before every event). These tests hold
/// an arena advanced that way, its reports read only when it says, to one that advances
/// fully before every call.
@Suite("Advances skipped without a timer")
struct SkippedAdvanceTests {
    /// The reports of `steps` when every call is preceded by an advance to its time, and
    /// when that advance is `advanceReportingWhenTimed`; and how many long-presses a
    /// preceding advance fired.
    static func reports(_ steps: [PropertyTests.Step]) -> (
        every: [GestureEvent], skipping: [GestureEvent], holdsFired: Int
    ) {
        var every = GestureArena()
        var skipping = GestureArena()
        var everyReports: [GestureEvent] = []
        var skippingReports: [GestureEvent] = []
        var holdsFired = 0
        func advance(to time: Int64) {
            every.advance(toMicroseconds: time)
            everyReports += every.events
            holdsFired += every.events.filter { $0.kind == .longPress }.count
            if skipping.advanceReportingWhenTimed(toMicroseconds: time) {
                skippingReports += skipping.events
            }
        }
        for step in steps {
            switch step {
            case .frame(let frame):
                advance(to: frame.timeMicroseconds)
                every.handle(frame)
                skipping.handle(frame)
            case .advance(let time):
                advance(to: time)
                continue
            case .offset(let offset):
                let pull: PullAvailability =
                    offset <= 0 ? .available(alreadyPulledPixels: -offset) : .unavailable
                every.pull = pull
                skipping.pull = pull
                continue
            case .add(let id):
                every.deviceAdded(TouchScript.touchscreen(id))
                skipping.deviceAdded(TouchScript.touchscreen(id))
            case .remove(let id, let time):
                advance(to: time)
                every.deviceRemoved(id, timeMicroseconds: time)
                skipping.deviceRemoved(id, timeMicroseconds: time)
            }
            everyReports += every.events
            skippingReports += skipping.events
        }
        return (everyReports, skippingReports, holdsFired)
    }

    /// The randomized sessions of `PropertyTests`, bad input and all, and pauses long
    /// enough to fire long-presses (times running backwards after an advance included).
    @Test func randomSessionsReportTheSame() {
        var random = SplitMix64(seed: 0x5C1F_AD7)
        var holdsFired = 0
        for _ in 0..<500 {
            let run = Self.reports(PropertyTests.randomSession(&random))
            #expect(run.skipping == run.every)
            holdsFired += run.holdsFired
        }
        // Some advances fired a timer: the skipped ones are not all there were.
        #expect(holdsFired > 20)
    }

    /// A touch resting past the long-press time, then dragged: the advance that fires the
    /// hold is made, and the drag's advances only move the clock.
    @Test func aHoldThenADragReportsTheSame() {
        for restMicroseconds: Int64 in [100_000, 499_999, 500_000, 500_001, 900_000] {
            var steps: [PropertyTests.Step] = [.add(DeviceID(1))]
            var time: Int64 = 0
            func frame(_ phase: TouchPhase, _ y: Double) {
                steps.append(
                    .frame(
                        TouchFrame(
                            device: DeviceID(1), timeMicroseconds: time,
                            contacts: [
                                TouchContact(
                                    seatSlot: 0, phase: phase, positionPixels: Point(x: 300, y: y))
                            ])))
            }
            frame(.down, 500)
            time += restMicroseconds
            steps.append(.advance(time))
            for step in 1...30 {
                time += 8_333
                frame(.move, 500 + Double(step) * 12)
            }
            frame(.up, 860)
            let run = Self.reports(steps)
            #expect(run.skipping == run.every, "rest \(restMicroseconds) µs")
            #expect(!run.every.isEmpty)
        }
    }
}
