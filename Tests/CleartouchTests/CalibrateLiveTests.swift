import Evdev
import Foundation
import TestSupport
import Testing
import TouchInput
import TouchScript
import Umockdev

/// `cleartouch calibrate DEVICE` live: real libinput under umockdev plays five taps on a
/// touch layer that is off; the window is SDL's offscreen one (no display needed).
@Suite(.enabled(if: UmockdevHarness.runs, "\(UmockdevHarness.unavailableReason ?? "")"))
struct CalibrateLiveTests {
    /// The layer reports a target (u, v) as (0.95 u + 0.03, 1.02 v − 0.01).
    static let layer = CalibrationMatrix(a: 0.95, b: 0, c: 0.03, d: 0, e: 1.02, f: -0.01)

    @Test func aLiveSessionFitsSavesAndPrintsTheUdevRule() throws {
        let (device, _) = try UmockdevTestbed.parseFile(
            UmockdevHarness.fixtures.appendingPathComponent("touchscreen.evemu").path)
        let axisX = try #require(device.absinfo[.absMTPositionX])
        let axisY = try #require(device.absinfo[.absMTPositionY])
        let width = Double(Int(axisX.maximum) - Int(axisX.minimum) + 1)
        let height = Double(Int(axisY.maximum) - Int(axisY.minimum) + 1)
        var script = Script()
        script.wait(milliseconds: 300)
        for target in CalibrationFit.targets {
            let touch = Self.layer.apply(target)
            script.tap(
                x: Int((touch.x * width).rounded()) + Int(axisX.minimum),
                y: Int((touch.y * height).rounded()) + Int(axisY.minimum))
            script.wait(milliseconds: 300)
        }
        var encoder = ScriptEvdevEncoder(.init(unitsPerPosition: 1))
        let events = encoder.events(script.events)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-calibrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let testbed = try UmockdevTestbed.write(
            [.init(description: device, eventNumber: 50, events: events)], into: directory.path)
        let configHome = directory.appendingPathComponent("config").path
        let node = "/dev/input/event50"
        let run = try runCommand(
            executable: UmockdevHarness.umockdevRun,
            arguments: testbed + [
                "--", UmockdevHarness.cleartouch, "calibrate", "--umockdev-barrier", node,
                "--windowed", "--screen", "1080x1920", "--timeout", "60", node,
            ],
            environment: UmockdevHarness.environment.merging(
                ["SDL_VIDEODRIVER": "offscreen", "XDG_CONFIG_HOME": configHome],
                uniquingKeysWith: { $1 }))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("target 5 of 5 touched"), "\(run.standardError)")
        let expected = try #require(Self.layer.inverse)
        let line = try #require(
            run.standardOutput.split(separator: "\n").first {
                $0.hasPrefix("LIBINPUT_CALIBRATION_MATRIX=")
            }, "\(run.standardOutput)")
        let fitted = try CalibrationMatrix.parse(
            String(line.dropFirst("LIBINPUT_CALIBRATION_MATRIX=".count))
        ).get()
        for (value, wanted) in zip(fitted.values, expected.values) {
            #expect(abs(value - wanted) < 0.002, "\(fitted) vs \(expected)")
        }
        #expect(run.standardOutput.contains("ATTRS{name}==\"ClearTouch Mock Touchscreen\""))
        let saved = try String(
            contentsOfFile: configHome + "/cleartouch/calibration.conf", encoding: .utf8)
        #expect(saved.contains("matrix \(fitted) ClearTouch Mock Touchscreen\n"), "\(saved)")
    }
}
