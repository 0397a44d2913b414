import Foundation
import TestSupport
import Testing

/// `cleartouch app` with an eGalax panel libinput refuses (docs/devices.md): the app reads
/// it directly, says so, and a swipe on it completes a row.
@Suite struct KioskOneFingerPanelTests {
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
        let run = try UmockdevApp([.egalaxSwipe], arguments: options)
        let app = run.app
        defer { app.terminateUnderUmockdev() }
        #expect(
            app.waitForLog(
                "device event61 eGalax Inc. USB TouchController Touchscreen: direct (libinput refused it; tablet-class touch panel)"
            ), "\(app.log)")
        #expect(run.waitForSaves(1), "\(app.log)")
        #expect(!app.log.contains("falling back"))
        return (try run.savedItems(), app.log)
    }
}
