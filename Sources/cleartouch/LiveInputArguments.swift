import LibInputBackend
import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// The options `record` and `debug-gestures` share, parsed from a command line.
struct LiveInputArguments {
    var devicePaths: [String] = []
    var seat = "seat0"
    var screen = ScreenSize.defaultKiosk
    var durationSeconds: Double? = nil
    var idleSeconds: Double? = nil
    var verbose = false
    /// Everything not recognised here, in order, for the subcommand to handle.
    var remaining: [String] = []

    struct UsageError: Error {
        var message: String
    }

    static let help = """
          --screen WxH        map touchscreen positions onto a WxH pixel screen (default 1080x1920)
          --seat NAME         the udev seat when no device is named (default seat0)
          --duration S        stop after S seconds
          --until-idle S      stop once no input came for S seconds (after the first input)
          --verbose           show libinput's own messages down to debug level
          DEVICE...           /dev/input/eventN nodes; without any, every suitable device of the seat
        """

    init(_ arguments: [String], flags: Set<String>, valued: Set<String>) throws(UsageError) {
        var index = 0
        func value(_ option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else {
                throw UsageError(message: "\(option) needs a value")
            }
            return arguments[index]
        }
        func seconds(_ option: String) throws(UsageError) -> Double {
            let text = try value(option)
            guard let number = Double(text), number.isFinite, number > 0 else {
                throw UsageError(
                    message: "\(option): '\(text)' is not a positive number of seconds")
            }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--screen":
                let text = try value(argument)
                guard let screen = Self.parseScreen(text) else {
                    throw UsageError(message: "--screen: '\(text)' is not WIDTHxHEIGHT in pixels")
                }
                self.screen = screen
            case "--seat": seat = try value(argument)
            case "--duration": durationSeconds = try seconds(argument)
            case "--until-idle": idleSeconds = try seconds(argument)
            case "--verbose": verbose = true
            case _ where flags.contains(argument): remaining.append(argument)
            case _ where valued.contains(argument): remaining += [argument, try value(argument)]
            case _ where argument.hasPrefix("-"):
                throw UsageError(message: "unknown option \(argument)")
            default: devicePaths.append(argument)
            }
            index += 1
        }
    }

    enum Outcome {
        case run(LiveInputArguments)
        case exit(Int32)
    }

    /// Handles `--help` (exit 0) and usage errors (exit 2) for the subcommand `command`.
    static func parse(
        _ arguments: [String], command: String, help: String, flags: Set<String>,
        valued: Set<String>
    ) -> Outcome {
        if arguments.contains("--help") {
            printNow(help)
            return .exit(0)
        }
        do throws(UsageError) {
            return .run(try LiveInputArguments(arguments, flags: flags, valued: valued))
        } catch {
            printError("cleartouch \(command): \(error.message)\n\(help)")
            return .exit(2)
        }
    }

    /// `WIDTHxHEIGHT` in pixels (the app's parser uses it too).
    static func parseScreen(_ text: String) -> ScreenSize? { RecordingOptions.parseScreen(text) }

    func openInput() throws(LibInputError) -> LiveInput {
        try LiveInput(
            devicePaths: devicePaths, seat: seat, screen: screen,
            logPriority: verbose ? .debug : .error)
    }
}

/// Writes a line to stderr.
func printError(_ message: String) {
    CommandLine2.printError(message.hasSuffix("\n") ? String(message.dropLast()) : message)
}

/// Writes text to stdout at once (live views must not sit in a buffer).
func printNow(_ text: String) {
    CommandLine2.printOut(text.hasSuffix("\n") ? text : text + "\n")
}
