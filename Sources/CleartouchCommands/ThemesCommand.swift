import ClearCore
import JSON
import TouchInput

/// `cleartouch themes`: the built-in themes and their colours (docs/themes.md).
package enum ThemesCommand: Subcommand {
    package static let name = CommandCatalog.themes.name
    package static let summary = CommandCatalog.themes.summary
    package static let usage = """
        usage: cleartouch themes [--json]

        Lists the built-in themes (those of the Themes page), heat (the default) first, with
        the colours of each: the gradient's top and bottom (active rows take their colour
        by position between them), the completed row, the background and the text.

        options:
          --json           print {"themes": [{"name": ..., "top": "#RRGGBB", "bottom": ...,
                           "completed": ..., "background": ..., "text": ...}, ...]}
        """

    package struct Options: Hashable, Sendable {
        package var json = false
    }

    package static func parse(_ parser: inout OptionParser) throws(UsageError) -> Options {
        var options = Options()
        while let argument = try parser.next() {
            switch argument {
            case .option("--json"): options.json = true
            case .option(let name): throw UsageError.unknownOption(name)
            case .operand(let operand):
                throw UsageError("unexpected argument '\(QuotedInput.cut(operand))'")
            }
        }
        return options
    }

    package static func run(_ options: Options, output: CommandOutput) -> Int32 {
        if options.json { output.standardOutput(json()) } else { output.printText(table()) }
        return 0
    }

    /// The colours of a theme in `--json`'s order.
    package static func colours(_ theme: Theme) -> [(key: String, value: RGBColor)] {
        [
            ("top", theme.top), ("bottom", theme.bottom), ("completed", theme.completed),
            ("background", theme.background), ("text", theme.text),
        ]
    }

    package static func json() -> String {
        let themes = Theme.builtIn.map { theme in
            JSONValue.object(
                fields: [("name", .string(theme.name))]
                    + colours(theme).map { ($0.key, JSONValue.string($0.value.hexString)) })
        }
        return JSONValue.object(fields: [("themes", .array(themes))]).encoded(.indented) + "\n"
    }

    package static func table() -> String {
        let nameWidth = max(4, Theme.builtIn.map(\.name.count).max() ?? 0) + 2
        func padded(_ text: String, _ width: Int) -> String {
            text.count >= width
                ? text + " " : text + String(repeating: " ", count: width - text.count)
        }
        var lines = [
            padded("name", nameWidth)
                + colours(.heat).map { padded($0.key, 12) }.joined()
        ]
        for theme in Theme.builtIn {
            lines.append(
                padded(theme.name, nameWidth)
                    + colours(theme).map { padded($0.value.hexString, 12) }.joined())
        }
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
            .joined(separator: "\n") + "\n"
    }
}
