import GestureService
import SDBus

/// One `io.github.cleartouch.Gestures1` signal as a client receives it: a report without
/// the service's gesture id, start time or command (the signals do not carry them).
public struct Gestures1Signal: Hashable, Sendable {
    public var kind: ServiceGestureReport.Kind
    /// 1 to 5.
    public var fingers: Int
    /// Nil for taps and long-presses (an empty string on the bus).
    public var direction: ServiceGestureReport.Direction?
    /// Nil except for edge swipes.
    public var edge: ServiceGestureReport.Edge?
    /// The sender's event time.
    public var timeMicroseconds: UInt64
    public var phase: ServiceGestureReport.Phase
    /// The service's binding name (`GestureEnded` only), nil when empty.
    public var binding: String?

    public init(
        kind: ServiceGestureReport.Kind, fingers: Int, direction: ServiceGestureReport.Direction?,
        edge: ServiceGestureReport.Edge?, timeMicroseconds: UInt64,
        phase: ServiceGestureReport.Phase, binding: String? = nil
    ) {
        self.kind = kind
        self.fingers = fingers
        self.direction = direction
        self.edge = edge
        self.timeMicroseconds = timeMicroseconds
        self.phase = phase
        self.binding = binding
    }
}

extension Gestures1 {
    /// The signal `member` with `values`, as `emission(for:)` sends it; nil when it is not
    /// one of the three signals with its signature, or a value is outside the contract (a
    /// kind, direction or edge the service does not have, fingers outside 1 to 5, a
    /// progress outside 0 to 1).
    public static func signal(member: String, values: [BusValue]) -> Gestures1Signal? {
        guard let signal = signals.first(where: { $0.member == member }),
            signal.accepts(values),
            case .string(let kindName) = values[0], case .uint32(let fingers) = values[1],
            case .string(let directionName) = values[2], case .string(let edgeName) = values[3],
            case .uint64(let time) = values[4],
            let kind = ServiceGestureReport.Kind(rawValue: kindName), (1...5).contains(fingers)
        else { return nil }
        let direction = ServiceGestureReport.Direction(rawValue: directionName)
        let edge = ServiceGestureReport.Edge(rawValue: edgeName)
        guard direction != nil || directionName.isEmpty, edge != nil || edgeName.isEmpty else {
            return nil
        }
        var received = Gestures1Signal(
            kind: kind, fingers: Int(fingers), direction: direction, edge: edge,
            timeMicroseconds: time, phase: .began)
        switch values.count {
        case 5:
            break
        case 6:
            guard case .double(let progress) = values[5], (0...1).contains(progress) else {
                return nil
            }
            received.phase = .updated(progress: progress)
        default:
            guard case .boolean(let cancelled) = values[5], case .string(let binding) = values[6]
            else { return nil }
            received.phase = .ended(cancelled: cancelled)
            received.binding = binding.isEmpty ? nil : binding
        }
        return received
    }
}

/// A client of the gesture service (`cleartouch gestures --agent`): connects to a bus,
/// asks it for the signals of `io.github.cleartouch.Gestures1` sent by the owner of that
/// bus name only (on the system bus, the policy lets only the service's user own it: no
/// other program can make a follower run a command), and hands each one on decoded.
/// Nothing waits for the service: it may start, stop and restart while the follower runs.
public final class GestureSignalFollower {
    public let connection: BusConnection
    public let target: BusConnection.Target

    /// The match rule: the service's signals on its object, from its bus name.
    public static let matchRule =
        "type='signal',sender='\(Gestures1.busName)',path='\(Gestures1.objectPath)',interface='\(Gestures1.interface)'"

    /// How long to wait for the bus to take the match rule at start.
    public static let addMatchTimeoutMicroseconds: UInt64 = 25_000_000

    /// Connects to `target` and asks it for the service's signals; returns once the bus
    /// has taken the rule (every signal sent after that reaches `receive`).
    public init(target: BusConnection.Target) throws(BusError) {
        self.target = target
        connection = try BusConnection(target)
        try connection.addMatch(
            Self.matchRule, timeoutMicroseconds: Self.addMatchTimeoutMicroseconds)
    }

    /// What came since the last call, without waiting: the service's signals, decoded, and
    /// a description of each signal of its interface that is not one (a wrong signature or a
    /// value outside the contract), to log. What the bus says to the connection itself
    /// (`NameAcquired`) is skipped.
    public func receive() throws(BusError) -> (signals: [Gestures1Signal], refused: [String]) {
        var signals: [Gestures1Signal] = []
        var refused: [String] = []
        while let message = try connection.receive() {
            guard message.isSignal, message.interface == Gestures1.interface,
                message.path == Gestures1.objectPath
            else { continue }
            let member = message.member ?? ""
            if let values = try message.values(),
                let signal = Gestures1.signal(member: member, values: values)
            {
                signals.append(signal)
            } else {
                refused.append(
                    "ignored \(member)(\(message.signature)) from \(message.sender ?? "?"): not the service's signal"
                )
            }
        }
        return (signals, refused)
    }
}
