import CleartouchCommands
import Foundation
import GestureBus
import GestureService
import Recordings
import RegressionSuites
import Replay
import SDBus
import ToolSupport
import TouchInput

/// `cleartouch gestures`: the gesture service (docs/gesture-service.md). With `--replay`
/// it replays a recording on the virtual clock and prints what the service would do;
/// without it, it is the live service (`GesturesLive.swift`).
enum GesturesCommand: Subcommand {
    static let name = CommandCatalog.gestures.name
    static let summary = CommandCatalog.gestures.summary
    static let usage = """
        usage: cleartouch gestures [--config FILE] --replay RECORDING [--json] [--run]
                                   [--expect FILE] [--write-expect FILE]
                                   [--via-libinput] [--desc DESC] [--format trace|evemu|libinput]
                                   [--screen WxH] [--calibration "a b c d e f"] [--rotate N]
                                   [--bus-address ADDRESS]
               cleartouch gestures [--config FILE] [--run] [--bus system|session]
                                   [--bus-address ADDRESS] [--touchegg] [--screen WxH]
                                   [--seat NAME] [--calibration "a b c d e f"] [--rotate N]
                                   [--duration S] [--until-idle S] [--until-events N]
                                   [--verbose] [DEVICE...]

        Recognizes swipes, edge swipes, pinches, taps and long-presses with 1 to 5 fingers
        on the touchscreens (directions on the upright screen, after --rotate), matches
        them against the configuration's bindings, runs a bound command without a shell
        and publishes every gesture on D-Bus (io.github.cleartouch.Gestures1).

          --config FILE        the configuration (default: $XDG_CONFIG_HOME/cleartouch/gestures.yaml,
                               else /etc/cleartouch/gestures.yaml; none: no bindings)
          --replay RECORDING   replay a recording (trace, evemu, `libinput record` YAML) and print
                               every gesture the service would report, with its binding
          --json               with --replay: print {"gestures": [...]} (docs/gesture-service.md)
          --expect FILE        with --replay: check a gesture expectation (docs/replay.md); exit 1
                               when it is not met (its gesture_config and settings are used)
          --write-expect FILE  with --replay: write the gesture expectation this replay meets,
                               naming --config FILE
          --run                run the bound commands (a replay runs none without it)
          --via-libinput       with --replay of an evdev recording: play it through the real
                               libinput first (under umockdev, in real time)
          --desc, --format     how to read the recording, as for `cleartouch replay`
          --bus system|session the bus to publish on (default system)
          --bus-address ADDRESS
                               publish on this D-Bus address instead (a replay sends the signals too)
          --touchegg           also serve Touchégg's D-Bus protocol, for its clients
        \(LiveInputOptions.help)
        \(SharedOptions.transformHelp)

        Exit status: 0 ok, 1 expectation not met, 2 bad usage, an unreadable recording or a bad configuration
        (FILE:LINE: what is wrong).

        """

    /// Where the service publishes its signals.
    enum Bus: String, Hashable, Sendable {
        case system, session
    }

    /// The command line: everything both modes take. The D-Bus and command-running parts
    /// (`run`, `bus`, `busAddress`, `touchegg`) are carried out by GestureBus and the
    /// command runner (ToolSupport), wired in `runReplay` and `runLive`.
    struct Options {
        /// `--config FILE`; nil: the default path, if any.
        var configPath: String?
        /// `--replay RECORDING`: the recording and how to read it; nil: live.
        var replay: ReplaySource?
        var json = false
        var viaLibinput = false
        /// `--run`: run bound commands.
        var run = false
        /// `--bus`; nil: the default (system).
        var bus: Bus?
        /// `--bus-address ADDRESS`.
        var busAddress: String?
        /// `--touchegg`.
        var touchegg = false
        /// `--expect FILE`: a gesture expectation to check the replay against.
        var expectPath: String?
        /// `--write-expect FILE`: write the gesture expectation this replay meets.
        var writeExpectPath: String?
        /// The live options (devices, seat, screen, calibration, rotation, duration…).
        var live: LiveInputOptions
    }

    static func parse(_ parser: inout OptionParser) throws(UsageError) -> Options {
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
            case "--bus-address":
                let address = try parser.value(for: name)
                guard !address.isEmpty else { throw UsageError("--bus-address needs an address") }
                options.busAddress = address
            case "--bus":
                let text = try parser.value(for: name)
                guard let bus = Bus(rawValue: text) else {
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
            options.replay = ReplaySource(
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

    static func run(_ options: Options, output: CommandOutput) -> Int32 {
        do throws(Diagnostic) {
            let configuration = try configuration(options)
            if let source = options.replay {
                return try runReplay(options, source: source, configuration, output: output)
            }
            return runLive(options, configuration, output: output)
        } catch {
            output.printError(error.description)
            return 2
        }
    }

    /// `--config FILE`, else the default file, else no bindings.
    static func configuration(_ options: Options) throws(Diagnostic)
        -> GestureServiceConfiguration
    {
        let path =
            options.configPath
            ?? GestureServiceConfiguration.defaultPath(
                environment: ProcessInfo.processInfo.environment)
        guard let path else { return GestureServiceConfiguration(path: "", bindings: []) }
        return try GestureServiceConfiguration.read(path: path)
    }

    /// `--replay`: prints every gesture the service reports for the recording; with
    /// `--expect`, checks it; with `--write-expect`, writes the expectation it meets.
    static func runReplay(
        _ options: Options, source: ReplaySource, _ configuration: GestureServiceConfiguration,
        output: CommandOutput
    ) throws(Diagnostic) -> Int32 {
        if let path = options.expectPath {
            let text = try TextFile.read(
                path, limitBytes: TextFile.maximumListOrExpectationBytes)
            guard let expectation = try GestureExpectation.parse(text, path: path) else {
                throw Diagnostic(
                    path: path, line: 1,
                    message:
                        "not a gesture expectation (no \"\(GestureExpectation.configurationKey)\"); check it with `cleartouch replay --expect`"
                )
            }
            return try GestureExpectationCheck.check(
                expectation, expectationPath: path, source: source,
                openInput: options.viaLibinput ? LinkedLibraries.libinputInput(output) : nil,
                json: options.json, output: output)
        }
        var replay = GestureServiceReplay(source: source, configuration: configuration)
        if options.viaLibinput { replay.openInput = LinkedLibraries.libinputInput(output) }
        // `--run`: each recognized, bound end's command, as the live service would run it.
        let runner =
            options.run
            ? CommandRunner(log: { output.printError("cleartouch gestures: \($0)") }) : nil
        if let runner {
            replay.onReport = { report, _ in
                if let command = report.command { runner.run(command) }
            }
        }
        let result = try replay.run()
        runner?.waitForAll()
        // `--bus-address`: the same signals the live service would send, in order.
        if let address = options.busAddress {
            do throws(BusError) {
                try GestureBus.send(result.reports, on: .address(address))
            } catch {
                output.printError("cleartouch gestures: \(error)")
                return 1
            }
        }
        for warning in result.warnings { output.printError("warning: \(warning)") }
        output.standardOutput(
            options.json ? result.jsonText() : result.text(title: source.path))
        if let path = options.writeExpectPath {
            let expectation = GestureExpectation(
                recording: source.path.split(separator: "/").last.map(String.init),
                gestureConfig: relativePath(configuration.path, from: path),
                settings: settings(of: source, expectationPath: path),
                gestures: result.gestures.map(\.pinned))
            try OutputFile.write(
                expectation.jsonText(), to: path,
                protecting: source.inputPaths + [configuration.path])
            output.printError("wrote expectation \(path)")
        }
        return 0
    }

    /// The settings a gesture expectation records: the screen, calibration and rotation
    /// given, and the description file (by name when it is beside the expectation).
    static func settings(of source: ReplaySource, expectationPath: String) -> ReplaySettings? {
        let settings = ReplaySettings(
            screen: source.screen,
            descPath: source.descPath.map { relativePath($0, from: expectationPath) },
            calibration: source.calibration,
            rotation: source.rotation == .none ? nil : source.rotation)
        return settings.isEmpty ? nil : settings
    }

    /// `path` by its name when it is in the folder of `file`, else as given.
    static func relativePath(_ path: String, from file: String) -> String {
        RegressionSuite.folder(of: path) == RegressionSuite.folder(of: file)
            ? String(path.split(separator: "/").last ?? "") : path
    }

    /// The live service: the seat's touchscreens, hot-plug, SIGHUP reload (the
    /// configuration read again), commands and D-Bus (GesturesLive.swift, GestureBus).
    static func runLive(
        _ options: Options, _ configuration: GestureServiceConfiguration, output: CommandOutput
    ) -> Int32 {
        var live = GestureServiceLiveOptions()
        live.input = options.live
        if let address = options.busAddress {
            live.bus = .address(address)
        } else {
            live.bus = options.bus == .session ? .session : .system
        }
        if options.touchegg {
            live.touchegg = GestureServiceLiveOptions.toucheggAddress(
                environment: ProcessInfo.processInfo.environment)
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
