/// One `cleartouch` subcommand: its name, its one-line summary, its usage text, how its
/// options are parsed and what it does. `main` is the same for all of them: `--help`
/// (or `-h`) anywhere before `--` prints the usage and exits 0 whatever else is given;
/// bad usage prints one line saying what is wrong and where to read more, and exits 2.
package protocol Subcommand: Sendable {
    /// What the command line asked for.
    associatedtype Options

    /// The word after `cleartouch`.
    static var name: String { get }
    /// One line for `cleartouch --help`.
    static var summary: String { get }
    /// The text `--help` prints.
    static var usage: String { get }

    /// Reads the options from `parser` (which has not yet read anything).
    static func parse(_ parser: inout OptionParser) throws(UsageError) -> Options

    /// Whether these options need a library this executable does not link, so that the
    /// command is handed to cleartouch-devices (`DevicesProgram`) instead of run here.
    static func handsOver(_ options: Options) -> Bool

    /// Does the work; returns the exit status.
    static func run(_ options: Options, output: CommandOutput) -> Int32
}

extension Subcommand {
    /// Most commands run wherever they are linked.
    package static func handsOver(_ options: Options) -> Bool { false }

    /// The options of `arguments` (those after the command's name), or nil for `--help`.
    package static func options(_ arguments: [String]) throws(UsageError) -> Options? {
        if OptionParser.asksForHelp(arguments) { return nil }
        var parser = OptionParser(arguments)
        return try parse(&parser)
    }

    /// Runs the command for `arguments` (those after its name); returns the exit status.
    package static func main(arguments: [String], output: CommandOutput = .process) -> Int32 {
        let parsed: Options?
        do throws(UsageError) {
            parsed = try options(arguments)
        } catch {
            output.standardError(error.report(command: name))
            return UsageError.exitStatus
        }
        guard let parsed else {
            output.standardOutput(usage.hasSuffix("\n") ? usage : usage + "\n")
            return 0
        }
        if handsOver(parsed) { return DevicesProgram.handOver(command: name, output: output) }
        return run(parsed, output: output)
    }
}
