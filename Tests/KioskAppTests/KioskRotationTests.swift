import ClearPictures
import ClearRendering
import Foundation
import TestSupport
import Testing

/// `cleartouch app --rotate 90` full screen on a 1920×1080 (landscape-native) Xvfb screen:
/// the layout is 1080×1920 upright, drawn turned so it reads upright on the turned panel,
/// and a drag lands where the finger is (issue 11, part 4).
@Suite(.serialized) struct KioskRotationTests {
    /// The upright layout: 1080 wide, H = round(1080·50/320) = 169.
    static let layoutWidth = 1080
    static let rowHeight = 169

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-rotate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The native screen pixel showing the upright layout point (u, v) for 90°: (v, W − u).
    static func native(u: Int, v: Int) -> (x: Int, y: Int) { (v, layoutWidth - u) }

    static func isNear(_ pixel: Pixel, _ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Bool {
        abs(Int(pixel.red) - Int(red)) <= 2 && abs(Int(pixel.green) - Int(green)) <= 2
            && abs(Int(pixel.blue) - Int(blue)) <= 2
    }

    @Test func rotated90TheLayoutReadsUprightAndTouchesLandUnderTheFinger() throws {
        let display: VirtualDisplay
        do {
            display = try VirtualDisplay(width: 1920, height: 1080)
        } catch {
            try RequiredInput.missing("\(error.reason)")
        }
        let executable = try #require(
            cleartouchExecutable(), "build cleartouch first (swift build --build-tests builds it)")
        let listPath = directory.appendingPathComponent("list.json").path
        let app = try AppProcess(
            executable: executable,
            arguments: ["--fullscreen", "--rotate", "90", "--window-input", "--list", listPath],
            display: display.display, logPath: directory.appendingPathComponent("app.log").path)
        defer { app.kill(signal: SIGTERM) }
        #expect(app.waitForLog("ready"), "the app did not draw its first frame:\n\(app.log)")
        // The layout defaults to the display's size with W and H swapped.
        #expect(app.log.contains("1080x1920 in a 1920x1080 window"), "\(app.log)")

        // Row 0's clear-gloss line at the right of the layout (u = 1050, v = 160) is pure red;
        // on the turned panel it is at the native left edge, near the top.
        let gloss = Int(0.95 * Double(Self.rowHeight) - 0.5)
        let row0 = Self.native(u: 1050, v: gloss)
        let screenshot = try display.screenshot()
        let row0Pixel = screenshot.pixel(x: row0.x, y: row0.y)
        let red = try #require(row0Pixel)
        #expect(Self.isNear(red, 255, 0, 0), "row 0 is \(red) at native \(row0)")
        // The upright layout's row 10 (v = 1850) sits at the native right edge, orange.
        let last = Self.native(u: 1050, v: 10 * Self.rowHeight + gloss)
        let row10Pixel = screenshot.pixel(x: last.x, y: last.y)
        let other = try #require(row10Pixel)
        #expect(!Self.isNear(other, 255, 0, 0), "row 10 should not be red: \(other)")
        #expect(other.red > 200 && other.green > 60, "row 10 is orange-yellow: \(other)")

        // A finger (the mouse) drags row 0 right in the upright layout from u = 100 to
        // u = 900: on the native screen that is upwards along the left edge.
        let id = try #require(
            try display.xdotool(["search", "--sync", "--name", "ClearTouch"]).split(separator: "\n")
                .first.map(String.init))
        let v = Self.rowHeight / 2
        let start = Self.native(u: 100, v: v)
        var arguments = ["mousemove", "--window", id, "\(start.x)", "\(start.y)", "mousedown", "1"]
        for u in stride(from: 150, through: 900, by: 50) {
            let point = Self.native(u: u, v: v)
            arguments += ["mousemove", "--window", id, "\(point.x)", "\(point.y)"]
        }
        arguments += ["mouseup", "1"]
        try display.xdotool(arguments)
        #expect(app.waitForLog("(1 completed)"), "no save after the drag:\n\(app.log)")
        let items = try savedListItems(at: listPath)
        #expect(items.first?["completed"] as? Bool == true)
        #expect(items.dropFirst().allSatisfy { $0["completed"] as? Bool == false })
        let green = waitUntil {
            (try? display.screenshot().pixel(x: row0.x, y: row0.y)).flatMap { $0 }.map {
                Self.isNear($0, 0, 153, 0)
            } ?? false
        }
        #expect(green, "row 0 turns green on the turned screen")
    }
}
