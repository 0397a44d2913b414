#if canImport(Glibc)
    import Glibc
#endif

/// Where a peer-to-peer D-Bus server listens: a Unix socket in the abstract namespace
/// (Touchégg's `unix:abstract=touchegg`) or at a path. Written and read as D-Bus
/// addresses.
public enum PeerAddress: Hashable, Sendable, CustomStringConvertible {
    case abstract(String)
    case path(String)

    /// Reads `unix:abstract=NAME` or `unix:path=PATH`; nil for anything else.
    public init?(parsing text: String) {
        if text.hasPrefix("unix:abstract="), text.count > "unix:abstract=".count {
            self = .abstract(String(text.dropFirst("unix:abstract=".count)))
        } else if text.hasPrefix("unix:path="), text.count > "unix:path=".count {
            self = .path(String(text.dropFirst("unix:path=".count)))
        } else {
            return nil
        }
    }

    /// The D-Bus address clients connect to.
    public var description: String {
        switch self {
        case .abstract(let name): "unix:abstract=\(name)"
        case .path(let path): "unix:path=\(path)"
        }
    }

    /// A listening, non-blocking stream socket bound to this address.
    package func listen(backlog: Int32) throws(BusError) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // An abstract name starts with a NUL and is exactly as long as given (as GDBus,
        // libdbus and sd-bus connect to it); a path ends with one.
        let bytes: [UInt8]
        switch self {
        case .abstract(let name): bytes = [0] + Array(name.utf8)
        case .path(let path): bytes = Array(path.utf8) + [0]
        }
        guard bytes.count <= MemoryLayout.size(ofValue: address.sun_path) else {
            throw BusError(operation: "bind \(self)", errno: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let socketType = Int32(
            SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue)
        let descriptor = socket(AF_UNIX, socketType, 0)
        guard descriptor >= 0 else { throw BusError(operation: "socket", errno: errno) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, Glibc.listen(descriptor, backlog) == 0 else {
            let error = BusError(operation: "listen on \(self)", errno: errno)
            close(descriptor)
            throw error
        }
        return descriptor
    }
}
