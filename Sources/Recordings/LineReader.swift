import DescriptorIO
import Glibc

/// Reads a file in large chunks and hands out one line at a time as bytes, without
/// allocating per line. A line longer than `maximumLineBytes` is an error, so a
/// file with a 2 GB line costs at most that much memory and never hangs.
///
/// Used by one thread at a time: in release builds the stored properties skip the
/// run-time exclusivity check (`@exclusivity(unchecked)`). With the readers' checks
/// (this and `EvemuReader`) back on, `cleartouch-bench continuous` went from 875 to
/// 1020 ns/event (best of 8, release, 2 busy cores).
final class LineReader {
    /// Default cap on one line: far above any real recording line.
    static let defaultMaximumLineBytes = 1 << 20
    static let chunkBytes = 1 << 18

    let path: String
    let maximumLineBytes: Int
    private let descriptor: Int32
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked) private var start = 0
        @exclusivity(unchecked) private var end = 0
        @exclusivity(unchecked) private var endOfFile = false
        /// Number of the line last returned (1-based).
        @exclusivity(unchecked) private(set) var lineNumber = 0
        /// The last line returned had no newline: the file ends in the middle of a line.
        @exclusivity(unchecked) private(set) var lastLineUnterminated = false
        /// Bytes of the file consumed so far (for progress and benchmarks).
        @exclusivity(unchecked) private(set) var bytesConsumed = 0
    #else
        private var start = 0
        private var end = 0
        private var endOfFile = false
        private(set) var lineNumber = 0
        private(set) var lastLineUnterminated = false
        private(set) var bytesConsumed = 0
    #endif

    /// Opens `path`; fails with `FILE:0: …` when the file cannot be opened, and with
    /// `FILE:1: …` when it is empty or binary. A leading UTF-8 byte-order mark is skipped.
    init(
        path: String, maximumLineBytes: Int = LineReader.defaultMaximumLineBytes, offset: Int = 0,
        firstLineNumber: Int = 1
    ) throws(RecordingError) {
        self.path = path
        self.lineNumber = firstLineNumber - 1
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
        if end == 0 {
            throw RecordingError(path: path, line: 1, message: "empty file")
        }
        // A UTF-8 byte-order mark (some editors write one) is not part of the first line.
        if end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
            start = 3
            bytesConsumed = 3
        }
        let probe = min(end, 4096)
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
        UnsafeBufferPointer(start: buffer + start, count: min(end - start, 4096))
    }

    func error(_ message: String, line: Int? = nil) -> RecordingError {
        RecordingError(path: path, line: line ?? lineNumber, message: message)
    }

    private func fill() throws(RecordingError) {
        while end < capacity - 1 && !endOfFile {
            let count = Glibc.read(descriptor, buffer + end, capacity - 1 - end)
            if count < 0 {
                if errno == EINTR { continue }
                throw error(
                    "read failed: \(String(cString: strerror(errno)))", line: lineNumber + 1)
            }
            if count == 0 {
                endOfFile = true
                break
            }
            end += count
            // One read per call is enough: the caller loops while it needs more.
            break
        }
    }

    /// The buffered bytes not yet read: the next line's start (its end, too, unless the line
    /// runs past the buffer), for a parser that finds the end of its line itself.
    var unreadBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer + start, count: end - start)
    }

    /// Consumes the first line of `unreadBytes`, which its parser found to be `count` bytes
    /// followed by a `\n` (no `\r`, at most `maximumLineBytes`): as `nextLine` would have.
    func skipLine(ofBytes count: Int) {
        bytesConsumed += count + 1
        start += count + 1
        lineNumber += 1
    }

    /// Consumes `count` lines of `bytes` bytes in all (their `\n`s included) at the start of
    /// `unreadBytes`, which their parser found to be lines `skipLine` would have taken.
    func skipLines(_ count: Int, ofBytes bytes: Int) {
        bytesConsumed += bytes
        start += bytes
        lineNumber += count
    }

    /// The next line without its `\n` (and without a trailing `\r`), or nil at the end.
    /// The byte after the returned line in memory is always `\n`, `\r` or 0, so number
    /// parsers may stop on it. The view is valid until the next call.
    func nextLine() throws(RecordingError) -> UnsafeBufferPointer<UInt8>? {
        var scanFrom = start
        while true {
            if let found = memchr(buffer + scanFrom, Int32(UInt8(ascii: "\n")), end - scanFrom) {
                let newline = found.assumingMemoryBound(to: UInt8.self) - buffer
                var lineEnd = newline
                if lineEnd > start && buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let line = UnsafeBufferPointer(start: buffer + start, count: lineEnd - start)
                if lineEnd - start > maximumLineBytes {
                    throw error("line longer than \(maximumLineBytes) bytes", line: lineNumber + 1)
                }
                bytesConsumed += newline + 1 - start
                start = newline + 1
                lineNumber += 1
                return line
            }
            if end - start > maximumLineBytes {
                throw error("line longer than \(maximumLineBytes) bytes", line: lineNumber + 1)
            }
            if endOfFile {
                guard start < end else { return nil }
                buffer[end] = 0
                var lineEnd = end
                if buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let line = UnsafeBufferPointer(start: buffer + start, count: lineEnd - start)
                bytesConsumed += end - start
                start = end
                lineNumber += 1
                lastLineUnterminated = true
                return line
            }
            // Move the partial line to the front and read more after it.
            let pending = end - start
            scanFrom = pending
            if start > 0 {
                memmove(buffer, buffer + start, pending)
                start = 0
                end = pending
            }
            try fill()
        }
    }
}
