import CSystemd

#if canImport(Glibc)
    import Glibc
#endif

/// A message a connection received (`sd_bus_message *`), owned for its lifetime: what
/// `BusConnection.receive()` hands on, such as the signals a match rule asked the bus for.
/// Its arguments are read as `BusValue`s, type for type.
public final class BusMessage {
    private let message: OpaquePointer

    init(taking message: OpaquePointer) { self.message = message }

    deinit { sd_bus_message_unref(message) }

    /// True for a signal (not a method call, reply or error).
    public var isSignal: Bool { sd_bus_message_is_signal(message, nil, nil) > 0 }

    /// The sender's unique name (`:1.42`), nil on a peer-to-peer connection.
    public var sender: String? { sd_bus_message_get_sender(message).map { String(cString: $0) } }
    public var path: String? { sd_bus_message_get_path(message).map { String(cString: $0) } }
    public var interface: String? {
        sd_bus_message_get_interface(message).map { String(cString: $0) }
    }
    public var member: String? { sd_bus_message_get_member(message).map { String(cString: $0) } }

    /// The signature of all its arguments (`sustbs`).
    public var signature: String {
        sd_bus_message_get_signature(message, 1).map { String(cString: $0) } ?? ""
    }

    /// Its arguments in order, when every one is of a basic type `BusType` has; nil when
    /// the signature holds another (an array, a structure, a variant...). Reads from the
    /// first argument whenever it is called.
    public func values() throws(BusError) -> [BusValue]? {
        let types = signature.map(BusType.init(rawValue:))
        guard !types.contains(nil) else { return nil }
        try checked(sd_bus_message_rewind(message, 1), "sd_bus_message_rewind")
        var values: [BusValue] = []
        for type in types {
            values.append(try read(type!))
        }
        return values
    }

    /// The next argument, of `type`.
    private func read(_ type: BusType) throws(BusError) -> BusValue {
        let letter = CChar(UInt8(ascii: type.rawValue.unicodeScalars.first!))
        let operation = "sd_bus_message_read_basic \(type.rawValue)"
        switch type {
        case .string:
            var text: UnsafePointer<CChar>?
            try checked(sd_bus_message_read_basic(message, letter, &text), operation)
            return .string(text.map { String(cString: $0) } ?? "")
        case .boolean:
            // D-Bus booleans are 32-bit.
            var word: Int32 = 0
            try checked(sd_bus_message_read_basic(message, letter, &word), operation)
            return .boolean(word != 0)
        case .int32:
            var number: Int32 = 0
            try checked(sd_bus_message_read_basic(message, letter, &number), operation)
            return .int32(number)
        case .uint32:
            var number: UInt32 = 0
            try checked(sd_bus_message_read_basic(message, letter, &number), operation)
            return .uint32(number)
        case .uint64:
            var number: UInt64 = 0
            try checked(sd_bus_message_read_basic(message, letter, &number), operation)
            return .uint64(number)
        case .double:
            var number = 0.0
            try checked(sd_bus_message_read_basic(message, letter, &number), operation)
            return .double(number)
        }
    }
}

extension BusConnection {
    /// The bus daemon's own name, object and interface (`AddMatch`).
    static let busDaemon = (
        name: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
        interface: "org.freedesktop.DBus"
    )

    /// Asks the bus daemon for every message `rule` (a D-Bus match rule) matches, and waits
    /// for its answer: once this returns, each such message reaches this connection, and
    /// `receive()` hands it on. A signal sent before the answer may be missed.
    public func addMatch(_ rule: String, timeoutMicroseconds: UInt64) throws(BusError) {
        _ = try call(
            BusMethodCall(
                destination: Self.busDaemon.name, path: Self.busDaemon.path,
                interface: Self.busDaemon.interface, member: "AddMatch", values: [.string(rule)]),
            timeoutMicroseconds: timeoutMicroseconds)
    }

    /// The next message no handler of this connection took (the signals of `addMatch`,
    /// and what the bus says to this connection), without waiting; nil once nothing is
    /// pending. Does what `process` does on the way (writes queued output).
    public func receive() throws(BusError) -> BusMessage? {
        while true {
            var message: OpaquePointer?
            let progress = try checked(sd_bus_process(bus, &message), "sd_bus_process")
            if let message { return BusMessage(taking: message) }
            if progress == 0 { return nil }
        }
    }
}
