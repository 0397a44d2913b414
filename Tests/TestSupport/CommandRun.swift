import Foundation

/// What a finished command did: its exit status and everything it printed.
public struct CommandRun: Sendable {
    /// The exit status (or the signal number, when a signal ended it).
    public var status: Int32
    /// Everything written to standard output, decoded as UTF-8.
    public var standardOutput: String
    /// Everything written to standard error, decoded as UTF-8.
    public var standardError: String
}

/// Runs `executable` with `arguments` to completion and captures its exit status, standard
/// output and standard error.
///
/// Standard error goes to a temporary file while standard output is read from a pipe, so a
/// command that fills one stream while the other is being read cannot deadlock.
/// - Parameters:
///   - executable: the path of the program.
///   - arguments: its arguments.
///   - environment: variables set on top of this process's environment.
///   - standardInput: what the command reads on standard input; nil leaves it inherited.
public func runCommand(
    executable: String, arguments: [String] = [], environment: [String: String] = [:],
    standardInput: Data? = nil
) throws -> CommandRun {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "cleartouch-command-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }

    var input: FileHandle?
    if let standardInput {
        let inputFile = scratch.appendingPathComponent("stdin")
        try standardInput.write(to: inputFile)
        input = try FileHandle(forReadingFrom: inputFile)
        process.standardInput = input
    }
    let errorFile = scratch.appendingPathComponent("stderr")
    try Data().write(to: errorFile)
    let errors = try FileHandle(forWritingTo: errorFile)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errors
    defer {
        try? errors.close()
        try? input?.close()
    }

    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errorData = try Data(contentsOf: errorFile)
    return CommandRun(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self))
}
