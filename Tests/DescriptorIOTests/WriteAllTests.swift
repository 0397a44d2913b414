import DescriptorIO
import Foundation
import Testing

/// Signals caught while a write blocks on a full pipe (the handler only counts).
nonisolated(unsafe) private var signalsCaught = 0

/// `writeAll`: every byte arrives, in order, through short writes and writes interrupted
/// by a signal, and a failing write reports its errno.
@Suite(.serialized) struct WriteAllTests {
    /// A pipe with the smallest buffer the kernel allows (one page).
    static func smallPipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        // F_SETPIPE_SZ (Linux's fcntl.h, hidden from Swift without _GNU_SOURCE).
        let setPipeSize: Int32 = 1024 + 7
        _ = fcntl(ends[1], setPipeSize, 4096)
        return (ends[0], ends[1])
    }

    /// Reads `descriptor` to its end.
    static func readAll(_ descriptor: Int32, chunk: Int, between: () -> Void = {}) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            between()
            let count = read(descriptor, &buffer, chunk)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return received
    }

    static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
    }

    final class Writer: @unchecked Sendable {
        var thread: pthread_t?
        var failure: WriteError?
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        /// Held until the reader is done signalling the thread, so it is alive for it.
        let mayExit = DispatchSemaphore(value: 0)
    }

    /// 1 MiB through a one-page pipe: the kernel takes it a page at a time, and a signal
    /// without `SA_RESTART` sent to the writer between reads interrupts the blocked write
    /// (a short write, or `EINTR` when nothing went through).
    @Test func everyByteArrivesThroughShortAndInterruptedWrites() throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in signalsCaught += 1 }
        action.sa_flags = 0  // no SA_RESTART: the blocked write returns early
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        try #require(sigaction(SIGUSR1, &action, &previous) == 0)
        defer { sigaction(SIGUSR1, &previous, nil) }
        signalsCaught = 0

        let (readEnd, writeEnd) = try Self.smallPipe()
        let sent = Self.pattern(1 << 20)
        let writer = Writer()
        let thread = Thread {
            // The test runner's threads may block the signal: this one takes it.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, SIGUSR1)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            writer.thread = pthread_self()
            writer.started.signal()
            do throws(WriteError) { try writeAll(writeEnd, sent) } catch {
                writer.failure = error
            }
            close(writeEnd)
            writer.finished.signal()
            writer.mayExit.wait()
        }
        thread.start()
        writer.started.wait()
        let target = try #require(writer.thread)
        var reads = 0
        let received = Self.readAll(readEnd, chunk: 1000) {
            reads += 1
            if reads % 4 == 0 { pthread_kill(target, SIGUSR1) }
        }
        writer.mayExit.signal()
        writer.finished.wait()
        close(readEnd)
        #expect(writer.failure == nil)
        #expect(received.count == sent.count)
        #expect(received == sent)
        #expect(signalsCaught > 0)
    }

    @Test func anEmptyBufferWritesNothing() throws {
        let (readEnd, writeEnd) = try Self.smallPipe()
        try writeAll(writeEnd, [])
        close(writeEnd)
        #expect(Self.readAll(readEnd, chunk: 16).isEmpty)
        close(readEnd)
    }

    @Test func aFailingWriteReportsItsErrno() throws {
        let (readEnd, writeEnd) = try Self.smallPipe()
        close(readEnd)
        // Writing to a pipe nobody reads: EPIPE (SIGPIPE ignored for the test).
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        #expect(throws: WriteError(errno: EPIPE)) { try writeAll(writeEnd, [1, 2, 3]) }
        close(writeEnd)
        #expect(throws: WriteError(errno: EBADF)) { try writeAll(writeEnd, [1]) }
    }
}
