import AllocationCounter
import GestureRecognition
import ToolSupport
import TouchInput
import TouchScript

#if canImport(Glibc)
    import Glibc
#endif

/// Feeds a long synthetic multi-finger session through the gesture arena and prints
/// nanoseconds per touch event and heap allocations per frame in steady state.
///
/// One cycle of the session (about 4.4 s of event time at 120 Hz) contains a tap, a
/// long-press, a row pan, a scroll, a pull that is abandoned into a scroll, a pinch
/// with a third finger resting on the screen, and a drag with a second device's finger
/// ignored; the cycle repeats with its times shifted, so every recognizer stays busy.
public func runGestureBenchmarks() {
    let cycle = GestureSessionCycle()
    var arena = GestureArena()
    arena.deviceAdded(DeviceDescription(id: DeviceID(1), name: "bench screen", kind: .touchscreen))

    let calibration = requireCountingAllocationCounter()
    // Warm-up: buffers reach their steady-state capacity.
    var checksum = cycle.play(through: &arena, cycles: 2, firstCycle: 0)

    // Best of several rounds of this thread's CPU time: the machine is shared, and
    // the figure wanted is the cost on one core, not the wait for it.
    let cycles = 400
    let rounds = 7
    let (elapsed, allocations) = bestRound(rounds: rounds) { round in
        checksum &+= cycle.play(through: &arena, cycles: cycles, firstCycle: 2 + round * cycles)
    }
    let frames = cycle.frames.count * cycles
    let touchEvents = cycle.touchEventCount * cycles
    let nanosecondsPerEvent = Double(elapsed) / Double(touchEvents)
    let allocationsPerFrame = Double(allocations) / Double(frames * rounds)
    let perFrame = Double(elapsed) / Double(frames)
    let timeMet = nanosecondsPerEvent < 200 ? "met" : "NOT met"
    let allocationsMet = allocations == 0 ? "met" : "NOT met"
    print("## Gesture recognition")
    print("allocation counter check: 100 arrays → \(calibration) allocations")
    print("session: \(rounds) rounds × \(cycles) cycles × \(cycle.frames.count) frames")
    print(
        "  per round: \(frames) frames, \(touchEvents) touch events (checksum \(checksum % 1000))")
    print("gestures per cycle: \(cycle.gestureSummary(arena: GestureArena()))")
    print(
        "time (best round, thread CPU time): \(formatted(nanosecondsPerEvent)) ns per touch event")
    print("  \(formatted(perFrame)) ns per frame")
    print(
        "allocations: \(allocations) in \(frames * rounds) frames = \(formatted(allocationsPerFrame)) per frame"
    )
    print("targets: < 200 ns per touch event \(timeMet); 0 allocations per frame \(allocationsMet)")
}

/// One cycle of the synthetic session, built once (building allocates; playing does not).
private struct GestureSessionCycle {
    private(set) var frames: [TouchFrame] = []
    /// The pull the client offers before the frame at the same index (a list scrolled to
    /// `offset` offers one at its top).
    private(set) var pulls: [PullAvailability] = []
    private(set) var touchEventCount = 0
    private var time: Int64 = 0
    private var offset = 0.0
    private(set) var periodMicroseconds: Int64 = 0

    static let frameIntervalMicroseconds: Int64 = 8_333  // 120 Hz

    init() {
        // Tap.
        finger(0, from: (300, 400), by: (2, 1), frames: 10)
        pause(10)
        // Long-press: rests 600 ms with a little jitter.
        finger(0, from: (300, 600), by: (1, 1), frames: 72)
        pause(10)
        // Row pan to the right.
        finger(0, from: (200, 700), by: (500, 20), frames: 40)
        pause(10)
        // Scroll up the list (the list is not at its top).
        offset = 300
        finger(0, from: (500, 1500), by: (10, -900), frames: 40)
        pause(10)
        // Pull down from the top, then back up past the top: pull abandoned, scroll.
        offset = 0
        finger(0, from: (500, 600), by: (0, 200), frames: 20, back: true)
        pause(10)
        // Pinch: two fingers spread, a third finger rests on the screen.
        pinch(frames: 60)
        pause(10)
        // Drag with a finger of an unknown device mixed in (ignored).
        offset = 500
        finger(0, from: (500, 1000), by: (0, -300), frames: 30, otherDevice: true)
        pause(10)
        periodMicroseconds = time
    }

    private mutating func append(_ contacts: [TouchContact], device: DeviceID = DeviceID(1)) {
        frames.append(TouchFrame(device: device, timeMicroseconds: time, contacts: contacts))
        pulls.append(offset <= 0 ? .available(alreadyPulledPixels: -offset) : .unavailable)
        if device == DeviceID(1) { touchEventCount += contacts.count }
        time += Self.frameIntervalMicroseconds
    }

    private mutating func pause(_ frameCount: Int) {
        time += Self.frameIntervalMicroseconds * Int64(frameCount)
    }

    private func contact(_ slot: Int, _ phase: TouchPhase, _ x: Double, _ y: Double) -> TouchContact
    {
        ScriptContact(slot: slot, phase: phase, position: Point(x: x, y: y)).touchContact(
            millimetres: { Point(x: $0.x / 15, y: $0.y / 15) })
    }

    /// One finger down, `frames` moves along a straight line (and back again when
    /// `back`), up.
    private mutating func finger(
        _ slot: Int, from: (Double, Double), by: (Double, Double), frames count: Int,
        back: Bool = false, otherDevice: Bool = false
    ) {
        append([contact(slot, .down, from.0, from.1)])
        let path = back ? 2 * count : count
        for step in 1...path {
            // Back goes a quarter past the start: a pull there is abandoned.
            let f =
                step <= count
                ? Double(step) / Double(count) : Double(2 * count - step) / Double(count) - 0.25
            append([contact(slot, .move, from.0 + by.0 * f, from.1 + by.1 * f)])
            if otherDevice && step % 5 == 0 {
                append(
                    [contact(9, step == 5 ? .down : .move, 100, Double(step))], device: DeviceID(2))
            }
        }
        append([contact(slot, .up, 0, 0)])
        if otherDevice { append([contact(9, .up, 0, 0)], device: DeviceID(2)) }
    }

    private mutating func pinch(frames count: Int) {
        append([contact(0, .down, 500, 900)])
        append([contact(1, .down, 520, 1000)])
        append([contact(2, .down, 900, 300)])
        for step in 1...count {
            let d = Double(step) * 2
            append([
                contact(0, .move, 500, 900 - d), contact(1, .move, 520, 1000 + d),
                contact(2, .move, 900 + Double(step % 2), 300),
            ])
        }
        append([contact(0, .up, 0, 0), contact(1, .up, 0, 0)])
        append([contact(2, .up, 0, 0)])
    }

    /// Plays `cycles` cycles with their times shifted; returns a checksum of the reports.
    func play(through arena: inout GestureArena, cycles: Int, firstCycle: Int) -> Int {
        var checksum = 0
        for cycle in firstCycle..<(firstCycle + cycles) {
            let shift = Int64(cycle) * periodMicroseconds
            for index in frames.indices {
                var frame = frames[index]
                frame.timeMicroseconds += shift
                arena.pull = pulls[index]
                arena.handle(frame)
                checksum &+= arena.events.count
                if let last = arena.events.last { checksum &+= last.id.rawValue }
            }
        }
        return checksum
    }

    /// What one cycle recognises, e.g. "tap×1 long-press×1 …" (allocates; not timed).
    func gestureSummary(arena: GestureArena) -> String {
        var arena = arena
        arena.deviceAdded(
            DeviceDescription(id: DeviceID(1), name: "bench screen", kind: .touchscreen))
        var counts: [GestureKind: Int] = [:]
        var cancelled = 0
        for index in frames.indices {
            arena.pull = pulls[index]
            arena.handle(frames[index])
            for event in arena.events where event.state.isFinal {
                counts[event.kind, default: 0] += 1
                if event.state == .cancelled { cancelled += 1 }
            }
        }
        let kinds = GestureKind.allCases.map { "\($0.rawValue)×\(counts[$0] ?? 0)" }
        return kinds.joined(separator: " ") + " (\(cancelled) cancelled)"
    }
}

/// The thread's CPU time, in nanoseconds.
func threadCPUNanoseconds() -> Int64 { ThreadCPUClock.nowNanoseconds() }

func formatted(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return "\(rounded)"
}

/// Checks that the allocation counter counts: 100 arrays must be 100 allocations, or a
/// zero in the figures would prove nothing. When it does not count, the benchmark fails
/// (exit status 1) instead of printing "met". Returns what it counted.
func requireCountingAllocationCounter() -> UInt64 {
    let before = cleartouch_allocation_count()
    var sink = 0
    for size in 1...100 { sink &+= Array(repeating: size, count: size).count }
    let counted = cleartouch_allocation_count() - before
    if counted < 100 || sink != 5050 {
        print(
            "error: the allocation counter saw \(counted) of 100 allocations: it does not count, so no allocation figure can be trusted"
        )
        exit(1)
    }
    return counted
}
