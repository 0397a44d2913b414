import Foundation
import TestSupport
import Testing

/// `cleartouch app --idle-seconds`: the recording `idle-sleep-wake` fed into the real app
/// loop (`--replay`, offscreen), with a backlight in a sysfs folder of the test's own
/// (`--sysfs-root`, test builds) and one emulated by umockdev (its attributes are files of
/// the testbed, behind the preload's /sys).
@Suite(.serialized) struct KioskSleepTests {
    static let recording = PackagePaths.root.appendingPathComponent(
        "Recordings/idle-sleep-wake.trace"
    ).path
    static let startBrightness = "420"

    let folder = ScratchFolder("sleep")

    /// A sysfs folder with one backlight `panel` at `startBrightness`.
    func sysfs() throws -> (root: String, brightness: String) { try Self.sysfs(in: folder) }

    /// The same in `folder`.
    static func sysfs(in folder: ScratchFolder) throws -> (root: String, brightness: String) {
        let device = folder.file("sys/class/backlight/panel")
        try FileManager.default.createDirectory(
            atPath: device, withIntermediateDirectories: true)
        let brightness = device + "/brightness"
        try (Self.startBrightness + "\n").write(
            toFile: brightness, atomically: false, encoding: .utf8)
        return (folder.file("sys"), brightness)
    }

    static func read(_ path: String) -> String {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    func appArguments(_ extra: [String]) -> [String] {
        Self.appArguments(list: folder.file("list.json"), extra)
    }

    /// `cleartouch app`'s arguments for the recording through the loop, offscreen.
    static func appArguments(list: String, _ extra: [String]) -> [String] {
        [
            "--offscreen", "--sound", "off", "--list", list, "--replay", recording, "--speed",
            "0",
        ] + extra
    }

    /// The recording's waking swipe does nothing in the app either: rows 1 and 3 complete,
    /// row 2 stays active; the backlight is dimmed, restored on wake and at the end.
    @Test func theRecordingSleepsAndWakesInTheAppLoop() throws {
        let (root, brightness) = try sysfs()
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let run = try runCommand(
            executable: executable,
            arguments: ["app"] + appArguments(["--idle-seconds", "60", "--sysfs-root", root]),
            environment: [:])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("backlight panel: brightness 420"))
        let asleep = try #require(run.standardError.range(of: "asleep after 60 s"))
        let awake = try #require(run.standardError.range(of: "awake"))
        #expect(asleep.upperBound <= awake.lowerBound)
        #expect(Self.read(brightness) == Self.startBrightness)
        let items = try savedListItems(at: folder.file("list.json"))
        #expect(
            items.map { $0["completed"] as? Bool } == [false, true, false, true]
                + Array(repeating: false, count: 8))
    }

    /// Without `--idle-seconds` the waking swipe is a swipe: row 2 completes too, and no
    /// backlight is touched.
    @Test func withoutIdleSecondsNothingSleeps() throws {
        let (root, brightness) = try sysfs()
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let run = try runCommand(
            executable: executable, arguments: ["app"] + appArguments(["--sysfs-root", root]),
            environment: [:])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("asleep"))
        #expect(!run.standardError.contains("backlight"))
        #expect(Self.read(brightness) == Self.startBrightness)
        let items = try savedListItems(at: folder.file("list.json"))
        #expect(items[1]["completed"] as? Bool == true)
        #expect(items[2]["completed"] as? Bool == true)
    }

    /// Kept running after the recording, the kiosk sleeps on its own (backlight 0), and a
    /// SIGTERM while asleep restores the brightness before the app exits 0.
    @Test func aSigtermWhileAsleepRestoresTheBacklight() throws {
        let (root, brightness) = try sysfs()
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let app = try AppProcess(
            command: [executable, "app"]
                + appArguments(["--idle-seconds", "1", "--keep-running", "--sysfs-root", root]),
            environment: [:], logPath: folder.file("app.log"))
        #expect(app.waitForLog("replay finished"), "\(app.log)")
        // The recording's own sleep, then the one after its end: two "asleep" lines.
        #expect(
            waitUntil { app.log.components(separatedBy: "asleep after 1 s").count == 3 },
            "\(app.log)")
        #expect(Self.read(brightness) == "0")
        app.kill(signal: SIGTERM)
        #expect(app.process.terminationStatus == 0)
        #expect(Self.read(brightness) == Self.startBrightness)
    }

    /// Under umockdev the app finds the emulated backlight at /sys/class/backlight and
    /// writes 0 into its attribute while asleep, and the brightness back at exit (read by a
    /// shell inside the same testbed once the app has exited).
    @Test func anEmulatedBacklightUnderUmockdevIsDimmedAndRestored() throws {
        if let reason = UmockdevHarness.unavailableReason { try RequiredInput.missing(reason) }
        let description = folder.file("backlight.umockdev")
        try """
        P: /devices/platform/panel-backlight/backlight/panel
        E: SUBSYSTEM=backlight
        A: brightness=\(Self.startBrightness)
        A: max_brightness=1000
        A: type=raw

        """.write(toFile: description, atomically: false, encoding: .utf8)
        let afterExit = folder.file("after-exit")
        let app =
            [UmockdevHarness.cleartouch, "app"]
            + appArguments(["--idle-seconds", "1", "--keep-running"])
        let script =
            app.map { "'\($0)'" }.joined(separator: " ")
            + "; status=$?; cat /sys/class/backlight/panel/brightness > '\(afterExit)'; exit $status"
        let run = try AppProcess(
            command: UmockdevHarness.inForeground([
                UmockdevHarness.umockdevRun, "-d", description, "--", "/bin/sh", "-c", script,
            ]),
            environment: ["LD_PRELOAD": UmockdevHarness.preload], logPath: folder.file("app.log"))
        #expect(run.waitForLog("backlight panel: brightness 420"), "\(run.log)")
        #expect(
            waitUntil { run.log.components(separatedBy: "asleep after 1 s").count == 3 },
            "\(run.log)")
        // The testbed the app's /sys is: umockdev-run → sh → cleartouch, UMOCKDEV_DIR.
        let shell = try #require(
            UmockdevHarness.childProcesses(of: run.process.processIdentifier).first)
        let appProcess = try #require(UmockdevHarness.childProcesses(of: shell).first)
        let environment = try String(
            contentsOfFile: "/proc/\(appProcess)/environ", encoding: .isoLatin1)
        let testbed = try #require(
            environment.split(separator: "\0").first { $0.hasPrefix("UMOCKDEV_DIR=") }?.dropFirst(
                "UMOCKDEV_DIR=".count))
        #expect(Self.read("\(testbed)/sys/class/backlight/panel/brightness") == "0")
        kill(appProcess, SIGTERM)
        #expect(waitUntil { !run.process.isRunning }, "\(run.log)")
        run.process.waitUntilExit()
        #expect(run.process.terminationStatus == 0, "\(run.log)")
        #expect(Self.read(afterExit) == Self.startBrightness)
    }
}
