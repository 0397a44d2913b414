import Foundation
import GestureBus
import GestureService
import SDBus
import TestSupport
import Testing

/// The agent's side of `io.github.cleartouch.Gestures1` (`GestureSignalFollower`): each
/// signal decoded back to what the service sent, values just outside the contract refused,
/// and, on a real `dbus-daemon`, only the owner of the service's name heard.
@Suite struct GestureSignalFollowerTests {
    static func report(
        _ kind: ServiceGestureReport.Kind, fingers: Int,
        _ direction: ServiceGestureReport.Direction?,
        _ edge: ServiceGestureReport.Edge?, _ phase: ServiceGestureReport.Phase,
        binding: String? = nil
    ) -> ServiceGestureReport {
        ServiceGestureReport(
            id: 3, kind: kind, fingers: fingers, direction: direction, edge: edge, phase: phase,
            startMicroseconds: 1_000_000, timeMicroseconds: 1_250_000, binding: binding,
            command: ["true"])
    }

    static let reports = [
        report(.swipe, fingers: 3, .left, nil, .began),
        report(.swipe, fingers: 3, .left, nil, .updated(progress: 0)),
        report(.swipe, fingers: 3, .left, nil, .updated(progress: 1)),
        report(.swipe, fingers: 3, .left, nil, .ended(cancelled: false), binding: "forward"),
        report(.edgeSwipe, fingers: 1, .up, .bottom, .ended(cancelled: true), binding: "overview"),
        report(.pinch, fingers: 5, .out, nil, .updated(progress: 0.5)),
        report(.tap, fingers: 2, nil, nil, .ended(cancelled: false)),
        report(.longPress, fingers: 1, nil, nil, .began),
    ]

    /// Every signal the service sends reads back as it was sent (the binding empty → nil).
    @Test(arguments: reports) func everySignalDecodesToWhatWasSent(_ report: ServiceGestureReport) {
        let emission = Gestures1.emission(for: report)
        let signal = Gestures1.signal(member: emission.signal.member, values: emission.values)
        #expect(
            signal
                == Gestures1Signal(
                    kind: report.kind, fingers: report.fingers, direction: report.direction,
                    edge: report.edge, timeMicroseconds: UInt64(report.timeMicroseconds),
                    phase: report.phase, binding: report.binding))
    }

    /// The signal `member` with one value changed.
    static func changed(_ index: Int, to value: BusValue, member: String = "GestureUpdated")
        -> Gestures1Signal?
    {
        var values: [BusValue] = [
            .string("swipe"), .uint32(3), .string("left"), .string(""), .uint64(5),
            .double(0.5),
        ]
        if member == "GestureEnded" {
            values[5] = .boolean(false)
            values.append(.string("forward"))
        } else if member == "GestureBegan" {
            values.removeLast()
        }
        values[index] = value
        return Gestures1.signal(member: member, values: values)
    }

    /// Fingers 1 to 5 and progress 0 to 1 are the contract's: one past either end is refused,
    /// as are kinds, directions and edges the service does not have and a wrong signature.
    @Test func valuesOutsideTheContractAreRefused() {
        #expect(Self.changed(1, to: .uint32(1)) != nil)
        #expect(Self.changed(1, to: .uint32(5)) != nil)
        #expect(Self.changed(1, to: .uint32(0)) == nil)
        #expect(Self.changed(1, to: .uint32(6)) == nil)
        #expect(Self.changed(5, to: .double(0)) != nil)
        #expect(Self.changed(5, to: .double(1)) != nil)
        #expect(Self.changed(5, to: .double(-Double.ulpOfOne)) == nil)
        #expect(Self.changed(5, to: .double(1 + Double.ulpOfOne)) == nil)
        #expect(Self.changed(5, to: .double(.nan)) == nil)
        #expect(Self.changed(0, to: .string("swipes")) == nil)
        #expect(Self.changed(2, to: .string("sideways")) == nil)
        #expect(Self.changed(3, to: .string("middle")) == nil)
        #expect(Self.changed(3, to: .string("bottom")) != nil)
        #expect(Self.changed(1, to: .int32(3)) == nil, "a wrong signature")
        #expect(Self.changed(0, to: .string("swipe"), member: "GestureStarted") == nil)
        #expect(Self.changed(6, to: .string(""), member: "GestureEnded")?.binding == nil)
        #expect(Self.changed(4, to: .uint64(7), member: "GestureBegan")?.phase == .began)
    }

    /// On a real bus the follower hears the owner of the service's name, in order, and not
    /// another program sending the same signal.
    @Test(.enabled(if: RequiredInput.runs(ifPresent: TestDBusDaemon.unavailableReason == nil)))
    func theFollowerHearsOnlyTheServicesName() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let folder = ScratchFolder()
        defer { folder.remove() }
        let daemon = try TestDBusDaemon(in: folder)
        let follower = try GestureSignalFollower(target: .address(daemon.address))
        // Another connection, not owning the name, sends a well-formed GestureEnded.
        let impostor = try BusConnection(.address(daemon.address))
        try impostor.emit(Gestures1.emission(for: Self.reports[3]))
        try impostor.flush()
        try GestureBus.send(Self.reports, on: .address(daemon.address))

        var heard: [Gestures1Signal] = []
        var refused: [String] = []
        let descriptor = follower.connection.pollDescriptor.descriptor
        #expect(
            waitUntil {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, 0)
                guard let received = try? follower.receive() else { return true }
                heard += received.signals
                refused += received.refused
                return heard.count >= Self.reports.count
            })
        #expect(heard.count == Self.reports.count, "\(heard)")
        #expect(heard.map(\.phase) == Self.reports.map(\.phase))
        #expect(refused.isEmpty, "\(refused)")
    }
}
