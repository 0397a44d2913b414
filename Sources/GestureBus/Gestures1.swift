import GestureService
import SDBus

/// The gesture service's own D-Bus interface, `io.github.cleartouch.Gestures1`
/// (docs/product-decisions.md, "Decisions for the gesture service"; docs/gesture-service.md,
/// "D-Bus"): one signal per report, its strings empty where the JSON has null.
public enum Gestures1 {
    /// The well-known bus name, which is also the interface's name.
    public static let busName = "io.github.cleartouch.Gestures1"
    public static let interface = "io.github.cleartouch.Gestures1"
    public static let objectPath = "/io/github/cleartouch/Gestures1"

    /// The arguments every signal starts with.
    static let common: [BusArgument] = [
        BusArgument("gesture", .string), BusArgument("fingers", .uint32),
        BusArgument("direction", .string), BusArgument("edge", .string),
        BusArgument("time_us", .uint64),
    ]

    /// `GestureBegan(s gesture, u fingers, s direction, s edge, t time_us)`.
    public static let gestureBegan = BusSignal("GestureBegan", common)
    /// `GestureUpdated(s gesture, u fingers, s direction, s edge, t time_us, d progress)`.
    public static let gestureUpdated = BusSignal(
        "GestureUpdated", common + [BusArgument("progress", .double)])
    /// `GestureEnded(s gesture, u fingers, s direction, s edge, t time_us, b cancelled,
    /// s binding)`.
    public static let gestureEnded = BusSignal(
        "GestureEnded",
        common + [BusArgument("cancelled", .boolean), BusArgument("binding", .string)])

    public static let signals = [gestureBegan, gestureUpdated, gestureEnded]

    /// The signal `report` is sent as.
    public static func emission(for report: ServiceGestureReport) -> BusSignalEmission {
        var values: [BusValue] = [
            .string(report.kind.rawValue), .uint32(UInt32(clamping: report.fingers)),
            .string(report.direction?.rawValue ?? ""), .string(report.edge?.rawValue ?? ""),
            .uint64(UInt64(clamping: report.timeMicroseconds)),
        ]
        let signal: BusSignal
        switch report.phase {
        case .began:
            signal = gestureBegan
        case .updated(let progress):
            signal = gestureUpdated
            values.append(.double(progress))
        case .ended(let cancelled):
            signal = gestureEnded
            values += [.boolean(cancelled), .string(report.binding ?? "")]
        }
        return BusSignalEmission(
            path: objectPath, interface: interface, signal: signal, values: values)
    }
}
