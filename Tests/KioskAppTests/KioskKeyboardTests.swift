import ClearRendering
import Foundation
import TestSupport
import Testing

/// The on-screen keyboard in the real app under Xvfb: typing by taps (mouse clicks, the
/// window's mouse as one finger).
extension KioskWindowTests {
    /// The centres of the keys `cleartouch keyboard --json` reports for the app's screen.
    func keyCentres() throws -> [String: (x: Int, y: Int)] {
        let executable = try #require(cleartouchExecutable())
        let json = try runProgram(
            executable, ["keyboard", "--json", "--screen", "360x640", "--keyboard-layout", "us"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var centres: [String: (x: Int, y: Int)] = [:]
        for key in try #require(object["keys"] as? [[String: Any]]) {
            guard let name = key["key"] as? String, let x = key["x"] as? Double,
                let y = key["y"] as? Double, let width = key["width"] as? Double,
                let height = key["height"] as? Double
            else { continue }
            centres[name] = (Int(x + width / 2), Int(y + height / 2))
        }
        return centres
    }

    @Test func typingByTapsOnTheOnScreenKeyboard() throws {
        let display = try startDisplay()
        let tracePath = directory.appendingPathComponent("keyboard.trace").path
        let app = try startApp(
            on: display, logName: "keyboard.log",
            extraArguments: ["--keyboard", "on", "--keyboard-layout", "us", "--record", tracePath])
        let keys = try keyCentres()
        let window = try appWindow(display)
        func click(_ x: Int, _ y: Int) throws {
            try display.xdotool([
                "mousemove", "--window", window.id, String(x), String(y), "click", "1",
            ])
        }
        // Tap row 1 to edit it; the keyboard slides up. It is fully shown once its panel
        // (near-black, 20/255) shows in the gap just above q, where the list was.
        try click(100, Self.rowHeight + Self.rowHeight / 2)
        let q = try #require(keys["q"])
        let shown = waitUntil {
            (try? display.screenshot().pixel(x: window.x + q.x, y: window.y + q.y - 25))
                .map { (18...22).contains(Int($0.red)) && $0.red == $0.blue } ?? false
        }
        #expect(shown, "no keyboard panel at the bottom:\n\(app.log)")
        for name in ["shift", "o", "k", "space", "symbols"] {
            let key = try #require(keys[name])
            try click(key.x, key.y)
        }
        // The symbols layer: "1" where it is in that layer (`keyboard --json` is the base
        // layer): the first key of the top row, where q was.
        try click(q.x, q.y)
        let back = try #require(keys["symbols"])
        try click(back.x, back.y)
        let returnKey = try #require(keys["return"])
        try click(returnKey.x, returnKey.y)
        let edited = waitUntil {
            (try? savedItems())?.dropFirst().first?["text"] as? String == "buy eggsOk 1"
        }
        #expect(
            edited,
            "saved \(String(describing: (try? savedItems())?.dropFirst().first)):\n\(app.log)")
        app.kill(signal: SIGTERM)

        // The recording says the keyboard was on, so replay types the same.
        let executable = try #require(cleartouchExecutable())
        let json = try runProgram(executable, ["replay", tracePath, "--json"])
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let items = try #require(result["items"] as? [[String: Any]])
        #expect(items.dropFirst().first?["text"] as? String == "buy eggsOk 1")
    }
}
