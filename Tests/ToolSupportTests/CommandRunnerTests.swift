import Foundation
import TestSupport
import Testing
import ToolSupport

/// `CommandRunner` really running commands: no shell, standard input from /dev/null,
/// every child reaped (no zombie left), exits logged, the bound on children running.
@Suite(.serialized)
final class CommandRunnerTests {
    let folder = ScratchFolder()
    /// What the runner logged.
    nonisolated(unsafe) var lines: [String] = []

    deinit { folder.remove() }

    func runner(maximumRunning: Int = CommandRunner.defaultMaximumRunning) -> CommandRunner {
        CommandRunner(maximumRunning: maximumRunning) { [unowned self] line in
            self.lines.append(line)
        }
    }

    /// Reaps until no child runs; every exit, in order of reaping.
    func reapAll(_ runner: CommandRunner) -> [CommandRunner.Exit] {
        var exits: [CommandRunner.Exit] = []
        _ = waitUntil {
            exits += runner.reapExited()
            return runner.running.isEmpty
        }
        return exits
    }

    /// Whether `pid` names any process, a zombie included (`kill(pid, 0)` succeeds on one).
    func exists(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

    @Test func aCommandRunsWithoutAShellAndIsReapedWithItsStatusLogged() throws {
        // A shell would run `rm`: without one, `touch` gets one odd file name.
        let name = folder.file("made; rm -rf nothing-here $(true)")
        let runner = runner()
        guard case .started(let pid) = runner.run(["touch", name]) else {
            Issue.record("touch did not start: \(lines)")
            return
        }
        #expect(runner.running[pid] == ["touch", name])
        let exits = reapAll(runner)
        #expect(exits.map(\.termination) == [.exited(0)])
        #expect(exits.map(\.pid) == [pid])
        #expect(FileManager.default.fileExists(atPath: name))
        #expect(!exists(pid), "\(pid) is still there (a zombie?)")
        #expect(lines == ["`touch \(name)` (pid \(pid)) exited with status 0"])
    }

    @Test func standardInputIsDevNullAndAFailingStatusIsLogged() throws {
        let output = folder.file("stdin")
        let runner = runner()
        runner.run([
            "/usr/bin/python3", "-c",
            "import os, sys; open(sys.argv[1], 'w').write(os.readlink('/proc/self/fd/0')); sys.exit(3)",
            output,
        ])
        let exits = reapAll(runner)
        #expect(exits.map(\.termination) == [.exited(3)])
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "/dev/null")
        #expect(lines.last?.hasSuffix("exited with status 3") == true, "\(lines)")
    }

    /// At the bound, one more command is refused (and logged); a child killed by SIGTERM
    /// (which the test runner blocks: the child must have its own empty mask) is reaped
    /// with its signal, and then there is room again.
    @Test func beyondTheBoundACommandIsRefusedUntilAChildEnds() throws {
        let runner = runner(maximumRunning: 2)
        var pids: [pid_t] = []
        for _ in 0..<2 {
            guard case .started(let pid) = runner.run(["sleep", "600"]) else {
                Issue.record("sleep did not start: \(lines)")
                return
            }
            pids.append(pid)
        }
        #expect(runner.run(["touch", folder.file("refused")]) == .refused)
        #expect(
            lines == [
                "not running `touch \(folder.file("refused"))`: 2 commands still running (at most 2)"
            ])
        #expect(runner.reapExited().isEmpty)

        for pid in pids { kill(pid, SIGTERM) }
        let exits = reapAll(runner)
        #expect(exits.map(\.termination) == [.signalled(SIGTERM), .signalled(SIGTERM)])
        #expect(lines.filter { $0.hasSuffix("was killed by signal 15") }.count == 2, "\(lines)")
        #expect(!pids.contains(where: exists))
        #expect(!FileManager.default.fileExists(atPath: folder.file("refused")))
        if case .started = runner.run(["true"]) {} else { Issue.record("no room after the exits") }
        _ = reapAll(runner)
    }

    @Test func aProgramThatIsNotThereIsLoggedAndNothingRuns() {
        let runner = runner()
        #expect(runner.run(["cleartouch-no-such-program", "x"]) == .failed(ENOENT))
        #expect(runner.running.isEmpty)
        #expect(lines == ["cannot run `cleartouch-no-such-program x`: No such file or directory"])
        #expect(runner.run([]) == .failed(EINVAL))
    }
}
