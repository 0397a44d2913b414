import CLibInput
import ToolSupport
import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the self-pipe that SIGINT/SIGTERM wake the event loop through.
/// A signal handler can only reach global state.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Why an event loop returned.
public enum EventLoopStop: Equatable, Sendable {
    /// SIGINT or SIGTERM arrived (the signal number).
    case signal(Int32)
    /// The duration given to `run` elapsed.
    case durationElapsed
    /// No input for the idle time given to `run`, after input had started.
    case idle
    /// The handler asked to stop.
    case requested
    /// Every script of the loop's `scriptedInput` has played out (or its device has
    /// gone): `replay --via-libinput`'s child and tests, docs/libinput-backend.md "Test hooks".
    case emulatedInputEnded
}

/// Polls a libinput context's file descriptor and hands converted events to a handler
/// until a signal, a deadline, idleness, or the handler stops it.
public final class LibInputEventLoop {
    public var context: LibInputContext { drain.context }
    public var converter: LibInputEventConverter { drain.converter }
    /// Emulated devices to start once libinput has opened them, and to stop at once they
    /// have played out; nil except under umockdev (`ScriptedInput`).
    public let scriptedInput: ScriptedInput?
    /// What the loop reads each time it wakes (the one drain, `InputDrain`).
    let drain: InputDrain

    private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
    private var previousActions: [Int32: sigaction] = [:]

    /// A loop over `context` alone; `scriptedInput` as the property says.
    public convenience init(
        context: LibInputContext, converter: LibInputEventConverter,
        scriptedInput: ScriptedInput? = nil
    ) {
        self.init(
            drain: InputDrain(context: context, converter: converter, direct: nil),
            scriptedInput: scriptedInput)
    }

    init(drain: InputDrain, scriptedInput: ScriptedInput?) {
        self.drain = drain
        self.scriptedInput = scriptedInput
    }

    /// Runs the loop. `handler` gets each converted event with the CLOCK_MONOTONIC time at
    /// which libinput handed it over, and returns false to stop. With `scriptedInput`, it
    /// starts the scripts after the first drain and stops once every one has played out
    /// (its end marker, or its device has gone: `.emulatedInputEnded`).
    ///
    /// With `tickSeconds`, `onTick` is also called at least that often with CLOCK_MONOTONIC
    /// now (libinput's clock), so a client can let time pass while no input comes: a resting
    /// finger sends nothing, yet its long-press must fire. Returning false stops the loop.
    @discardableResult
    public func run(
        durationSeconds: Double? = nil, idleSeconds: Double? = nil, tickSeconds: Double? = nil,
        onTick: (_ nowMicroseconds: Int64) -> Bool = { _ in true },
        handler: (InputEvent, _ deliveredMicroseconds: Int64) -> Bool
    ) -> EventLoopStop {
        installSignalHandlers()
        defer { restoreSignalHandlers() }
        let start = monotonicMicroseconds()
        let tickMicroseconds = tickSeconds.map { max(1000, Self.microseconds($0)) }
        var nextTick = tickMicroseconds.map { start + $0 }
        var lastInput: Int64? = nil
        var devicesRemoved = 0
        var finishing = false
        /// Hands `events` to the handler; false when it asked to stop.
        func deliver(_ events: [InputEvent]) -> Bool {
            guard !events.isEmpty else { return true }
            let delivered = monotonicMicroseconds()
            for converted in events {
                if case .deviceAdded = converted {} else { lastInput = delivered }
                if case .deviceRemoved = converted { devicesRemoved += 1 }
                if !handler(converted, delivered) { return false }
            }
            return true
        }
        var fds: [pollfd] = []
        while true {
            // Events queued at creation (DEVICE_ADDED) are read before the first poll.
            if !drain.drain(deliver) { return .requested }
            scriptedInput?.start()
            if finishing { return .emulatedInputEnded }
            if let scriptedInput, scriptedInput.hasEnded(devicesRemoved: devicesRemoved) {
                // One more drain: libinput timers that expired with the marker fire.
                finishing = true
                continue
            }
            var now = monotonicMicroseconds()
            if let tick = nextTick, let tickMicroseconds, now >= tick {
                if !onTick(now) { return .requested }
                now = monotonicMicroseconds()
                nextTick = now + tickMicroseconds
            }
            var timeoutMilliseconds: Int64 = -1
            if let tick = nextTick { timeoutMilliseconds = max(0, (tick - now + 999) / 1000) }
            if let durationSeconds {
                let left = start + Self.microseconds(durationSeconds) - now
                if left <= 0 { return .durationElapsed }
                timeoutMilliseconds = min(
                    timeoutMilliseconds < 0 ? Int64.max : timeoutMilliseconds, (left + 999) / 1000)
            }
            if let idleSeconds, let lastInput {
                let left = lastInput + Self.microseconds(idleSeconds) - now
                if left <= 0 { return .idle }
                timeoutMilliseconds = min(
                    timeoutMilliseconds < 0 ? Int64.max : timeoutMilliseconds, (left + 999) / 1000)
            }
            fds = [pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0)]
            for fd in drain.pollDescriptors {
                fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(&fds, nfds_t(fds.count), Int32(clamping: timeoutMilliseconds))
            if ready < 0 && errno != EINTR { return .requested }
            if fds[0].revents & Int16(POLLIN) != 0 {
                var signalNumber: Int32 = 0
                _ = read(signalPipe.read, &signalNumber, MemoryLayout<Int32>.size)
                return .signal(signalNumber)
            }
        }
    }

    /// The longest wait the loop measures: a billion seconds (about 31 years).
    static let longestWaitSeconds = 1e9

    /// `seconds` in microseconds, for a library caller's absurd values too: NaN and
    /// negative values are 0, anything past `longestWaitSeconds` (infinity included) is
    /// that, so the conversion never traps.
    static func microseconds(_ seconds: Double) -> Int64 {
        guard seconds > 0 else { return 0 }
        return Int64(min(seconds, longestWaitSeconds) * 1e6)
    }

    private func installSignalHandlers() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        signalPipe = (ends[0], ends[1])
        signalPipeWriteEnd = ends[1]
        for signalNumber in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signalNumber in
                var number = signalNumber
                _ = write(signalPipeWriteEnd, &number, MemoryLayout<Int32>.size)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var previous = sigaction()
            sigaction(signalNumber, &action, &previous)
            previousActions[signalNumber] = previous
        }
        // A parent may have left them blocked (some process spawners do).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    private func restoreSignalHandlers() {
        for (signalNumber, var previous) in previousActions {
            sigaction(signalNumber, &previous, nil)
        }
        previousActions = [:]
        signalPipeWriteEnd = -1
        if signalPipe.read >= 0 {
            close(signalPipe.read)
            close(signalPipe.write)
        }
        signalPipe = (-1, -1)
    }
}

/// CLOCK_MONOTONIC in microseconds: the clock libinput stamps events with.
@inline(__always)
func monotonicMicroseconds() -> Int64 { MonotonicClock.nowMicroseconds() }
