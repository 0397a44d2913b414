import Foundation
import TestSupport
import Testing

/// docs/emulated-devices.md with the released binaries: the package's `cleartouch` (a
/// release build, which has no test hook) records, recognizes gestures and runs the app on
/// emulated devices through `cleartouch-umockdev run`, every frame of the recording read
/// (the first stroke included) and the program stopped after it as by Ctrl-C. Before the
/// lead-in, the only recipe needed the test builds' `--umockdev-barrier`: without it the
/// release build waited for its barrier forever, or, with scripts that wait for nothing,
/// lost the frames sent before it opened the device.
@Suite(
    .serialized,
    .enabled(
        if: Packaging.enabled && UmockdevHarness.runs,
        "\(Packaging.unavailableReason ?? UmockdevHarness.unavailableReason ?? "")"))
struct EmulatedDevicesReleaseTests {
    /// The installed release front (it hands `record`, `gestures` and `app` to the
    /// installed cleartouch-devices).
    static func releaseCleartouch() throws -> String {
        if let reason = UmockdevHarness.unavailableReason { try RequiredInput.missing(reason) }
        return try Packaging.install.get().appendingPathComponent("usr/bin/cleartouch").path
    }

    static var leadIn: String {
        UmockdevHarness.productsDirectory.appendingPathComponent("cleartouch-umockdev").path
    }

    static func recording(_ name: String) -> String { TestPaths.recordings + "/" + name }

    @Test func recordRecordsEveryFrameAndStopsAfterTheSession() throws {
        let cleartouch = try Self.releaseCleartouch()
        let folder = ScratchFolder()
        let trace = folder.file("session.trace")
        let recording = Self.recording("pan-delete-above.evemu")
        let run = try runCommand(
            executable: Self.leadIn,
            arguments: ["run", recording, "--", cleartouch, "record", "-o", trace])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains("cleartouch record: interrupted"), "\(run.standardError)")
        let recorded = try String(contentsOfFile: trace, encoding: .utf8)
        let frames = recorded.split(separator: "\n").filter { $0.contains(" frame ") }.count
        let source = try String(contentsOfFile: recording, encoding: .utf8)
        let reports = source.split(separator: "\n").filter {
            $0.hasPrefix("E: ") && $0.hasSuffix(" 0000 0000 0000")
        }.count
        #expect(frames == reports, "\(frames) frames recorded of \(reports)")
        // The trace replays to what the recording does: row 2 deleted.
        let replay = try runCommand(executable: cleartouch, arguments: ["replay", trace, "--json"])
        #expect(
            replay.standardOutput.contains(#""action": "delete", "index": 2"#),
            "\(replay.standardOutput)")
    }

    @Test func theGestureServiceRecognizesTheSwipe() throws {
        let cleartouch = try Self.releaseCleartouch()
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        // The test runner's children inherit SIGTERM blocked (timeout passes its own mask
        // on), and dbus-run-session ends its bus with SIGTERM: blocked, the bus never ended
        // and the run waited forever. Python unblocks it before it becomes timeout.
        let unblockThenTimeout =
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, "
            + "{signal.SIGTERM, signal.SIGINT}); os.execv('/usr/bin/timeout', ['timeout'] + sys.argv[1:])"
        let run = try runCommand(
            executable: "/usr/bin/python3",
            arguments: [
                "-c", unblockThenTimeout,
                "-k", "5", "\(Int(hangGuardSeconds))", "dbus-run-session", "--", Self.leadIn, "run",
                Self.recording("gestures-swipe-3-left.evemu"), "--",
                cleartouch, "gestures", "--bus", "session",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains("swipe recognized fingers 3 direction left"),
            "\(run.standardOutput)\(run.standardError)")
    }

    @Test func theAppDeletesTheRowSavesAndExits() throws {
        let cleartouch = try Self.releaseCleartouch()
        let folder = ScratchFolder()
        let list = folder.file("list.json")
        let run = try runCommand(
            executable: Self.leadIn,
            arguments: [
                "run", Self.recording("pan-delete-above.evemu"), "--", cleartouch, "app",
                "--offscreen", "--list", list,
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("libinput (touchscreen"), "\(run.standardError)")
        let saved = try String(contentsOfFile: list, encoding: .utf8)
        #expect(saved.contains("\"buy eggs\"") && !saved.contains("watch WWDC videos"), "\(saved)")
    }
}
