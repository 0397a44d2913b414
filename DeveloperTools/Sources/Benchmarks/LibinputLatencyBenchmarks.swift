import ClearCore
import Evdev
import GestureRecognition
import LibInputBackend
import ToolSupport
import TouchInput
import Umockdev
import UmockdevScenarios

#if canImport(Glibc)
    import Glibc
#endif

/// Latency of live input: real libinput under umockdev (docs/libinput-backend.md), a
/// touchscreen Clear session and a touchpad session played by barrier scripts.
///
/// The benchmark re-runs this executable inside a umockdev testbed with
/// `--libinput-latency-probe`; the probe measures per event, on CLOCK_MONOTONIC (the clock
/// libinput stamps events with):
/// - ours: from taking the event off libinput's queue to the end of its conversion, the
///   gesture arena or touchpad mapping, and the Clear controller (what ClearTouch adds);
/// - delivery: from the event's time to libinput handing it over (kernel stand-in: the
///   umockdev pty, the fix-up preload dating a touchscreen's frames as they are sent and a
///   touchpad's as they are read; then libinput's own processing);
/// - total: from the event's time to its gestures and actions being known.
func runLibinputLatencyBenchmarks() {
    print("## Live input (libinput under umockdev)")
    fflush(nil)  // the umockdev child prints its figures to the same stdout
    let candidates: [String] = ["/usr/bin/umockdev-run", "/usr/local/bin/umockdev-run"]
    guard let umockdevRun = candidates.first(where: { access($0, X_OK) == 0 }) else {
        print("skipped: umockdev-run not installed")
        return
    }
    let executable = UmockdevTestbed.runningExecutable()
    let directory = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
    let preload = directory + "/libUmockdevFixup.so"
    guard access(preload, R_OK) == 0 else {
        print("skipped: \(preload) not built (swift build -c release --product UmockdevFixup)")
        return
    }
    var devices: [UmockdevTestbed.Device] = []
    for (description, session, eventNumber) in [
        ("touchscreen", "ts-clear-session", 50), ("touchpad", "tp-session", 51),
    ] {
        guard let parsed = LibinputLatencyProbe.fixtureDescription(description) else {
            print("skipped: no device description \(description).evemu")
            return
        }
        devices.append(
            .init(
                description: parsed, eventNumber: eventNumber,
                events: Scenarios.events(for: Scenarios.all[session]!)))
    }
    guard let testbed = UmockdevTestbed.makeTemporaryDirectory(prefix: "cleartouch-bench"),
        let testbedArguments = try? UmockdevTestbed.write(devices, into: testbed)
    else {
        print("skipped: cannot write the testbed files")
        return
    }
    defer { UmockdevTestbed.remove(devices, from: testbed) }
    let arguments =
        [umockdevRun] + testbedArguments + ["--", executable, LibinputLatencyProbe.flag]
        + devices.map(\.node)
    var argv = arguments.map { strdup($0) } + [nil]
    setenv("LD_PRELOAD", preload, 1)
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, umockdevRun, nil, nil, &argv, environ)
    unsetenv("LD_PRELOAD")
    for pointer in argv { free(pointer) }
    if spawned == 0 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    } else {
        print("skipped: cannot start umockdev-run")
    }
}

/// The measuring side, run inside the testbed.
enum LibinputLatencyProbe {
    static let flag = "--libinput-latency-probe"

    /// Runs the probe and exits when this process was started as one.
    static func runIfRequested() {
        guard let index = CommandLine.arguments.firstIndex(of: flag) else { return }
        exit(probe(paths: Array(CommandLine.arguments[(index + 1)...])))
    }

    static func probe(paths: [String]) -> Int32 {
        let screen = ScreenSize.defaultKiosk
        let input: LiveInput
        do throws(LibInputError) {
            // Every device of the testbed plays a barrier script.
            input = try LiveInput(
                devicePaths: paths, screen: screen,
                scriptedInput: UmockdevBarriers.scriptedInput(nodes: paths))
        } catch {
            print("probe: \(error)")
            return 1
        }
        // The app's own path: one ClearSession (arena, touchpad mapping, controller).
        let session = ClearSession(
            items: TodoList.swiftTutorialSamples, layout: ClearLayout(screen: screen))
        session.keepsGestureHistory = false
        var gestureReports = 0
        session.onGesture = { _ in gestureReports += 1 }
        var ours: [Int64] = []
        var delivery: [Int64] = []
        var total: [Int64] = []
        var lastInput: Int64? = nil
        var pollDescriptors = input.pollDescriptors.map {
            pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
        while true {
            // The app's drain; each step's time runs from the end of the one before (the
            // first from libinput's dispatch), so it covers taking the event off
            // libinput's queue, its conversion and the session.
            var taken = monotonicNanoseconds()
            input.drain(onDispatched: { taken = monotonicNanoseconds() }) { converted in
                for item in converted { session.handle(item) }
                let done = monotonicNanoseconds()
                defer { taken = done }
                guard let first = converted.first, !isDeviceEvent(first) else { return }
                let eventTime = first.timeMicroseconds * 1000
                ours.append(done - taken)
                delivery.append(taken - eventTime)
                total.append(done - eventTime)
                lastInput = done
            }
            input.startScriptedInput()
            if let lastInput, monotonicNanoseconds() - lastInput > 1_000_000_000 { break }
            _ = poll(&pollDescriptors, nfds_t(pollDescriptors.count), 100)
        }
        print(
            "events through libinput: \(ours.count), gesture reports: \(gestureReports), actions: \(session.controller.actions.count)"
        )
        report("ours (conversion + ClearSession: arena or touchpad mapping, controller)", ours)
        report("delivery (event time → libinput hands it over)", delivery)
        report("total (event time → gestures and actions known)", total)
        return 0
    }

    static func isDeviceEvent(_ event: InputEvent) -> Bool {
        switch event {
        case .deviceAdded, .deviceRemoved: true
        default: false
        }
    }

    static func report(_ label: String, _ samples: [Int64]) {
        guard !samples.isEmpty else { return }
        let sorted = samples.sorted()
        func percentile(_ p: Double) -> String {
            let value = sorted[
                min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
            return microseconds(value)
        }
        print(
            "  \(label): p50 \(percentile(0.5)) µs, p99 \(percentile(0.99)) µs, max \(microseconds(sorted.last!)) µs"
        )
    }

    static func microseconds(_ nanoseconds: Int64) -> String {
        let tenths = (nanoseconds + 50) / 100
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    static func monotonicNanoseconds() -> Int64 { MonotonicClock.nowNanoseconds() }

    /// The evemu device descriptions of the libinput tests, found from the executable's
    /// place below the repository (DeveloperTools/.build/<triple>/<config>/cleartouch-bench).
    static func fixtureDescription(_ name: String) -> EvdevDevice? {
        var directory = UmockdevTestbed.runningExecutable()
        for _ in 0..<5 {
            directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
            let path = directory + "/Tests/Fixtures/umockdev/\(name).evemu"
            if access(path, R_OK) == 0 { return try? UmockdevTestbed.parseFile(path).0 }
        }
        return nil
    }
}
