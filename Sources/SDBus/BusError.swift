#if canImport(Glibc)
    import Glibc
#endif

/// An sd-bus call that failed: which one, and the `errno` it returned (sd-bus returns
/// `-errno`). Prints as `sd_bus_request_name: File exists`.
public struct BusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sd-bus function (or system call) that failed, and what it was doing.
    public var operation: String
    /// The positive `errno`.
    public var errno: Int32
    /// The error a method call's reply carried (`org.freedesktop.login1.NoSessionForPID:
    /// PID 42 does not belong to any known session`), said instead of `strerror`'s text.
    public var detail: String?

    /// The error of `operation` with `errno` (positive).
    public init(operation: String, errno: Int32) {
        self.operation = operation
        self.errno = errno
    }

    /// What `strerror` says about `errno`.
    public var reason: String { String(cString: strerror(errno)) }

    public var description: String { "\(operation): \(detail ?? reason)" }
}

/// `result` when it is not negative; otherwise a `BusError` for `operation` (sd-bus
/// returns `-errno`).
@discardableResult
func checked(_ result: Int32, _ operation: @autoclosure () -> String) throws(BusError) -> Int32 {
    guard result < 0 else { return result }
    throw BusError(operation: operation(), errno: -result)
}
