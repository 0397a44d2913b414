@_exported import CommandLayer
import DescriptorIO
import Glibc
import ToolSupport
import TouchInput

/// The command line of both executables: dispatches on the first argument to a
/// `Subcommand` this executable runs, hands the other commands of `CommandCatalog` to
/// cleartouch-devices, and answers `--version`, `--help` and an unknown command alike
/// in both.
package struct CommandDispatch {
    /// The commands this executable runs itself.
    package var commands: [any Subcommand.Type]

    package init(commands: [any Subcommand.Type]) { self.commands = commands }

    /// SIGINT, SIGTERM and SIGHUP unblocked (`ProcessStart.unblockEndingSignals`).
    package static func unblockEndingSignals() { ProcessStart.unblockEndingSignals() }

    /// argv after the program's name (`ProcessStart.arguments`).
    package static var processArguments: [String] { ProcessStart.arguments }

    /// Runs `arguments` (those after the program's name); returns the exit status.
    package func main(_ arguments: [String], output: CommandOutput = .process) -> Int32 {
        if let name = arguments.first, let subcommand = commands.first(where: { $0.name == name }) {
            return subcommand.main(arguments: Array(arguments.dropFirst()), output: output)
        }
        if let name = arguments.first,
            CommandCatalog.all.contains(where: { $0.name == name })
                || name == InternalCommand.viaLibinputChild
        {
            return DevicesProgram.handOver(
                command: name, output: output, to: DevicesProgram.program(for: name))
        }
        if arguments.first == "--version" {
            output.printLine("cleartouch \(ClearTouchVersion.current)")
            return 0
        }
        let help =
            "usage: cleartouch COMMAND [--help]\n       cleartouch --version\n\ncommands:\n"
            + CommandCatalog.all.map {
                "  \($0.name.padding(toLength: 16, withPad: " ", startingAt: 0))\($0.summary)"
            }.joined(separator: "\n") + "\n"
        if arguments.first == "--help" || arguments.first == "-h" {
            output.standardOutput(help)
            return 0
        }
        output.standardError(
            (arguments.first.map {
                "cleartouch: unknown command '\(TerminalText.escaped(QuotedInput.cut($0)))'\n"
            } ?? "") + help)
        return UsageError.exitStatus
    }
}
