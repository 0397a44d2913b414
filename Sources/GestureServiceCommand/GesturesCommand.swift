import CommandLayer
import GestureBus
import GestureService
import ToolSupport
import TouchInput

/// What `gestures --replay` takes from the replay modules, which the gesture service's
/// own executable does not link (they bring Foundation and the to-do core):
/// cleartouch-devices replays (`GesturesReplay` there); cleartouch-gestures hands the
/// command to it (`HandedOverReplays`), its arguments unchanged (docs/architecture.md,
/// "Three executables").
package protocol GestureReplays {
    /// False where the replay is not linked: a replay is handed to cleartouch-devices.
    static var areLinked: Bool { get }

    /// `--replay`: what the service would report for the recording, printed (or checked
    /// against `--expect`, or written as `--write-expect`); the exit status.
    static func run(
        _ options: GesturesOptions, _ replay: GestureReplayRequest,
        _ configuration: GestureServiceConfiguration, output: CommandOutput
    ) throws(Diagnostic) -> Int32
}

/// cleartouch-gestures' replay: none; `--replay` is handed to cleartouch-devices before
/// the command runs (`Subcommand.handsOver`), so this never runs.
package enum HandedOverReplays: GestureReplays {
    package static var areLinked: Bool { false }

    package static func run(
        _ options: GesturesOptions, _ replay: GestureReplayRequest,
        _ configuration: GestureServiceConfiguration, output: CommandOutput
    ) throws(Diagnostic) -> Int32 {
        preconditionFailure("gestures --replay is handed to cleartouch-devices")
    }
}

/// `--replay RECORDING` and how to read it, as given.
package struct GestureReplayRequest {
    package var path: String
    package var descPath: String?
    package var format: String?
    package var screen: ScreenSize?
    package var calibration: CalibrationMatrix?
    package var rotation: Rotation
}

/// Where the service publishes its signals.
package enum GestureServiceBus: String, Hashable, Sendable {
    case system, session
}

/// The command line of `cleartouch gestures`: everything both modes take. The D-Bus and
/// command-running parts (`run`, `bus`, `busAddress`, `touchegg`) are carried out by
/// GestureBus and the command runner (ToolSupport), wired in the replay and `runLive`.
package struct GesturesOptions {
    /// `--config FILE`; nil: the default path, if any.
    package var configPath: String?
    /// `--replay RECORDING`: the recording and how to read it; nil: live.
    package var replay: GestureReplayRequest?
    package var json = false
    package var viaLibinput = false
    /// `--run`: run bound commands.
    package var run = false
    /// `--bus`; nil: the default (system).
    package var bus: GestureServiceBus?
    /// `--bus-address ADDRESS`.
    package var busAddress: String?
    /// `--touchegg`.
    package var touchegg = false
    /// `--debug`: the live service's gestures printed, with no D-Bus and no command run.
    package var debug = false
    /// `--agent`: the per-user agent, which follows the service's signals and runs the
    /// user's bindings (GesturesAgent.swift).
    package var agent = false
    /// `--expect FILE`: a gesture expectation to check the replay against.
    package var expectPath: String?
    /// `--write-expect FILE`: write the gesture expectation this replay meets.
    package var writeExpectPath: String?
    /// The live options (devices, seat, screen, calibration, rotation, duration…).
    package var live: LiveInputOptions
}

/// `cleartouch gestures`: the gesture service (docs/gesture-service.md). With `--replay`
/// it replays a recording on the virtual clock and prints what the service would do
/// (`Replays`); without it, it is the live service (`GesturesLive.swift`).
package enum GesturesCommandOf<Replays: GestureReplays>: Subcommand {
    package typealias Options = GesturesOptions
    package static var name: String { CommandCatalog.gestures.name }
    package static var summary: String { CommandCatalog.gestures.summary }
    package static var usage: String { gesturesUsage }

    /// A replay where it is not linked is handed to cleartouch-devices.
    package static func handsOver(_ options: Options) -> Bool {
        options.replay != nil && !Replays.areLinked
    }

    package static func parse(_ parser: inout OptionParser) throws(UsageError) -> Options {
        var options = Options(live: LiveInputOptions(extraShared: [.rotate, .desc, .format]))
        var recording: String?
        while let argument = try parser.next() {
            guard case .option(let name) = argument else {
                _ = try options.live.parse(argument, from: &parser)
                continue
            }
            switch name {
            case "--config": options.configPath = try parser.value(for: name)
            case "--replay": recording = try parser.value(for: name)
            case "--json": options.json = true
            case "--via-libinput": options.viaLibinput = true
            case "--run": options.run = true
            case "--expect": options.expectPath = try parser.value(for: name)
            case "--write-expect": options.writeExpectPath = try parser.value(for: name)
            case "--touchegg": options.touchegg = true
            case "--debug": options.debug = true
            case "--agent": options.agent = true
            case "--bus-address":
                let address = try parser.value(for: name)
                guard !address.isEmpty else { throw UsageError("--bus-address needs an address") }
                options.busAddress = address
            case "--bus":
                let text = try parser.value(for: name)
                guard let bus = GestureServiceBus(rawValue: text) else {
                    throw UsageError(
                        "--bus needs system or session, got '\(QuotedInput.cut(text))'")
                }
                options.bus = bus
            default:
                if try options.live.parse(argument, from: &parser) { continue }
                throw UsageError.unknownOption(name)
            }
        }
        if options.bus != nil && options.busAddress != nil {
            throw UsageError("--bus and --bus-address do not go together")
        }
        let shared = options.live.shared
        if options.agent {
            try checkAgentOptions(options, replay: recording)
            return options
        }
        if options.debug {
            for (given, option) in [
                (recording != nil, "--replay"), (options.bus != nil, "--bus"),
                (options.busAddress != nil, "--bus-address"), (options.touchegg, "--touchegg"),
                (options.run, "--run"),
            ] where given {
                throw UsageError(
                    "--debug prints the live gestures with no D-Bus and no command run: \(option) does not go with it"
                )
            }
        }
        if let recording {
            if !options.live.devicePaths.isEmpty {
                throw UsageError(
                    "--replay takes no DEVICE ('\(QuotedInput.cut(options.live.devicePaths[0]))' given)"
                )
            }
            if options.bus != nil {
                throw UsageError("--bus goes with the live service; a replay takes --bus-address")
            }
            // Touchégg's clients connect to a running server; a replay ends at once.
            if options.touchegg {
                throw UsageError(
                    "--touchegg goes with the live service; a replay sends its signals with --bus-address"
                )
            }
            options.replay = GestureReplayRequest(
                path: recording, descPath: shared.descPath, format: shared.format?.rawValue,
                screen: shared.screen, calibration: shared.calibration,
                rotation: shared.rotation ?? .none)
            if options.viaLibinput && (shared.calibration != nil || shared.rotation != nil) {
                throw UsageError("--calibration and --rotate do not go with --via-libinput")
            }
        } else {
            for (given, option) in [
                (options.json, "--json"), (options.viaLibinput, "--via-libinput"),
                (options.expectPath != nil, "--expect"),
                (options.writeExpectPath != nil, "--write-expect"),
                (shared.descPath != nil, "--desc"), (shared.format != nil, "--format"),
            ] where given {
                throw UsageError("\(option) goes with --replay RECORDING")
            }
        }
        return options
    }

    /// `--agent` takes its configuration and bus only: it reads no device and replays nothing.
    static func checkAgentOptions(_ options: Options, replay: String?) throws(UsageError) {
        let live = options.live
        let shared = live.shared
        for (given, option) in [
            (replay != nil, "--replay"), (options.debug, "--debug"),
            (options.touchegg, "--touchegg"), (options.run, "--run"), (options.json, "--json"),
            (options.viaLibinput, "--via-libinput"), (options.expectPath != nil, "--expect"),
            (options.writeExpectPath != nil, "--write-expect"), (shared.screen != nil, "--screen"),
            (shared.seat != nil, "--seat"), (shared.calibration != nil, "--calibration"),
            (shared.rotation != nil, "--rotate"), (shared.descPath != nil, "--desc"),
            (shared.format != nil, "--format"), (live.durationSeconds != nil, "--duration"),
            (live.idleSeconds != nil, "--until-idle"),
            (live.inputEventLimit != nil, "--until-events"), (live.verbose, "--verbose"),
        ] where given {
            throw UsageError(
                "--agent follows the gesture service's signals and runs your bindings: \(option) does not go with it"
            )
        }
        if let device = live.devicePaths.first {
            throw UsageError(
                "--agent reads no device ('\(QuotedInput.cut(device))' given): the system service does"
            )
        }
    }

    package static func run(_ options: Options, output: CommandOutput) -> Int32 {
        if options.agent {
            var agent = GesturesAgentOptions()
            agent.configPath = options.configPath
            if let address = options.busAddress {
                agent.bus = .address(address)
            } else {
                agent.bus = options.bus == .session ? .session : .system
            }
            return runGesturesAgent(agent, output: output)
        }
        do throws(Diagnostic) {
            let configuration = try configuration(options)
            if let replay = options.replay {
                return try Replays.run(options, replay, configuration, output: output)
            }
            return runLive(options, configuration, output: output)
        } catch {
            output.printError(error.description)
            return 2
        }
    }

    /// `--config FILE`, else the default file, else no bindings.
    package static func configuration(_ options: Options) throws(Diagnostic)
        -> GestureServiceConfiguration
    {
        let path =
            options.configPath
            ?? GestureServiceConfiguration.defaultPath(
                environment: ProcessEnvironment.variables)
        guard let path else { return GestureServiceConfiguration(path: "", bindings: []) }
        return try GestureServiceConfiguration.read(path: path)
    }

    /// The live service: the seat's touchscreens, hot-plug, SIGHUP reload (the
    /// configuration read again), commands and D-Bus (GesturesLive.swift, GestureBus).
    package static func runLive(
        _ options: Options, _ configuration: GestureServiceConfiguration, output: CommandOutput
    ) -> Int32 {
        var live = GestureServiceLiveOptions()
        live.input = options.live
        if options.debug {
            live.bus = nil
            live.runsCommands = false
        } else if let address = options.busAddress {
            live.bus = .address(address)
        } else {
            live.bus = options.bus == .session ? .session : .system
        }
        if options.touchegg {
            live.touchegg = GestureServiceLiveOptions.toucheggAddress(
                environment: ProcessEnvironment.variables)
        }
        // The configuration read at start is the first reporter's; a SIGHUP reads it again.
        var startConfiguration: GestureServiceConfiguration? = configuration
        return runGestureServiceLive(options: live, output: output) {
            () throws -> any GestureReporting in
            if let first = startConfiguration {
                startConfiguration = nil
                return GestureService(configuration: first)
            }
            return GestureService(configuration: try Self.configuration(options))
        }
    }
}

/// `cleartouch gestures --help`.
let gesturesUsage = """
    usage: cleartouch gestures [--config FILE] --replay RECORDING [--json] [--run]
                               [--expect FILE] [--write-expect FILE]
                               [--via-libinput] [--desc DESC] [--format trace|evemu|libinput|getevent]
                               [--screen WxH] [--calibration "a b c d e f"] [--rotate N]
                               [--bus-address ADDRESS]
           cleartouch gestures [--config FILE] [--run] [--bus system|session]
                               [--bus-address ADDRESS] [--touchegg] [--screen WxH]
                               [--seat NAME] [--calibration "a b c d e f"] [--rotate N]
                               [--duration S] [--until-idle S] [--until-events N]
                               [--verbose] [DEVICE...]
           cleartouch gestures --debug [--config FILE] [--screen WxH] [--seat NAME]
                               [--calibration "a b c d e f"] [--rotate N] [--duration S]
                               [--until-idle S] [--until-events N] [--verbose] [DEVICE...]
           cleartouch gestures --agent [--config FILE] [--bus system|session]
                               [--bus-address ADDRESS]

    Recognizes swipes, edge swipes, pinches, taps and long-presses with 1 to 5 fingers
    on the touchscreens (directions on the upright screen, after --rotate), matches
    them against the configuration's bindings, runs a bound command without a shell
    and publishes every gesture on D-Bus (io.github.cleartouch.Gestures1). A bound
    command's output goes to standard error (the journal), never into the results.

      --config FILE        the configuration (default: $XDG_CONFIG_HOME/cleartouch/gestures.yaml,
                           else /etc/cleartouch/gestures.yaml; none: no bindings; --agent
                           reads only yours)
      --replay RECORDING   replay a recording (trace, evemu, `libinput record` YAML, getevent)
                           and print every gesture the service would report, with its binding
      --json               with --replay: print {"gestures": [...]} (docs/gesture-service.md)
      --expect FILE        with --replay: check a gesture expectation (docs/replay.md); exit 1
                           when it is not met (its gesture_config and settings are used)
      --write-expect FILE  with --replay: write the gesture expectation this replay meets,
                           naming --config FILE
      --run                run the bound commands (a replay runs none without it: its lines
                           say what each binding would run)
      --via-libinput       with --replay of an evdev recording: play it through the real
                           libinput first (under umockdev, in real time)
      --desc, --format     how to read the recording, as for `cleartouch replay`
      --bus system|session the bus to publish on, or --agent to follow (default system)
      --bus-address ADDRESS
                           that D-Bus address instead (a replay sends the signals too)
      --touchegg           also serve Touchégg's D-Bus protocol, for its clients
      --debug              print the service's gestures live, one line per change (began,
                           updated with its progress, recognized or cancelled), with no
                           D-Bus and no command run
      --agent              run your bindings in your session: follow the system service's
                           signals and run the command of each recognized gesture your
                           configuration binds (by gesture, fingers, direction and edge)
    \(LiveInputOptions.help)
    \(SharedOptions.rotateHelp)

    Exit status: 0 ok, 1 expectation not met or the bus failed, 2 bad usage, an unreadable
    recording or a bad configuration (FILE:LINE: what is wrong).

    """
