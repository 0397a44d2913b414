import Testing
import TouchInput

@testable import GestureRecognition

/// `GestureArena.dragMoved`: once a scroll, pull or row pan has won its touch, a frame whose
/// one contact is that touch moving goes straight to the pan. These tests hold an arena
/// taking that way to one taking the general way for every frame (`takesDragLane` off):
/// the same reports after every call.
@Suite("The won drag's short way")
struct DragLaneTests {
    /// Every report of `steps` through an arena with the short way and one without, the
    /// reports of each call compared as they come; the number of calls that differed.
    static func differences(
        _ steps: [PropertyTests.Step],
        observers: (lane: Decisions, general: Decisions)? = nil
    ) -> (calls: Int, differing: Int, reports: Int) {
        var lane = GestureArena()
        var general = GestureArena()
        general.takesDragLane = false
        lane.decisionObserver = observers?.lane
        general.decisionObserver = observers?.general
        var differing = 0
        var reports = 0
        for step in steps {
            switch step {
            case .frame(let frame):
                lane.handle(frame)
                general.handle(frame)
            case .advance(let time):
                lane.advance(toMicroseconds: time)
                general.advance(toMicroseconds: time)
            case .offset(let offset):
                lane.pull = Self.pull(offset: offset)
                general.pull = lane.pull
                continue
            case .add(let id):
                lane.deviceAdded(TouchScript.touchscreen(id))
                general.deviceAdded(TouchScript.touchscreen(id))
            case .remove(let id, let time):
                lane.deviceRemoved(id, timeMicroseconds: time)
                general.deviceRemoved(id, timeMicroseconds: time)
            }
            if lane.events != general.events { differing += 1 }
            reports += lane.events.count
        }
        return (steps.count, differing, reports)
    }

    /// What a list scrolled to `offset` offers (`PropertyTests.Step.offset`).
    static func pull(offset: Double) -> PullAvailability {
        offset <= 0 ? .available(alreadyPulledPixels: -offset) : .unavailable
    }

    final class Decisions: ThresholdDecisionObserver {
        var heard: [ThresholdDecision] = []
        func decided(_ decision: ThresholdDecision) { heard.append(decision) }
    }

    static func frame(
        _ time: Int64, _ contacts: [(slot: Int, phase: TouchPhase, x: Double, y: Double)],
        device: DeviceID = DeviceID(1), millimetres: Bool = false
    ) -> PropertyTests.Step {
        .frame(
            TouchFrame(
                device: device, timeMicroseconds: time,
                contacts: contacts.map {
                    TouchContact(
                        seatSlot: $0.slot, phase: $0.phase,
                        positionMillimetres: millimetres ? Point(x: $0.x / 5, y: $0.y / 5) : nil,
                        positionPixels: Point(x: $0.x, y: $0.y))
                }))
    }

    /// A drag won (vertical or a row pan), then a second finger lands on it: on a scroll or
    /// a pull it begins a pinch and cancels the drag; a row pan keeps its touch, and the
    /// second finger's own moves (one contact, not the drag's) take the general way.
    @Test func aWonDragThenASecondFinger() {
        for (dx, dy) in [(0.0, 12.0), (0.0, -12.0), (14.0, 2.0), (-14.0, -3.0)] {
            for offset in [0.0, 40.0] {
                var steps: [PropertyTests.Step] = [.add(DeviceID(1)), .offset(-offset)]
                var time: Int64 = 0
                var x = 500.0
                var y = 900.0
                steps.append(Self.frame(time, [(0, .down, x, y)]))
                for _ in 0..<20 {
                    time += 8_333
                    x += dx
                    y += dy
                    steps.append(Self.frame(time, [(0, .move, x, y)]))
                }
                time += 8_333
                steps.append(Self.frame(time, [(1, .down, x + 100, y + 200)]))
                for step in 1...10 {
                    time += 8_333
                    // The second finger alone, then both, then the first alone.
                    switch step % 3 {
                    case 0: steps.append(Self.frame(time, [(1, .move, x + 100, y + 200 + 5)]))
                    case 1:
                        steps.append(
                            Self.frame(time, [(0, .move, x, y + 4), (1, .move, x + 100, y + 210)]))
                    default: steps.append(Self.frame(time, [(0, .move, x + 3, y + 8)]))
                    }
                }
                time += 8_333
                steps.append(Self.frame(time, [(0, .up, x, y), (1, .up, x + 100, y + 210)]))
                let run = Self.differences(steps)
                #expect(run.differing == 0, "drag (\(dx), \(dy)), pulled \(offset)")
                #expect(run.reports > 20)
            }
        }
    }

    /// A drag ended by a cancel, by its device going away, by a move to a position that is
    /// not finite, and a pull pushed back above the top (cancelled, and a scroll begins on
    /// the same frame): the short way's frames just before each, and the general way's at it.
    @Test func aWonDragCancelledOrAbandoned() {
        enum End: CaseIterable { case cancel, removed, notFinite, pushedBack, up }
        for end in End.allCases {
            for millimetres in [false, true] {
                var steps: [PropertyTests.Step] = [.add(DeviceID(1)), .offset(0)]
                var time: Int64 = 0
                var y = 900.0
                steps.append(Self.frame(time, [(0, .down, 500, y)], millimetres: millimetres))
                for _ in 0..<15 {
                    time += 8_333
                    y += 10
                    steps.append(Self.frame(time, [(0, .move, 500, y)], millimetres: millimetres))
                }
                time += 8_333
                switch end {
                case .cancel: steps.append(Self.frame(time, [(0, .cancel, 0, 0)]))
                case .removed: steps.append(.remove(DeviceID(1), time))
                case .notFinite:
                    steps.append(Self.frame(time, [(0, .move, .nan, y)]))
                    time += 8_333
                    steps.append(Self.frame(time, [(0, .move, 500, y + 10)]))
                case .pushedBack:
                    for _ in 0..<25 {
                        steps.append(
                            Self.frame(time, [(0, .move, 500, y)], millimetres: millimetres))
                        time += 8_333
                        y -= 10
                    }
                case .up: break
                }
                time += 8_333
                steps.append(Self.frame(time, [(0, .up, 500, y)]))
                // A frame of another device's touch with the drag's slot: not the drag's.
                steps.append(.add(DeviceID(2)))
                steps.append(Self.frame(time, [(0, .down, 10, 10)], device: DeviceID(2)))
                steps.append(Self.frame(time + 8_333, [(0, .move, 10, 40)], device: DeviceID(2)))
                let run = Self.differences(steps)
                #expect(run.differing == 0, "\(end), millimetres \(millimetres)")
                #expect(run.reports > 15)
            }
        }
    }

    /// A second device's touch with the drag's seat slot moving while the drag runs, and the
    /// drag's decisions heard (the farthest point is noted on the short way too).
    @Test func anotherDevicesTouchAndAnObserver() {
        for (dx, dy) in [(0.0, -9.0), (9.0, 1.0)] {
            var steps: [PropertyTests.Step] = [.add(DeviceID(1)), .add(DeviceID(2)), .offset(10)]
            var time: Int64 = 0
            steps.append(Self.frame(time, [(0, .down, 500, 900)]))
            steps.append(Self.frame(time, [(0, .down, 100, 100)], device: DeviceID(2)))
            for step in 1...20 {
                time += 8_333
                steps.append(
                    Self.frame(time, [(0, .move, 500 + Double(step) * dx, 900 + Double(step) * dy)])
                )
                steps.append(
                    Self.frame(time, [(0, .move, 100, 100 + Double(step))], device: DeviceID(2)))
            }
            steps.append(Self.frame(time + 8_333, [(0, .up, 0, 0)]))
            steps.append(Self.frame(time + 8_333, [(0, .up, 0, 0)], device: DeviceID(2)))
            let observers = (lane: Decisions(), general: Decisions())
            #expect(Self.differences(steps, observers: observers).differing == 0)
            #expect(!observers.lane.heard.isEmpty)
            #expect(observers.lane.heard == observers.general.heard)
        }
    }

    /// Random one-finger drags with second fingers, cancels and pauses, and the randomized
    /// sessions of `PropertyTests` (bad input and all).
    @Test func randomSessionsReportTheSame() {
        var random = SplitMix64(seed: 0xD2A6_1A4E)
        for _ in 0..<300 {
            var steps: [PropertyTests.Step] = [.add(DeviceID(1))]
            var time: Int64 = 0
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                steps.append(.offset(Double.random(in: -60...30, using: &random).rounded()))
                var point = Point(
                    x: Double.random(in: 0...1080, using: &random),
                    y: Double.random(in: 0...1920, using: &random))
                let velocity = Point(
                    x: Double.random(in: -20...20, using: &random),
                    y: Double.random(in: -20...20, using: &random))
                steps.append(Self.frame(time, [(0, .down, point.x, point.y)]))
                var second = false
                for _ in 0..<Int.random(in: 1...40, using: &random) {
                    time += Int64.random(in: 1_000...40_000, using: &random)
                    point.x += velocity.x
                    point.y += velocity.y
                    if !second && Int.random(in: 0..<30, using: &random) == 0 {
                        second = true
                        steps.append(Self.frame(time, [(1, .down, point.x + 80, point.y + 90)]))
                    } else if Int.random(in: 0..<40, using: &random) == 0 {
                        steps.append(.advance(time))
                    } else {
                        steps.append(Self.frame(time, [(0, .move, point.x, point.y)]))
                    }
                }
                time += 8_333
                let phase: TouchPhase = Int.random(in: 0..<4, using: &random) == 0 ? .cancel : .up
                var last: [(slot: Int, phase: TouchPhase, x: Double, y: Double)] = [
                    (0, phase, point.x, point.y)
                ]
                if second { last.append((1, .up, point.x + 80, point.y + 90)) }
                steps.append(Self.frame(time, last))
                time += Int64.random(in: 0...700_000, using: &random)
            }
            #expect(Self.differences(steps).differing == 0)
        }
        for _ in 0..<300 {
            #expect(Self.differences(PropertyTests.randomSession(&random)).differing == 0)
        }
    }
}
