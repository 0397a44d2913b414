import GestureService
import SDBus

/// Touchégg's D-Bus protocol, as its source defines it (src/daemon/dbus.h,
/// daemon-server.cpp, src/gesture/*.h in Touchégg 2.0): a peer-to-peer server at
/// `unix:abstract=touchegg` (no message bus), one object and three signals of signature
/// `uudiut`. Clients such as Gala and the x11gestures GNOME extension connect to the
/// address and subscribe. docs/gesture-service.md, "Touchégg's clients", gives the
/// mapping from the service's reports.
public enum ToucheggProtocol {
    /// The address Touchégg's daemon serves.
    public static let address = "unix:abstract=touchegg"
    public static let objectPath = "/io/github/joseexposito/Touchegg"
    public static let interface = "io.github.joseexposito.Touchegg"

    /// Touchégg's `GestureType`.
    public enum GestureType: UInt32, Sendable {
        case notSupported = 0
        case swipe = 1
        case pinch = 2
        case tap = 3
    }

    /// Touchégg's `GestureDirection`.
    public enum Direction: UInt32, Sendable {
        case unknown = 0
        case up = 1
        case down = 2
        case left = 3
        case right = 4
        case `in` = 5
        case out = 6
    }

    /// Touchégg's `DeviceType`.
    public enum DeviceType: UInt32, Sendable {
        case unknown = 0
        case touchpad = 1
        case touchscreen = 2
    }

    /// `(u gesture_type, u gesture_direction, d percentage, i fingers,
    /// u performed_on_device_type, t elapsed_time)`: percentage 0 to 100, elapsed time in
    /// milliseconds since the gesture began.
    static let arguments: [BusArgument] = [
        BusArgument("gesture_type", .uint32), BusArgument("gesture_direction", .uint32),
        BusArgument("percentage", .double), BusArgument("fingers", .int32),
        BusArgument("performed_on_device_type", .uint32), BusArgument("elapsed_time", .uint64),
    ]

    public static let onGestureBegin = BusSignal("OnGestureBegin", arguments)
    public static let onGestureUpdate = BusSignal("OnGestureUpdate", arguments)
    public static let onGestureEnd = BusSignal("OnGestureEnd", arguments)
    public static let signals = [onGestureBegin, onGestureUpdate, onGestureEnd]

    /// Touchégg's type for `kind`; nil for a kind Touchégg has no equivalent of (a
    /// long-press). An edge swipe is a swipe (Touchégg has no edges).
    public static func gestureType(_ kind: ServiceGestureReport.Kind) -> GestureType? {
        switch kind {
        case .swipe, .edgeSwipe: .swipe
        case .pinch: .pinch
        case .tap: .tap
        case .longPress: nil
        }
    }

    /// Touchégg's direction for `direction` (none: unknown, as for Touchégg's taps).
    public static func direction(_ direction: ServiceGestureReport.Direction?) -> Direction {
        switch direction {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .in: .in
        case .out: .out
        case nil: .unknown
        }
    }
}

/// Turns the service's reports into Touchégg's signals. It remembers which gestures have
/// begun, because a tap's only report is its end while Touchégg sends a tap as a begin
/// and an end (both at 100 %).
public struct ToucheggTranslator: Sendable {
    /// Gestures sent as begun and not yet ended.
    private var begun: Set<Int> = []

    public init() {}

    /// The signals `report` becomes: none, one, or (an end with no begin) two.
    public mutating func emissions(for report: ServiceGestureReport) -> [BusSignalEmission] {
        guard let type = ToucheggProtocol.gestureType(report.kind) else { return [] }
        func emission(_ signal: BusSignal, percentage: Double) -> BusSignalEmission {
            let elapsedMilliseconds =
                max(0, report.timeMicroseconds - report.startMicroseconds) / 1000
            return BusSignalEmission(
                path: ToucheggProtocol.objectPath, interface: ToucheggProtocol.interface,
                signal: signal,
                values: [
                    .uint32(type.rawValue),
                    .uint32(ToucheggProtocol.direction(report.direction).rawValue),
                    .double(percentage), .int32(Int32(clamping: report.fingers)),
                    .uint32(ToucheggProtocol.DeviceType.touchscreen.rawValue),
                    .uint64(UInt64(elapsedMilliseconds)),
                ])
        }
        switch report.phase {
        case .began:
            begun.insert(report.id)
            return [emission(ToucheggProtocol.onGestureBegin, percentage: 0)]
        case .updated(let progress):
            guard begun.contains(report.id) else { return [] }
            return [emission(ToucheggProtocol.onGestureUpdate, percentage: percent(progress))]
        case .ended(let cancelled):
            // Touchégg has no cancel: a client finishes the action at a high percentage and
            // undoes it at a low one, so a cancelled gesture ends at 0 %.
            let end = emission(ToucheggProtocol.onGestureEnd, percentage: cancelled ? 0 : 100)
            if begun.remove(report.id) != nil { return [end] }
            // Never begun: a tap (or a gesture cancelled before it began: nothing to undo).
            guard !cancelled else { return [] }
            return [emission(ToucheggProtocol.onGestureBegin, percentage: 100), end]
        }
    }

    /// 0 to 100 from the report's 0 to 1.
    private func percent(_ progress: Double) -> Double {
        guard progress.isFinite else { return 0 }
        return min(100, max(0, progress * 100))
    }
}
