import Foundation
import TestSupport
import Testing

/// A running `cleartouch-store-writer` (the SIGKILL tests' child): its pid and the read end
/// of its stdout, where it writes each generation it finished saving.
struct StoreWriterChild {
    let pid: pid_t
    private let output: Int32
    private var received: [UInt8] = []

    /// `cleartouch-store-writer`, built next to the test bundle; when it is not, the test
    /// fails saying so (it never passes without running).
    static func requireWriter() -> String? {
        guard let path = PackagePaths.builtExecutable("cleartouch-store-writer") else {
            Issue.record(
                "cleartouch-store-writer is not built next to the test bundle (run swift build --build-tests)"
            )
            return nil
        }
        return path
    }

    /// Starts the writer with `arguments` (after its own path).
    init(writer: String, arguments: [String]) throws {
        var pipe: [Int32] = [0, 0]
        guard pipe.withUnsafeMutableBufferPointer({ Foundation.pipe($0.baseAddress!) }) == 0 else {
            throw POSIXError(.EMFILE)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        var cArguments: [UnsafeMutablePointer<CChar>?] =
            ([writer] + arguments).map { strdup($0) } + [nil]
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, writer, &actions, nil, &cArguments, environ)
        cArguments.forEach { free($0) }
        posix_spawn_file_actions_destroy(&actions)
        close(pipe[1])
        guard spawned == 0 else {
            close(pipe[0])
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
        }
        self.pid = pid
        self.output = pipe[0]
    }

    /// Waits until the child has reported `lines` finished saves (or its output ends).
    mutating func waitForReports(_ lines: Int) {
        var buffer = [UInt8](repeating: 0, count: 256)
        while received.filter({ $0 == 0x0A }).count < lines {
            let count = read(output, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
    }

    /// Kills the child with SIGKILL when `killing` (else it kills itself), reaps it, and
    /// returns its wait status and every generation it reported.
    mutating func finish(killing: Bool) -> (status: Int32, reported: [Int]) {
        if killing { kill(pid, SIGKILL) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        close(output)
        let reported = String(decoding: received, as: UTF8.self).split(separator: "\n")
            .compactMap { Int($0) }
        return (status, reported)
    }

    /// A counted busy loop (up to about a millisecond), not a sleep: a kill after it lands
    /// at a varied point of the child's next save.
    static func spin(_ random: inout SplitMix64) {
        var spun: UInt64 = 0
        for count in 0..<(random.next() % 400_000) { spun &+= count }
        withExtendedLifetime(spun) {}
    }
}
