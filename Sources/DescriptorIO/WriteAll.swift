#if canImport(Glibc)
    import Glibc
#endif

/// A write to a file descriptor that failed: the `errno` of the failing `write(2)`.
public struct WriteError: Error, Hashable, Sendable {
    /// The `errno` of the failing write (`EIO` when the kernel took no byte and reported no
    /// error, which `write` on a file, pipe or terminal never does for a non-empty buffer).
    public var errno: Int32

    /// The error with `errno`.
    public init(errno: Int32) { self.errno = errno }

    /// What `strerror` says about it.
    public var reason: String { String(cString: strerror(errno)) }
}

/// Writes every byte of `bytes` to `descriptor`: a short write goes on with the rest, and
/// a write interrupted by a signal (`EINTR`) is tried again. The one write-all loop of the
/// package (the list file, traces, output files, the command's streams).
public func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(WriteError) {
    guard var next = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
        let written = write(descriptor, next, remaining)
        if written < 0 {
            if errno == EINTR { continue }
            throw WriteError(errno: errno)
        }
        guard written > 0 else { throw WriteError(errno: EIO) }
        next += written
        remaining -= written
    }
}

/// Writes every byte of `bytes` to `descriptor` (see `writeAll(_:_:)` for raw bytes).
public func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(WriteError) {
    let failure = bytes.withUnsafeBytes { raw -> WriteError? in
        do throws(WriteError) {
            try writeAll(descriptor, raw)
            return nil
        } catch { return error }
    }
    if let failure { throw failure }
}
