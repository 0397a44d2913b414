import JSON
import Recordings
import Replay
import ToolSupport
import TouchInput

/// `cleartouch inspect FILE [--desc DESC] [--format F] [--screen WxH] [--json]`: what a
/// recording contains.
package enum InspectCommand: Subcommand {
    package static let name = CommandCatalog.inspect.name
    package static let summary = CommandCatalog.inspect.summary
    package static let usage = """
        usage: cleartouch inspect FILE [--desc DESC] [--format trace|evemu|libinput|getevent] [--screen WxH] [--json]

        Prints what a recording contains: its devices, duration, touch frames, contacts
        and the most fingers down at once. Reads ClearTouch traces, evemu files (with
        --desc for an events-only file) and `libinput record` YAML; the format is
        detected unless --format is given. Device names are shown with control characters
        escaped (\\e, \\n, \\xHH).

        \(RecordingFiles.help)
          --json              print one JSON object instead of text

        Exit status 0, or 2 for bad usage or an unreadable file (FILE:LINE: what is wrong on
        stderr).

        """

    /// The files and options of the command line.
    package struct Options {
        package var files: RecordingFiles
        package var json = false
    }

    package static func parse(_ parser: inout OptionParser) throws(UsageError) -> Options {
        var options = Options(files: RecordingFiles(count: 1, names: "one FILE"))
        while let argument = try parser.next() {
            if try options.files.parse(argument, from: &parser) { continue }
            // Only options are left here: files went to `files`.
            guard case .option(let name) = argument, name == "--json" else {
                throw UsageError.unknownOption(argument.text)
            }
            options.json = true
        }
        try options.files.checkCount()
        return options
    }

    package static func run(_ options: Options, output: CommandOutput) -> Int32 {
        let shared = options.files.shared
        let path = options.files.paths[0]
        var summary = RecordingSummary()
        let recording: Recording
        do {
            recording = try Recording.open(
                path: path, descPath: shared.descPath, format: shared.format,
                screen: shared.screen)
            while let event = try recording.next() { summary.add(event) }
        } catch {
            output.printError(error.description)
            return 2
        }
        for warning in recording.warnings { output.printError("warning: \(warning)") }
        if options.json {
            output.standardOutput(json(recording, summary))
        } else {
            output.printText(text(recording, summary))
        }
        return 0
    }

    package static func text(_ recording: Recording, _ summary: RecordingSummary) -> String {
        var out =
            "file: \(TerminalText.escaped(recording.path))\nformat: \(recording.format.rawValue) \(recording.header.formatVersion)\n"
        if let recordedAt = recording.header.recordedAt {
            out += "recorded: \(TerminalText.escaped(recordedAt))\n"
        }
        let devices = summary.devices.isEmpty ? recording.header.devices : summary.devices
        for device in devices {
            out +=
                "device \(device.id.rawValue): \(TerminalText.escaped(device.name)) (\(device.kind.rawValue)"
            if let size = device.sizeMillimetres {
                out += ", \(formatted(size.width))x\(formatted(size.height)) mm"
            } else {
                out += ", size unknown"
            }
            if let slots = device.slotCount { out += ", \(slots) slots" }
            out += ")\n"
            if let counts = summary.perDevice[device.id] {
                out += "  frames: \(counts.frames), contacts: \(counts.contacts)"
                out +=
                    ", cancelled: \(counts.cancelledContacts), most fingers at once: \(counts.mostFingersAtOnce)\n"
            }
        }
        out += "events: \(summary.events)\n"
        out += "duration: \(formatted(Double(summary.durationMicroseconds) / 1000)) ms\n"
        out += "frames: \(summary.frames)\ncontacts: \(summary.contacts)\n"
        out += "most fingers at once: \(summary.mostFingersAtOnce)\n"
        if summary.gestures > 0 { out += "touchpad gestures: \(summary.gestures)\n" }
        if summary.pointerEvents > 0 { out += "pointer events: \(summary.pointerEvents)\n" }
        if summary.keys + summary.texts > 0 {
            out += "keys: \(summary.keys), texts: \(summary.texts)\n"
        }
        return out
    }

    package static func json(_ recording: Recording, _ summary: RecordingSummary) -> String {
        let devices = summary.devices.isEmpty ? recording.header.devices : summary.devices
        let deviceObjects = devices.map { device -> JSONValue in
            let counts = summary.perDevice[device.id] ?? RecordingSummary.DeviceCounts()
            let size = device.sizeMillimetres.map { size in
                JSONValue.array([threeDecimals(size.width), threeDecimals(size.height)])
            }
            return .object(fields: [
                ("id", .integer(device.id.rawValue)), ("name", .string(device.name)),
                ("kind", .string(device.kind.rawValue)), ("size_mm", size ?? .null),
                ("slots", device.slotCount.map(JSONValue.integer) ?? .null),
                ("frames", .integer(counts.frames)), ("contacts", .integer(counts.contacts)),
                ("cancelled_contacts", .integer(counts.cancelledContacts)),
                ("most_fingers_at_once", .integer(counts.mostFingersAtOnce)),
            ])
        }
        let root = JSONValue.object(fields: [
            ("file", .string(recording.path)), ("format", .string(recording.format.rawValue)),
            ("format_version", .string(recording.header.formatVersion)),
            ("devices", .array(deviceObjects)), ("events", .integer(summary.events)),
            ("duration_ms", threeDecimals(Double(summary.durationMicroseconds) / 1000)),
            ("frames", .integer(summary.frames)), ("contacts", .integer(summary.contacts)),
            ("most_fingers_at_once", .integer(summary.mostFingersAtOnce)),
            ("touchpad_gestures", .integer(summary.gestures)),
            ("pointer_events", .integer(summary.pointerEvents)),
            ("keys", .integer(summary.keys)), ("texts", .integer(summary.texts)),
            ("warnings", .array(recording.warnings.map { .string($0.description) })),
        ])
        return root.encoded() + "\n"
    }

    /// A measure rounded to three decimals, written as `formatted` writes it.
    private static func threeDecimals(_ value: Double) -> JSONValue {
        .number(JSONNumber((value * 1000).rounded() / 1000))
    }

    package static func formatted(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if let whole = CheckedNumber.integer(rounded, in: Int64.min...Int64.max) {
            return String(whole)
        }
        return String(rounded)
    }

}
