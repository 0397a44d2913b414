import Foundation
import TestSupport
import Testing

/// `cleartouch app`'s command line and start-up failures (no window needed).
@Suite struct AppCommandTests {
    /// Runs `cleartouch app ARGUMENTS`; returns the exit status and stderr.
    func app(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let run = try runCommand(
            executable: executable, arguments: ["app"] + arguments, environment: environment)
        return (run.status, run.standardOutput, run.standardError)
    }

    @Test func helpPrintsTheUsageAndExitsZero() throws {
        let run = try app(["--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("usage: cleartouch app [--list FILE] [--screen WxH]"))
        #expect(run.output.contains("$XDG_DATA_HOME/cleartouch/list.json"))
    }

    @Test(arguments: [
        (["--bogus"], "unknown option --bogus"),
        (["--screen", "0x640"], "--screen: '0x640' is not WIDTHxHEIGHT"),
        (["--screen", "360"], "--screen: '360' is not WIDTHxHEIGHT"),
        (["--row-height", "0.5"], "--row-height: '0.5' is not a number of pixels"),
        (["--list"], "--list needs a value"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let run = try app(arguments)
        #expect(run.status == 2)
        #expect(run.errors.contains("cleartouch app: \(message)"), "\(run.errors)")
    }

    @Test func withoutADisplayItSaysSoAndExitsTwo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-nodisplay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try app(
            ["--window-input", "--list", directory.appendingPathComponent("list.json").path],
            environment: ["SDL_VIDEODRIVER": "x11", "DISPLAY": ":4242", "WAYLAND_DISPLAY": ""])
        #expect(run.status == 2)
        #expect(run.errors.contains("cannot open a window"), "\(run.errors)")
        #expect(run.errors.contains("SDL_VIDEODRIVER=kmsdrm"))
    }
}
