/// The D-Bus basic types the gesture signals use, by their signature letter.
public enum BusType: Character, Hashable, Sendable {
    case string = "s"
    case boolean = "b"
    case int32 = "i"
    case uint32 = "u"
    case uint64 = "t"
    case double = "d"
}

/// One argument of a signal, as a value: what `sd_bus_message_append_basic` appends.
public enum BusValue: Hashable, Sendable {
    case string(String)
    case boolean(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case uint64(UInt64)
    case double(Double)

    /// The value's D-Bus type.
    public var type: BusType {
        switch self {
        case .string: .string
        case .boolean: .boolean
        case .int32: .int32
        case .uint32: .uint32
        case .uint64: .uint64
        case .double: .double
        }
    }
}

/// One named argument of a signal, for introspection.
public struct BusArgument: Hashable, Sendable {
    public var name: String
    public var type: BusType

    public init(_ name: String, _ type: BusType) {
        self.name = name
        self.type = type
    }
}

/// A signal of an interface: its member name and its arguments, in order.
public struct BusSignal: Hashable, Sendable {
    public var member: String
    public var arguments: [BusArgument]

    public init(_ member: String, _ arguments: [BusArgument]) {
        self.member = member
        self.arguments = arguments
    }

    /// The D-Bus signature, such as `sust`.
    public var signature: String { String(arguments.map(\.type.rawValue)) }

    /// Whether `values` are what this signal carries, type for type.
    public func accepts(_ values: [BusValue]) -> Bool {
        // Compared in place: two arrays made for every signal sent were a tenth of its cost.
        guard values.count == arguments.count else { return false }
        for (value, argument) in zip(values, arguments) where value.type != argument.type {
            return false
        }
        return true
    }
}

/// One emission: a signal of an interface on an object, with its values.
public struct BusSignalEmission: Hashable, Sendable {
    public var path: String
    public var interface: String
    public var signal: BusSignal
    public var values: [BusValue]

    public init(path: String, interface: String, signal: BusSignal, values: [BusValue]) {
        self.path = path
        self.interface = interface
        self.signal = signal
        self.values = values
    }
}
