// The `cleartouch` command: dispatches on the first argument to `<Name>Command.run`.
#if canImport(Glibc)
    import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let subcommands: [String: ([String]) -> Int32] = [
//HOLD    "record": RecordCommand.run(arguments:),
    "debug-gestures": DebugGesturesCommand.run(arguments:),
]

if let name = arguments.first, let run = subcommands[name] {
    exit(run(Array(arguments.dropFirst())))
}
let usage = "usage: cleartouch <\(subcommands.keys.sorted().joined(separator: "|"))> [--help] ...\n"
_ = usage.withCString { write(arguments.isEmpty || arguments.first == "--help" ? 1 : 2, $0, strlen($0)) }
exit(arguments.first == "--help" ? 0 : 2)
