import Foundation
import TestSupport
import Testing

/// The app without any display: an error unless offscreen drawing is asked for.
@Suite struct AppDisplayTests {
    /// No X11, no Wayland, no video driver named: SDL could only fall back to offscreen.
    static let noDisplay = ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""]

    func listPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-\(name)-\(UUID().uuidString)/list.json"
        ).path
    }

    @Test func withoutADisplayItSaysSoAndExitsTwo() throws {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let list = listPath("nodisplay")
        defer {
            try? FileManager.default.removeItem(
                atPath: (list as NSString).deletingLastPathComponent)
        }
        let run = try runCommand(
            executable: executable, arguments: ["app", "--window-input", "--list", list],
            environment: Self.noDisplay)
        #expect(run.status == 2)
        #expect(run.standardError.contains("no display found"), "\(run.standardError)")
        #expect(run.standardError.contains("--offscreen"))
        #expect(!run.standardError.contains("ready"))
    }

    @Test(arguments: [
        (["--offscreen"], noDisplay),
        ([], ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "offscreen"]),
    ])
    func offscreenWhenAskedFor(arguments: [String], environment: [String: String]) throws {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let list = listPath("offscreen")
        let folder = (list as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let app = try AppProcess(
            command: [executable, "app", "--window-input", "--list", list] + arguments,
            environment: environment, logPath: folder + "/log")
        #expect(app.waitForLog("ready"), "\(app.log)")
        #expect(app.log.contains("video offscreen"))
        app.kill(signal: SIGTERM)
    }

    /// `app --record` follows `record -o`'s policy: an existing recording needs `--force`.
    @Test func recordingOverAnExistingFileNeedsForce() throws {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let list = listPath("record-exists")
        let folder = (list as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let trace = folder + "/old.trace"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: trace))
        let run = try runCommand(
            executable: executable,
            arguments: ["app", "--offscreen", "--window-input", "--list", list, "--record", trace],
            environment: Self.noDisplay)
        #expect(run.status == 2)
        #expect(run.standardError.contains("\(trace):0: the file exists"), "\(run.standardError)")
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == "keep me")
    }
}
