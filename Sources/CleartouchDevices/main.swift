// cleartouch-devices: every `cleartouch` command, with the libraries the lean front does
// not link (the app's window and sound, live input, pictures, D-Bus). The front hands it
// the commands it does not run itself, its arguments unchanged (`DevicesProgram`).
import CleartouchCommands
import Glibc
import Recorder

/// Every subcommand (the order of `cleartouch --help` is `CommandCatalog.all`'s).
let subcommands: [any Subcommand.Type] = [
    AppCommand.self, RecordCommand.self, DebugGesturesCommand.self, InspectCommand.self,
    ConvertCommand.self, ReplayCommand.self, RenderCommand.self, ViewCommand.self,
    CalibrateCommand.self, KeyboardCommand.self, TestCommand.self, ThemesCommand.self,
    GesturesCommand.self,
]

CommandDispatch.unblockEndingSignals()
let arguments = CommandDispatch.processArguments
// The child process of the via-libinput replay (Recorder's `ViaLibinputCapture`): an
// internal protocol, answered before any command-line parsing.
if arguments.first == ViaLibinputCapture.childCommand {
    exit(ViaLibinputCapture.runChild(arguments: Array(arguments.dropFirst())))
}
exit(CommandDispatch(commands: subcommands).main(arguments))
