import CleartouchCommands
import GestureBus
import GestureService
import GestureServiceCommand
import Recordings
import RegressionSuites
import Replay
import SDBus
import ToolSupport
import TouchInput

/// `cleartouch gestures` in cleartouch-devices: live, or a replay.
typealias GesturesCommand = GesturesCommandOf<GesturesReplay>

/// `gestures --replay` (docs/gesture-service.md, "Replay and tests"): the replay modules
/// and, for `--via-libinput`, libinput and umockdev, linked here.
enum GesturesReplay: GestureReplays {
    static var areLinked: Bool { true }

    /// `--replay`: prints every gesture the service reports for the recording; with
    /// `--expect`, checks it; with `--write-expect`, writes the expectation it meets.
    static func run(
        _ options: GesturesOptions, _ replay: GestureReplayRequest,
        _ configuration: GestureServiceConfiguration, output: CommandOutput
    ) throws(Diagnostic) -> Int32 {
        let source = ReplaySource(
            path: replay.path, descPath: replay.descPath, format: replay.format,
            screen: replay.screen, calibration: replay.calibration, rotation: replay.rotation)
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
        var serviceReplay = GestureServiceReplay(source: source, configuration: configuration)
        if options.viaLibinput {
            serviceReplay.openInput = LinkedLibraries.libinputInput(output)
        }
        // `--run`: each recognized, bound end's command, as the live service would run it.
        let runner =
            options.run
            ? CommandRunner(log: { output.printError("cleartouch gestures: \($0)") }) : nil
        if let runner {
            serviceReplay.onReport = { report, _ in
                guard let command = report.command else { return }
                // Reaped as the replay goes: the children that ended leave room.
                runner.makeRoom()
                runner.run(command)
            }
        }
        let result = try serviceReplay.run()
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
        if options.json {
            output.standardOutput(result.jsonText())
        } else {
            output.printText(result.text(title: source.path, commandsRun: options.run))
        }
        if let path = options.writeExpectPath {
            // No configuration: `"gesture_config": null`, the service without bindings.
            let config = configuration.path.isEmpty ? nil : configuration.path
            let expectation = GestureExpectation(
                recording: source.path.split(separator: "/").last.map(String.init),
                gestureConfig: config.map {
                    RegressionSuite.recordedPath($0, forExpectationAt: path)
                },
                settings: settings(of: source, expectationPath: path),
                gestures: result.gestures.map(\.pinned))
            try OutputFile.write(
                expectation.jsonText(), to: path,
                protecting: source.inputPaths + [config].compactMap { $0 })
            output.printError("wrote expectation \(path)")
        }
        return 0
    }

    /// The settings a gesture expectation records: the screen, calibration and rotation
    /// given, and the description file (relative to the expectation's folder).
    static func settings(of source: ReplaySource, expectationPath: String) -> ReplaySettings? {
        let settings = ReplaySettings(
            screen: source.screen,
            descPath: source.descPath.map {
                RegressionSuite.recordedPath($0, forExpectationAt: expectationPath)
            },
            calibration: source.calibration,
            rotation: source.rotation == .none ? nil : source.rotation)
        return settings.isEmpty ? nil : settings
    }
}
