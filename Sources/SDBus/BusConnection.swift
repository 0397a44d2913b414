import CSystemd

#if canImport(Glibc)
    import Glibc
#endif

/// What a poll loop waits on for one connection: its descriptor and the `poll` events
/// sd-bus asks for (`POLLIN`, and `POLLOUT` while it has queued output).
public struct BusPollDescriptor: Hashable, Sendable {
    public var descriptor: Int32
    public var events: Int16

    public init(descriptor: Int32, events: Int16) {
        self.descriptor = descriptor
        self.events = events
    }
}

/// One sd-bus connection (`sd_bus *`), owned for its lifetime: to the system or session
/// bus, to a bus at an address, or the server side of a peer-to-peer connection.
/// Nothing it does waits for the other side, except `requestName` (once, at start) and
/// `flush`.
public final class BusConnection {
    /// Which bus to connect to.
    public enum Target: Hashable, Sendable, CustomStringConvertible {
        /// The system bus (`/run/dbus/system_bus_socket`), the service's default.
        case system
        /// The user's session bus (`$DBUS_SESSION_BUS_ADDRESS`).
        case session
        /// A bus (a `dbus-daemon`) at a D-Bus address, such as `unix:path=/tmp/bus`.
        case address(String)

        public var description: String {
            switch self {
            case .system: "the system bus"
            case .session: "the session bus"
            case .address(let address): "the bus at \(address)"
            }
        }
    }

    let bus: OpaquePointer
    private var slots: [OpaquePointer] = []
    private var vtables: [ObjectVTable] = []

    /// Connects to `target`; the connection finishes setting up (authentication, `Hello`)
    /// as the caller's loop calls `process`.
    public init(_ target: Target) throws(BusError) {
        var made: OpaquePointer?
        switch target {
        case .system:
            try checked(sd_bus_open_system(&made), "sd_bus_open_system")
        case .session:
            try checked(sd_bus_open_user(&made), "sd_bus_open_user")
        case .address(let address):
            try checked(sd_bus_new(&made), "sd_bus_new")
            do throws(BusError) {
                try checked(sd_bus_set_address(made, address), "sd_bus_set_address \(address)")
                try checked(sd_bus_set_bus_client(made, 1), "sd_bus_set_bus_client")
                try checked(sd_bus_start(made), "sd_bus_start \(address)")
            } catch {
                sd_bus_unref(made)
                throw error
            }
        }
        bus = made!
    }

    /// The server side of a peer-to-peer connection on `descriptor` (accepted from a
    /// listening socket; closed with the connection): no message bus, any client
    /// authenticates (EXTERNAL or ANONYMOUS), as a `GDBusServer` lets it.
    public init(serving descriptor: Int32) throws(BusError) {
        var made: OpaquePointer?
        let result = sd_bus_new(&made)
        guard result >= 0, let made else {
            close(descriptor)
            throw BusError(operation: "sd_bus_new", errno: -result)
        }
        do throws(BusError) {
            try checked(sd_bus_set_fd(made, descriptor, descriptor), "sd_bus_set_fd")
        } catch {
            close(descriptor)
            sd_bus_unref(made)
            throw error
        }
        bus = made
        var id = sd_id128_t()
        try checked(sd_id128_randomize(&id), "sd_id128_randomize")
        try checked(sd_bus_set_server(bus, 1, id), "sd_bus_set_server")
        try checked(sd_bus_set_anonymous(bus, 1), "sd_bus_set_anonymous")
        try checked(sd_bus_start(bus), "sd_bus_start")
    }

    deinit {
        for slot in slots { sd_bus_slot_unref(slot) }
        sd_bus_close_unref(bus)
    }

    /// Exports `signals` of `interface` on the object at `path`, so introspection
    /// (`busctl introspect`, `gdbus introspect`) lists them.
    public func addObject(path: String, interface: String, signals: [BusSignal])
        throws(BusError)
    {
        let vtable = ObjectVTable(signals: signals)
        var slot: OpaquePointer?
        try checked(
            sd_bus_add_object_vtable(bus, &slot, path, interface, vtable.entries, nil),
            "sd_bus_add_object_vtable \(path) \(interface)")
        vtables.append(vtable)
        if let slot { slots.append(slot) }
    }

    /// Takes the well-known `name` on the bus (waits for the bus's answer).
    public func requestName(_ name: String) throws(BusError) {
        try checked(sd_bus_request_name(bus, name, 0), "sd_bus_request_name \(name)")
    }

    /// Queues `emission` for sending; it leaves as the loop calls `process` (or `flush`).
    /// Never waits.
    public func emit(_ emission: BusSignalEmission) throws(BusError) {
        guard emission.signal.accepts(emission.values) else {
            throw BusError(
                operation:
                    "\(emission.signal.member): values do not match its signature \(emission.signal.signature)",
                errno: EINVAL)
        }
        var message: OpaquePointer?
        // The names as C strings in place: passed as Strings, each became an allocated
        // copy (`utf8CString`), three for every signal the gesture service sends.
        let created = emission.path.withCString { path in
            emission.interface.withCString { interface in
                emission.signal.member.withCString { member in
                    sd_bus_message_new_signal(bus, &message, path, interface, member)
                }
            }
        }
        try checked(created, "sd_bus_message_new_signal \(emission.signal.member)")
        defer { sd_bus_message_unref(message) }
        for value in emission.values {
            try append(value, to: message)
        }
        try checked(sd_bus_send(bus, message, nil), "sd_bus_send \(emission.signal.member)")
    }

    func append(_ value: BusValue, to message: OpaquePointer?) throws(BusError) {
        let type = CChar(value.type.rawValue.asciiValue ?? 0)
        let result: Int32
        switch value {
        case .string(let text):
            result = text.withCString { sd_bus_message_append_basic(message, type, $0) }
        case .boolean(let flag):
            // D-Bus booleans are 32-bit.
            var word: Int32 = flag ? 1 : 0
            result = sd_bus_message_append_basic(message, type, &word)
        case .int32(var number): result = sd_bus_message_append_basic(message, type, &number)
        case .uint32(var number): result = sd_bus_message_append_basic(message, type, &number)
        case .uint64(var number): result = sd_bus_message_append_basic(message, type, &number)
        case .double(var number): result = sd_bus_message_append_basic(message, type, &number)
        }
        try checked(result, "sd_bus_message_append_basic \(value.type.rawValue)")
    }

    /// Whether the connection is still usable (a peer that hung up closes it).
    public var isOpen: Bool { sd_bus_is_open(bus) > 0 }

    /// The descriptor and events to poll for.
    public var pollDescriptor: BusPollDescriptor {
        BusPollDescriptor(
            descriptor: sd_bus_get_fd(bus),
            events: Int16(truncatingIfNeeded: sd_bus_get_events(bus)))
    }

    /// When sd-bus next needs `process` without input (a method call's timeout, for one):
    /// CLOCK_MONOTONIC microseconds, nil for never.
    public var timeoutMicroseconds: UInt64? {
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
        return usec
    }

    /// Does everything that is pending, without waiting: reads and answers incoming
    /// messages (introspection), writes queued output.
    public func process() throws(BusError) {
        while try checked(sd_bus_process(bus, nil), "sd_bus_process") > 0 {}
    }

    /// Waits until every queued message is written (before exit; a replay's last signals).
    public func flush() throws(BusError) {
        try checked(sd_bus_flush(bus), "sd_bus_flush")
    }

    /// The unique name the bus gave this connection (`:1.42`), nil before `Hello`'s answer
    /// or on a peer-to-peer connection.
    public var uniqueName: String? {
        var name: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(bus, &name) >= 0, let name else { return nil }
        return String(cString: name)
    }
}
