import GestureRecognition
import Testing
import TouchInput

/// SplitMix64: a small, seeded, platform-independent generator for reproducible tests.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Randomized sequences")
struct PropertyTests {
    enum Step {
        case frame(TouchFrame)
        case advance(Int64)
        case offset(Double)
        case add(DeviceID)
        case remove(DeviceID, Int64)
    }

    /// A random session: mostly plausible touches with every kind of bad input mixed in.
    static func randomSession(_ random: inout SplitMix64) -> [Step] {
        var steps: [Step] = [.add(DeviceID(1))]
        var time: Int64 = Int64.random(in: -1_000_000...1_000_000, using: &random)
        var live: [Int: Point] = [:]
        let slotRange = Bool.random(using: &random) ? 0...3 : 0...40
        for _ in 0..<Int.random(in: 1...60, using: &random) {
            let roll = Int.random(in: 0..<100, using: &random)
            time += Int64.random(in: -20_000...400_000, using: &random)
            switch roll {
            case 0..<3: steps.append(.advance(time))
            case 3..<5:
                steps.append(.offset(Double.random(in: -100...100, using: &random).rounded()))
            case 5..<6: steps.append(.remove(DeviceID(Int.random(in: 1...2, using: &random)), time))
            case 6..<8: steps.append(.add(DeviceID(Int.random(in: 1...2, using: &random))))
            default:
                var contacts: [TouchContact] = []
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let slot = Int.random(in: slotRange, using: &random)
                    var phase: TouchPhase
                    if live[slot] != nil {
                        let p = Int.random(in: 0..<20, using: &random)
                        phase = p < 14 ? .move : p < 18 ? .up : p < 19 ? .cancel : .down
                    } else {
                        phase = Int.random(in: 0..<10, using: &random) < 8 ? .down : .move
                    }
                    let base =
                        live[slot]
                        ?? Point(
                            x: Double.random(in: 0...1080, using: &random),
                            y: Double.random(in: 0...1920, using: &random))
                    var point = Point(
                        x: base.x + Double.random(in: -30...30, using: &random),
                        y: base.y + Double.random(in: -30...30, using: &random))
                    if Int.random(in: 0..<50, using: &random) == 0 {
                        point.x =
                            [.nan, .infinity, -.infinity][Int.random(in: 0..<3, using: &random)]
                    }
                    let mm =
                        Bool.random(using: &random) ? Point(x: point.x / 5, y: point.y / 5) : nil
                    contacts.append(
                        TouchContact(
                            seatSlot: slot, phase: phase, positionMillimetres: mm,
                            positionPixels: point))
                    switch phase {
                    case .down, .move: live[slot] = point.isFinite ? point : live[slot]
                    case .up, .cancel: live[slot] = nil
                    }
                }
                let device = DeviceID(Int.random(in: 0..<10, using: &random) == 0 ? 2 : 1)
                steps.append(
                    .frame(TouchFrame(device: device, timeMicroseconds: time, contacts: contacts)))
            }
        }
        // Finally remove every device, which must end whatever is still running.
        steps.append(.remove(DeviceID(1), time))
        steps.append(.remove(DeviceID(2), time))
        return steps
    }

    static func run(_ steps: [Step]) -> [GestureEvent] {
        var arena = GestureArena()
        var all: [GestureEvent] = []
        for step in steps {
            switch step {
            case .frame(let frame): arena.handle(frame)
            case .advance(let time): arena.advance(toMicroseconds: time)
            case .offset(let offset):
                arena.pull = offset <= 0 ? .available(alreadyPulledPixels: -offset) : .unavailable
                continue  // not a call that reports
            case .add(let id): arena.deviceAdded(TouchScript.touchscreen(id))
            case .remove(let id, let time): arena.deviceRemoved(id, timeMicroseconds: time)
            }
            all.append(contentsOf: arena.events)
        }
        return all
    }

    @Test func thousandsOfRandomSessionsAreWellFormedAndDeterministic() {
        var random = SplitMix64(seed: 0xC1EA_7_0C4)
        var kindsSeen = Set<GestureKind>()
        for session in 0..<3000 {
            let steps = Self.randomSession(&random)
            let first = Self.run(steps)
            let second = Self.run(steps)
            #expect(first == second, "session \(session) is not deterministic")
            let (problems, open) = checkLifecycles(first)
            #expect(problems.isEmpty, "session \(session): \(problems)")
            #expect(open.isEmpty, "session \(session): never ended \(open)")
            var lastTime = Int64.min
            for event in first {
                #expect(event.timeMicroseconds >= lastTime, "session \(session): time went back")
                lastTime = event.timeMicroseconds
            }
            kindsSeen.formUnion(first.map(\.kind))
        }
        // The generator must exercise every recognizer, or this test proves little.
        #expect(kindsSeen == Set(GestureKind.allCases))
    }

    @Test func lifecycleCheckerCatchesMalformedStreams() {
        let longPress = GestureValues.longPress(locationPixels: .zero)
        let id = GestureID(rawValue: 1)
        let doubleEnd = [
            GestureEvent(id: id, state: .began, timeMicroseconds: 0, values: longPress),
            GestureEvent(id: id, state: .ended, timeMicroseconds: 0, values: longPress),
            GestureEvent(id: id, state: .cancelled, timeMicroseconds: 0, values: longPress),
        ]
        #expect(!checkLifecycles(doubleEnd).problems.isEmpty)
        #expect(checkLifecycles(Array(doubleEnd.prefix(1))).open == [id])
    }
}
