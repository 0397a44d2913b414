import Foundation
import TestSupport
import Testing

/// `cleartouch app` taking its touches from real libinput: an emulated touchscreen under
/// umockdev plays a scripted session (cleartouch-umockdev's `ts-clear-session`) into the
/// app running in an Xvfb window.
@Suite struct KioskLibInputTests {
    @Test func libinputTouchesCompleteAndDeleteRowsAndTheListIsSaved() throws {
        let run = try UmockdevApp(
            [
                .init(
                    description: "touchscreen.evemu", eventNumber: 50,
                    session: "ts-clear-session.evemu")
            ],
            // The session's pull (about 860 px) is past 4H, which now closes the list: kept
            // on its one list, the pull adds, as this test was written for.
            arguments: ["--levels", "items"])
        let app = run.app
        #expect(
            app.waitForLog("input: libinput (touchscreen ClearTouch Mock Touchscreen)"),
            "\(app.log)")
        // Pan right completes row 2, pan left deletes row 4, a pull adds an item at the top
        // (its editing ends on the tap: it is empty, so it goes), a pinch adds one between
        // rows 6 and 7 and starts editing it: five saves.
        #expect(run.waitForSaves(5), "\(app.log)")
        let items = try run.savedItems()
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
