import Foundation
import TestSupport
import Testing

/// `cleartouch app` with an eGalax panel libinput refuses (docs/devices.md): the app reads
/// it directly, says so, and a swipe on it completes a row.
@Suite struct KioskOneFingerPanelTests {
    static let fixtures = UmockdevHarness.fixtures

    @Test func anEGalaxSwipeCompletesARowInTheApp() throws {
        let (items, log) = try Self.swipeInTheApp(options: [])
        #expect(items.count == 12, "\(log)")
        #expect(items[2]["completed"] as? Bool == true, "\(log)")
    }

    /// The app turns and calibrates the directly read panel's touches as `replay` does
    /// (the same decoder transform): turned 180°, the swipe runs right to left across
    /// the ninth row and deletes it; mirrored on both axes by the calibration as well, it
    /// is the plain swipe again.
    @Test func theAppTurnsAndCalibratesTheDirectlyReadPanel() throws {
        let (turned, turnedLog) = try Self.swipeInTheApp(options: ["--rotate", "180"])
        #expect(turned.count == 11, "\(turnedLog)")
        #expect(!turned.contains { $0["text"] as? String == "learn to draw" }, "\(turnedLog)")
        #expect(turned.allSatisfy { $0["completed"] as? Bool == false })

        let (both, bothLog) = try Self.swipeInTheApp(options: [
            "--rotate", "180", "--calibration", "-1 0 1 0 -1 1",
        ])
        #expect(both.count == 12, "\(bothLog)")
        #expect(both[2]["completed"] as? Bool == true, "\(bothLog)")
    }

    /// Runs the app on the eGalax swiping across the third row (with `options`) until it
    /// saves; the saved items and the app's log.
    static func swipeInTheApp(options: [String]) throws -> (items: [[String: Any]], log: String) {
        guard FileManager.default.isExecutableFile(atPath: KioskLibInputTests.umockdevRun) else {
            try RequiredInput.missing("umockdev-run is not installed (Debian package umockdev)")
        }
        let (cleartouch, mockdev, preload, display) = try KioskLibInputTests.umockdevAppTools()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-app-egalax-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let prefix = directory.appendingPathComponent("event61").path
        let listPath = directory.appendingPathComponent("list.json").path
        try runProgram(
            mockdev,
            [
                "device", Self.fixtures.appendingPathComponent("egalax.evemu").path, prefix,
                "--event", "61", "--dmi",
            ])
        try runProgram(
            mockdev,
            [
                "script", Self.fixtures.appendingPathComponent("egalax-swipe.evemu").path,
                prefix + ".script",
            ])
        let node = "/dev/input/event61"
        let app = try AppProcess(
            command: [
                KioskLibInputTests.umockdevRun, "-d", prefix + ".umockdev", "-i",
                "\(node)=\(prefix).ioctl", "-s", "\(node)=\(prefix).script", "--", cleartouch,
                "app",
                "--screen", "1080x1920", "--list", listPath, "--umockdev-barrier", node,
            ] + options + [node],
            environment: ["DISPLAY": display.display, "LD_PRELOAD": preload],
            logPath: directory.appendingPathComponent("app.log").path)
        defer { app.terminateUnderUmockdev() }
        #expect(
            app.waitForLog(
                "device event61 eGalax Inc. USB TouchController Touchscreen: direct (libinput refused it; tablet-class touch panel)"
            ), "\(app.log)")
        let saved = waitUntil {
            app.log.contains("cleartouch app: saved") || !app.process.isRunning
        }
        #expect(saved, "\(app.log)")
        #expect(!app.log.contains("falling back"))
        let data = try Data(contentsOf: URL(fileURLWithPath: listPath))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (try #require(object["items"] as? [[String: Any]]), app.log)
    }
}
