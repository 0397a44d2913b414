import Foundation
import TestSupport
import Testing

/// `cleartouch gestures --debug` live under umockdev (docs/gesture-service.md, "Seeing
/// its gestures"): the real libinput reads a bundled 3-finger swipe from an emulated
/// touchscreen, and the service's gestures are printed one line per change, with their
/// progress and binding, without D-Bus and without running the bound command.
@Suite struct GesturesDebugUmockdevTests {
    @Test(.enabled(if: UmockdevHarness.runs, "\(UmockdevHarness.unavailableReason ?? "")"))
    func debugPrintsEveryChangeOfTheServicesGesturesLive() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let marker = folder.file("ran")
        let config = folder.file("gestures.yaml")
        try """
        gestures:
          - name: forward
            gesture: swipe
            fingers: 3
            direction: left
            command: ["touch", "\(marker)"]

        """.write(toFile: config, atomically: true, encoding: .utf8)
        let swipe = UmockdevHarness.Device.bundledRecording(
            "gestures-swipe-3-left.evemu", eventNumber: 62)
        let (directory, testbed) = try UmockdevHarness.prepare([swipe])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try runCommand(
            executable: UmockdevHarness.umockdevRun,
            arguments: testbed + ["--"]
                + UmockdevHarness.withBarrier(
                    [
                        UmockdevHarness.cleartouch, "gestures", "--debug", "--config", config,
                        "--duration", "60", swipe.node,
                    ], [swipe]),
            // No bus at all: --debug never connects to one.
            environment: UmockdevHarness.environment.merging([
                "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(folder.file("no-bus"))"
            ]) { $1 })
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "watching \(swipe.node) (1 device); no signals, no commands run"),
            "\(run.standardError)")
        #expect(run.standardError.contains("the emulated devices' scripts ended"))
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "gesture 1 swipe began fingers 3 direction left binding forward")
        #expect(
            lines.last == "gesture 1 swipe recognized fingers 3 direction left binding forward",
            "\(run.standardOutput)")
        // Every line between is an update, its progress growing to 1.
        let updates = lines.dropFirst().dropLast()
        #expect(updates.count >= 3, "\(run.standardOutput)")
        let progress = updates.compactMap { line -> Double? in
            let words = line.split(separator: " ")
            guard words.count > 4, words[2] == "swipe", words[3] == "updated" else { return nil }
            return Double(words[4])
        }
        #expect(progress.count == updates.count, "\(run.standardOutput)")
        #expect(progress == progress.sorted() && progress.last == 1, "\(progress)")
        #expect(!FileManager.default.fileExists(atPath: marker), "--debug runs no command")
    }
}
