import GestureService
import Replay
import ReplayPages
import ToolSupport

/// `cleartouch view FILE -o OUT.html`: a replay as one self-contained web page
/// (docs/replay.md, "The trace viewer").
package enum ViewCommand: Subcommand {
    package static let name = CommandCatalog.view.name
    package static let summary = CommandCatalog.view.summary
    package static let usage = """
        usage: cleartouch view FILE -o OUT.html [--fps N] [--desc DESC]
                               [--format trace|evemu|libinput] [--screen WxH]
                               [--row-height PX] [--list LIST.json]
                               [--gesture-config FILE]

        Replays a recording and writes one HTML page that needs nothing else (no network,
        works from file:// offline): a time slider, play/pause and a speed setting; the
        screen as the app showed it at that time (list, animations); every touch with its
        trail; each gesture's state and the action it caused, in labels that never overlap;
        and a timeline strip of the gestures (click or drag it to seek).

          -o, --output OUT.html  where to write the page
          --fps N                frames per second of recording time (default 30, 0.01
                                 to 1000), from the first event until everything has
                                 settled (at most 100000 frames)
          --gesture-config FILE  also show what the gesture service (`cleartouch gestures`)
                                 reports with this configuration (docs/gesture-service.md)
          (other options as for `cleartouch replay`)

        "wrote OUT.html" and reader warnings go to stderr.

        Exit status: 0 ok, 2 bad usage or unreadable input.

        """

    /// The command line.
    package struct Options {
        package var source: ReplaySource
        package var outputPath: String
        package var framesPerSecond = TraceViewer.defaultFramesPerSecond
        /// `--gesture-config FILE`.
        package var gestureConfigPath: String?
    }

    package static func parse(_ parser: inout OptionParser) throws(UsageError) -> Options {
        var source = ReplaySourceOptions()
        var output: String?
        var fps = TraceViewer.defaultFramesPerSecond
        var gestureConfig: String?
        while let argument = try parser.next() {
            if try source.parse(argument, from: &parser) { continue }
            guard case .option(let name) = argument else { continue }
            switch name {
            case "-o", "--output": output = try parser.value(for: name)
            case "--gesture-config": gestureConfig = try parser.value(for: name)
            case "--fps":
                // The range of `replay --frames --fps` (docs/replay.md).
                fps = try parser.number(
                    for: name, in: ReplayOptions.framesPerSecondRange,
                    what: "a number of frames per second from 0.01 to 1000")
            default: throw UsageError.unknownOption(name)
            }
        }
        let replaySource = try source.source()
        guard let output else { throw UsageError("no output given (-o OUT.html)") }
        return Options(
            source: replaySource, outputPath: output, framesPerSecond: fps,
            gestureConfigPath: gestureConfig)
    }

    /// Writes the page; returns 0 or 2.
    package static func run(_ options: Options, output: CommandOutput) -> Int32 {
        do throws(Diagnostic) {
            let name =
                options.source.path.split(separator: "/").last.map(String.init)
                ?? options.source.path
            var viewer = TraceViewer(
                source: options.source, title: name, framesPerSecond: options.framesPerSecond)
            viewer.outputPath = options.outputPath
            if let path = options.gestureConfigPath {
                viewer.gestureConfiguration = try GestureServiceConfiguration.read(path: path)
            }
            try TextFile.write(
                try viewer.page(), to: options.outputPath,
                protecting: options.source.inputPaths
                    + [options.gestureConfigPath].compactMap { $0 })
            output.printError("wrote \(options.outputPath)")
            return 0
        } catch {
            output.printError(error.description)
            return 2
        }
    }
}
