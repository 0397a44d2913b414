import Foundation
import GestureBus
import GestureService
import SDBus
import TestSupport
import Testing

/// `io.github.cleartouch.Gestures1` on a real `dbus-daemon` started by the test, received
/// by a real client (Debian's python3-dbus, as a user's script would be): names,
/// signatures and values exactly as the contract gives them.
@Suite(.enabled(if: RequiredInput.runs(ifPresent: TestDBusDaemon.unavailableReason == nil)))
struct GestureSignalTests {
    static func swipe(_ phase: ServiceGestureReport.Phase, at time: Int64) -> ServiceGestureReport {
        ServiceGestureReport(
            id: 7, kind: .swipe, fingers: 3, direction: .left, edge: nil, phase: phase,
            startMicroseconds: 1_000_000, timeMicroseconds: time, binding: "back",
            command: ["true"])
    }

    @Test func aClientReceivesEverySignalWithItsSignatureAndValues() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let folder = ScratchFolder()
        defer { folder.remove() }
        let daemon = try TestDBusDaemon(in: folder)
        let client = try BackgroundProgram(
            TestDBusDaemon.client("gestures1-client.py"), [daemon.address, "5"], in: folder,
            name: "client")
        #expect(waitUntil { client.output.contains("ready") || !client.process.isRunning })
        try #require(client.process.isRunning, "\(client.errors)")

        let bus = try GestureBus(bus: .address(daemon.address))
        let tap = ServiceGestureReport(
            id: 8, kind: .tap, fingers: 1, direction: nil, edge: nil,
            phase: .ended(cancelled: false),
            startMicroseconds: 5_000_000, timeMicroseconds: 5_080_000)
        let edge = ServiceGestureReport(
            id: 9, kind: .edgeSwipe, fingers: 1, direction: .up, edge: .bottom,
            phase: .ended(cancelled: true), startMicroseconds: 6_000_000,
            timeMicroseconds: 6_200_000, binding: "home")
        for report in [
            Self.swipe(.began, at: 1_050_000), Self.swipe(.updated(progress: 0.5), at: 1_100_000),
            Self.swipe(.ended(cancelled: false), at: 1_200_000), tap, edge,
        ] {
            try bus.publish(report)
        }
        #expect(pump(bus) { !client.process.isRunning }, "\(client.output)\(client.errors)")
        #expect(client.process.terminationStatus == 0, "\(client.errors)")

        let lines = jsonLines(client)
        try #require(lines.count == 5, "\(client.output)")
        for line in lines {
            #expect(line["interface"] as? String == "io.github.cleartouch.Gestures1")
            #expect(line["path"] as? String == "/io/github/cleartouch/Gestures1")
            // Sent by the connection that owns the well-known name.
            #expect(line["from_owner"] as? Bool == true)
        }
        #expect(
            lines.map { $0["member"] as? String } == [
                "GestureBegan", "GestureUpdated", "GestureEnded", "GestureEnded", "GestureEnded",
            ])
        #expect(
            lines.map { $0["signature"] as? String } == [
                "susst", "susstd", "susstbs", "susstbs", "susstbs",
            ])
        func arguments(_ index: Int) -> String { "\(lines[index]["args"] as? [Any] ?? [])" }
        #expect(arguments(0) == "\(["swipe", 3, "left", "", 1_050_000] as [Any])")
        #expect(arguments(1) == "\(["swipe", 3, "left", "", 1_100_000, 0.5] as [Any])")
        // (Foundation reads JSON booleans as 0 and 1; the signature says they are `b`.)
        #expect(arguments(2) == "\(["swipe", 3, "left", "", 1_200_000, 0, "back"] as [Any])")
        // Null in the JSON: an empty string on the bus.
        #expect(arguments(3) == "\(["tap", 1, "", "", 5_080_000, 0, ""] as [Any])")
        #expect(
            arguments(4) == "\(["edge-swipe", 1, "up", "bottom", 6_200_000, 1, "home"] as [Any])")
    }

    /// A replay's reports (`--replay … --bus-address`): sent in order, all on the bus when
    /// `send` returns.
    @Test func aReplaySendsEveryReportBeforeItReturns() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let folder = ScratchFolder()
        defer { folder.remove() }
        let daemon = try TestDBusDaemon(in: folder)
        let count = 200
        let client = try BackgroundProgram(
            TestDBusDaemon.client("gestures1-client.py"), [daemon.address, String(count)],
            in: folder, name: "client")
        #expect(waitUntil { client.output.contains("ready") || !client.process.isRunning })
        let reports = (0..<count).map { index in
            Self.swipe(
                .updated(progress: Double(index) / Double(count)), at: 2_000_000 + Int64(index))
        }
        try GestureBus.send(reports, on: .address(daemon.address))
        #expect(waitUntil { !client.process.isRunning }, "\(client.errors)")
        #expect(client.process.terminationStatus == 0, "\(client.errors)")
        let times = jsonLines(client).compactMap { ($0["args"] as? [Any])?[4] as? Int }
        #expect(times == (0..<count).map { 2_000_000 + $0 })
    }

    /// `busctl introspect` (sd-bus's own client) sees the object with the three signals
    /// and their argument names.
    @Test func introspectionListsTheSignalsWithTheirArguments() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let folder = ScratchFolder()
        defer { folder.remove() }
        let daemon = try TestDBusDaemon(in: folder)
        let bus = try GestureBus(bus: .address(daemon.address))
        let busctl = try BackgroundProgram(
            "/usr/bin/busctl",
            [
                "--address=\(daemon.address)", "introspect", "--xml-interface",
                Gestures1.busName, Gestures1.objectPath,
            ], in: folder, name: "busctl")
        #expect(pump(bus) { !busctl.process.isRunning })
        #expect(busctl.process.terminationStatus == 0, "\(busctl.errors)")
        let xml = busctl.output
        #expect(xml.contains("<interface name=\"io.github.cleartouch.Gestures1\">"), "\(xml)")
        for signal in ["GestureBegan", "GestureUpdated", "GestureEnded"] {
            #expect(xml.contains("<signal name=\"\(signal)\">"), "\(xml)")
        }
        for argument in [
            "<arg type=\"s\" name=\"gesture\"/>", "<arg type=\"u\" name=\"fingers\"/>",
            "<arg type=\"t\" name=\"time_us\"/>", "<arg type=\"d\" name=\"progress\"/>",
            "<arg type=\"b\" name=\"cancelled\"/>", "<arg type=\"s\" name=\"binding\"/>",
        ] {
            #expect(xml.contains(argument), "\(argument) in \(xml)")
        }
    }

    /// A bus name already taken, and a bus that is not there: the error says which sd-bus
    /// call failed and sd-bus's errno text.
    @Test func failuresCarrySdBusErrnoText() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let folder = ScratchFolder()
        defer { folder.remove() }
        #expect(
            throws: BusError(
                operation: "sd_bus_start unix:path=\(folder.file("none"))", errno: ENOENT)
        ) {
            try GestureBus(bus: .address("unix:path=\(folder.file("none"))"))
        }
        #expect(
            "\(BusError(operation: "sd_bus_start unix:path=/x", errno: ENOENT))"
                == "sd_bus_start unix:path=/x: No such file or directory")
        let daemon = try TestDBusDaemon(in: folder)
        let first = try GestureBus(bus: .address(daemon.address))
        #expect(
            throws: BusError(operation: "sd_bus_request_name \(Gestures1.busName)", errno: EEXIST)
        ) {
            try GestureBus(bus: .address(daemon.address))
        }
        _ = first
    }

    /// The package's D-Bus policy file on a bus that, like the system bus, lets nobody own
    /// a name by default: root may own the service's name, another user may not.
    @Test func thePackagesPolicyLetsRootOwnTheName() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let folder = ScratchFolder()
        defer { folder.remove() }
        let policy = PackagePaths.root.appendingPathComponent(
            "packaging/io.github.cleartouch.Gestures1.conf"
        ).path
        let daemon = try TestDBusDaemon(in: folder, policy: policy, allowEveryOwner: false)
        if getuid() == 0 {
            let bus = try GestureBus(bus: .address(daemon.address))
            _ = bus
        } else {
            #expect(throws: BusError.self) { try GestureBus(bus: .address(daemon.address)) }
        }
        // Any other name stays refused.
        let other = try BackgroundProgram(
            "/usr/bin/python3",
            [
                "-c",
                "import dbus.bus,sys; b=dbus.bus.BusConnection(sys.argv[1]); b.request_name('io.github.cleartouch.Other')",
                daemon.address,
            ], in: folder, name: "other")
        other.process.waitUntilExit()
        #expect(other.process.terminationStatus != 0)
        #expect(other.errors.contains("AccessDenied"), "\(other.errors)")
    }
}
