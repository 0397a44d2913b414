import CleartouchCommands
import GestureServiceCommand
import Foundation
import JSON
import KioskApp
import LibInputBackend
import Recordings
import ToolSupport
import TouchInput
import Umockdev

/// `cleartouch calibrate`: the five-target calibration session, live or from a recording
/// (docs/calibration.md).
enum CalibrateCommand: Subcommand {
    static let name = CommandCatalog.calibrate.name
    static let summary = CommandCatalog.calibrate.summary
    static let usage = """
        usage: cleartouch calibrate [--screen WxH] [--windowed] [--seat NAME] [--timeout S] [DEVICE...]
               cleartouch calibrate --replay FILE [--screen WxH] [--json] [--desc DESC]
                                    [--format trace|evemu|libinput|getevent]

        Shows five targets, one at a time, at (10%,10%), (90%,10%), (90%,90%), (10%,90%) and
        (50%,50%) of the screen; touch each once (its position: the median of the touch's
        samples). Fits an affine calibration matrix by least squares (libinput's
        LIBINPUT_CALIBRATION_MATRIX convention), saves it for the device touched in
        $XDG_CONFIG_HOME/cleartouch/calibration.conf (where `cleartouch app`, `record` and
        `debug-gestures` read it), and prints the udev property and a udev rule that applies
        it system-wide. A session whose touches lie on a line or a point, or whose worst
        target is more than 2.5% of the screen's shorter side from its fitted touch, is refused.

          --replay FILE   compute the calibration from a recorded session instead (not saved)
          --json          with --replay: print {"matrix": [a, b, c, d, e, f], "residual_px": R}
          --screen WxH    the screen the targets are shown on (default: the display; with
                          --replay the recording's, else 1080x1920)
          --windowed      a window instead of the full screen
          --timeout S     give up (exit 1) when the targets are not all touched within S seconds
          --seat NAME     the udev seat when no DEVICE is named (default seat0)
          --desc DESC, --format F   as for `cleartouch replay`
          DEVICE...       /dev/input/eventN nodes; without any, every device of the seat

        Exit status: 0 calibrated, 1 the session was refused (or cancelled), 2 bad usage or
        unreadable input.

        """ + LiveInputOptions.testHooksHelp()

    /// What `calibrate` was asked to do.
    struct Options {
        var shared = SharedOptions(accepting: [.screen, .seat, .desc, .format])
        var replayPath: String?
        var json = false
        var windowed = false
        var timeoutSeconds: Double?
        var devicePaths: [String] = []
        #if CLEARTOUCH_TEST_HOOKS
            /// `--umockdev-barrier` (test builds only).
            var barrierNodes: [String] = []
        #endif
    }

    static func parse(_ parser: inout OptionParser) throws(UsageError) -> Options {
        var options = Options()
        while let argument = try parser.next() {
            switch argument {
            case .operand(let path): options.devicePaths.append(path)
            case .option("--replay"): options.replayPath = try parser.value(for: "--replay")
            case .option("--json"): options.json = true
            case .option("--windowed"): options.windowed = true
            case .option("--timeout"):
                options.timeoutSeconds = try LiveInputOptions.seconds("--timeout", &parser)
            #if CLEARTOUCH_TEST_HOOKS
                case .option("--umockdev-barrier"):
                    options.barrierNodes = try LiveInputOptions.barrierNodes(&parser)
            #endif
            case .option(let name):
                guard try options.shared.parse(name, from: &parser) else {
                    throw UsageError.unknownOption(name)
                }
            }
        }
        if options.replayPath != nil && !options.devicePaths.isEmpty {
            throw UsageError("--replay FILE reads a recording; no DEVICE goes with it")
        }
        if options.json && options.replayPath == nil {
            throw UsageError("--json goes with --replay FILE")
        }
        return options
    }

    static func run(_ options: Options, output: CommandOutput) -> Int32 {
        let touches: [Point]
        let screen: ScreenSize
        let deviceName: String?
        if let path = options.replayPath {
            do throws(RecordingError) {
                let session = try CalibrationRecording.read(
                    path: path, descPath: options.shared.descPath, format: options.shared.format,
                    screen: options.shared.screen)
                (touches, screen, deviceName) = (
                    session.touches, session.screen, session.deviceName
                )
            } catch {
                output.printError(error.description)
                return 2
            }
        } else {
            let log: (String) -> Void = { output.printError("cleartouch calibrate: \($0)") }
            let session: CalibrationSession
            do {
                session = try CalibrationSession(
                    devicePaths: options.devicePaths, seat: options.shared.seat ?? "seat0",
                    screen: options.shared.screen, windowed: options.windowed,
                    scriptedInput: scriptedInput(options), log: log)
            } catch {
                log(error.description)
                return 2
            }
            log("touch each target once, in turn (Escape cancels)")
            guard let measured = session.run(timeoutSeconds: options.timeoutSeconds) else {
                log("cancelled; nothing saved")
                return 1
            }
            (touches, screen, deviceName) = (measured.touches, measured.screen, measured.deviceName)
        }
        let fit: CalibrationFit
        switch CalibrationFit.fit(touches: touches, screen: screen) {
        case .success(let value): fit = value
        case .failure(let failure):
            output.printError("cleartouch calibrate: \(failure)")
            return 1
        }
        if options.json {
            let json = JSONValue.object(fields: [
                ("matrix", .array(fit.matrix.values.map { .number(JSONNumber($0)) })),
                ("residual_px", .number(JSONNumber(fit.worstResidualPixels))),
            ])
            output.printLine(json.encoded())
            return 0
        }
        let name = deviceName.map(TerminalText.escaped) ?? "the device"
        output.printLine(
            "calibration of \(name): \(fit.matrix) (worst residual \(CalibrationMatrix.decimal((fit.worstResidualPixels * 10).rounded() / 10)) px, bound \(CalibrationMatrix.decimal((CalibrationFit.boundPixels(screen: screen) * 10).rounded() / 10)) px)"
        )
        if options.replayPath == nil, let deviceName,
            !CalibrationFile.canStore(deviceName: deviceName)
        {
            output.printError(
                "cleartouch calibrate: \(name): the name cannot be a line of the calibration file (a control character, or a space first); not saved, use the udev rule"
            )
        } else if options.replayPath == nil, let deviceName {
            let path = CalibrationFile.defaultPath(
                environment: ProcessInfo.processInfo.environment)
            do throws(Diagnostic) {
                var file = (try? CalibrationFile.read(path: path)) ?? CalibrationFile()
                file.set(fit.matrix, for: deviceName)
                try file.write(path: path)
                output.printLine("saved to \(path)")
            } catch {
                output.printError(error.description)
                return 2
            }
        }
        output.printLine(udevText(matrix: fit.matrix, deviceName: deviceName))
        return 0
    }

    /// The udev property line and a rule applying it system-wide.
    static func udevText(matrix: CalibrationMatrix, deviceName: String?) -> String {
        let escapedName = TerminalText.escaped(deviceName ?? "DEVICE NAME").replacingOccurrences(
            of: "\"", with: "?")
        return """
            \(CalibrationMatrix.udevProperty)=\(matrix)
            # system-wide: /etc/udev/rules.d/99-cleartouch-calibration.rules, then
            # `udevadm control --reload && udevadm trigger` (libinput reads it when the device appears)
            ACTION=="add|change", KERNEL=="event*", ATTRS{name}=="\(escapedName)", ENV{\(CalibrationMatrix.udevProperty)}="\(matrix)"
            """
    }

    /// The barrier scripts of `--umockdev-barrier` (test builds only).
    static func scriptedInput(_ options: Options) -> ScriptedInput? {
        #if CLEARTOUCH_TEST_HOOKS
            UmockdevBarriers.scriptedInput(nodes: options.barrierNodes)
        #else
            nil
        #endif
    }
}
