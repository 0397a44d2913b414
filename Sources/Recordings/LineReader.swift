import DescriptorIO
import Glibc

/// Reads a file in large chunks and hands out one line at a time as bytes, without
/// allocating per line. A line longer than `maximumLineBytes` is an error, so a
/// file with a 2 GB line costs at most that much memory and never hangs.
///
/// Used by one thread at a time: in release builds its `State` skips the run-time
/// exclusivity check (`@exclusivity(unchecked)`).
final class LineReader {
    /// Default cap on one line: far above any real recording line.
    static let defaultMaximumLineBytes = 1 << 20
    static let chunkBytes = 1 << 18

    let path: String
    let maximumLineBytes: Int
    private let descriptor: Int32
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int

    /// Where reading is: what changes with every line.
    private struct State {
        /// The unread bytes are `buffer[start..<end]`.
        var start = 0
        var end = 0
        var endOfFile = false
        /// Number of the line last returned (1-based).
        var lineNumber = 0
        /// The last line returned had no newline: the file ends in the middle of a line.
        var lastLineUnterminated = false
        /// Bytes of the file consumed so far (for progress and benchmarks).
        var bytesConsumed = 0
    }

    // Unchecked in release builds: used by one thread at a time; with the readers' checks
    // (this and `EvemuReader`) back on, `cleartouch-bench continuous` went from 875 to 1020
    // ns/event (best of 8, release, 2 busy cores).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    /// Number of the line last returned (1-based).
    var lineNumber: Int { state.lineNumber }
    /// The last line returned had no newline: the file ends in the middle of a line.
    var lastLineUnterminated: Bool { state.lastLineUnterminated }
    /// Bytes of the file consumed so far (for progress and benchmarks).
    var bytesConsumed: Int { state.bytesConsumed }

    /// Opens `path`; fails with `FILE:0: …` when the file cannot be opened, and with
    /// `FILE:1: …` when it is empty or binary. A leading UTF-8 byte-order mark is skipped.
    init(
        path: String, maximumLineBytes: Int = LineReader.defaultMaximumLineBytes, offset: Int = 0,
        firstLineNumber: Int = 1
    ) throws(RecordingError) {
        self.path = path
        self.state.lineNumber = firstLineNumber - 1
        self.maximumLineBytes = maximumLineBytes
        let fd = FileCall.openForReading(path)
        guard fd >= 0 else {
            throw RecordingError(
                path: path, line: 0, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        var status = stat()
        if fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            Glibc.close(fd)
            throw RecordingError(path: path, line: 0, message: "is a directory, not a recording")
        }
        descriptor = fd
        if offset > 0 { lseek(fd, off_t(offset), SEEK_SET) }
        capacity = maximumLineBytes + LineReader.chunkBytes + 1
        buffer = .allocate(capacity: capacity)
        try fill()
        if offset > 0 { return }
        if state.end == 0 {
            throw RecordingError(path: path, line: 1, message: "empty file")
        }
        // A UTF-8 byte-order mark (some editors write one) is not part of the first line.
        if state.end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
            state.start = 3
            state.bytesConsumed = 3
        }
        let probe = min(state.end, 4096)
        if memchr(buffer, 0, probe) != nil {
            throw RecordingError(
                path: path, line: 1, message: "binary file (NUL bytes), not a text recording")
        }
    }

    deinit {
        buffer.deallocate()
        Glibc.close(descriptor)
    }

    /// The first bytes of the file (for format detection), without consuming them.
    var peek: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer + state.start, count: min(state.end - state.start, 4096))
    }

    func error(_ message: String, line: Int? = nil) -> RecordingError {
        RecordingError(path: path, line: line ?? state.lineNumber, message: message)
    }

    private func fill() throws(RecordingError) {
        while state.end < capacity - 1 && !state.endOfFile {
            let count = Glibc.read(descriptor, buffer + state.end, capacity - 1 - state.end)
            if count < 0 {
                if errno == EINTR { continue }
                throw error(
                    "read failed: \(String(cString: strerror(errno)))", line: state.lineNumber + 1)
            }
            if count == 0 {
                state.endOfFile = true
                break
            }
            state.end += count
            // One read per call is enough: the caller loops while it needs more.
            break
        }
    }

    /// The buffered bytes not yet read: the next line's start (its end, too, unless the line
    /// runs past the buffer), for a parser that finds the end of its line itself.
    var unreadBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer + state.start, count: state.end - state.start)
    }

    /// Consumes the first line of `unreadBytes`, which its parser found to be `count` bytes
    /// followed by a `\n` (no `\r`, at most `maximumLineBytes`): as `nextLine` would have.
    func skipLine(ofBytes count: Int) {
        state.bytesConsumed += count + 1
        state.start += count + 1
        state.lineNumber += 1
    }

    /// Consumes `count` lines of `bytes` bytes in all (their `\n`s included) at the start of
    /// `unreadBytes`, which their parser found to be lines `skipLine` would have taken.
    func skipLines(_ count: Int, ofBytes bytes: Int) {
        state.bytesConsumed += bytes
        state.start += bytes
        state.lineNumber += count
    }

    /// The next line without its `\n` (and without a trailing `\r`), or nil at the end.
    /// The byte after the returned line in memory is always `\n`, `\r` or 0, so number
    /// parsers may stop on it. The view is valid until the next call.
    func nextLine() throws(RecordingError) -> UnsafeBufferPointer<UInt8>? {
        var scanFrom = state.start
        while true {
            if let found = memchr(
                buffer + scanFrom, Int32(UInt8(ascii: "\n")), state.end - scanFrom)
            {
                let newline = found.assumingMemoryBound(to: UInt8.self) - buffer
                var lineEnd = newline
                if lineEnd > state.start && buffer[lineEnd - 1] == UInt8(ascii: "\r") {
                    lineEnd -= 1
                }
                let line = UnsafeBufferPointer(
                    start: buffer + state.start, count: lineEnd - state.start)
                if lineEnd - state.start > maximumLineBytes {
                    throw error(
                        "line longer than \(maximumLineBytes) bytes", line: state.lineNumber + 1)
                }
                state.bytesConsumed += newline + 1 - state.start
                state.start = newline + 1
                state.lineNumber += 1
                return line
            }
            if state.end - state.start > maximumLineBytes {
                throw error(
                    "line longer than \(maximumLineBytes) bytes", line: state.lineNumber + 1)
            }
            if state.endOfFile {
                guard state.start < state.end else { return nil }
                buffer[state.end] = 0
                var lineEnd = state.end
                if buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let line = UnsafeBufferPointer(
                    start: buffer + state.start, count: lineEnd - state.start)
                state.bytesConsumed += state.end - state.start
                state.start = state.end
                state.lineNumber += 1
                state.lastLineUnterminated = true
                return line
            }
            // Move the partial line to the front and read more after it.
            let pending = state.end - state.start
            scanFrom = pending
            if state.start > 0 {
                memmove(buffer, buffer + state.start, pending)
                state.start = 0
                state.end = pending
            }
            try fill()
        }
    }
}
