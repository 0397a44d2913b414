import AllocationCounter
import CSystemd
import GestureBus
import GestureService
import SDBus
import ToolSupport
import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// The gesture service (`cleartouch gestures`, issue 21): nanoseconds per touch event and
/// heap allocations per frame through `GestureService` with a configuration binding every
/// kind of gesture, over a synthetic session of each kind; then the latency from a touch
/// frame to its D-Bus signal arriving at a client, through a real `dbus-daemon`.
func runGestureServiceBenchmarks() {
    print("## Gesture service")
    let session = ServiceSessionCycle()
    var service = GestureService(configuration: ServiceSessionCycle.fullConfiguration)
    var reports: [ServiceGestureReport] = []
    reports.reserveCapacity(64)
    var checksum = session.play(through: &service, reports: &reports, cycles: 2, firstCycle: 0)
    let cycles = 200
    let rounds = 5
    let (elapsed, allocations) = bestRound(rounds: rounds) { round in
        checksum &+= session.play(
            through: &service, reports: &reports, cycles: cycles, firstCycle: 2 + round * cycles)
    }
    let touchEvents = session.touchEventCount * cycles
    let frames = session.frames.count * cycles
    let nanosecondsPerEvent = Double(elapsed) / Double(touchEvents)
    let allocationsPerFrame = Double(allocations) / Double(frames * rounds)
    print(
        "session: \(rounds) rounds × \(cycles) cycles of \(session.frames.count) frames (3-finger swipes left and right, an edge swipe, 2-finger pinches in and out, a 2-finger tap, a 3-finger long-press), \(ServiceSessionCycle.fullConfiguration.bindings.count) bindings (checksum \(checksum % 1000))"
    )
    print(
        "time (best round, thread CPU time): \(formatted(nanosecondsPerEvent)) ns per touch event"
    )
    print(
        "allocations: \(allocations) in \(frames * rounds) frames = \(formatted(allocationsPerFrame)) per frame"
    )
    print(
        "targets: < 200 ns per touch event \(nanosecondsPerEvent < 200 ? "met" : "NOT met"); 0 allocations per frame \(allocations == 0 ? "met" : "NOT met")"
    )
    print("recognized per cycle: \(session.recognizedBindings().joined(separator: ", "))")
    runSignalLatencyBenchmark(session)
}

/// Frame → signal: each frame of the session goes through the service, its reports are
/// published (`GestureBus`, as the live loop does) and flushed, and the time until a
/// client connected to the same `dbus-daemon` has received every one of them is taken on
/// the wall clock. Frames with no report are not counted.
private func runSignalLatencyBenchmark(_ session: ServiceSessionCycle) {
    guard let daemon = PrivateBusDaemon() else {
        print("frame → D-Bus signal: skipped (no dbus-daemon: tools/bootstrap installs it)")
        return
    }
    defer { daemon.stop() }
    guard let client = SignalCounter(address: daemon.address) else {
        print("frame → D-Bus signal: cannot connect a client to \(daemon.address)")
        return
    }
    defer { client.close() }
    let publisher: GestureBus
    do throws(BusError) {
        publisher = try GestureBus(bus: .address(daemon.address))
    } catch {
        print("frame → D-Bus signal: \(error)")
        return
    }
    var service = GestureService(configuration: ServiceSessionCycle.fullConfiguration)
    var reports: [ServiceGestureReport] = []
    var latencies: [Int64] = []
    for cycle in 0..<20 {
        let shift = Int64(cycle) * session.cycleMicroseconds
        for event in session.events(shiftedBy: shift) {
            let start = MonotonicClock.nowNanoseconds()
            reports.removeAll(keepingCapacity: true)
            service.handle(event, into: &reports)
            guard !reports.isEmpty else { continue }
            let expected = client.received + reports.count
            do throws(BusError) {
                for report in reports { try publisher.publish(report) }
                try publisher.flush()
            } catch {
                print("frame → D-Bus signal: \(error)")
                return
            }
            guard client.wait(untilReceived: expected) else {
                print("frame → D-Bus signal: the client stopped receiving")
                return
            }
            if cycle > 0 { latencies.append(MonotonicClock.nowNanoseconds() - start) }
        }
    }
    latencies.sort()
    guard !latencies.isEmpty else { return }
    let median = latencies[latencies.count / 2]
    let p99 = latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
    print(
        "frame → D-Bus signal at a client, through a real dbus-daemon: \(latencies.count) frames with reports, median \(formatted(Double(median) / 1000)) µs, p99 \(formatted(Double(p99) / 1000)) µs, max \(formatted(Double(latencies.last!) / 1000)) µs (wall)"
    )
}

/// One cycle of touches for the gesture service on a 1080×1920, 68×121 mm screen.
private struct ServiceSessionCycle {
    static let device = DeviceID(1)
    static let frameMicroseconds: Int64 = 8_333
    let frames: [TouchFrame]
    let touchEventCount: Int
    let cycleMicroseconds: Int64

    /// Every kind bound, as a user's configuration would.
    static let fullConfiguration = GestureServiceConfiguration(
        path: "bench",
        bindings: [
            GestureBinding(name: "back", kind: .swipe, fingers: 3, direction: .left),
            GestureBinding(name: "forward", kind: .swipe, fingers: 3, direction: .right),
            GestureBinding(name: "up", kind: .swipe, fingers: 4, direction: .up),
            GestureBinding(
                name: "overview", kind: .edgeSwipe, fingers: 1, direction: .up, edge: .bottom),
            GestureBinding(name: "zoom-out", kind: .pinch, fingers: 2, direction: .in),
            GestureBinding(name: "zoom-in", kind: .pinch, fingers: 2, direction: .out),
            GestureBinding(name: "right-click", kind: .tap, fingers: 2),
            GestureBinding(name: "menu", kind: .longPress, fingers: 3),
        ])

    init() {
        var frames: [TouchFrame] = []
        var time: Int64 = 0
        func frame(_ contacts: [(Int, TouchPhase, Double, Double)]) {
            frames.append(
                TouchFrame(
                    device: Self.device, timeMicroseconds: time,
                    contacts: contacts.map {
                        TouchContact(
                            seatSlot: $0.0, phase: $0.1, positionPixels: Point(x: $0.2, y: $0.3))
                    }))
            time += Self.frameMicroseconds
        }
        /// Fingers at `xs` (y = `y`) moving by (dx, dy) per frame for `steps` frames.
        func stroke(_ xs: [Double], y: Double, dx: Double, dy: Double, steps: Int) {
            frame(xs.enumerated().map { ($0.offset, .down, $0.element, y) })
            for step in 1...steps {
                frame(
                    xs.enumerated().map {
                        ($0.offset, .move, $0.element + dx * Double(step), y + dy * Double(step))
                    })
            }
            frame(
                xs.enumerated().map {
                    (
                        $0.offset, .up, $0.element + dx * Double(steps),
                        y + dy * Double(steps)
                    )
                })
            time += 300_000
        }
        stroke([400, 550, 700], y: 900, dx: -8, dy: 0, steps: 60)
        stroke([300, 450, 600], y: 900, dx: 8, dy: 0, steps: 60)
        stroke([540], y: 1915, dx: 0, dy: -10, steps: 50)
        // Pinches: two fingers closing, then opening.
        for (upper, lower, step) in [(500.0, 1300.0, 5.0), (800.0, 1000.0, -5.0)] {
            frame([(0, .down, 540, upper), (1, .down, 540, lower)])
            for n in 1...50 {
                frame([
                    (0, .move, 540, upper + step * Double(n)),
                    (1, .move, 540, lower - step * Double(n)),
                ])
            }
            frame([
                (0, .up, 540, upper + step * 50), (1, .up, 540, lower - step * 50),
            ])
            time += 300_000
        }
        stroke([500, 650], y: 700, dx: 0, dy: 0, steps: 6)
        // A long-press: held still for 0.8 s.
        stroke([400, 550, 700], y: 1200, dx: 0, dy: 0, steps: 96)
        self.frames = frames
        touchEventCount = frames.reduce(0) { $0 + $1.contacts.count }
        cycleMicroseconds = time + 1_000_000
    }

    var deviceAdded: InputEvent {
        .deviceAdded(
            DeviceDescription(
                id: Self.device, name: "bench screen", kind: .touchscreen,
                sizeMillimetres: SizeMillimetres(width: 68, height: 121)),
            timeMicroseconds: 0)
    }

    /// The cycle's frames with `shift` added to their times.
    func events(shiftedBy shift: Int64) -> [InputEvent] {
        (shift == 0 ? [deviceAdded] : [])
            + frames.map { frame in
                var shifted = frame
                shifted.timeMicroseconds += shift
                return .touchFrame(shifted)
            }
    }

    /// The bindings of the gestures one cycle ends recognized, in order: what the
    /// figures are of.
    func recognizedBindings() -> [String] {
        var service = GestureService(configuration: Self.fullConfiguration)
        var names: [String] = []
        for event in events(shiftedBy: 0) {
            var reports: [ServiceGestureReport] = []
            service.handle(event, into: &reports)
            for report in reports where report.phase == .ended(cancelled: false) {
                names.append(report.binding ?? "(unbound \(report.kind.rawValue))")
            }
        }
        return names
    }

    /// Plays `cycles` cycles; returns a checksum of the reports so nothing is optimized away.
    func play(
        through service: inout GestureService, reports: inout [ServiceGestureReport], cycles: Int,
        firstCycle: Int
    ) -> Int {
        if firstCycle == 0 { service.handle(deviceAdded, into: &reports) }
        var checksum = 0
        for cycle in firstCycle..<(firstCycle + cycles) {
            let shift = Int64(cycle) * cycleMicroseconds
            for var frame in frames {
                frame.timeMicroseconds += shift
                reports.removeAll(keepingCapacity: true)
                service.handle(.touchFrame(frame), into: &reports)
                checksum &+= reports.count
            }
            reports.removeAll(keepingCapacity: true)
            service.advance(toMicroseconds: shift + cycleMicroseconds, into: &reports)
        }
        return checksum
    }
}

/// A `dbus-daemon` of the benchmark's own (Debian's session configuration, its own
/// socket), stopped at the end.
final class PrivateBusDaemon {
    let pid: pid_t
    let address: String

    init?() {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let arguments = ["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address"]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, "dbus-daemon", &actions, nil, &argv, environ)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { return nil }
        pid = child
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while !bytes.contains(UInt8(ascii: "\n")) {
            var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 10_000) > 0 else { break }
            let count = read(pipeEnds[0], &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first
        guard let line, !line.isEmpty else {
            kill(child, SIGTERM)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            return nil
        }
        address = String(line)
    }

    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// A client of the bus counting the service's signals as they arrive (sd-bus, a match
/// on the service's interface).
private final class SignalCounter {
    private var bus: OpaquePointer?
    private(set) var received = 0

    init?(address: String) {
        guard sd_bus_new(&bus) >= 0, sd_bus_set_address(bus, address) >= 0,
            sd_bus_set_bus_client(bus, 1) >= 0, sd_bus_start(bus) >= 0
        else { return nil }
        let match = "type='signal',interface='io.github.cleartouch.Gestures1'"
        let status = sd_bus_add_match(
            bus, nil, match,
            { _, userdata, _ in
                Unmanaged<SignalCounter>.fromOpaque(userdata!).takeUnretainedValue().received += 1
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
        guard status >= 0 else { return nil }
        // The match is in place once the bus has answered a call made after it.
        var id = sd_id128_t()
        _ = sd_bus_get_bus_id(bus, &id)
    }

    /// Processes what arrives until `count` signals came; false after 5 s without.
    func wait(untilReceived count: Int) -> Bool {
        let deadline = MonotonicClock.nowNanoseconds() + 5_000_000_000
        while received < count {
            let processed = sd_bus_process(bus, nil)
            if processed < 0 { return false }
            if processed > 0 { continue }
            if MonotonicClock.nowNanoseconds() > deadline { return false }
            _ = sd_bus_wait(bus, 100_000)
        }
        return true
    }

    func close() { bus = sd_bus_flush_close_unref(bus) }
}
