import DescriptorIO
import Glibc

/// What every executable does first: unblock the signals that end a command, and read its
/// arguments as bytes.
package enum ProcessStart {
    /// SIGINT, SIGTERM and SIGHUP end a command at once (a read that waits for a silent
    /// pipe included), whatever mask the parent left blocked (a parent's worker thread
    /// often has them blocked, and a spawned child inherits its mask).
    package static func unblockEndingSignals() {
        var endingSignals = sigset_t()
        sigemptyset(&endingSignals)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&endingSignals, signalNumber) }
        sigprocmask(SIG_UNBLOCK, &endingSignals, nil)
    }

    /// argv's bytes after the program's name, kept: a file name that is not UTF-8 is
    /// still that file (`PathName`).
    package static var arguments: [String] {
        Array(
            PathName.arguments(count: CommandLine.argc, values: CommandLine.unsafeArgv)
                .dropFirst())
    }
}
