import Foundation
import TestSupport
import Testing

/// `cleartouch app` taking its touches from real libinput: an emulated touchscreen under
/// umockdev plays a scripted session (cleartouch-mockdev's `ts-clear-session`) into the
/// app running in an Xvfb window.
@Suite struct KioskLibInputTests {
    static let umockdevRun = "/usr/bin/umockdev-run"
    /// The libinput helper's evemu description of its mock touchscreen (315 × 177 mm).
    static let touchscreenDescription = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Fixtures/umockdev/touchscreen.evemu"
        ).path

    /// The built cleartouch, cleartouch-mockdev, the fix-up preload and an Xvfb display;
    /// cancels the test when the display cannot start.
    static func umockdevAppTools() throws -> (
        cleartouch: String, mockdev: String, preload: String, display: VirtualDisplay
    ) {
        let cleartouch = try #require(cleartouchExecutable(), "build cleartouch first")
        let products = URL(fileURLWithPath: cleartouch).deletingLastPathComponent()
        let mockdev = products.appendingPathComponent("cleartouch-mockdev").path
        let preload = products.appendingPathComponent("libUmockdevFixup.so").path
        try #require(
            FileManager.default.isExecutableFile(atPath: mockdev), "build cleartouch-mockdev first")
        do {
            return (cleartouch, mockdev, preload, try VirtualDisplay())
        } catch {
            try RequiredInput.missing("\(error.reason)")
        }
    }

    @Test func libinputTouchesCompleteAndDeleteRowsAndTheListIsSaved() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.umockdevRun) else {
            try RequiredInput.missing("umockdev-run is not installed (Debian package umockdev)")
        }
        guard FileManager.default.fileExists(atPath: Self.touchscreenDescription) else {
            try RequiredInput.missing(
                "no touchscreen description at \(Self.touchscreenDescription)")
        }
        let (cleartouch, mockdev, preload, display) = try Self.umockdevAppTools()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-app-libinput-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let prefix = directory.appendingPathComponent("event50").path
        let session = directory.appendingPathComponent("session.evemu").path
        let listPath = directory.appendingPathComponent("list.json").path
        try runProgram(
            mockdev, ["device", Self.touchscreenDescription, prefix, "--event", "50", "--dmi"])
        try runProgram(mockdev, ["scenario", "ts-clear-session", session])
        try runProgram(mockdev, ["script", session, prefix + ".script"])

        let node = "/dev/input/event50"
        let app = try AppProcess(
            command: [
                Self.umockdevRun, "-d", prefix + ".umockdev", "-i", "\(node)=\(prefix).ioctl", "-s",
                "\(node)=\(prefix).script", "--", cleartouch, "app", "--screen", "1080x1920",
                "--list", listPath, "--umockdev-barrier", node, node,
            ],
            environment: ["DISPLAY": display.display, "LD_PRELOAD": preload],
            logPath: directory.appendingPathComponent("app.log").path)
        #expect(
            app.waitForLog("input: libinput (touchscreen ClearTouch Mock Touchscreen)"),
            "\(app.log)")
        // Pan right completes row 2, pan left deletes row 4, a pull adds an item at the top
        // (its editing ends on the tap: it is empty, so it goes), a pinch adds one between
        // rows 6 and 7 and starts editing it: five saves.
        let sessionPlayed = waitUntil {
            app.log.components(separatedBy: "cleartouch app: saved").count - 1 >= 5
                || !app.process.isRunning
        }
        #expect(sessionPlayed, "\(app.log)")
        let data = try Data(contentsOf: URL(fileURLWithPath: listPath))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        let texts = items.compactMap { $0["text"] as? String }
        #expect(items.count == 12)
        #expect(
            items[2]["text"] as? String == "watch WWDC videos"
                && items[2]["completed"] as? Bool == true)
        #expect(!texts.contains("buy a new iPhone"))
        #expect(texts.filter(\.isEmpty).count == 1, "the pinched-in item, being edited")
        #expect(!app.log.contains("falling back"))
        app.terminateUnderUmockdev()  // the app is umockdev-run's child
    }
}
