import DescriptorIO

/// Where a command writes: standard output and standard error, injectable for tests.
/// The process streams are written at once, unbuffered (live views must not sit in a
/// buffer, and stdout and stderr stay in order on a terminal).
struct CommandOutput {
    /// Writes text to standard output as given.
    var standardOutput: (String) -> Void
    /// Writes text to standard error as given.
    var standardError: (String) -> Void

    /// The process's own streams.
    static var process: CommandOutput {
        CommandOutput(
            standardOutput: { try? writeAll(1, Array($0.utf8)) },
            standardError: { try? writeAll(2, Array($0.utf8)) })
    }

    /// Writes `line` and a newline to standard output.
    func printLine(_ line: String) { standardOutput(line + "\n") }

    /// Writes `line` and a newline to standard error.
    func printError(_ line: String) { standardError(line + "\n") }
}
