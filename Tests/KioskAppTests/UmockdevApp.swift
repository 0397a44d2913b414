import Foundation
import TestSupport
import Testing

/// `cleartouch app` as umockdev-run's child on emulated devices (libinput, or the direct
/// path), drawing into its own Xvfb display and saving to a list file of its own. The
/// devices' barrier scripts are released by the app once it has opened them; the nodes
/// are given to the app in `devices`' order.
final class UmockdevApp {
    let app: AppProcess
    let display: VirtualDisplay
    private let folder = ScratchFolder("app")
    private let testbed: URL

    /// The list file the app loads and saves.
    var listPath: String { folder.file("list.json") }
    /// Where the app's diagnostics go.
    var logPath: String { folder.file("app.log") }

    /// Starts `cleartouch app --screen 1080x1920 --list LIST ARGUMENTS NODE...` on `devices`.
    /// A missing umockdev or Xvfb fails under CI and skips elsewhere (`RequiredInput`).
    init(_ devices: [UmockdevHarness.Device], arguments: [String] = []) throws {
        display = try Self.startDisplay()
        let (directory, umockdev) = try UmockdevHarness.prepare(devices)
        testbed = directory
        // Silent: under umockdev's preload SDL's audio aborts it (a real back end opens more
        // descriptors than it maps) or, with the dummy driver, the emulated input stalls.
        let command = UmockdevHarness.withBarrier(
            [
                UmockdevHarness.cleartouch, "app", "--sound", "off", "--screen", "1080x1920",
                "--list", folder.file("list.json"),
            ] + arguments + devices.map(\.node), devices)
        app = try AppProcess(
            command: UmockdevHarness.inForeground(
                [UmockdevHarness.umockdevRun] + umockdev + ["--"] + command),
            environment: ["DISPLAY": display.display, "LD_PRELOAD": UmockdevHarness.preload],
            logPath: folder.file("app.log"))
    }

    /// An Xvfb display, once umockdev and Xvfb are known to be here.
    private static func startDisplay() throws -> VirtualDisplay {
        if let reason = UmockdevHarness.unavailableReason { try RequiredInput.missing(reason) }
        do {
            return try VirtualDisplay()
        } catch {
            try RequiredInput.missing("\(error.reason)")
        }
    }

    deinit {
        if app.process.isRunning { app.terminateUnderUmockdev() }
        try? FileManager.default.removeItem(at: testbed)
    }

    /// How many saves the app has logged.
    var saveCount: Int { app.log.components(separatedBy: "cleartouch app: saved").count - 1 }

    /// Waits until the app has logged `saves` saves (or has exited).
    func waitForSaves(_ saves: Int) -> Bool {
        waitUntil { saveCount >= saves || !app.process.isRunning }
    }

    /// The items of the saved list.
    func savedItems() throws -> [[String: Any]] { try savedListItems(at: listPath) }
}

/// The items of the list file at `path`, as JSON objects.
func savedListItems(at path: String) throws -> [[String: Any]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    if let items = object["items"] as? [[String: Any]] { return items }
    // The app saves version 2: the open list's items (the first list's when none is open).
    let lists = try #require(object["lists"] as? [[String: Any]])
    let open = object["open"] as? Int ?? 0
    return try #require(lists[min(max(open, 0), lists.count - 1)]["items"] as? [[String: Any]])
}
