import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// Runs bound commands (the gesture service's `command:` argv) without a shell and
/// without waiting for them: `posix_spawnp` (the program found on `PATH`), standard input
/// from `/dev/null`, standard output and error both to the caller's standard error (the
/// journal, under systemd; never into the caller's results),
/// default signal handling and an empty signal mask in the child whatever the caller
/// blocks. The caller reaps: `reapExited()` from its loop (after SIGCHLD, or on every
/// wake-up) collects every child that has ended, so none stays a zombie, and logs how
/// each ended.
///
/// At most `maximumRunning` children run at once. A command asked for while that many are
/// still running is not run: it is refused and logged, so a gesture repeated while its
/// commands hang cannot fill the machine with processes.
public final class CommandRunner {
    /// The default bound on children running at once.
    public static let defaultMaximumRunning = 16

    /// How a child ended.
    public enum Termination: Hashable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        /// From a `waitpid` status (WIFEXITED, WEXITSTATUS, WTERMSIG, which Swift cannot
        /// call).
        init(waitStatus status: Int32) {
            let signal = status & 0x7f
            self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }

        public var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signalled(let signal): "was killed by signal \(signal)"
            }
        }
    }

    /// What `run` did.
    public enum Launch: Hashable, Sendable {
        /// The child runs with this process id.
        case started(pid_t)
        /// Not run: `maximumRunning` children were still running.
        case refused
        /// Not run: `posix_spawnp` failed with this `errno` (no such program, for one).
        case failed(Int32)
    }

    /// A child that was reaped.
    public struct Exit: Hashable, Sendable {
        public var pid: pid_t
        public var arguments: [String]
        public var termination: Termination
    }

    public let maximumRunning: Int
    /// The children not yet reaped, by process id.
    public private(set) var running: [pid_t: [String]] = [:]
    /// The children not yet reaped, in the order they started.
    private var startOrder: [pid_t] = []
    private let log: (String) -> Void

    /// A runner of at most `maximumRunning` children at once; `log` gets one line per
    /// start failure, refusal and exit.
    public init(
        maximumRunning: Int = defaultMaximumRunning, log: @escaping (String) -> Void
    ) {
        self.maximumRunning = max(1, maximumRunning)
        self.log = log
    }

    /// Starts `arguments` (`arguments[0]` found on `PATH`), without waiting for it.
    @discardableResult
    public func run(_ arguments: [String]) -> Launch {
        let shown = Self.shown(arguments)
        guard !arguments.isEmpty else {
            log("not running an empty command")
            return .failed(EINVAL)
        }
        guard running.count < maximumRunning else {
            log(
                "not running \(shown): \(running.count) commands still running (at most \(maximumRunning))"
            )
            return .refused
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // Standard output is the caller's results (`--json`): what a child prints goes to
        // standard error with its other messages (the journal, under systemd).
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The caller may block or catch signals (SIGCHLD, SIGTERM, SIGHUP for its loop): the
        // child starts with none blocked and every one at its default.
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard result == 0 else {
            log("cannot run \(shown): \(String(cString: strerror(result)))")
            return .failed(result)
        }
        running[pid] = arguments
        startOrder.append(pid)
        return .started(pid)
    }

    /// Collects every child that has ended, without waiting; logs how each ended.
    @discardableResult
    public func reapExited() -> [Exit] {
        var exits: [Exit] = []
        for pid in running.keys {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == 0 { continue }
            if let exit = reaped(pid, result: result, status: status) { exits.append(exit) }
        }
        return exits.sorted { $0.pid < $1.pid }
    }

    /// Waits for every child still running and reaps it (a replay's `--run`, at its end:
    /// it leaves no child behind); logs how each ended.
    @discardableResult
    public func waitForAll() -> [Exit] {
        running.keys.sorted().compactMap(waitFor)
    }

    /// Makes room for one more child, for a caller that runs commands faster than they
    /// happened (a replay's `--run`): reaps every child that has ended, then, while
    /// `maximumRunning` still run, waits for the one started first. So a replay reaps its
    /// children as it goes and never refuses a command for its own speed; the bound holds.
    public func makeRoom() {
        reapExited()
        while running.count >= maximumRunning, let oldest = startOrder.first {
            waitFor(oldest)
        }
    }

    /// Waits for the child `pid` and reaps it; logs how it ended (nil when someone else
    /// reaped it).
    @discardableResult
    private func waitFor(_ pid: pid_t) -> Exit? {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
        return reaped(pid, result: result, status: status)
    }

    /// Forgets the child `pid` that `waitpid` returned `result` for; logs how it ended.
    private func reaped(_ pid: pid_t, result: pid_t, status: Int32) -> Exit? {
        let arguments = running[pid] ?? []
        running[pid] = nil
        startOrder.removeAll { $0 == pid }
        // ECHILD: someone else reaped it (a SIGCHLD set to SIG_IGN); nothing to report.
        guard result == pid else { return nil }
        let exit = Exit(
            pid: pid, arguments: arguments, termination: Termination(waitStatus: status))
        log("\(Self.shown(arguments)) (pid \(pid)) \(exit.termination)")
        return exit
    }

    /// The argv as a log shows it: words in backquotes, as typed without a shell; each
    /// word cut as a message cuts a path it quotes (`QuotedInput.maximumPathScalars`: an
    /// argument is often a path), and the whole at twice that.
    static func shown(_ arguments: [String]) -> String {
        let limit = QuotedInput.maximumPathScalars
        let words = arguments.map { QuotedInput.cut($0, maximumScalars: limit) }
        return "`" + QuotedInput.cut(words.joined(separator: " "), maximumScalars: 2 * limit) + "`"
    }
}
