import Foundation
import TestSupport
import Testing

/// The app's SDL audio: opened when sound is on and a device exists; a notice otherwise.
@Suite struct KioskAudioTests {
    static let noDisplay = ["DISPLAY": "", "WAYLAND_DISPLAY": ""]

    /// The app offscreen with `environment` until it is ready; its log.
    func appLog(
        _ arguments: [String], environment: [String: String], savedList: String? = nil
    ) throws -> String {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let folder = ScratchFolder()
        if let savedList {
            try Data(savedList.utf8).write(to: URL(fileURLWithPath: folder.path + "/list.json"))
        }
        let app = try AppProcess(
            command: [
                executable, "app", "--offscreen", "--window-input", "--list",
                folder.path + "/list.json",
            ] + arguments,
            environment: Self.noDisplay.merging(environment) { $1 }, logPath: folder.path + "/log")
        #expect(app.waitForLog("ready"), "\(app.log)")
        app.kill(signal: SIGTERM)
        #expect(app.process.terminationStatus == 0, "\(app.log)")
        return app.log
    }

    @Test func itOpensSDLsAudioDevice() throws {
        let log = try appLog([], environment: ["SDL_AUDIODRIVER": "dummy"])
        #expect(log.contains("sound: on (audio dummy, 48 kHz mono)"), "\(log)")
    }

    @Test func theDiskDriverGetsTheMix() throws {
        let folder = ScratchFolder()
        let file = folder.path + "/audio.raw"
        let log = try appLog(
            [], environment: ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": file])
        #expect(log.contains("sound: on (audio disk"), "\(log)")
        // Nothing happened: the device got silence.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(bytes.allSatisfy { $0 == 0 })
    }

    @Test func withoutADeviceItSaysSoAndGoesOn() throws {
        let log = try appLog([], environment: ["SDL_AUDIODRIVER": "no-such-driver"])
        #expect(log.contains("sound: no audio device"), "\(log)")
        #expect(log.contains("going on without sound"))
    }

    /// The Settings page's choice, saved in the list file: off opens nothing, on opens the
    /// device as the default does.
    @Test(arguments: [false, true])
    func theSavedSoundSettingDecides(saved: Bool) throws {
        let log = try appLog(
            [], environment: ["SDL_AUDIODRIVER": "dummy"],
            savedList: """
                {"format": "cleartouch-list", "version": 2, "lists": [{"title": "To Do", \
                "items": []}], "open": 0, "sound": \(saved)}
                """)
        #expect(log.contains("sound: on (audio dummy") == saved, "\(log)")
    }

    @Test func soundOffOpensNothing() throws {
        let log = try appLog(["--sound", "off"], environment: ["SDL_AUDIODRIVER": "dummy"])
        #expect(!log.contains("sound:"), "\(log)")
    }
}
