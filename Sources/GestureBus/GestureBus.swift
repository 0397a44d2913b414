import GestureService
import SDBus

/// The gesture service's D-Bus side (docs/gesture-service.md, "D-Bus"): its own
/// interface `io.github.cleartouch.Gestures1` on a bus, and, with `--touchegg`, Touchégg's
/// protocol for Touchégg's clients. One `publish` per report; a poll loop waits on
/// `pollDescriptors` until `timeoutMicroseconds` and calls `process` when any is ready.
/// Nothing here waits for a client, except `init` (the bus's answer to the name request)
/// and `flush`.
public final class GestureBus {
    /// `io.github.cleartouch.Gestures1`, nil when not asked for.
    public let signals: GestureSignalService?
    /// Touchégg's server, nil without `--touchegg`.
    public let touchegg: ToucheggServer?

    /// Connects to `bus` (nil: no bus) and, with `touchegg`, serves Touchégg's protocol at
    /// that address (`ToucheggProtocol.address` for Touchégg's own).
    public init(bus: BusConnection.Target?, touchegg address: PeerAddress? = nil)
        throws(BusError)
    {
        signals = try bus.map { target throws(BusError) in
            try GestureSignalService(target: target)
        }
        touchegg = try address.map { address throws(BusError) in
            try ToucheggServer(address: address)
        }
    }

    /// Queues `report`'s signals on every protocol; never waits. Throws what the bus
    /// connection reported (Touchégg's clients that fail are dropped instead).
    public func publish(_ report: ServiceGestureReport) throws(BusError) {
        touchegg?.publish(report)
        try signals?.publish(report)
    }

    /// Every descriptor to poll, with its events (they change as output is queued and
    /// clients come and go: read them before each poll).
    public var pollDescriptors: [BusPollDescriptor] {
        (signals.map { [$0.connection.pollDescriptor] } ?? []) + (touchegg?.pollDescriptors ?? [])
    }

    /// The earliest time sd-bus needs `process` without input: CLOCK_MONOTONIC
    /// microseconds, nil for none.
    public var timeoutMicroseconds: UInt64? {
        [signals?.connection.timeoutMicroseconds, touchegg?.timeoutMicroseconds]
            .compactMap { $0 }.min()
    }

    /// The poll timeout in milliseconds from CLOCK_MONOTONIC `nowMicroseconds`: -1 for
    /// none, 0 when it is already due.
    public func pollTimeoutMilliseconds(nowMicroseconds: Int64) -> Int32 {
        guard let due = timeoutMicroseconds else { return -1 }
        let now = UInt64(max(0, nowMicroseconds))
        guard due > now else { return 0 }
        return Int32(clamping: (due - now + 999) / 1000)
    }

    /// Dispatches everything pending on every connection, without waiting. Returns the
    /// problems to log: Touchégg's failed clients (dropped), then the bus's own failure
    /// (the connection is then closed: the service goes on without it).
    @discardableResult
    public func process() -> [BusError] {
        var problems = touchegg?.process() ?? []
        do throws(BusError) {
            try signals?.connection.process()
        } catch {
            problems.append(error)
        }
        return problems
    }

    /// Waits until the bus has written every queued signal (a replay's last signals, or
    /// before exit).
    public func flush() throws(BusError) {
        try signals?.connection.flush()
    }
}

extension GestureBus {
    /// Sends the signals of `reports` on `target` as the live service would (its bus
    /// name, object and signals), and returns once the bus has them all: what
    /// `cleartouch gestures --replay RECORDING --bus-address ADDRESS` does, so clients can
    /// be tested from recordings.
    public static func send(
        _ reports: some Sequence<ServiceGestureReport>, on target: BusConnection.Target
    ) throws(BusError) {
        let bus = try GestureBus(bus: target)
        for report in reports {
            try bus.publish(report)
            // Writes what the socket takes now, so the queue stays short.
            if let problem = bus.process().first { throw problem }
        }
        try bus.flush()
    }
}
