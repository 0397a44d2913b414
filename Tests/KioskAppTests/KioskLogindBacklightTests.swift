import Foundation
import Glibc
import TestSupport
import Testing

/// A backlight the app can only read, as under the kiosk unit (`ProtectKernelTunables=yes`
/// keeps /sys read-only): the app dims it through its logind session
/// (`org.freedesktop.login1.Session.SetBrightness`). logind is a stand-in
/// (Tests/Fixtures/dbus/logind-standin.py) on a bus of the test's own, which the app finds
/// as sd-bus finds the system bus (`DBUS_SYSTEM_BUS_ADDRESS`); the sysfs folder is made
/// read-only by a read-only bind mount in a mount namespace of the app's own (`unshare`),
/// since root may write any file of a writable mount.
@Suite(.serialized) struct KioskLogindBacklightTests {
    static let session = "_31"
    static let sessionPath = "/org/freedesktop/login1/session/_31"

    let folder = ScratchFolder("logind-backlight")

    /// The app, started in its own mount namespace where `sysfsRoot` is read-only.
    func startApp(sysfsRoot: String, bus: TestDBusDaemon) throws -> AppProcess {
        if let reason = Self.readOnlyMountUnavailableReason(folder) {
            try RequiredInput.missing(reason)
        }
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let app =
            [executable, "app"]
            + KioskSleepTests.appArguments(
                list: folder.file("list.json"),
                ["--idle-seconds", "1", "--keep-running", "--sysfs-root", sysfsRoot])
        let script =
            "mount --bind -o ro '\(sysfsRoot)' '\(sysfsRoot)' && exec "
            + app.map { "'\($0)'" }.joined(separator: " ")
        return try AppProcess(
            command: [
                "/usr/bin/unshare", "-m", "--propagation", "private", "/bin/sh", "-c", script,
            ],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address],
            logPath: folder.file("app.log"))
    }

    /// Why a read-only bind mount of a private mount namespace cannot be made here (not
    /// root, no `unshare`); nil when it can.
    static func readOnlyMountUnavailableReason(_ folder: ScratchFolder) -> String? {
        let probe = folder.file("probe")
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        let run = try? runCommand(
            executable: "/usr/bin/unshare",
            arguments: [
                "-m", "--propagation", "private", "/bin/sh", "-c",
                "mount --bind -o ro '\(probe)' '\(probe)' && ! test -w '\(probe)'",
            ])
        return run?.status == 0
            ? nil : "no read-only bind mount in a private mount namespace (needs root and unshare)"
    }

    /// The stand-in's records so far: one JSON object per line.
    static func calls(_ standin: BackgroundProgram) -> [[String: Any]] {
        standin.outputLines.filter { $0.hasPrefix("{") }.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// The values of the SetBrightness calls so far, each checked to be on the session
    /// logind gave and for the backlight `panel`.
    static func brightnessCalls(_ standin: BackgroundProgram) -> [Int] {
        calls(standin).filter { $0["member"] as? String == "SetBrightness" }.compactMap { call in
            let arguments = call["args"] as? [Any] ?? []
            guard call["path"] as? String == sessionPath, arguments.count == 3,
                arguments[0] as? String == "backlight", arguments[1] as? String == "panel"
            else { return -1 }
            return arguments[2] as? Int
        }
    }

    func startStandin(_ bus: TestDBusDaemon, session: String) throws -> BackgroundProgram {
        let standin = try BackgroundProgram(
            "/usr/bin/python3", [TestDBusDaemon.client("logind-standin.py"), bus.address, session],
            in: folder, name: "logind")
        #expect(
            waitUntil { standin.output.contains("ready") || !standin.process.isRunning },
            "\(standin.errors)")
        return standin
    }

    /// The app looks its session up by its own PID, says it dims through logind, and sets
    /// the brightness to 0 on each sleep and back to 420 on the wake and at the SIGTERM;
    /// the read-only file itself is never written.
    @Test func aReadOnlyBacklightIsDimmedAndRestoredThroughLogind() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let (root, brightness) = try KioskSleepTests.sysfs(in: folder)
        let bus = try TestDBusDaemon(in: folder)
        defer { bus.stop() }
        let standin = try startStandin(bus, session: Self.session)
        defer { standin.stop() }
        let app = try startApp(sysfsRoot: root, bus: bus)
        #expect(
            app.waitForLog("0 while asleep through logind (session \(Self.sessionPath)"),
            "\(app.log)")
        // The recording's own sleep and wake, then the sleep after its end.
        #expect(
            waitUntil { app.log.components(separatedBy: "asleep after 1 s").count == 3 },
            "\(app.log)")
        #expect(waitUntil { Self.brightnessCalls(standin).count == 3 }, "\(standin.output)")
        #expect(Self.brightnessCalls(standin) == [0, 420, 0], "\(standin.output)")
        app.kill(signal: SIGTERM)
        #expect(app.process.terminationStatus == 0, "\(app.log)")
        #expect(Self.brightnessCalls(standin) == [0, 420, 0, 420], "\(standin.output)")
        let lookups = Self.calls(standin).filter { $0["member"] as? String == "GetSessionByPID" }
        #expect(lookups.count == 1, "\(standin.output)")
        #expect(lookups.first?["is_caller"] as? Bool == true, "\(standin.output)")
        #expect(KioskSleepTests.read(brightness) == KioskSleepTests.startBrightness)
        #expect(!app.log.contains("cannot"), "\(app.log)")
    }

    /// Outside a logind session the app says why it cannot dim, still sleeps (drawn
    /// black) and wakes, and never calls SetBrightness.
    @Test func withoutASessionTheReadOnlyBacklightIsLeftAlone() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let (root, brightness) = try KioskSleepTests.sysfs(in: folder)
        let bus = try TestDBusDaemon(in: folder)
        defer { bus.stop() }
        let standin = try startStandin(bus, session: "none")
        defer { standin.stop() }
        let app = try startApp(sysfsRoot: root, bus: bus)
        #expect(app.waitForLog("read-only and no logind session"), "\(app.log)")
        #expect(app.log.contains("does not belong to any known session"), "\(app.log)")
        #expect(
            waitUntil { app.log.components(separatedBy: "asleep after 1 s").count == 3 },
            "\(app.log)")
        app.kill(signal: SIGTERM)
        #expect(app.process.terminationStatus == 0, "\(app.log)")
        #expect(Self.brightnessCalls(standin).isEmpty, "\(standin.output)")
        #expect(KioskSleepTests.read(brightness) == KioskSleepTests.startBrightness)
    }
}
