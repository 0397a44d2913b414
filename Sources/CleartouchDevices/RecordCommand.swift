import ClearCore
import CleartouchCommands
import GestureServiceCommand
import LibInputBackend
import Recorder
import Recordings
import ToolSupport
import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// `cleartouch record`: captures live input into a ClearTouch trace.
enum RecordCommand: Subcommand {
    static let name = CommandCatalog.record.name
    static let summary = CommandCatalog.record.summary
    static let usage = """
        usage: cleartouch record [-o FILE] [--force] [--screen WxH] [--row-height PX] [--seat NAME]
                                 [--rotate N] [--calibration "a b c d e f"] [--show-keycodes]
                                 [--duration S] [--until-idle S] [--until-events N] [--verbose]
                                 [DEVICE...]

        Records live input from libinput into the ClearTouch trace format (docs/trace-format.md),
        one flushed write per event, until Ctrl-C (SIGINT), SIGTERM or --duration.
        Without DEVICE, records every touchscreen and touchpad of the seat (hot-plugged ones too);
        with DEVICE nodes, exactly those (keyboards included).

          -o FILE             write to FILE as the events come (a new file gets mode 0600; a
                              link's target is written, a device or FIFO written through;
                              its folder must exist); default: standard output
          --force             replace FILE if it exists (a recording cannot be made again,
                              so it is never replaced without it; its mode is kept)
          --show-keycodes     record the real key codes; by default keys that type characters
                              are recorded as KEY_A, so the file holds no typed text
          --row-height PX     the row height to note in the header (default round(W*50/320),
                              1 to 100000)
          --rotate N          the panel is mounted turned N degrees clockwise (0, 90, 180, 270):
                              positions are recorded upright on WxH and the trace says so

        """ + LiveInputOptions.help + "\n" + LiveInputOptions.testHooksHelp()

    /// What `record` was asked to do.
    struct Options {
        var input = LiveInputOptions(extraShared: [.rowHeight, .rotate])
        /// `-o FILE`; nil: standard output.
        var outputPath: String?
        var force = false
        var showKeyCodes = false
    }

    static func parse(_ parser: inout OptionParser) throws(UsageError) -> Options {
        var options = Options()
        while let argument = try parser.next() {
            if try options.input.parse(argument, from: &parser) { continue }
            switch argument.text {
            case "-o": options.outputPath = try parser.value(for: "-o")
            case "--force": options.force = true
            case "--show-keycodes": options.showKeyCodes = true
            default: throw UsageError.unknownOption(argument.text)
            }
        }
        return options
    }

    static func run(_ options: Options, output: CommandOutput) -> Int32 {
        let parsed = options.input
        let outputPath = options.outputPath
        let showKeyCodes = options.showKeyCodes
        let force = options.force
        func printError(_ line: String) { output.printError(line) }
        let rowHeightPixels =
            parsed.shared.rowHeightPixels
            ?? ClearLayout.defaultRowHeightPixels(widthPixels: parsed.screen.widthPixels)

        if let outputPath, !force {
            do throws(Diagnostic) {
                try OutputFile.refuseExisting(outputPath)
            } catch {
                printError("cleartouch record: \(error)")
                return 2
            }
        }
        let input: LiveInput
        do throws(LibInputError) {
            input = try parsed.openInput(warn: { printError("cleartouch record: \($0)") })
        } catch {
            printError("cleartouch record: \(error)")
            return 2
        }
        // In place, not atomically: a recorder killed at any moment leaves every line
        // written so far in the file (docs/output-files.md).
        let stream: OutputFile.Stream?
        if let outputPath {
            do throws(Diagnostic) {
                stream = try OutputFile.Stream(
                    path: outputPath, newFileMode: 0o600, replacesAtomically: false,
                    exclusive: !force, protecting: parsed.devicePaths)
            } catch {
                printError("cleartouch record: \(error)")
                return 2
            }
        } else {
            stream = nil
        }
        let descriptor = stream?.descriptor ?? 1
        let writer = TraceWriter(fileDescriptor: descriptor, path: outputPath ?? "<stdout>")
        let recorder = LiveRecorder(
            input: input, writer: writer, showKeyCodes: showKeyCodes,
            recordedKinds: parsed.devicePaths.isEmpty ? [.touchscreen, .touchpad] : nil)
        defer { try? stream?.commit() }
        do throws(RecorderError) {
            try recorder.start(
                screen: parsed.screen, rowHeightPixels: rowHeightPixels, recordedAt: utcTimestamp())
        } catch {
            printError("cleartouch record: \(error)")
            stream?.discard()
            return 2
        }
        // Only now, with the devices open and the header written, does the recording take
        // the place of a file it replaces (`--force`).
        do throws(Diagnostic) {
            try stream?.publish()
        } catch {
            printError("cleartouch record: \(error)")
            return 2
        }
        printError(
            "cleartouch record: recording to \(outputPath ?? "standard output") (Ctrl-C stops):")
        for line in recorder.deviceLines { printError(line) }
        for line in recorder.routeLines { printError(line) }
        printError(
            showKeyCodes
                ? "cleartouch record: WARNING: key codes are recorded as typed (--show-keycodes); the file may contain passwords"
                : "cleartouch record: key codes are obfuscated (keys that type characters are recorded as KEY_A); --show-keycodes records them"
        )
        recorder.onDeviceChange = { printError("cleartouch record: \($0)") }
        do throws(RecorderError) {
            let stop = try recorder.run(
                durationSeconds: parsed.durationSeconds, idleSeconds: parsed.idleSeconds,
                inputEventLimit: parsed.inputEventLimit)
            let reason =
                switch stop {
                case .signal(let number): number == SIGINT ? "interrupted" : "terminated"
                case .durationElapsed: "duration reached"
                case .idle: "input idle"
                case .emulatedInputEnded: "the emulated devices' scripts ended"
                case .requested: "\(parsed.inputEventLimit ?? 0) input events recorded"
                }
            printError("cleartouch record: \(reason); \(recorder.eventCount) events written")
            return 0
        } catch {
            printError("cleartouch record: \(error)")
            return 2
        }
    }

    /// ISO 8601 in UTC, for the header (when, not how long: the wall clock is fine here).
    static func utcTimestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
        return String(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
