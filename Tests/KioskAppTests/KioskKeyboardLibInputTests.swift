import Foundation
import TestSupport
import Testing

/// `--keyboard auto` in the app with real libinput under umockdev: an emulated touchscreen
/// adds an item with a pull, then taps where the on-screen keyboard would be. With an
/// emulated physical keyboard on the seat too, no on-screen keyboard shows and the tap
/// ends the editing (the empty item goes); without one the keyboard takes the tap.
@Suite(.serialized) struct KioskKeyboardLibInputTests {
    /// Runs the session; returns the saved items' count when the app stops and its log.
    func run(withPhysicalKeyboard keyboard: Bool) throws -> (items: Int, log: String) {
        var devices: [UmockdevHarness.Device] = [
            .init(
                description: "touchscreen.evemu", eventNumber: 50,
                scenario: "ts-edit-tap-keyboard-area")
        ]
        if keyboard { devices.append(.init(description: "keyboard.evemu", eventNumber: 53)) }
        let tracePath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-app-keyboard-\(UUID().uuidString).trace"
        ).path
        defer { unlink(tracePath) }
        let run = try UmockdevApp(
            devices,
            // --levels items: the session's pull (about 860 px) is past 4H, and should add.
            arguments: [
                "--keyboard", "auto", "--keyboard-layout", "us", "--record", tracePath,
                "--levels", "items",
            ])
        let app = run.app
        #expect(app.waitForLog("input: libinput"), "\(app.log)")
        // The pull's add is saved (13 items); with a physical keyboard the tap then ends
        // the editing and the empty item is deleted (12).
        #expect(run.waitForSaves(keyboard ? 2 : 1), "\(app.log)")
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
        return (try run.savedItems().count, app.log)
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
