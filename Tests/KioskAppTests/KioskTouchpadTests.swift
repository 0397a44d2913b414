import Foundation
import TestSupport
import Testing

/// `cleartouch app` on a touchpad through real libinput: the emulated touchpad plays
/// `tp-session` (pointer motion, a two-finger horizontal then vertical scroll, a pinch
/// out, a three-finger swipe). libinput ends each gesture only when its queue is drained
/// and flushed (`LiveInput.drain`); `replay --via-libinput` of the same session gives
/// "complete 5", "add 0", "edit-begin 0" (RecorderTests' ReplayComparisonTests), and the
/// app must save that list.
@Suite struct KioskTouchpadTests {
    @Test func aTouchpadSessionThroughLibinputCompletesARowAddsAnItemAndIsSaved() throws {
        let run = try UmockdevApp([
            .init(description: "touchpad.evemu", eventNumber: 51, session: "tp-session.evemu")
        ])
        let app = run.app
        defer { app.terminateUnderUmockdev() }  // the app is umockdev-run's child
        #expect(
            app.waitForLog("input: libinput (touchpad ClearTouch Mock Touchpad)"), "\(app.log)")
        // The horizontal scroll completes row 5 (a save), the pinch out adds an item at the
        // top and starts editing it (a save).
        #expect(run.waitForSaves(2), "\(app.log)")
        let items = try run.savedItems()
        let texts = items.compactMap { $0["text"] as? String }
        #expect(items.count == 13, "\(app.log)")
        #expect(texts.first == "", "the pinched-in item, being edited")
        let completed = items.filter { $0["completed"] as? Bool == true }
        #expect(completed.compactMap { $0["text"] as? String } == ["darn holes in socks"])
        #expect(!app.log.contains("falling back"))
    }
}
