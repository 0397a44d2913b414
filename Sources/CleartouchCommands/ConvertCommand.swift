import Recordings
import ToolSupport
import TouchInput

/// `cleartouch convert IN OUT [--desc DESC] [--format F] [--screen WxH]`: any readable
/// recording to a ClearTouch trace.
package enum ConvertCommand: Subcommand {
    package static let name = CommandCatalog.convert.name
    package static let summary = CommandCatalog.convert.summary
    package static let usage = """
        usage: cleartouch convert IN OUT [--desc DESC] [--format trace|evemu|libinput|getevent] [--screen WxH]

        Writes any readable recording (ClearTouch trace, evemu with --desc for an
        events-only file, `libinput record` YAML) as a ClearTouch trace (docs/trace-format.md).
        OUT is replaced (atomically; a link's target, its mode kept), never when it is IN
        itself; a device or FIFO (/dev/stdout) is written through (docs/output-files.md).

        \(RecordingFiles.help)
        Exit status 0, or 2 for bad usage, an unreadable input (FILE:LINE: what is wrong) or
        an output that cannot be written.

        """

    package static func parse(_ parser: inout OptionParser) throws(UsageError) -> RecordingFiles {
        var files = RecordingFiles(count: 2, names: "IN and OUT")
        while let argument = try parser.next() {
            if try files.parse(argument, from: &parser) { continue }
            throw UsageError.unknownOption(argument.text)
        }
        try files.checkCount()
        return files
    }

    package static func run(_ files: RecordingFiles, output: CommandOutput) -> Int32 {
        let shared = files.shared
        do {
            let recording = try Recording.open(
                path: files.paths[0], descPath: shared.descPath, format: shared.format,
                screen: shared.screen)
            let outputPath = files.paths[1]
            let stream = try OutputFile.Stream(
                path: outputPath, replacesAtomically: true,
                protecting: [files.paths[0]] + [shared.descPath].compactMap { $0 })
            let writer = TraceWriter(
                fileDescriptor: stream.descriptor, path: outputPath, flushesEveryCall: false)
            var header = recording.header
            header.format = .trace
            header.formatVersion = String(TraceWriter.formatVersion)
            if recording.header.format != .trace {
                // Evdev positions were mapped onto this screen: the trace says which.
                header.screen = shared.screen ?? .defaultKiosk
            } else if let screen = shared.screen {
                header.screen = screen
            }
            try writer.writeHeader(header)
            while let event = try recording.next() { try writer.write(event) }
            try writer.flush()
            try stream.commit()
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
package struct RecordingFiles {
    /// The files named, in order.
    package var paths: [String] = []
    /// `--desc`, `--format`, `--screen`.
    package var shared = SharedOptions(accepting: [.desc, .format, .screen])
    /// How many files the command takes, and how its usage names them.
    package let count: Int
    package let names: String

    /// Files for a command that takes `count` of them, called `names` in its usage.
    package init(count: Int, names: String) {
        self.count = count
        self.names = names
    }

    /// Reads `argument` when it is a file or a shared option; false otherwise.
    package mutating func parse(_ argument: OptionParser.Argument, from parser: inout OptionParser)
        throws(UsageError) -> Bool
    {
        switch argument {
        case .operand(let path): paths.append(path)
        case .option(let name): return try shared.parse(name, from: &parser)
        }
        return true
    }

    /// The lines of `--help` for the shared options of `inspect` and `convert`.
    package static let help = """
          --desc DESC         the evemu device description of an events-only evemu FILE
          --format F          trace, evemu, libinput or getevent: the format instead of detecting it
          --screen WxH        the screen evdev touch positions are mapped onto (default 1080x1920,
                              each side 1 to 100000)
        """

    /// Throws unless exactly `count` files were named.
    package func checkCount() throws(UsageError) {
        guard paths.count == count else { throw UsageError("expected \(names)") }
    }
}
