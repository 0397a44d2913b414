import CommandLayer
import GestureBus
import GestureService
import SDBus
import ToolSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What `cleartouch gestures --agent` was asked for (docs/gesture-service.md, "On a
/// desktop").
package struct GesturesAgentOptions {
    /// Where the service's signals are: the system bus unless `--bus` or `--bus-address`.
    package var bus: BusConnection.Target = .system
    /// `--config FILE`; nil: the user's own file (`GestureServiceConfiguration.userPath`).
    package var configPath: String?
    package var maximumRunningCommands = CommandRunner.defaultMaximumRunning

    package init() {}
}

/// The agent's bindings: the user's configuration file, read at start and on SIGHUP. The
/// user's file decides what runs: a gesture is matched by its kind, fingers, direction and
/// edge, whatever binding name the system service gave it.
struct AgentConfiguration {
    /// The file read, whether or not it exists yet.
    let path: String
    /// True for `--config FILE`: the file must be there.
    let named: Bool

    /// The file's bindings. The user's default file missing is no bindings (a user who has
    /// written none yet: said at start, read again on SIGHUP); a named one missing, or any
    /// file that fails to read, is its `FILE:LINE` error.
    func read() throws(Diagnostic) -> GestureServiceConfiguration {
        if !named && access(path, F_OK) != 0 {
            return GestureServiceConfiguration(path: path, bindings: [])
        }
        return try GestureServiceConfiguration.read(path: path)
    }

    /// What to say about `configuration` when it is taken: a travel needed is the system
    /// service's to decide (its recognizers end the gesture; the signals carry no
    /// distance), so each `distance_mm` is said to be ignored; then what is bound.
    func notes(_ configuration: GestureServiceConfiguration) -> [String] {
        var notes = configuration.bindings.filter { $0.distanceMillimetres != nil }.map {
            "\(TerminalText.escaped(path)):\($0.line): \(TerminalText.escaped($0.name))'s distance_mm is ignored: the system service decides how far a gesture travels (its own configuration, \(GestureServiceConfiguration.systemPath))"
        }
        if !named && access(path, F_OK) != 0 {
            notes.append(
                "no \(TerminalText.escaped(path)) yet: no bindings; write it, then reload (SIGHUP)")
        } else {
            let bound = configuration.bindings.filter { $0.command?.isEmpty == false }.count
            notes.append(
                "\(bound) binding\(bound == 1 ? "" : "s") with a command in \(TerminalText.escaped(path))"
            )
        }
        return notes
    }
}

/// Runs the agent until SIGTERM or SIGINT (exit 0) or until its bus is lost (exit 1, so
/// that systemd starts it again): one poll over the bus connection and a signal pipe. Every
/// `GestureEnded` of the service is printed (`gesture KIND recognized fingers N … [binding
/// NAME]`, the user's binding); the command of a recognized one the user's configuration
/// binds runs through `CommandRunner`, with the agent's environment (the session's
/// DISPLAY, WAYLAND_DISPLAY, session bus), its output on standard error. Nothing waits for
/// the service: it may start, stop and restart while the agent runs.
package func runGesturesAgent(_ options: GesturesAgentOptions, output: CommandOutput) -> Int32 {
    func log(_ line: String) { output.printError("cleartouch gestures --agent: \(line)") }

    let environment = ProcessEnvironment.variables
    guard
        let path = options.configPath
            ?? GestureServiceConfiguration.userPath(environment: environment)
    else {
        log(
            "neither XDG_CONFIG_HOME nor HOME is set: no configuration of yours to read (--config FILE)"
        )
        return 2
    }
    let source = AgentConfiguration(path: path, named: options.configPath != nil)
    var configuration: GestureServiceConfiguration
    do throws(Diagnostic) {
        configuration = try source.read()
    } catch {
        log(error.description)
        return 2
    }
    let follower: GestureSignalFollower
    do throws(BusError) {
        follower = try GestureSignalFollower(target: options.bus)
    } catch {
        log(BusFailure.message("follow the gesture service", on: options.bus, error))
        return 1
    }
    guard let signals = SignalPipe([SIGINT, SIGTERM, SIGHUP, SIGCHLD]) else {
        log("cannot make a pipe for signals: \(String(cString: strerror(errno)))")
        return 1
    }
    let runner = CommandRunner(maximumRunning: options.maximumRunningCommands, log: log)
    // Said once the bus has the match: every signal sent from now on is followed.
    log("following \(Gestures1.busName) on \(options.bus)")
    for note in source.notes(configuration) { log(note) }

    func handle(_ signal: Gestures1Signal) {
        guard case .ended(let cancelled) = signal.phase else { return }
        let binding = configuration.binding(
            for: signal.kind, fingers: signal.fingers, direction: signal.direction,
            edge: signal.edge)
        output.printLine(
            "gesture "
                + gestureLineWords(
                    signal.kind, signal.phase, fingers: signal.fingers,
                    direction: signal.direction, edge: signal.edge, binding: binding?.name))
        if !cancelled, let command = binding?.command, !command.isEmpty {
            runner.run(command)
        }
    }

    var exitStatus: Int32 = 0
    loop: while true {
        do throws(BusError) {
            let received = try follower.receive()
            for refused in received.refused { log(refused) }
            for signal in received.signals { handle(signal) }
        } catch {
            log("lost \(options.bus): \(error)")
            exitStatus = 1
            break loop
        }
        runner.reapExited()
        guard follower.connection.isOpen else {
            log("lost \(options.bus)")
            exitStatus = 1
            break loop
        }

        let bus = follower.connection.pollDescriptor
        var descriptors = [
            pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: bus.descriptor, events: bus.events, revents: 0),
        ]
        var timeout: Int32 = -1
        if let due = follower.connection.timeoutMicroseconds {
            let now = UInt64(max(0, MonotonicClock.nowMicroseconds()))
            timeout = due > now ? Int32(clamping: (due - now + 999) / 1000) : 0
        }
        if poll(&descriptors, nfds_t(descriptors.count), timeout) < 0, errno != EINTR {
            log("poll: \(String(cString: strerror(errno)))")
            exitStatus = 1
            break loop
        }
        for caught in signals.take() {
            switch caught {
            case SIGHUP:
                do throws(Diagnostic) {
                    configuration = try source.read()
                    log("configuration reloaded")
                    for note in source.notes(configuration) { log(note) }
                } catch {
                    log("\(error) (the configuration in use is kept)")
                }
            case SIGCHLD: runner.reapExited()
            default:
                log(caught == SIGTERM ? "terminated" : "interrupted")
                break loop
            }
        }
    }
    runner.reapExited()
    return exitStatus
}
