import ClearCore
import ClearRendering
import CleartouchCommands
import JSON
import ToolSupport
import TouchInput

/// `cleartouch keyboard`: describes or draws the fully shown on-screen keyboard.
enum KeyboardCommand: Subcommand {
    static let name = CommandCatalog.keyboard.name
    static let summary = CommandCatalog.keyboard.summary
    static let usage = """
        usage: cleartouch keyboard [--screen WxH] [--row-height PX] [--keyboard-layout NAME]
                                   [--json | -o OUT.png]

        The on-screen keyboard fully shown on the screen, base layer: one line per key
        (KEY LABEL X Y WIDTH HEIGHT, screen pixels), or with --json
        {"layout": NAME, "keys": [{"key": K, "label": L, "x": ..., "y": ..., "width": ..., "height": ...}, ...]}
        where K is the character the key types or shift, backspace, space, return, symbols.

          --screen WxH     the screen (default 1080x1920)
          --row-height PX  the list's row height H (default round(W*50/320)); the keyboard
                           leaves at least one row above it
          --keyboard-layout NAME
                           \(KeyboardLayout.embeddedNames.joined(separator: ", ")), or a layout FILE (a path with a /);
                           default XKBLAYOUT of /etc/default/keyboard when known, else us
          --json           print the keys as JSON
          -o, --output OUT.png
                           draw the keyboard (on black, where the list would be) as a PNG

        Exit status: 0 ok, 2 bad usage, an unknown layout (the known ones are listed) or a
        malformed layout file (FILE:LINE: what is wrong).

        """

    struct Options {
        var screen = ScreenSize.defaultKiosk
        var rowHeightPixels: Double?
        var layout: KeyboardLayout
        var json = false
        var outputPath: String?
        /// The layout file read, if one was named (never replaced by `-o`).
        var layoutPaths: [String] = []
    }

    static func parse(_ parser: inout OptionParser) throws(UsageError) -> Options {
        var shared = SharedOptions(accepting: [.screen, .rowHeight])
        var keyboard = KeyboardOptions()
        var json = false
        var outputPath: String?
        while let argument = try parser.next() {
            switch argument {
            case .operand(let text):
                throw UsageError("unexpected operand '\(QuotedInput.cut(text))'")
            case .option("--json"): json = true
            case .option("-o"), .option("--output"):
                let path = try parser.value(for: argument.text)
                try OutputFormat.png.check(path, option: argument.text)
                outputPath = path
            case .option(let name):
                if try keyboard.parse(name, from: &parser) { continue }
                guard name != "--keyboard", try shared.parse(name, from: &parser) else {
                    throw UsageError.unknownOption(name)
                }
            }
        }
        if keyboard.mode != nil { throw UsageError.unknownOption("--keyboard") }
        if json && outputPath != nil { throw UsageError("--json and -o go one at a time") }
        return Options(
            screen: shared.screen ?? .defaultKiosk, rowHeightPixels: shared.rowHeightPixels,
            layout: try keyboard.layout(fallback: KeyboardOptions.systemLayoutName()),
            json: json, outputPath: outputPath,
            layoutPaths: [keyboard.layoutFilePath].compactMap { $0 })
    }

    static func run(_ options: Options, output: CommandOutput) -> Int32 {
        let clearLayout = ClearLayout(
            screen: options.screen, rowHeightPixels: options.rowHeightPixels)
        let keyboard = OnScreenKeyboard(layout: options.layout, clearLayout: clearLayout)
        let shown = keyboard.shownPresentation
        if let path = options.outputPath {
            do {
                let renderer = try PresentationRenderer(
                    width: options.screen.widthPixels, height: options.screen.heightPixels)
                renderer.render(
                    Presentation(
                        screen: options.screen, rowHeightPixels: clearLayout.rowHeightPixels,
                        rows: [], cues: nil, placeholder: nil, editing: nil, isAnimating: false,
                        keyboard: shown))
                let png = try renderer.surface.pngBytes()
                // Through the one writer: atomic, and never over the layout file read.
                try OutputFile.write(png, to: path, protecting: options.layoutPaths)
                output.printError(
                    "wrote \(TerminalText.escaped(path)): the \(options.layout.name) keyboard fully shown, \(options.screen.widthPixels)x\(options.screen.heightPixels) PNG"
                )
            } catch let error as Diagnostic {
                output.printError("cleartouch keyboard: \(error)")
                return 2
            } catch {
                output.printError("cleartouch keyboard: \(path): \(error)")
                return 2
            }
            return 0
        }
        if options.json {
            output.printLine(json(shown).encoded(.indented))
            return 0
        }
        for key in shown.keys {
            let frame = key.framePixels
            output.printLine(
                "\(key.action.name) \(key.label) \(JSONNumber(frame.x)) \(JSONNumber(frame.y)) "
                    + "\(JSONNumber(frame.width)) \(JSONNumber(frame.height))")
        }
        return 0
    }

    /// `{"layout": NAME, "keys": [{"key", "label", "x", "y", "width", "height"}, ...]}`.
    static func json(_ keyboard: KeyboardPresentation) -> JSONValue {
        .object(fields: [
            ("layout", .string(keyboard.layoutName)),
            (
                "keys",
                .array(
                    keyboard.keys.map { key in
                        let frame = key.framePixels
                        return .object(fields: [
                            ("key", .string(key.action.name)), ("label", .string(key.label)),
                            ("x", .number(JSONNumber(frame.x))),
                            ("y", .number(JSONNumber(frame.y))),
                            ("width", .number(JSONNumber(frame.width))),
                            ("height", .number(JSONNumber(frame.height))),
                        ])
                    })
            ),
        ])
    }
}
