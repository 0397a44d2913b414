// The `cleartouch` command: see docs/architecture.md. Dispatches on the first argument.
import Foundation

let subcommands: [(name: String, run: ([String]) -> Int32, summary: String)] = [
    ("replay", ReplayCommand.run(arguments:), "replay a recording into the to-do core"),
    ("render", RenderCommand.run(arguments:), "draw a recording as an SVG picture"),
    ("debug-gestures", DebugGesturesCommand.run(arguments:), "print gestures recognized from live input"),
    ("app", AppCommand.run(arguments:), "the kiosk app: Clear on this screen"),
]

let arguments = Array(CommandLine.arguments.dropFirst())
if let name = arguments.first, let subcommand = subcommands.first(where: { $0.name == name }) {
    exit(subcommand.run(Array(arguments.dropFirst())))
}
let help = "usage: cleartouch COMMAND [--help]\n\ncommands:\n"
    + subcommands.map { "  \($0.name.padding(toLength: 16, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n") + "\n"
if arguments.first == "--help" || arguments.first == "-h" {
    print(help, terminator: "")
    exit(0)
}
FileHandle.standardError.write(Data(((arguments.first.map { "cleartouch: unknown command '\($0)'\n" } ?? "") + help).utf8))
exit(2)
