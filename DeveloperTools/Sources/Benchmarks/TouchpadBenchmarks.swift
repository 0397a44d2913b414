import AllocationCounter
import GestureRecognition
import TouchInput

/// Feeds a synthetic touchpad session through one `TouchpadGestureMapper` (the path
/// ClearSession takes for touchpads) and prints nanoseconds and heap allocations per
/// event in steady state.
///
/// One cycle: pointer motion, a click, a horizontal two-finger scroll (row pan), a
/// vertical one (scroll), a three-finger swipe and a pinch, at 120 Hz; the cycle
/// repeats with its times shifted.
public func runTouchpadBenchmarks() {
    let cycle = TouchpadSessionCycle()
    let mapper = TouchpadGestureMapper(
        configuration: TouchpadMappingConfiguration(
            screen: ScreenSize(widthPixels: 1080, heightPixels: 1920),
            pinchSpanPerScalePixels: 169, pinchCentreGridPixels: 169))
    _ = requireCountingAllocationCounter()
    var checksum = cycle.play(through: mapper, cycles: 2, firstCycle: 0)  // warm-up

    let cycles = 400
    let rounds = 7
    let (elapsed, allocations) = bestRound(rounds: rounds) { round in
        checksum &+= cycle.play(through: mapper, cycles: cycles, firstCycle: 2 + round * cycles)
    }
    let events = cycle.events.count * cycles
    let nanosecondsPerEvent = Double(elapsed) / Double(events)
    let allocationsPerEvent = Double(allocations) / Double(events * rounds)
    print("## Touchpad gesture mapping")
    print("session: \(rounds) rounds × \(cycles) cycles × \(cycle.events.count) events")
    print("  per round: \(events) events (checksum \(checksum % 1000))")
    print(
        "time (best round, thread CPU time): \(formatted(nanosecondsPerEvent)) ns per touchpad event"
    )
    print(
        "allocations: \(allocations) in \(events * rounds) events = \(formatted(allocationsPerEvent)) per event"
    )
    print("target: 0 allocations per event \(allocations == 0 ? "met" : "NOT met")")
}

/// One cycle of the synthetic touchpad session, built once.
private struct TouchpadSessionCycle {
    private(set) var events: [InputEvent] = []
    private var time: Int64 = 0
    private(set) var periodMicroseconds: Int64 = 0
    private let pad = DeviceID(3)

    init() {
        for step in 0..<30 {
            append(
                .pointerMotion(
                    PointerMotion(
                        device: pad, timeMicroseconds: time, deltaX: 2, deltaY: step < 15 ? 3 : -3))
            )
        }
        append(
            .pointerButton(
                PointerButton(device: pad, timeMicroseconds: time, button: 272, pressed: true)))
        append(
            .pointerButton(
                PointerButton(device: pad, timeMicroseconds: time, button: 272, pressed: false)))
        scroll(horizontal: 4, vertical: 0.5, steps: 40)
        scroll(horizontal: 0.3, vertical: -5, steps: 40)
        append(gesture(.swipe, .begin))
        for _ in 0..<30 { append(gesture(.swipe, .update, dx: 6, dy: 1)) }
        append(gesture(.swipe, .end))
        append(gesture(.pinch, .begin))
        for step in 1...40 { append(gesture(.pinch, .update, scale: 1 + Double(step) / 40)) }
        append(gesture(.pinch, .end, scale: 2))
        periodMicroseconds = time + 100_000
    }

    private mutating func append(_ event: InputEvent) {
        events.append(event)
        time += 8_333  // 120 Hz
    }

    private mutating func scroll(horizontal: Double, vertical: Double, steps: Int) {
        for _ in 0..<steps {
            append(
                .pointerScroll(
                    PointerScroll(
                        device: pad, timeMicroseconds: time, source: .finger,
                        horizontal: horizontal, vertical: vertical)))
        }
        append(
            .pointerScroll(
                PointerScroll(
                    device: pad, timeMicroseconds: time, source: .finger, horizontal: 0,
                    vertical: 0)))
    }

    private func gesture(
        _ kind: TouchpadGesture.Kind, _ stage: TouchpadGesture.Stage, dx: Double = 0,
        dy: Double = 0, scale: Double = 1
    ) -> InputEvent {
        .touchpadGesture(
            TouchpadGesture(
                device: pad, timeMicroseconds: time, kind: kind, stage: stage,
                fingerCount: kind == .swipe ? 3 : 2, deltaX: dx, deltaY: dy, scale: scale))
    }

    /// Plays `cycles` cycles with their times shifted; returns a checksum of the reports.
    func play(through mapper: TouchpadGestureMapper, cycles: Int, firstCycle: Int) -> Int {
        var checksum = 0
        for cycle in firstCycle..<(firstCycle + cycles) {
            let shift = Int64(cycle) * periodMicroseconds
            for event in events {
                mapper.handle(shifted(event, by: shift))
                checksum &+= mapper.events.count
                if let last = mapper.events.last { checksum &+= last.id.rawValue }
            }
        }
        return checksum
    }

    private func shifted(_ event: InputEvent, by shift: Int64) -> InputEvent {
        switch event {
        case .pointerMotion(var motion):
            motion.timeMicroseconds += shift
            return .pointerMotion(motion)
        case .pointerButton(var button):
            button.timeMicroseconds += shift
            return .pointerButton(button)
        case .pointerScroll(var scroll):
            scroll.timeMicroseconds += shift
            return .pointerScroll(scroll)
        case .touchpadGesture(var gesture):
            gesture.timeMicroseconds += shift
            return .touchpadGesture(gesture)
        default:
            return event
        }
    }
}
