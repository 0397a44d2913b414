import Foundation
import Testing

/// The built `cleartouch` executable, next to the test bundle in the build folder.
public func cleartouchExecutable() -> String? {
    PackagePaths.builtExecutable("cleartouch")
}

/// How long a test waits for a child process before calling it hung: far beyond any
/// load, as a wait ends the moment its condition holds (it costs time only on failure).
public let hangGuardSeconds = 180.0

/// Waits for `condition`, checking every 20 ms, up to `seconds` (a guard against a hung
/// child process, not a timing the test depends on).
public func waitUntil(seconds: Double = hangGuardSeconds, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

public struct ProgramFailure: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}

/// Runs a program to completion; returns its standard output, or throws with its
/// standard error when it fails.
@discardableResult
public func runProgram(_ path: String, _ arguments: [String], environment: [String: String] = [:])
    throws
    -> String
{
    let run = try runCommand(executable: path, arguments: arguments, environment: environment)
    guard run.status == 0 else {
        throw ProgramFailure(
            description:
                "\(path) \(arguments.joined(separator: " ")): exit \(run.status): \(run.standardError)"
        )
    }
    return run.standardOutput
}
