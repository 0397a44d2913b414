import DescriptorIO
import ToolSupport

/// Where a command writes: standard output and standard error, injectable for tests.
/// The process streams are written at once, unbuffered (live views must not sit in a
/// buffer, and stdout and stderr stay in order on a terminal).
package struct CommandOutput {
    /// Writes text to standard output as given.
    package var standardOutput: (String) -> Void
    /// Writes text to standard error as given.
    package var standardError: (String) -> Void

    /// Output to the two writers given.
    package init(
        standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's own streams.
    package static var process: CommandOutput {
        CommandOutput(
            standardOutput: { try? writeAll(1, Array($0.utf8)) },
            standardError: { try? writeAll(2, Array($0.utf8)) })
    }

    /// Writes a block of human-readable lines (a timeline, a table) to standard output as
    /// given, but safe for a terminal: every control character except the newline and the
    /// tab, and every byte of a name that is not UTF-8, written visibly (`\e`, `\xHH`).
    /// JSON goes out through `standardOutput`, escaped in its own syntax.
    package func printText(_ text: String) { standardOutput(TerminalText.lines(text)) }

    /// Writes `line` and a newline to standard output, safe for a terminal (a file
    /// name's escape sequence is printed visibly, `\e`, never sent raw).
    package func printLine(_ line: String) { standardOutput(TerminalText.lines(line) + "\n") }

    /// Writes `line` and a newline to standard error, safe for a terminal.
    package func printError(_ line: String) { standardError(TerminalText.lines(line) + "\n") }

    /// Says on standard error whether the expectation at `expectation` was met by
    /// `recording` (`diff` nil) or how not; returns the exit status, 0 or 1.
    package func expectationReport(_ diff: String?, expectation: String, recording: String) -> Int32
    {
        guard let diff else {
            printError("\(expectation): expectation met")
            return 0
        }
        printError("\(expectation): expectation not met by \(recording)\n\(diff)")
        return 1
    }
}
