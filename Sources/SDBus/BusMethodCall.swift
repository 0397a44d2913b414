import CSystemd

#if canImport(Glibc)
    import Glibc
#endif

/// A method call: `member` of `interface` on the object at `path` of the bus peer
/// `destination`, with its arguments.
public struct BusMethodCall: Hashable, Sendable {
    public var destination: String
    public var path: String
    public var interface: String
    public var member: String
    public var values: [BusValue]

    public init(
        destination: String, path: String, interface: String, member: String,
        values: [BusValue]
    ) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.values = values
    }
}

/// The reply to a method call, owned for its lifetime; its arguments are read in order.
public final class BusReply {
    private let message: OpaquePointer

    init(_ message: OpaquePointer) { self.message = message }

    deinit { sd_bus_message_unref(message) }

    /// The next argument, an object path (`o`).
    public func readObjectPath() throws(BusError) -> String {
        var text: UnsafePointer<CChar>?
        let result = withUnsafeMutablePointer(to: &text) {
            sd_bus_message_read_basic(message, CChar(UInt8(ascii: "o")), $0)
        }
        try checked(result, "sd_bus_message_read_basic o")
        guard result > 0, let text else {
            throw BusError(operation: "sd_bus_message_read_basic o: no object path", errno: ENXIO)
        }
        return String(cString: text)
    }
}

extension BusConnection {
    /// Sends `call` and waits up to `timeoutMicroseconds` for its reply (the one call that
    /// waits for the other side besides `requestName` and `flush`). An error reply throws
    /// with the error's name and message.
    public func call(_ call: BusMethodCall, timeoutMicroseconds: UInt64) throws(BusError)
        -> BusReply
    {
        var message: OpaquePointer?
        try checked(
            sd_bus_message_new_method_call(
                bus, &message, call.destination, call.path, call.interface, call.member),
            "sd_bus_message_new_method_call \(call.member)")
        defer { sd_bus_message_unref(message) }
        for value in call.values { try append(value, to: message) }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        let result = sd_bus_call(bus, message, timeoutMicroseconds, &error, &reply)
        guard result >= 0, let reply else {
            var failure = BusError(
                operation: "\(call.interface).\(call.member) on \(call.path)",
                errno: result < 0 ? -result : EIO)
            if let name = error.name {
                failure.detail =
                    String(cString: name) + (error.message.map { ": " + String(cString: $0) } ?? "")
            }
            throw failure
        }
        return BusReply(reply)
    }
}
