// The `cleartouch` command: dispatches on the first argument to `<Name>Command.run`.
import Glibc

let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
let status: Int32
switch arguments.first {
case "inspect": status = InspectCommand.run(arguments: rest)
case "convert": status = ConvertCommand.run(arguments: rest)
default:
    CommandLine2.printError("usage: cleartouch inspect|convert … (cleartouch SUBCOMMAND --help)")
    status = 2
}
exit(status)
