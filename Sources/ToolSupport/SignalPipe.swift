#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the active `SignalPipe`: a signal handler can only reach global state.
nonisolated(unsafe) private var activeSignalPipeWriteEnd: Int32 = -1

/// Signals turned into bytes on a pipe, so a poll loop wakes for them (SIGTERM, SIGHUP,
/// SIGCHLD, ...) and handles them in its own time, not in a handler. The signals are
/// unblocked (a parent may have left them blocked) and their previous handlers come back
/// when the pipe goes. One at a time in a process.
public final class SignalPipe {
    /// The descriptor to poll for `POLLIN`.
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    private var previousActions: [Int32: sigaction] = [:]

    /// Catches `signals` from now on; nil when no pipe could be made.
    public init?(_ signals: [Int32]) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
        activeSignalPipeWriteEnd = writeDescriptor
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signalNumber in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signalNumber in
                let saved = errno
                var number = signalNumber
                _ = write(activeSignalPipeWriteEnd, &number, MemoryLayout<Int32>.size)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART | (signalNumber == SIGCHLD ? SA_NOCLDSTOP : 0)
            var previous = sigaction()
            sigaction(signalNumber, &action, &previous)
            previousActions[signalNumber] = previous
            sigaddset(&unblock, signalNumber)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    deinit {
        for (signalNumber, var previous) in previousActions {
            sigaction(signalNumber, &previous, nil)
        }
        activeSignalPipeWriteEnd = -1
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// The signals that arrived since the last call, in order (without waiting).
    public func take() -> [Int32] {
        var signals: [Int32] = []
        var number: Int32 = 0
        while read(readDescriptor, &number, MemoryLayout<Int32>.size) == MemoryLayout<Int32>.size {
            signals.append(number)
        }
        return signals
    }
}
