import Foundation
import TestSupport
import Testing

/// `cleartouch app` with an eGalax panel libinput refuses (docs/devices.md): the app reads
/// it directly, says so, and a swipe on it completes a row.
@Suite struct KioskOneFingerPanelTests {
    static let fixtures = UmockdevHarness.fixtures

    @Test func anEGalaxSwipeCompletesARowInTheApp() throws {
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
                "--screen", "1080x1920", "--list", listPath, "--umockdev-barrier", node, node,
            ],
            environment: ["DISPLAY": display.display, "LD_PRELOAD": preload],
            logPath: directory.appendingPathComponent("app.log").path)
        defer {
            let pid = app.process.processIdentifier
            let children =
                (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8))
                ?? ""
            for child in children.split(separator: " ").compactMap({
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }) {
                kill(child, SIGTERM)
            }
            app.kill(signal: SIGTERM)
        }
        #expect(
            app.waitForLog(
                "device event61 eGalax Inc. USB TouchController Touchscreen: direct (libinput refused it; tablet-class touch panel)"
            ), "\(app.log)")
        let saved = waitUntil {
            app.log.contains("cleartouch app: saved") || !app.process.isRunning
        }
        #expect(saved, "\(app.log)")
        let data = try Data(contentsOf: URL(fileURLWithPath: listPath))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items[2]["completed"] as? Bool == true, "\(app.log)")
        #expect(!app.log.contains("falling back"))
    }
}
