import GestureService
import SDBus

/// `io.github.cleartouch.Gestures1` on a bus: the object with its signals, the bus name,
/// and every report sent as its signal.
public final class GestureSignalService {
    public let connection: BusConnection
    public let target: BusConnection.Target

    /// Connects to `target`, exports the object and takes the bus name (on the system bus
    /// the D-Bus policy file must allow it: docs/gesture-service.md, "Running it").
    public init(target: BusConnection.Target) throws(BusError) {
        self.target = target
        connection = try BusConnection(target)
        try connection.addObject(
            path: Gestures1.objectPath, interface: Gestures1.interface, signals: Gestures1.signals)
        try connection.requestName(Gestures1.busName)
    }

    /// Queues the signal of `report`; never waits.
    public func publish(_ report: ServiceGestureReport) throws(BusError) {
        try connection.emit(Gestures1.emission(for: report))
    }
}
