// The `cleartouch` command: dispatches on the first argument to `<Name>Command.run`.
import Glibc

let subcommands: [(name: String, run: ([String]) -> Int32, summary: String)] = [
    ("app", AppCommand.run(arguments:), "the kiosk app: Clear on this screen"),
    ("record", RecordCommand.run(arguments:), "record live input to a trace"),
    (
        "debug-gestures", DebugGesturesCommand.run(arguments:),
        "print gestures recognized from live input"
    ),
    ("inspect", InspectCommand.run(arguments:), "describe a recording"),
    ("convert", ConvertCommand.run(arguments:), "convert a recording to another format"),
    ("replay", ReplayCommand.run(arguments:), "replay a recording into the to-do core"),
    ("render", RenderCommand.run(arguments:), "draw a recording as an SVG picture"),
]

let arguments = Array(CommandLine.arguments.dropFirst())
if let name = arguments.first, let subcommand = subcommands.first(where: { $0.name == name }) {
    exit(subcommand.run(Array(arguments.dropFirst())))
}
let help =
    "usage: cleartouch COMMAND [--help]\n\ncommands:\n"
    + subcommands.map {
        "  \($0.name.padding(toLength: 16, withPad: " ", startingAt: 0))\($0.summary)"
    }.joined(
        separator: "\n") + "\n"
if arguments.first == "--help" || arguments.first == "-h" {
    CommandLine2.printOut(help)
    exit(0)
}
CommandLine2.printError(
    (arguments.first.map { "cleartouch: unknown command '\($0)'\n" } ?? "") + help)
exit(2)
