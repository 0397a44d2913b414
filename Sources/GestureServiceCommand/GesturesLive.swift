import CommandLayer
import GestureBus
import GestureService
import LibInputBackend
import SDBus
import ToolSupport
import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// What the live gesture service (`cleartouch gestures` without `--replay`) was asked
/// for, beyond its configuration (docs/gesture-service.md, "Running it").
package struct GestureServiceLiveOptions {
    /// The seat or devices, `--screen`, `--rotate`, `--calibration`, `--duration`, ...
    /// (the shared live-input options).
    package var input = LiveInputOptions(extraShared: [.rotate])
    /// `--bus system|session` or `--bus-address ADDRESS` (default: the system bus); nil
    /// for none (`--debug`).
    package var bus: BusConnection.Target? = .system
    /// `--touchegg`: also serve Touchégg's protocol, at this address.
    package var touchegg: PeerAddress?
    /// Whether bound commands run (the live service runs them; `--debug` and tests do not).
    package var runsCommands = true
    package var maximumRunningCommands = CommandRunner.defaultMaximumRunning

    /// The defaults: the system bus, commands run, no Touchégg.
    package init() {}

    /// The environment variable that moves `--touchegg`'s address, for tests only:
    /// Touchégg's abstract socket belongs to the whole machine, and a test must not take
    /// it from a running Touchégg (or collide with another test).
    package static let toucheggAddressVariable = "CLEARTOUCH_TOUCHEGG_ADDRESS"

    /// The address `--touchegg` serves: Touchégg's own, unless the test-only variable
    /// names another (`unix:abstract=NAME` or `unix:path=PATH`).
    package static func toucheggAddress(environment: [String: String]) -> PeerAddress {
        environment[toucheggAddressVariable].flatMap(PeerAddress.init(parsing:))
            ?? .abstract("touchegg")
    }
}

/// How far behind the clock the service lets time pass while no input comes (long-press
/// timers): an event is stamped before it is delivered, and a reporter's time only moves
/// forward (as `debug-gestures`). The loop wakes for time only at the reporter's next
/// deadline (`GestureReporting.nextDeadlineMicroseconds`) plus this lag, never on a tick:
/// a 50 ms tick woke a resting service twenty times a second.
let gestureTickLagMicroseconds: Int64 = 50_000

/// Runs the live gesture service until SIGTERM or SIGINT (exit 0), or a `--duration`,
/// `--until-events` or `--until-idle` limit: one poll over libinput's descriptors (hot-plug
/// included), the bus connections and a signal pipe. Every input event goes to the
/// reporter; every report is published on D-Bus and printed; the command of each
/// recognized, bound gesture runs through `CommandRunner` (reaped on SIGCHLD). Nothing
/// waits for the bus or a command.
///
/// `makeReporter` makes the reporter from the configuration; it runs at start (a failure
/// exits 2) and again on SIGHUP: a configuration that fails to load keeps the old
/// reporter and logs its `FILE:LINE: …` error. The new reporter is told about the devices
/// present (their `deviceAdded` events again); gestures in progress end with the old one,
/// cancelled (`GestureEnded` sent), as every gesture under way does when the loop ends.
package func runGestureServiceLive(
    options: GestureServiceLiveOptions, output: CommandOutput,
    makeReporter: () throws -> any GestureReporting
) -> Int32 {
    let name = "cleartouch gestures"
    func log(_ line: String) { output.printError("\(name): \(line)") }

    var reporter: any GestureReporting
    do {
        reporter = try makeReporter()
    } catch {
        log("\(error)")
        return 2
    }
    let input: LiveInput
    do throws(LibInputError) {
        input = try options.input.openInput(warn: log)
    } catch {
        log("\(error)")
        return 2
    }
    let bus: GestureBus
    do throws(BusError) {
        bus = try GestureBus(bus: options.bus, touchegg: options.touchegg)
    } catch {
        log(BusFailure.message("publish", on: options.bus ?? .system, error))
        return 1
    }
    guard let signals = SignalPipe([SIGINT, SIGTERM, SIGHUP, SIGCHLD]) else {
        log("cannot make a pipe for signals: \(String(cString: strerror(errno)))")
        return 1
    }
    let runner = CommandRunner(maximumRunning: options.maximumRunningCommands, log: log)
    let service = LiveGestureService(
        bus: bus, runner: options.runsCommands ? runner : nil, output: output, log: log)

    let limits = options.input
    let start = MonotonicClock.nowMicroseconds()
    var lastInput: Int64?
    var inputEvents = 0
    var devicesRemoved = 0
    var latestTime = Int64.min
    var reports: [ServiceGestureReport] = []
    var devicesPresent: [DeviceID: InputEvent] = [:]
    var stopRequested = false
    var finishing = false
    var started = false

    func handle(_ events: [InputEvent]) {
        for event in events {
            switch event {
            case .deviceAdded(let device, _):
                devicesPresent[device.id] = event
            case .deviceRemoved(let id, _):
                devicesPresent[id] = nil
                devicesRemoved += 1
            default:
                lastInput = MonotonicClock.nowMicroseconds()
                inputEvents += 1
            }
            latestTime = max(latestTime, event.timeMicroseconds)
            reports.removeAll(keepingCapacity: true)
            reporter.handle(event, into: &reports)
            service.dispatch(reports)
            if let limit = limits.inputEventLimit, inputEvents >= limit { stopRequested = true }
        }
    }

    // What the reporter began ends, cancelled, before it is dropped (a reload, an exit):
    // a client never waits for a `GestureEnded` that would not come.
    func endGesturesUnderWay() {
        reports.removeAll(keepingCapacity: true)
        reporter.cancelAll(into: &reports)
        service.dispatch(reports)
    }

    func reload() {
        do {
            var fresh = try makeReporter()
            var ignored: [ServiceGestureReport] = []
            for event in devicesPresent.values.sorted(by: {
                $0.timeMicroseconds < $1.timeMicroseconds
            }) {
                fresh.handle(event, into: &ignored)
            }
            endGesturesUnderWay()
            reporter = fresh
            log("configuration reloaded")
        } catch {
            log("\(error) (the configuration in use is kept)")
        }
    }

    // The devices present at start arrive through the first drain, like any later one.
    var exitStatus: Int32 = 0
    loop: while true {
        input.drain(handle)
        input.startScriptedInput()
        if !started {
            started = true
            let source =
                limits.devicePaths.isEmpty ? limits.seat : limits.devicePaths.joined(separator: " ")
            let touchegg = options.touchegg.map { "; Touchégg's protocol at \($0)" } ?? ""
            let signalsOn = options.bus.map { "signals on \($0)" } ?? "no signals"
            let commands = options.runsCommands ? "" : ", no commands run"
            log(
                "watching \(source) (\(devicesPresent.count) device\(devicesPresent.count == 1 ? "" : "s")); \(signalsOn)\(touchegg)\(commands)"
            )
            if devicesPresent.isEmpty {
                log(
                    LiveInput.explainNoDevice(seat: limits.seat, wanted: "input device")
                        + " (waiting for one)")
            }
        }
        if stopRequested { break loop }
        if finishing { break loop }
        if let scripted = input.loop.scriptedInput,
            scripted.hasEnded(devicesRemoved: devicesRemoved)
        {
            // One more drain, as the event loop does: timers that expired with the marker.
            finishing = true
            continue
        }
        for problem in bus.process() { log("D-Bus: \(problem)") }
        runner.reapExited()

        var now = MonotonicClock.nowMicroseconds()
        let time = now - gestureTickLagMicroseconds
        if latestTime != .min, time > latestTime, let deadline = reporter.nextDeadlineMicroseconds,
            time >= deadline
        {
            latestTime = time
            reports.removeAll(keepingCapacity: true)
            reporter.advance(toMicroseconds: time, into: &reports)
            service.dispatch(reports)
            now = MonotonicClock.nowMicroseconds()
        }
        // Asleep until input, a signal, the bus, a limit or the reporter's next deadline.
        var timeout = Int64.max
        // A deadline the reporter's time has passed is spent (never a busy loop).
        if let deadline = reporter.nextDeadlineMicroseconds, deadline > latestTime {
            let (wake, overflow) = deadline.addingReportingOverflow(gestureTickLagMicroseconds)
            let left = overflow ? Int64.max : wake - now
            timeout = left <= 0 ? 0 : left / 1000 + 1
        }
        if let duration = limits.durationSeconds {
            let left = start + Int64(duration * 1e6) - now
            if left <= 0 { break loop }
            timeout = min(timeout, (left + 999) / 1000)
        }
        if let idle = limits.idleSeconds, let lastInput {
            let left = lastInput + Int64(idle * 1e6) - now
            if left <= 0 { break loop }
            timeout = min(timeout, (left + 999) / 1000)
        }
        let busTimeout = bus.pollTimeoutMilliseconds(nowMicroseconds: now)
        if busTimeout >= 0 { timeout = min(timeout, Int64(busTimeout)) }

        var descriptors = [pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0)]
        for descriptor in input.pollDescriptors {
            descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
        }
        for descriptor in bus.pollDescriptors {
            descriptors.append(
                pollfd(fd: descriptor.descriptor, events: descriptor.events, revents: 0))
        }
        if poll(
            &descriptors, nfds_t(descriptors.count), timeout == .max ? -1 : Int32(clamping: timeout)
        ) < 0,
            errno != EINTR
        {
            log("poll: \(String(cString: strerror(errno)))")
            exitStatus = 1
            break loop
        }
        for signal in signals.take() {
            switch signal {
            case SIGHUP: reload()
            case SIGCHLD: runner.reapExited()
            default:
                log(signal == SIGTERM ? "terminated" : "interrupted")
                break loop
            }
        }
    }
    if finishing { log("the emulated devices' scripts ended") }
    endGesturesUnderWay()
    for problem in bus.process() { log("D-Bus: \(problem)") }
    do throws(BusError) { try bus.flush() } catch { log("D-Bus: \(error)") }
    runner.reapExited()
    return exitStatus
}

/// What the service does with each report: publish it, print it, and run the command of
/// a recognized, bound gesture.
final class LiveGestureService {
    let bus: GestureBus
    let runner: CommandRunner?
    let output: CommandOutput
    let log: (String) -> Void

    init(
        bus: GestureBus, runner: CommandRunner?, output: CommandOutput,
        log: @escaping (String) -> Void
    ) {
        self.bus = bus
        self.runner = runner
        self.output = output
        self.log = log
    }

    func dispatch(_ reports: [ServiceGestureReport]) {
        for report in reports {
            do throws(BusError) { try bus.publish(report) } catch { log("D-Bus: \(error)") }
            output.printLine(Self.line(report))
            if case .ended(cancelled: false) = report.phase, let command = report.command,
                !command.isEmpty
            {
                runner?.run(command)
            }
        }
    }

    /// One line per report: `gesture ID KIND PHASE fingers N [direction D] [edge E]
    /// [binding NAME]`, the phase `began`, `updated 0.42`, `recognized` or `cancelled`.
    static func line(_ report: ServiceGestureReport) -> String {
        "gesture \(report.id) "
            + gestureLineWords(
                report.kind, report.phase, fingers: report.fingers, direction: report.direction,
                edge: report.edge, binding: report.binding)
    }
}

/// A gesture as the service's and the agent's lines say it: `KIND PHASE fingers N
/// [direction D] [edge E] [binding NAME]`, the phase `began`, `updated 0.42`, `recognized`
/// or `cancelled`.
func gestureLineWords(
    _ kind: ServiceGestureReport.Kind, _ phase: ServiceGestureReport.Phase, fingers: Int,
    direction: ServiceGestureReport.Direction?, edge: ServiceGestureReport.Edge?,
    binding: String?
) -> String {
    var words = [kind.rawValue]
    switch phase {
    case .began: words.append("began")
    case .updated(let progress): words += ["updated", fixed(progress, 2)]
    case .ended(let cancelled): words.append(cancelled ? "cancelled" : "recognized")
    }
    words += ["fingers", String(fingers)]
    if let direction { words += ["direction", direction.rawValue] }
    if let edge { words += ["edge", edge.rawValue] }
    // The name comes from a configuration: shown with control characters escaped.
    if let binding { words += ["binding", TerminalText.escaped(binding)] }
    return words.joined(separator: " ")
}
