import CommandLayer
import LibInputBackend
import ToolSupport
import TouchInput
import Umockdev

/// The options of the subcommands that read live input (`record`, `debug-gestures`):
/// the shared `--screen` and `--seat`, and `--duration`, `--until-idle`, `--until-events`,
/// `--verbose`, the device nodes, `--calibration` (and, where the command takes it,
/// `--rotate`), and, in test builds, `--umockdev-barrier` (docs/libinput-backend.md,
/// "Test hooks").
package struct LiveInputOptions {
    /// `--screen`, `--seat` (and, for `record`, `--row-height`).
    package var shared: SharedOptions
    /// The device nodes named; empty: every suitable device of the seat.
    package var devicePaths: [String] = []
    /// `--duration S`.
    package var durationSeconds: Double?
    /// `--until-idle S`.
    package var idleSeconds: Double?
    /// `--until-events N`.
    package var inputEventLimit: Int?
    /// `--verbose`: libinput's own messages down to debug level.
    package var verbose = false
    #if CLEARTOUCH_TEST_HOOKS
        /// `--umockdev-barrier NODE[:NODE...]` (test builds only).
        package var barrierNodes: [String] = []
    #endif

    /// Options for a command that also accepts `extraShared`.
    package init(extraShared: Set<SharedOptions.Option> = []) {
        shared = SharedOptions(
            accepting: Set<SharedOptions.Option>([.screen, .seat, .calibration]).union(
                extraShared))
    }

    /// `--rotate`, or none.
    package var rotation: Rotation { shared.rotation ?? .none }

    /// The screen touch positions are mapped onto (default 1080x1920).
    package var screen: ScreenSize { shared.screen ?? .defaultKiosk }
    /// The udev seat (default seat0).
    package var seat: String { shared.seat ?? "seat0" }

    /// The lines of `--help` for these options.
    package static let help = """
          --screen WxH        map touchscreen positions onto a WxH pixel screen (default 1080x1920)
          --seat NAME         the udev seat when no device is named (default seat0)
          --duration S        stop after S seconds (0 < S <= 1e9)
          --until-idle S      stop once no input came for S seconds (after the first input; 0 < S <= 1e9)
          --until-events N    stop after N input events (devices added or removed do not count)
          --verbose           show libinput's own messages down to debug level
          --calibration "a b c d e f"
                              touch calibration matrix (libinput's LIBINPUT_CALIBRATION_MATRIX
                              convention; default: the device's line in
                              $XDG_CONFIG_HOME/cleartouch/calibration.conf, else its udev property)
          DEVICE...           /dev/input/eventN nodes; without any, every suitable device of the seat
        """

    /// The test-only option, listed apart in `--help` (docs/libinput-backend.md, "Test hooks").
    package static let barrierHelp = """
          --umockdev-barrier NODE[:NODE...]
                              release the umockdev barrier scripts of these nodes once
                              libinput has opened the devices
        """

    /// The test hooks' part of `--help` (`--umockdev-barrier` after `others`), after a blank
    /// line, apart from the options users need; empty in a build without them (release).
    package static func testHooksHelp(_ others: String = "") -> String {
        #if CLEARTOUCH_TEST_HOOKS
            "\nFor tests only:\n" + others + barrierHelp + "\n"
        #else
            ""
        #endif
    }

    /// Reads `argument` when it is one of these options or a device; false otherwise.
    package mutating func parse(_ argument: OptionParser.Argument, from parser: inout OptionParser)
        throws(UsageError) -> Bool
    {
        switch argument {
        case .operand(let path):
            devicePaths.append(path)
        case .option("--duration"):
            durationSeconds = try Self.seconds("--duration", &parser)
        case .option("--until-idle"):
            idleSeconds = try Self.seconds("--until-idle", &parser)
        case .option("--until-events"):
            let text = try parser.value(for: "--until-events")
            guard let count = Int(text), count > 0 else {
                throw UsageError(
                    "--until-events: '\(QuotedInput.cut(text))' is not a positive whole number")
            }
            inputEventLimit = count
        case .option("--verbose"):
            verbose = true
        #if CLEARTOUCH_TEST_HOOKS
            case .option("--umockdev-barrier"):
                barrierNodes = try Self.barrierNodes(&parser)
        #endif
        case .option(let name):
            return try shared.parse(name, from: &parser)
        }
        return true
    }

    /// The longest `--duration` and `--until-idle`: a billion seconds (about 31 years).
    package static let longestSeconds = 1e9

    /// A positive number of seconds, at most `longestSeconds`.
    package static func seconds(_ option: String, _ parser: inout OptionParser) throws(UsageError)
        -> Double
    {
        let text = try parser.value(for: option)
        guard let number = Double(text), number.isFinite, number > 0, number <= longestSeconds
        else {
            throw UsageError(
                "\(option): '\(QuotedInput.cut(text))' is not a positive number of seconds (at most 1e9)"
            )
        }
        return number
    }

    /// The value of `--umockdev-barrier`: colon-separated nodes.
    package static func barrierNodes(_ parser: inout OptionParser) throws(UsageError) -> [String] {
        try parser.value(for: "--umockdev-barrier").split(separator: ":").map(String.init)
    }

    /// Opens libinput as these options say. Each device is calibrated by `--calibration`,
    /// else by its line in the calibration file (`cleartouch calibrate`), else as libinput
    /// does by default (its `LIBINPUT_CALIBRATION_MATRIX` udev property). `warn` hears
    /// about an unreadable calibration file and every calibration set.
    package func openInput(warn: @escaping (String) -> Void = { _ in }) throws(LibInputError)
        -> LiveInput
    {
        let calibrations = Self.calibrations(
            explicit: shared.calibration, environment: ProcessEnvironment.variables,
            warn: warn)
        let input = try LiveInput(
            devicePaths: devicePaths, seat: seat, screen: screen,
            logPriority: verbose ? .debug : .error, scriptedInput: scriptedInput,
            rotation: rotation, calibrationForDevice: calibrations)
        input.converter.onCalibration = { name, matrix, applied in
            warn(
                LibInputEventConverter.calibrationMessage(
                    device: name, matrix: matrix, applied: applied))
        }
        return input
    }

    /// The barrier scripts of `--umockdev-barrier` (test builds only).
    package var scriptedInput: ScriptedInput? {
        #if CLEARTOUCH_TEST_HOOKS
            UmockdevBarriers.scriptedInput(nodes: barrierNodes)
        #else
            nil
        #endif
    }

    /// The calibration of each device by name: `explicit`, else the calibration file's
    /// line for it (`CalibrationFile.lookup`).
    package static func calibrations(
        explicit: CalibrationMatrix?, environment: [String: String],
        warn: (String) -> Void
    ) -> (String) -> CalibrationMatrix? {
        CalibrationFile.lookup(
            explicit: explicit, path: CalibrationFile.defaultPath(environment: environment),
            warn: warn)
    }
}
