#if canImport(Glibc)
    import Glibc
#endif

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
            standardOutput: { writeAll(1, $0) }, standardError: { writeAll(2, $0) })
    }

    /// Writes `line` and a newline to standard output.
    func printLine(_ line: String) { standardOutput(line + "\n") }

    /// Writes `line` and a newline to standard error.
    func printError(_ line: String) { standardError(line + "\n") }

    private static func writeAll(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
