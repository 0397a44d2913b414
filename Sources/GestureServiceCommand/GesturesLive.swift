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
        reporter: reporter, bus: bus, runner: options.runsCommands ? runner : nil,
        output: output, log: log)
    service.inputEventLimit = options.input.inputEventLimit
    // `--debug` (no bus): every change on its own line, the updates too.
    service.printsUpdates = options.bus == nil

    func reload() {
        do {
            var fresh = try makeReporter()
            var ignored: [ServiceGestureReport] = []
            for event in service.devicesPresent.values.sorted(by: {
                $0.timeMicroseconds < $1.timeMicroseconds
            }) {
                fresh.handle(event, into: &ignored)
            }
            service.cancelAll()
            service.reporter = fresh
            log("configuration reloaded")
        } catch {
            log("\(error) (the configuration in use is kept)")
        }
    }

    let limits = options.input
    let start = MonotonicClock.nowMicroseconds()
    var finishing = false
    var started = false
    // Kept from turn to turn (the loop polls on every wake-up and allocates nothing for it).
    var descriptors: [pollfd] = []
    var signalsArrived = false
    var busReady = true  // sd-bus may hold what it read while the name was requested

    // The devices present at start arrive through the first drain, like any later one.
    var exitStatus: Int32 = 0
    loop: while true {
        input.drain(service.handle)
        input.startScriptedInput()
        if !started {
            started = true
            let source =
                limits.devicePaths.isEmpty ? limits.seat : limits.devicePaths.joined(separator: " ")
            let touchegg = options.touchegg.map { "; Touchégg's protocol at \($0)" } ?? ""
            let signalsOn = options.bus.map { "signals on \($0)" } ?? "no signals"
            let commands = options.runsCommands ? "" : ", no commands run"
            log(
                "watching \(source) (\(service.devicesPresent.count) device\(service.devicesPresent.count == 1 ? "" : "s")); \(signalsOn)\(touchegg)\(commands)"
            )
            if service.devicesPresent.isEmpty {
                log(
                    LiveInput.explainNoDevice(seat: limits.seat, wanted: "input device")
                        + " (waiting for one)")
            }
        }
        if service.stopRequested { break loop }
        if finishing { break loop }
        if let scripted = input.loop.scriptedInput,
            scripted.hasEnded(devicesRemoved: service.devicesRemoved)
        {
            // One more drain, as the event loop does: timers that expired with the marker.
            finishing = true
            continue
        }
        // The signal pipe and the bus are read only when poll said so: reading them on
        // every wake-up, for nothing, was two system calls per touch frame.
        if signalsArrived {
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
        var now = MonotonicClock.nowMicroseconds()
        if busReady || bus.pollTimeoutMilliseconds(nowMicroseconds: now) == 0 {
            for problem in bus.process() { log("D-Bus: \(problem)") }
        }
        runner.reapExited()

        if service.advanceTime(toMicroseconds: now - gestureTickLagMicroseconds) {
            now = MonotonicClock.nowMicroseconds()
        }
        // Asleep until input, a signal, the bus, a limit or the reporter's next deadline.
        var timeout = service.millisecondsUntilDeadline(nowMicroseconds: now)
        if let duration = limits.durationSeconds {
            let left = start + Int64(duration * 1e6) - now
            if left <= 0 { break loop }
            timeout = min(timeout, (left + 999) / 1000)
        }
        if let idle = limits.idleSeconds, let lastInput = service.lastInput {
            let left = lastInput + Int64(idle * 1e6) - now
            if left <= 0 { break loop }
            timeout = min(timeout, (left + 999) / 1000)
        }
        let busTimeout = bus.pollTimeoutMilliseconds(nowMicroseconds: now)
        if busTimeout >= 0 { timeout = min(timeout, Int64(busTimeout)) }

        descriptors.removeAll(keepingCapacity: true)
        descriptors.append(pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0))
        input.appendPollDescriptors(to: &descriptors)
        let firstBusDescriptor = descriptors.count
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
        signalsArrived = descriptors[0].revents != 0
        busReady = descriptors[firstBusDescriptor...].contains { $0.revents != 0 }
    }
    if finishing { log("the emulated devices' scripts ended") }
    service.cancelAll()
    for problem in bus.process() { log("D-Bus: \(problem)") }
    do throws(BusError) { try bus.flush() } catch { log("D-Bus: \(error)") }
    runner.reapExited()
    return exitStatus
}

/// The live service's per-event side: the reporter, what the loop knows of the input, and
/// what it does with each report (publish it, print it, run the command of a recognized,
/// bound gesture).
final class LiveGestureService {
    let bus: GestureBus
    let runner: CommandRunner?
    let output: CommandOutput
    let log: (String) -> Void
    /// `--until-events`: stop after this many input events.
    var inputEventLimit: Int?
    /// Whether the updates are printed too (`--debug`: every change on its own line).
    var printsUpdates = false

    /// What changes on every input event.
    struct State {
        /// The recognizers (replaced on SIGHUP).
        var reporter: any GestureReporting
        /// The reports of one event (kept: no allocation per event).
        var reports: [ServiceGestureReport] = []
        /// The `deviceAdded` event of each device present, told to a new reporter.
        var devicesPresent: [DeviceID: InputEvent] = [:]
        var devicesRemoved = 0
        /// Input events so far, and when the last one came (CLOCK_MONOTONIC microseconds).
        var inputEvents = 0
        var lastInput: Int64?
        /// The reporter's time: the latest event's, or the clock's when time passed.
        var latestTime = Int64.min
        var stopRequested = false

        /// The reports of `event`, in `reports` (one access to the state for both: the
        /// reporter and the reports are parts of it).
        mutating func report(_ event: InputEvent) {
            reports.removeAll(keepingCapacity: true)
            reporter.handle(event, into: &reports)
        }

        /// The reports of every gesture under way ended, cancelled, in `reports`.
        mutating func cancelAll() {
            reports.removeAll(keepingCapacity: true)
            reporter.cancelAll(into: &reports)
        }

        /// The reports of time passing to `time`, in `reports`.
        mutating func advance(toMicroseconds time: Int64) {
            latestTime = time
            reports.removeAll(keepingCapacity: true)
            reporter.advance(toMicroseconds: time, into: &reports)
        }
    }

    // Unchecked in release builds: checked, the loop's state (then captured variables)
    // cost 720,000 instructions of the 61 M of `cleartouch-bench lisgd`'s service.
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state: State

    var reporter: any GestureReporting {
        get { state.reporter }
        set { state.reporter = newValue }
    }
    var devicesPresent: [DeviceID: InputEvent] { state.devicesPresent }
    var devicesRemoved: Int { state.devicesRemoved }
    var lastInput: Int64? { state.lastInput }
    var stopRequested: Bool { state.stopRequested }

    init(
        reporter: any GestureReporting, bus: GestureBus, runner: CommandRunner?,
        output: CommandOutput, log: @escaping (String) -> Void
    ) {
        state = State(reporter: reporter)
        self.bus = bus
        self.runner = runner
        self.output = output
        self.log = log
    }

    /// Hands each of `events` to the reporter and dispatches its reports.
    func handle(_ events: [InputEvent]) {
        for event in events {
            switch event {
            case .deviceAdded(let device, _):
                state.devicesPresent[device.id] = event
            case .deviceRemoved(let id, _):
                state.devicesPresent[id] = nil
                state.devicesRemoved += 1
            default:
                state.lastInput = MonotonicClock.nowMicroseconds()
                state.inputEvents += 1
            }
            state.latestTime = max(state.latestTime, event.timeMicroseconds)
            state.report(event)
            dispatch(state.reports)
            if let limit = inputEventLimit, state.inputEvents >= limit {
                state.stopRequested = true
            }
        }
    }

    /// Ends what the reporter began, cancelled, before it is dropped (a reload, an exit):
    /// a client never waits for a `GestureEnded` that would not come.
    func cancelAll() {
        state.cancelAll()
        dispatch(state.reports)
    }

    /// Lets the reporter's time pass to `time` when a deadline of its is due there (a
    /// long-press beginning while no input comes); true when it did.
    func advanceTime(toMicroseconds time: Int64) -> Bool {
        guard state.latestTime != .min, time > state.latestTime,
            let deadline = state.reporter.nextDeadlineMicroseconds, time >= deadline
        else { return false }
        state.advance(toMicroseconds: time)
        dispatch(state.reports)
        return true
    }

    /// Milliseconds from `now` until the reporter's next deadline, plus the lag the clock
    /// is kept behind (`Int64.max`: none). A deadline the reporter's time has passed is
    /// spent (never a busy loop).
    func millisecondsUntilDeadline(nowMicroseconds now: Int64) -> Int64 {
        guard let deadline = state.reporter.nextDeadlineMicroseconds, deadline > state.latestTime
        else { return .max }
        let (wake, overflow) = deadline.addingReportingOverflow(gestureTickLagMicroseconds)
        let left = overflow ? Int64.max : wake - now
        return left <= 0 ? 0 : left / 1000 + 1
    }

    func dispatch(_ reports: [ServiceGestureReport]) {
        for report in reports {
            do throws(BusError) { try bus.publish(report) } catch { log("D-Bus: \(error)") }
            // The journal gets each gesture's begin and end; its updates (a line per frame,
            // most of the service's work when printed) go to D-Bus only, but for `--debug`.
            if case .updated = report.phase, !printsUpdates {
            } else {
                output.printLine(Self.line(report))
            }
            if case .ended(cancelled: false) = report.phase, let command = report.command,
                !command.isEmpty
            {
                runner?.run(command)
            }
        }
    }

    /// One line per report: `gesture ID KIND PHASE fingers N [direction D] [edge E]
    /// [binding NAME]`, the phase `began`, `updated 0.42`, `recognized` or `cancelled`
    /// (the live service prints all but the updates).
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
