import ToolSupport
import TouchInput

/// Bad usage of a subcommand: what is wrong with the command line, in one line.
/// `main` prints it as `cleartouch SUB: message` and `try 'cleartouch SUB --help'`, and
/// exits with `exitStatus`.
package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. `unknown option --bogus`.
    package var message: String

    /// An error saying `message`.
    package init(_ message: String) { self.message = message }

    /// The exit status of bad usage.
    package static let exitStatus: Int32 = 2

    /// An option no command of this name takes.
    package static func unknownOption(_ option: String) -> UsageError {
        UsageError("unknown option \(QuotedInput.cut(option))")
    }

    package var description: String { message }

    /// The two lines printed on stderr for `cleartouch command`.
    package func report(command: String) -> String {
        "cleartouch \(command): \(TerminalText.lines(message))\ntry 'cleartouch \(command) --help'\n"
    }
}
