import Recordings
import TouchInput

/// `cleartouch convert IN OUT [--desc DESC] [--format F] [--screen WxH]`: any readable
/// recording to a ClearTouch trace.
enum ConvertCommand: Subcommand {
    static let name = "convert"
    static let summary = "convert a recording to another format"
    static let usage = """
        usage: cleartouch convert IN OUT [--desc DESC] [--format trace|evemu|libinput] [--screen WxH]

        Writes any readable recording (ClearTouch trace, evemu with --desc for an
        events-only file, `libinput record` YAML) as a ClearTouch trace (docs/trace-format.md).
        Touch positions of evdev recordings are mapped onto --screen (default 1080x1920).
        Exit status 0, or 2 for bad usage or an unreadable input (FILE:LINE: what is wrong).

        """

    static func parse(_ parser: inout OptionParser) throws(UsageError) -> RecordingFiles {
        var files = RecordingFiles(count: 2, names: "IN and OUT")
        while let argument = try parser.next() {
            if try files.parse(argument, from: &parser) { continue }
            throw UsageError.unknownOption(argument.text)
        }
        try files.checkCount()
        return files
    }

    static func run(_ files: RecordingFiles, output: CommandOutput) -> Int32 {
        let shared = files.shared
        do {
            let recording = try Recording.open(
                path: files.paths[0], descPath: shared.descPath, format: shared.format,
                screen: shared.screen)
            let writer = try TraceWriter(path: files.paths[1], flushesEveryCall: false)
            var header = recording.header
            header.format = .trace
            header.formatVersion = String(TraceWriter.formatVersion)
            try writer.writeHeader(header)
            while let event = try recording.next() { try writer.write(event) }
            try writer.close()
            for warning in recording.warnings { output.printError("warning: \(warning)") }
        } catch {
            output.printError(error.description)
            return 2
        }
        return 0
    }
}

/// The recording files of `inspect` and `convert` and the shared options that say how to
/// read them: `--desc`, `--format`, `--screen`.
struct RecordingFiles {
    /// The files named, in order.
    var paths: [String] = []
    /// `--desc`, `--format`, `--screen`.
    var shared = SharedOptions(accepting: [.desc, .format, .screen])
    /// How many files the command takes, and how its usage names them.
    let count: Int
    let names: String

    /// Files for a command that takes `count` of them, called `names` in its usage.
    init(count: Int, names: String) {
        self.count = count
        self.names = names
    }

    /// Reads `argument` when it is a file or a shared option; false otherwise.
    mutating func parse(_ argument: OptionParser.Argument, from parser: inout OptionParser)
        throws(UsageError) -> Bool
    {
        switch argument {
        case .operand(let path): paths.append(path)
        case .option(let name): return try shared.parse(name, from: &parser)
        }
        return true
    }

    /// Throws unless exactly `count` files were named.
    func checkCount() throws(UsageError) {
        guard paths.count == count else { throw UsageError("expected \(names)") }
    }
}
