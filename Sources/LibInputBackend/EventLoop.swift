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
    /// Every umockdev script released through `barrierNodes` has played out (or its
    /// device has gone): tests only, docs/libinput-backend.md "Test hooks".
    case emulatedInputEnded
}

/// Polls a libinput context's file descriptor and hands converted events to a handler
/// until a signal, a deadline, idleness, or the handler stops it.
public final class LibInputEventLoop {
    public let context: LibInputContext
    public let converter: LibInputEventConverter
    /// Nodes of umockdev barrier scripts to release once libinput has opened its devices.
    /// Empty except in tests: the code that sets up a testbed passes them (the commands'
    /// hidden `--umockdev-barrier` option, docs/libinput-backend.md "Test hooks").
    public var barrierNodes: [String]
    /// The devices read beside libinput, polled with it (docs/devices.md).
    let direct: DirectInput?

    private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
    private var previousActions: [Int32: sigaction] = [:]
    private var buffer: [InputEvent] = []

    /// A loop over `context`; `barrierNodes` as the property says (tests only).
    public convenience init(
        context: LibInputContext, converter: LibInputEventConverter, barrierNodes: [String] = []
    ) {
        self.init(context: context, converter: converter, barrierNodes: barrierNodes, direct: nil)
    }

    init(
        context: LibInputContext, converter: LibInputEventConverter, barrierNodes: [String],
        direct: DirectInput?
    ) {
        self.context = context
        self.converter = converter
        self.barrierNodes = barrierNodes
        self.direct = direct
    }

    /// Runs the loop. `handler` gets each converted event with the CLOCK_MONOTONIC time at
    /// which libinput handed it over, and returns false to stop. With `barrierNodes`
    /// (tests), it also stops once every released umockdev script has played its end
    /// marker or its device has gone (`.emulatedInputEnded`).
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
        var barriersReleased = barrierNodes.isEmpty
        var fds = [
            pollfd(fd: context.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        // Events queued at creation (DEVICE_ADDED) are read before the first poll.
        var pending = true
        var hotplugPending = false
        var directStarted = false
        var devicesRemoved = 0
        var finishing = false
        /// Hands `buffer` to the handler; false when it asked to stop.
        func deliver() -> Bool {
            let delivered = monotonicMicroseconds()
            for converted in buffer {
                if case .deviceAdded = converted {} else { lastInput = delivered }
                if case .deviceRemoved = converted { devicesRemoved += 1 }
                if !handler(converted, delivered) { return false }
            }
            return true
        }
        while true {
            if let direct {
                // The directly read devices' events, then hot-plug once libinput has seen it.
                buffer.removeAll(keepingCapacity: true)
                for poll in fds.dropFirst(2) where poll.revents != 0 {
                    if direct.isMonitor(poll.fd) {
                        hotplugPending = true
                        pending = true
                    } else {
                        direct.read(poll.fd, into: &buffer)
                    }
                }
                if !deliver() { return .requested }
            }
            if pending {
                context.dispatch()
                var drained = false
                while !drained {
                    buffer.removeAll(keepingCapacity: true)
                    if let event = context.nextEvent() {
                        converter.convert(event, into: &buffer)
                    } else {
                        converter.finishBatch(into: &buffer)
                        drained = true
                    }
                    if !deliver() { return .requested }
                }
                if !directStarted, let direct {
                    // libinput's devices are known now (`LiveInput.readInitialEvents` may
                    // have done this already: `start` runs once).
                    directStarted = true
                    buffer.removeAll(keepingCapacity: true)
                    direct.start(into: &buffer)
                    if !deliver() { return .requested }
                }
                if hotplugPending, let direct {
                    hotplugPending = false
                    buffer.removeAll(keepingCapacity: true)
                    direct.hotplug(into: &buffer)
                    if !deliver() { return .requested }
                }
                if !barriersReleased {
                    barriersReleased = true
                    for node in barrierNodes { releaseUmockdevBarrier(node: node) }
                }
            }
            if finishing { return .emulatedInputEnded }
            if !barrierNodes.isEmpty,
                UmockdevEndMarkers.read + devicesRemoved >= barrierNodes.count
            {
                // One more dispatch: libinput timers that expired with the marker fire.
                finishing = true
                pending = true
                for index in fds.indices { fds[index].revents = 0 }
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
            fds.removeSubrange(2...)
            for fd in direct?.fileDescriptors ?? [] {
                fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
            }
            for index in fds.indices { fds[index].revents = 0 }
            let ready = poll(&fds, nfds_t(fds.count), Int32(clamping: timeoutMilliseconds))
            if ready < 0 && errno != EINTR { return .requested }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var signalNumber: Int32 = 0
                _ = read(signalPipe.read, &signalNumber, MemoryLayout<Int32>.size)
                return .signal(signalNumber)
            }
            pending = fds[0].revents & Int16(POLLIN) != 0
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

/// The end markers the umockdev fix-up preload has seen pass (MockDevice's
/// `BarrierScript.endMarker`): 0 when the preload is not loaded.
enum UmockdevEndMarkers {
    typealias Counter = @convention(c) () -> UInt32
    private static let counter: Counter? = {
        // RTLD_DEFAULT: the preload is loaded ahead of everything else.
        guard let symbol = dlsym(nil, "cleartouch_fixup_end_markers_read") else { return nil }
        return unsafeBitCast(symbol, to: Counter.self)
    }()

    static var read: Int { Int(counter?() ?? 0) }
}

/// Writes the token a umockdev barrier script (`w 0 GO`) waits for, so its events flow.
@discardableResult
public func releaseUmockdevBarrier(node: String, token: String = "GO") -> Bool {
    let fd = open(node, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return token.withCString { write(fd, $0, strlen($0)) } == token.utf8.count
}
