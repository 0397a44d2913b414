#if canImport(Glibc)
    import Glibc
#endif

/// Why a bounded read failed, in plain words for `FILE:0: MESSAGE`.
public enum BoundedReadError: Error, Hashable, Sendable {
    /// `open(2)` or `read(2)` failed with this `errno`.
    case system(what: String, errno: Int32)
    /// The path is a folder.
    case folder
    /// The file (or what a pipe sent) is larger than the limit.
    case tooLarge(limitBytes: Int)
    /// A FIFO or pipe gave nothing: no writer had it open, or the writer sent nothing.
    case emptyPipe

    /// The message, naming the limit when there is one.
    public var message: String {
        switch self {
        case .system(let what, _): "\(what): \(reason)"
        case .folder: "cannot read: \(reason)"
        case .tooLarge, .emptyPipe: reason
        }
    }

    /// Why, without what was tried (`Permission denied`, `it is a folder`).
    public var reason: String {
        switch self {
        case .system(_, let errno): String(cString: strerror(errno))
        case .folder: "it is a folder"
        case .tooLarge(let limit): "larger than the limit of \(limit) bytes for this file"
        case .emptyPipe:
            "nothing to read (a FIFO is read from the writer it has when opened; it had none, or it sent nothing)"
        }
    }
}

/// Reads a whole small file (a list, an expectation, a layout, a calibration file) with
/// a limit, looking at it before reading it: a regular file over the limit fails at once
/// from its size (a 1 GB sparse file costs no memory), and anything else (a pipe,
/// `/dev/stdin`, `<(…)`, a FIFO) is read in pieces and fails as soon as it passes the
/// limit. A FIFO is opened without waiting for a writer: with none it reads as empty,
/// never blocks forever. The one bounded read loop of the package (docs/trace-format.md,
/// "Ranges", lists the limits).
public enum BoundedRead {
    /// The bytes read per `read(2)`.
    static let chunkBytes = 1 << 16

    /// Every byte of the file at `path`, at most `limitBytes` of them.
    public static func bytes(atPath path: String, limitBytes: Int) throws(BoundedReadError)
        -> [UInt8]
    {
        // A FIFO is opened without waiting for a writer.
        let descriptor = FileCall.openForReading(path)
        guard descriptor >= 0 else { throw .system(what: "cannot read", errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .system(what: "cannot read", errno: errno)
        }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR { throw .folder }
        if kind == S_IFREG, status.st_size > limitBytes { throw .tooLarge(limitBytes: limitBytes) }
        var bytes: [UInt8] = []
        if kind == S_IFREG { bytes.reserveCapacity(Int(status.st_size)) }
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(what: "read failed", errno: errno)
            }
            if count == 0 {
                if kind == S_IFIFO && bytes.isEmpty { throw .emptyPipe }
                return bytes
            }
            guard bytes.count + count <= limitBytes else { throw .tooLarge(limitBytes: limitBytes) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
