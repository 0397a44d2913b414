// The `cleartouch` command: dispatches on the first argument to a `Subcommand`.
import DescriptorIO
import Glibc
import Recorder
import ToolSupport
import TouchInput

/// Every subcommand, in the order `cleartouch --help` lists them.
let subcommands: [any Subcommand.Type] = [
    AppCommand.self, RecordCommand.self, DebugGesturesCommand.self, InspectCommand.self,
    ConvertCommand.self, ReplayCommand.self, RenderCommand.self, ViewCommand.self,
    CalibrateCommand.self, KeyboardCommand.self, TestCommand.self, ThemesCommand.self,
    GesturesCommand.self,
]

// SIGINT, SIGTERM and SIGHUP end a command at once (a read that waits for a silent pipe
// included), whatever mask the parent left blocked (a parent's worker thread often has
// them blocked, and a spawned child inherits its mask).
var endingSignals = sigset_t()
sigemptyset(&endingSignals)
for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&endingSignals, signalNumber) }
sigprocmask(SIG_UNBLOCK, &endingSignals, nil)

// argv's bytes, kept: a file name that is not UTF-8 is still that file (`PathName`).
let arguments = Array(
    PathName.arguments(count: CommandLine.argc, values: CommandLine.unsafeArgv).dropFirst())
// The child process of the via-libinput replay (Recorder's `ViaLibinputCapture`): an
// internal protocol, answered before any command-line parsing.
if arguments.first == ViaLibinputCapture.childCommand {
    exit(ViaLibinputCapture.runChild(arguments: Array(arguments.dropFirst())))
}
if let name = arguments.first, let subcommand = subcommands.first(where: { $0.name == name }) {
    exit(subcommand.main(arguments: Array(arguments.dropFirst()), output: .process))
}
if arguments.first == "--version" {
    CommandOutput.process.printLine("cleartouch \(ClearTouchVersion.current)")
    exit(0)
}
let help =
    "usage: cleartouch COMMAND [--help]\n       cleartouch --version\n\ncommands:\n"
    + subcommands.map {
        "  \($0.name.padding(toLength: 16, withPad: " ", startingAt: 0))\($0.summary)"
    }.joined(separator: "\n") + "\n"
if arguments.first == "--help" || arguments.first == "-h" {
    CommandOutput.process.standardOutput(help)
    exit(0)
}
CommandOutput.process.standardError(
    (arguments.first.map {
        "cleartouch: unknown command '\(TerminalText.escaped(QuotedInput.cut($0)))'\n"
    } ?? "") + help)
exit(UsageError.exitStatus)
