import ClearPictures
import ClearRendering
import Foundation
import TestSupport
import Testing

/// `cleartouch app` in a real window under Xvfb, driven with the mouse through xdotool.
@Suite(.serialized) struct KioskWindowTests {
    /// The app's layout: 360 wide, so H = round(360·50/320) = 56.
    static let screenArguments = ["--screen", "360x640", "--window-input"]
    static let rowHeight = 56

    let directory: URL
    let listPath: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        listPath = directory.appendingPathComponent("list.json").path
    }

    func startDisplay() throws -> VirtualDisplay {
        do {
            return try VirtualDisplay()
        } catch {
            try RequiredInput.missing("\(error.reason)")
        }
    }

    func startApp(on display: VirtualDisplay, logName: String, extraArguments: [String] = []) throws
        -> AppProcess
    {
        let executable = try #require(
            cleartouchExecutable(), "build cleartouch first (swift build --build-tests builds it)")
        let app = try AppProcess(
            executable: executable,
            arguments: Self.screenArguments + ["--list", listPath] + extraArguments,
            display: display.display,
            logPath: directory.appendingPathComponent(logName).path)
        #expect(app.waitForLog("ready"), "the app did not draw its first frame:\n\(app.log)")
        return app
    }

    /// The app's window and its position on the screen.
    func appWindow(_ display: VirtualDisplay) throws -> (id: String, x: Int, y: Int) {
        let id = try #require(
            try display.xdotool(["search", "--sync", "--name", "ClearTouch"]).split(separator: "\n")
                .first
        )
        let geometry = try display.xdotool(["getwindowgeometry", String(id)])
        let position = try #require(
            geometry.split(separator: "\n").first { $0.contains("Position:") })
        let numbers = position.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        try #require(numbers.count >= 2)
        return (String(id), numbers[0], numbers[1])
    }

    /// Drags the row at `row` with the mouse from x = 40 to x = 300, past half the width (180).
    func swipeRight(row: Int, display: VirtualDisplay) throws {
        let window = try appWindow(display)
        let y = String(row * Self.rowHeight + Self.rowHeight / 2)
        var arguments = ["mousemove", "--window", window.id, "40", y, "mousedown", "1"]
        for x in stride(from: 60, through: 300, by: 30) {
            arguments += ["mousemove", "--window", window.id, String(x), y]
        }
        arguments += ["mouseup", "1"]
        try display.xdotool(arguments)
    }

    func savedItems() throws -> [[String: Any]] { try savedListItems(at: listPath) }

    /// The colour of row `row` on screen, at its clear-gloss line, right of any text.
    func rowColor(_ row: Int, display: VirtualDisplay) throws -> Pixel {
        let window = try appWindow(display)
        let screenshot = try display.screenshot()
        let y = window.y + row * Self.rowHeight + Int(0.95 * Double(Self.rowHeight) - 0.5)
        return try #require(screenshot.pixel(x: window.x + 350, y: y))
    }

    static func isNear(_ pixel: Pixel, _ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Bool {
        abs(Int(pixel.red) - Int(red)) <= 2 && abs(Int(pixel.green) - Int(green)) <= 2
            && abs(Int(pixel.blue) - Int(blue)) <= 2
    }

    @Test func mouseDragPastHalfTheWidthCompletesTheRowOnScreenAndOnDisk() throws {
        let display = try startDisplay()
        let app = try startApp(on: display, logName: "drag.log")
        let before = try rowColor(0, display: display)
        #expect(Self.isNear(before, 255, 0, 0), "row 0 starts pure red, not \(before)")
        try swipeRight(row: 0, display: display)
        #expect(app.waitForLog("(1 completed)"), "no save after the drag:\n\(app.log)")
        #expect(try savedItems().first?["completed"] as? Bool == true)
        #expect(try savedItems().dropFirst().allSatisfy { $0["completed"] as? Bool == false })
        // The snap back takes 0.2 s; the row is green from the release on.
        let green = waitUntil {
            (try? rowColor(0, display: display)).map { Self.isNear($0, 0, 153, 0) } ?? false
        }
        #expect(
            green, "row 0 is \(String(describing: try? rowColor(0, display: display))) on screen")
        #expect(
            app.log.contains("falling back") == false,
            "--window-input takes the window's input without trying libinput")
        app.kill(signal: SIGTERM)
        #expect(app.process.terminationStatus == 0)
    }

    @Test func aChangeSurvivesSIGKILLRightAfterIt() throws {
        let display = try startDisplay()
        var app: AppProcess? = try startApp(on: display, logName: "first.log")
        try swipeRight(row: 1, display: display)
        #expect(
            app?.waitForLog("(1 completed)") == true, "no save after the drag:\n\(app?.log ?? "")")
        app?.kill(signal: SIGKILL)
        app = nil
        #expect(
            !FileManager.default.fileExists(
                atPath: directory.appendingPathComponent(".list.json.tmp").path))

        let restarted = try startApp(on: display, logName: "second.log")
        #expect(restarted.log.contains("loaded 12 items from \(listPath)"), "\(restarted.log)")
        #expect(try savedItems()[1]["completed"] as? Bool == true)
        let green = waitUntil {
            (try? rowColor(1, display: display)).map { Self.isNear($0, 0, 153, 0) } ?? false
        }
        #expect(
            green,
            "row 1 is \(String(describing: try? rowColor(1, display: display))) after the restart")
        restarted.kill(signal: SIGTERM)
    }

    @Test func aRecordedSessionReplaysToTheSameChanges() throws {
        let display = try startDisplay()
        let tracePath = directory.appendingPathComponent("session.trace").path
        let app = try startApp(
            on: display, logName: "record.log", extraArguments: ["--record", tracePath])
        try swipeRight(row: 0, display: display)
        #expect(app.waitForLog("(1 completed)"), "no save after the drag:\n\(app.log)")
        // Tap row 1 to edit it, type, Return.
        let window = try appWindow(display)
        try display.xdotool([
            "mousemove", "--window", window.id, "100", String(Self.rowHeight + Self.rowHeight / 2),
            "click", "1",
        ])
        // Edit mode: the other rows fade to alpha 0.3 (red 255 → 77 over black).
        let faded = waitUntil {
            (try? rowColor(4, display: display)).map { (70...84).contains(Int($0.red)) } ?? false
        }
        #expect(
            faded,
            "row 4 is \(String(describing: try? rowColor(4, display: display))) while row 1 is edited"
        )
        try display.xdotool(["type", "--window", window.id, "ok"])
        try display.xdotool(["key", "--window", window.id, "Return"])
        let edited = waitUntil {
            (try? savedItems())?.dropFirst().first?["text"] as? String == "buy eggsok"
        }
        #expect(edited, "\(app.log)")
        app.kill(signal: SIGTERM)

        let executable = try #require(cleartouchExecutable())
        let json = try runProgram(executable, ["replay", tracePath, "--json"])
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let actions = try #require(result["actions"] as? [[String: Any]])
        #expect(
            actions.compactMap { $0["action"] as? String } == [
                "complete", "edit-begin", "edit-end",
            ])
        #expect(actions.first?["index"] as? Int == 0)
        let items = try #require(result["items"] as? [[String: Any]])
        #expect(items.first?["completed"] as? Bool == true)
        // Typed text is recorded as one x per character (--record-text keeps it).
        #expect(items.dropFirst().first?["text"] as? String == "buy eggsxx")
    }

    @Test func withoutListTheListLivesUnderXDGDataHome() throws {
        let display = try startDisplay()
        let executable = try #require(cleartouchExecutable())
        let dataHome = directory.appendingPathComponent("data").path
        let app = try AppProcess(
            command: [executable, "app"] + Self.screenArguments,
            environment: ["DISPLAY": display.display, "XDG_DATA_HOME": dataHome],
            logPath: directory.appendingPathComponent("xdg.log").path)
        #expect(app.waitForLog("ready"), "\(app.log)")
        try swipeRight(row: 0, display: display)
        let expectedPath = dataHome + "/cleartouch/list.json"
        #expect(app.waitForLog("saved 12 items (1 completed) to \(expectedPath)"), "\(app.log)")
        #expect(FileManager.default.fileExists(atPath: expectedPath))
        app.kill(signal: SIGTERM)
    }

    @Test func aListThatCannotBeSavedIsSaidAndTheExitStatusIsOne() throws {
        let display = try startDisplay()
        let executable = try #require(cleartouchExecutable())
        // /proc accepts no new files, even for root.
        let app = try AppProcess(
            executable: executable,
            arguments: Self.screenArguments + ["--list", "/proc/cleartouch/list.json"],
            display: display.display, logPath: directory.appendingPathComponent("unsaved.log").path)
        #expect(app.waitForLog("ready"), "\(app.log)")
        try swipeRight(row: 0, display: display)
        #expect(app.waitForLog("list not saved, retrying: "), "\(app.log)")
        app.kill(signal: SIGTERM)
        #expect(app.process.terminationStatus == 1)
        #expect(
            app.log.components(separatedBy: "list not saved").count == 2,
            "said once:\n\(app.log)")
    }
}
