import ClearRendering
import CleartouchCommands
import Replay
import ToolSupport

/// `cleartouch render FILE -o OUT.svg`: draws a replay as an SVG picture (docs/replay.md).
enum RenderCommand: Subcommand {
    static let name = CommandCatalog.render.name
    static let summary = CommandCatalog.render.summary
    static let usage = """
        usage: cleartouch render FILE -o OUT.svg [--desc DESC] [--format trace|evemu|libinput|getevent]
                                 [--screen WxH] [--row-height PX] [--list LIST.json] [--theme NAME]
                                 [--levels items|lists|all]

        Replays a recording and draws it as an SVG picture: the list at the start, every
        touch's path (one colour per contact, fading with time; dot = down, ring = up,
        cross = cancelled), where each gesture began and ended and what it caused, and the
        lines a finger had to cross (W/2 for complete/delete, H for a pull, H/2 for a pinch).

          -o, --output OUT.svg  where to write the picture (replaced atomically, keeping its
                                mode; a device or FIFO is written through; its folder
                                must exist; docs/output-files.md)
          --desc DESC           evemu description for an events-only FILE
          --format F            force the input format instead of detecting it
          --screen WxH          screen size in pixels (each side 1 to 100000)
          --row-height PX       row height H in pixels (1 to 100000)
          --list LIST.json      starting list, as for `cleartouch replay`
          --theme NAME          the list's colours, as for `cleartouch replay` (default heat)
          --levels L            items, lists or all (default), as for `cleartouch replay`

        "wrote OUT.svg" and reader warnings go to stderr.
        Exit status: 0 ok, 2 bad usage, unreadable input or an output that cannot be written.

        """

    static func parse(_ parser: inout OptionParser) throws(UsageError) -> RenderOptions {
        try RenderOptions.parse(&parser)
    }

    /// Renders; returns 0 or 2.
    static func run(_ options: RenderOptions, output: CommandOutput) -> Int32 {
        do throws(Diagnostic) {
            let result = try ReplayHarness(
                source: options.source, keepTouchPaths: true, keepListsAfterActions: false
            ).run()
            let name =
                options.source.path.split(separator: "/").last.map(String.init)
                ?? options.source.path
            let svg: String
            do throws(CairoError) {
                svg = try RecordingPictureRenderer(picture: result.picture(title: name)).svg()
            } catch {
                throw Diagnostic(
                    path: options.outputPath, line: 0,
                    message: "cannot draw the picture: \(error)")
            }
            for warning in result.warnings { output.printError("warning: \(warning)") }
            try OutputFile.write(
                svg, to: options.outputPath, protecting: options.source.inputPaths)
            output.printError("wrote \(options.outputPath)")
            return 0
        } catch {
            output.printError(error.description)
            return 2
        }
    }
}
