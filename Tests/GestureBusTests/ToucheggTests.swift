import Foundation
import GestureBus
import GestureService
import SDBus
import TestSupport
import Testing

/// Touchégg's protocol as its clients see it: a GDBus client (as Gala and the x11gestures
/// extension are) connects peer to peer, introspects Touchégg's object and receives the
/// signals with Touchégg's signature `(uudiut)` and numbering. The address is a unique
/// abstract name, not `touchegg` itself, which belongs to the whole machine.
@Suite(.enabled(if: RequiredInput.runs(ifPresent: TestDBusDaemon.unavailableReason == nil)))
struct ToucheggTests {
    static func report(
        _ id: Int, _ kind: ServiceGestureReport.Kind, fingers: Int = 3,
        _ direction: ServiceGestureReport.Direction?, _ phase: ServiceGestureReport.Phase,
        elapsedMicroseconds: Int64
    ) -> ServiceGestureReport {
        ServiceGestureReport(
            id: id, kind: kind, fingers: fingers, direction: direction,
            edge: kind == .edgeSwipe ? .left : nil, phase: phase, startMicroseconds: 10_000_000,
            timeMicroseconds: 10_000_000 + elapsedMicroseconds)
    }

    @Test func aGDBusClientReceivesTouchéggsSignalsAndNumbering() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let folder = ScratchFolder()
        defer { folder.remove() }
        let address = uniqueAbstractAddress()
        let bus = try GestureBus(bus: nil, touchegg: address)
        let client = try BackgroundProgram(
            TestDBusDaemon.client("touchegg-client.py"), ["\(address)", "8"], in: folder,
            name: "client")
        #expect(
            pump(bus) { client.output.contains("ready") || !client.process.isRunning },
            "\(client.errors)")
        try #require(client.process.isRunning, "\(client.errors)")
        #expect(bus.touchegg?.clientCount == 1)

        for report in [
            Self.report(1, .swipe, .right, .began, elapsedMicroseconds: 30_000),
            Self.report(1, .swipe, .right, .updated(progress: 0.25), elapsedMicroseconds: 60_000),
            Self.report(1, .swipe, .right, .ended(cancelled: false), elapsedMicroseconds: 120_000),
            // No Touchégg equivalent: nothing is sent.
            Self.report(2, .longPress, fingers: 1, nil, .began, elapsedMicroseconds: 500_000),
            Self.report(
                2, .longPress, fingers: 1, nil, .ended(cancelled: false),
                elapsedMicroseconds: 900_000),
            // A tap's one report becomes Touchégg's begin and end, both at 100 %.
            Self.report(
                3, .tap, fingers: 2, nil, .ended(cancelled: false), elapsedMicroseconds: 90_000),
            // Cancelled: ends at 0 %, so a client undoes its animation.
            Self.report(4, .pinch, fingers: 2, .out, .began, elapsedMicroseconds: 40_000),
            Self.report(
                4, .pinch, fingers: 2, .out, .ended(cancelled: true), elapsedMicroseconds: 80_000),
            // An edge swipe is a swipe (Touchégg has no edges).
            Self.report(5, .edgeSwipe, fingers: 1, .up, .began, elapsedMicroseconds: 0),
        ] {
            try bus.publish(report)
        }
        #expect(pump(bus) { !client.process.isRunning }, "\(client.output)\(client.errors)")
        #expect(client.process.terminationStatus == 0, "\(client.errors)")

        let lines = jsonLines(client)
        let introspection = try #require(lines.first?["introspection"] as? String)
        #expect(introspection.contains("<interface name=\"io.github.joseexposito.Touchegg\">"))
        for signal in ["OnGestureBegin", "OnGestureUpdate", "OnGestureEnd"] {
            #expect(introspection.contains("<signal name=\"\(signal)\">"), "\(introspection)")
        }
        #expect(introspection.contains("<arg type=\"u\" name=\"performed_on_device_type\"/>"))
        let signals = Array(lines.dropFirst())
        try #require(signals.count == 8, "\(client.output)")
        for line in signals {
            #expect(line["interface"] as? String == "io.github.joseexposito.Touchegg")
            #expect(line["path"] as? String == "/io/github/joseexposito/Touchegg")
            #expect(line["signature"] as? String == "(uudiut)")
        }
        #expect(
            signals.map { $0["member"] as? String } == [
                "OnGestureBegin", "OnGestureUpdate", "OnGestureEnd",
                "OnGestureBegin", "OnGestureEnd",
                "OnGestureBegin", "OnGestureEnd",
                "OnGestureBegin",
            ])
        // (type, direction, percentage, fingers, device type 2 = touchscreen, elapsed ms)
        let arguments = signals.map { "\($0["args"] as? [Any] ?? [])" }
        let expected: [[Any]] = [
            [1, 4, 0.0, 3, 2, 30], [1, 4, 25.0, 3, 2, 60], [1, 4, 100.0, 3, 2, 120],
            [3, 0, 100.0, 2, 2, 90], [3, 0, 100.0, 2, 2, 90],
            [2, 6, 0.0, 2, 2, 40], [2, 6, 0.0, 2, 2, 80],
            [1, 1, 0.0, 1, 2, 0],
        ]
        #expect(arguments == expected.map { "\($0)" })
    }
}

/// The translation alone, and the server's life cycle without a client program.
struct ToucheggTranslatorTests {
    @Test func everyKindAndDirectionHasTouchéggsNumber() {
        #expect(ToucheggProtocol.gestureType(.swipe) == .swipe)
        #expect(ToucheggProtocol.gestureType(.edgeSwipe) == .swipe)
        #expect(ToucheggProtocol.gestureType(.pinch) == .pinch)
        #expect(ToucheggProtocol.gestureType(.tap) == .tap)
        #expect(ToucheggProtocol.gestureType(.longPress) == nil)
        #expect(ToucheggProtocol.GestureType.swipe.rawValue == 1)
        #expect(ToucheggProtocol.GestureType.pinch.rawValue == 2)
        #expect(ToucheggProtocol.GestureType.tap.rawValue == 3)
        let numbers = ServiceGestureReport.Direction.allCases.map {
            ToucheggProtocol.direction($0).rawValue
        }
        #expect(numbers == [1, 2, 3, 4, 5, 6])  // up down left right in out
        #expect(ToucheggProtocol.direction(nil).rawValue == 0)
        #expect(ToucheggProtocol.DeviceType.touchscreen.rawValue == 2)
        #expect(ToucheggProtocol.onGestureBegin.signature == "uudiut")
    }

    @Test func progressBecomesAPercentageClampedTo0Through100() {
        var translator = ToucheggTranslator()
        func update(_ progress: Double) -> BusValue? {
            translator.emissions(
                for: ToucheggTests.report(
                    1, .swipe, .up, .updated(progress: progress), elapsedMicroseconds: 1000)
            ).first?.values[2]
        }
        // An update before the begin is not sent.
        #expect(update(0.5) == nil)
        _ = translator.emissions(
            for: ToucheggTests.report(1, .swipe, .up, .began, elapsedMicroseconds: 0))
        #expect(update(0.5) == .double(50))
        #expect(update(1.5) == .double(100))
        #expect(update(-0.1) == .double(0))
        #expect(update(.nan) == .double(0))
        // Once ended, the gesture's updates are not sent.
        #expect(
            translator.emissions(
                for: ToucheggTests.report(
                    1, .swipe, .up, .ended(cancelled: false), elapsedMicroseconds: 2000)
            ).count == 1)
        #expect(update(0.7) == nil)
        // A cancelled gesture that never began sends nothing.
        #expect(
            translator.emissions(
                for: ToucheggTests.report(
                    2, .tap, nil, .ended(cancelled: true), elapsedMicroseconds: 0)
            ).isEmpty)
    }

    @Test func aSecondServerOnTheSameAddressFailsWithItsErrno() throws {
        let address = uniqueAbstractAddress()
        let first = try ToucheggServer(address: address)
        #expect(throws: BusError(operation: "listen on \(address)", errno: EADDRINUSE)) {
            try ToucheggServer(address: address)
        }
        _ = first
        #expect(PeerAddress(parsing: "unix:abstract=touchegg") == .abstract("touchegg"))
        #expect(PeerAddress(parsing: "unix:path=/run/x") == .path("/run/x"))
        #expect(PeerAddress(parsing: "tcp:host=localhost") == nil)
        #expect(PeerAddress(parsing: "unix:abstract=") == nil)
        #expect("\(PeerAddress.abstract("touchegg"))" == ToucheggProtocol.address)
    }
}
