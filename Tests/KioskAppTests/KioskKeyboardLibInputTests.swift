import Foundation
import TestSupport
import Testing

/// `--keyboard auto` in the app with real libinput under umockdev: an emulated touchscreen
/// adds an item with a pull, then taps where the on-screen keyboard would be. With an
/// emulated physical keyboard on the seat too, no on-screen keyboard shows and the tap
/// ends the editing (the empty item goes); without one the keyboard takes the tap.
@Suite(.serialized) struct KioskKeyboardLibInputTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/umockdev")

    /// Runs the session; returns the saved items' count when the app stops and its log.
    func run(withPhysicalKeyboard keyboard: Bool) throws -> (items: Int, log: String) {
        guard FileManager.default.isExecutableFile(atPath: KioskLibInputTests.umockdevRun) else {
            try RequiredInput.missing("umockdev-run is not installed (Debian package umockdev)")
        }
        let cleartouch = try #require(cleartouchExecutable(), "build cleartouch first")
        let products = URL(fileURLWithPath: cleartouch).deletingLastPathComponent()
        let mockdev = products.appendingPathComponent("cleartouch-mockdev").path
        let preload = products.appendingPathComponent("libUmockdevFixup.so").path
        try #require(
            FileManager.default.isExecutableFile(atPath: mockdev), "build cleartouch-mockdev first")
        let display: VirtualDisplay
        do {
            display = try VirtualDisplay()
        } catch {
            try RequiredInput.missing("\(error.reason)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-app-keyboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let touch = directory.appendingPathComponent("event50").path
        let session = directory.appendingPathComponent("session.evemu").path
        let listPath = directory.appendingPathComponent("list.json").path
        let tracePath = directory.appendingPathComponent("session.trace").path
        try runProgram(
            mockdev,
            [
                "device", Self.fixtures.appendingPathComponent("touchscreen.evemu").path, touch,
                "--event", "50", "--dmi",
            ])
        try runProgram(mockdev, ["scenario", "ts-edit-tap-keyboard-area", session])
        try runProgram(mockdev, ["script", session, touch + ".script"])
        var umockdev = [
            KioskLibInputTests.umockdevRun, "-d", touch + ".umockdev", "-i",
            "/dev/input/event50=\(touch).ioctl", "-s", "/dev/input/event50=\(touch).script",
        ]
        var nodes = ["/dev/input/event50"]
        if keyboard {
            let keys = directory.appendingPathComponent("event53").path
            try runProgram(
                mockdev,
                [
                    "device", Self.fixtures.appendingPathComponent("keyboard.evemu").path, keys,
                    "--event", "53",
                ])
            umockdev += ["-d", keys + ".umockdev", "-i", "/dev/input/event53=\(keys).ioctl"]
            nodes.append("/dev/input/event53")
        }
        let app = try AppProcess(
            command: umockdev + [
                "--", cleartouch, "app", "--screen", "1080x1920", "--list", listPath,
                "--keyboard", "auto", "--keyboard-layout", "us", "--record", tracePath,
                "--umockdev-barrier", "/dev/input/event50",
            ] + nodes,
            environment: ["DISPLAY": display.display, "LD_PRELOAD": preload],
            logPath: directory.appendingPathComponent("app.log").path)
        #expect(app.waitForLog("input: libinput"), "\(app.log)")
        // The pull's add is saved (13 items); with a physical keyboard the tap then ends
        // the editing and the empty item is deleted (12).
        let saves = keyboard ? 2 : 1
        let played = waitUntil {
            app.log.components(separatedBy: "cleartouch app: saved").count - 1 >= saves
                || !app.process.isRunning
        }
        #expect(played, "\(app.log)")
        // The app records each event right after handling it (and saves before the next):
        // once the tap's lift (the second `up`) is in the trace, its effect is final.
        let tapHandled = waitUntil {
            let trace = (try? String(contentsOfFile: tracePath, encoding: .utf8)) ?? ""
            return trace.components(separatedBy: " up ").count - 1 >= 2
        }
        #expect(tapHandled, "\(app.log)")
        let trace = (try? String(contentsOfFile: tracePath, encoding: .utf8)) ?? ""
        #expect(trace.contains("\nkeyboard auto us\n"))

        app.terminateUnderUmockdev()  // the app is umockdev-run's child
        let data = try Data(contentsOf: URL(fileURLWithPath: listPath))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        return (items.count, app.log)
    }

    @Test func withAPhysicalKeyboardAutoShowsNoneAndTheTapEndsEditing() throws {
        let run = try run(withPhysicalKeyboard: true)
        #expect(run.items == 12, "\(run.log)")
    }

    @Test func withoutOneTheOnScreenKeyboardTakesTheTap() throws {
        let run = try run(withPhysicalKeyboard: false)
        #expect(run.items == 13, "the added item is still being edited:\n\(run.log)")
    }
}
