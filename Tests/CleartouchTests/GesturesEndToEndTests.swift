import Foundation
import TestSupport
import Testing

/// `cleartouch gestures` with every part real at once: the recognizers and the bindings of
/// a configuration file, a real `dbus-daemon` with a real client (Debian's python3-dbus)
/// receiving the signals, and the bound command really run. Through a replay
/// (`--replay … --bus-address … --run`) and live under umockdev, on the eGalax that only
/// the direct path reads (libinput refuses it).
@Suite struct GesturesEndToEndTests {
    static let recordings = PackagePaths.root.appendingPathComponent("Recordings").path

    /// A configuration binding `gesture` to `touch FILE`.
    static func configuration(
        in folder: ScratchFolder, name: String, _ gesture: String, marker: String
    ) throws -> String {
        let path = folder.file("gestures.yaml")
        try """
        gestures:
          - name: \(name)
            \(gesture.split(separator: "\n").joined(separator: "\n    "))
            command: ["touch", "\(marker)"]

        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A bus of the test's own and a client listening on it (ready to hear).
    static func busWithClient(in folder: ScratchFolder) throws -> (
        TestDBusDaemon, BackgroundProgram
    ) {
        let daemon = try TestDBusDaemon(in: folder)
        let client = try BackgroundProgram(
            TestDBusDaemon.client("gestures1-client.py"), [daemon.address, "1000"], in: folder,
            name: "client")
        #expect(waitUntil { client.output.contains("ready") || !client.process.isRunning })
        return (daemon, client)
    }

    /// The client's signals so far: one JSON object per line.
    static func signals(_ client: BackgroundProgram) -> [[String: Any]] {
        client.outputLines.filter { $0.hasPrefix("{") }.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test func aReplayRunsTheBoundCommandAndSendsTheSignalsAClientReceives() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let folder = ScratchFolder()
        defer { folder.remove() }
        let marker = folder.file("ran-back")
        let config = try Self.configuration(
            in: folder, name: "back", "gesture: swipe\nfingers: 3\ndirection: left",
            marker: marker)
        let (daemon, client) = try Self.busWithClient(in: folder)
        defer {
            client.stop()
            daemon.stop()
        }
        let run = try runCommand(
            executable: executable,
            arguments: [
                "gestures", "--config", config, "--replay",
                Self.recordings + "/gestures-swipe-3-left.evemu", "--bus-address", daemon.address,
                "--run", "--json",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("\"binding\": \"back\""), "\(run.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: marker), "the bound command ran")
        #expect(run.standardError.contains("`touch \(marker)` (pid "), "\(run.standardError)")
        #expect(
            waitUntil {
                Self.signals(client).contains { ($0["member"] as? String) == "GestureEnded" }
            }, "\(client.output)\(client.errors)")
        let received = Self.signals(client)
        let members = received.compactMap { $0["member"] as? String }
        #expect(members.first == "GestureBegan", "\(members)")
        #expect(members.last == "GestureEnded", "\(members)")
        #expect(members.dropFirst().dropLast().allSatisfy { $0 == "GestureUpdated" })
        #expect(members.count >= 3, "continuous progress: \(members)")
        let ended = try #require(received.last?["args"] as? [Any])
        #expect(ended[0] as? String == "swipe")
        #expect(ended[1] as? Int == 3)
        #expect(ended[2] as? String == "left")
        #expect(ended[3] as? String == "")
        #expect(ended[5] as? Bool == false, "recognized, not cancelled")
        #expect(ended[6] as? String == "back")
        #expect(
            received.allSatisfy { $0["interface"] as? String == "io.github.cleartouch.Gestures1" })
        #expect(received.allSatisfy { $0["path"] as? String == "/io/github/cleartouch/Gestures1" })
        let progress = received.filter { ($0["member"] as? String) == "GestureUpdated" }
            .compactMap { ($0["args"] as? [Any])?[5] as? Double }
        #expect(progress == progress.sorted() && (progress.last ?? 0) >= 1, "\(progress)")
        // Progress follows the fingers (docs/gesture-service.md): the swipe (2.5 mm a frame,
        // 50 mm, twice back's 20 mm) begins at 12.5 mm and first updates at a third.
        let first = try #require(progress.first)
        #expect(first > 0.3 && first < 0.34, "\(progress)")
    }

    /// The example the package installs as /etc/cleartouch/gestures.yaml is read by the
    /// service's own reader and binds the bundled recordings' gestures.
    @Test func thePackagedExampleConfigurationLoads() throws {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let example = PackagePaths.root.appendingPathComponent("packaging/gestures.yaml").path
        let run = try runCommand(
            executable: executable,
            arguments: [
                "gestures", "--config", example, "--replay",
                Self.recordings + "/gestures-swipe-3-left.evemu", "--json",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("\"binding\": \""), "\(run.standardOutput)")
    }

    @Test func withoutRunAReplayRunsNoCommand() throws {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let folder = ScratchFolder()
        defer { folder.remove() }
        let marker = folder.file("ran-back")
        let config = try Self.configuration(
            in: folder, name: "back", "gesture: swipe\nfingers: 3\ndirection: left",
            marker: marker)
        let run = try runCommand(
            executable: executable,
            arguments: [
                "gestures", "--config", config, "--replay",
                Self.recordings + "/gestures-swipe-3-left.evemu", "--json",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("\"binding\": \"back\""))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// Live, the seat's eGalax (a one-finger panel libinput refuses; the direct path reads
    /// it): its swipe is recognized, the binding's command runs, the client hears it.
    @Test(.enabled(if: UmockdevHarness.runs, "\(UmockdevHarness.unavailableReason ?? "")"))
    func liveTheEGalaxOnTheDirectPathSwipesRunsItsCommandAndSignals() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let folder = ScratchFolder()
        defer { folder.remove() }
        let marker = folder.file("ran-next")
        let config = try Self.configuration(
            in: folder, name: "next", "gesture: swipe\nfingers: 1\ndirection: right",
            marker: marker)
        let (daemon, client) = try Self.busWithClient(in: folder)
        defer {
            client.stop()
            daemon.stop()
        }
        let egalax = UmockdevHarness.Device.egalaxSwipe
        let run = try UmockdevHarness.run(
            [egalax],
            command: [
                UmockdevHarness.cleartouch, "gestures", "--config", config, "--bus-address",
                daemon.address, "--duration", "20", egalax.node,
            ])
        #expect(run.status == 0, "\(run.standardError)")
        // libinput refuses it; the direct path reads it.
        #expect(run.standardError.contains("Ignoring this device"), "\(run.standardError)")
        #expect(run.standardError.contains("watching \(egalax.node) (1 device)"))
        let lines = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("gesture ") }
        #expect(
            lines.last == "gesture 1 swipe recognized fingers 1 direction right binding next",
            "\(run.standardOutput)\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: marker), "\(run.standardError)")
        #expect(
            waitUntil {
                Self.signals(client).contains { ($0["member"] as? String) == "GestureEnded" }
            }, "\(client.output)\(client.errors)")
        let ended = try #require(Self.signals(client).last?["args"] as? [Any])
        #expect(ended[0] as? String == "swipe" && ended[2] as? String == "right")
        #expect(ended[6] as? String == "next")
    }
}
