import Foundation
import Recorder
import TestSupport
import Testing
import TouchInput

/// The child protocol of the via-libinput replay: both sides are Recorder's.
@Suite struct ViaLibinputCaptureTests {
    @Test func aRequestReadsBackFromItsArguments() throws {
        let request = ViaLibinputCapture.Request(
            tracePath: "out.trace", screen: ScreenSize(widthPixels: 800, heightPixels: 1280),
            durationSeconds: 12.5,
            nodes: ["/dev/input/event50", "/dev/input/event51"])
        #expect(ViaLibinputCapture.Request(arguments: request.arguments) == request)
        var libinputOnly = request
        libinputOnly.libinputOnly = true
        #expect(libinputOnly.arguments.dropLast(2).last == ViaLibinputCapture.libinputOnlyFlag)
        #expect(ViaLibinputCapture.Request(arguments: libinputOnly.arguments) == libinputOnly)
    }

    @Test(arguments: [
        [], ["out.trace", "800", "1280", "2"], ["out.trace", "800x1280", "2", "/dev/x"],
        ["out.trace", "0", "1280", "2", "/dev/x"],
        ["out.trace", "800", "1280", "0", "/dev/x"],
        ["out.trace", "800", "1280", "never", "/dev/x"],
        ["out.trace", "800", "1280", "inf", "/dev/x"],
        ["out.trace", "800", "1280", "nan", "/dev/x"],
        ["out.trace", "800", "1280", "2", "--libinput-only"],
    ])
    func malformedArgumentsAreRefused(arguments: [String]) {
        #expect(ViaLibinputCapture.Request(arguments: arguments) == nil)
        #expect(ViaLibinputCapture.runChild(arguments: arguments) == 2)
    }
}

/// The child under umockdev: it stops at the scripts' end markers, and a run that hits its
/// hang guard first is an error, never a silently shortened trace.
@Suite(.enabled(if: UmockdevHarness.runs, "\(UmockdevHarness.unavailableReason ?? "")"))
struct ViaLibinputCaptureChildTests {
    static func runChild(durationSeconds: String) throws -> (UmockdevHarness.Run, String?) {
        let device = UmockdevHarness.Device(
            description: "touchscreen.evemu", eventNumber: 50, session: "ts-drag.evemu")
        let (directory, testbed) = try UmockdevHarness.prepare([device])
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("child.trace").path
        let run = try runCommand(
            executable: UmockdevHarness.umockdevRun,
            arguments: testbed + [
                "--", UmockdevHarness.cleartouch, ViaLibinputCapture.childCommand, trace, "1080",
                "1920", durationSeconds, device.node,
            ],
            environment: UmockdevHarness.environment)
        return (run, try? String(contentsOfFile: trace, encoding: .utf8))
    }

    @Test func theChildStopsAfterTheScriptsEndMarkerWithEveryFrame() throws {
        let (run, trace) = try Self.runChild(durationSeconds: "60")
        #expect(run.status == 0, "\(run.standardError)")
        let frames = try #require(trace).split(separator: "\n").filter { $0.contains(" frame ") }
        let want = try UmockdevHarness.touchFrameCount(session: "ts-drag.evemu")
        #expect(frames.count == want, "\(trace ?? "")")
    }

    /// The script's marker comes 1 s after its last frame, 1.4 s after the barrier:
    /// a 0.2 s guard always runs out first.
    @Test func aChildThatRunsOutOfTimeFailsAndSaysSo() throws {
        let (run, _) = try Self.runChild(durationSeconds: "0.2")
        #expect(run.status == 2)
        #expect(
            run.standardError.contains("libinput did not deliver the whole recording in time"),
            "\(run.standardError)")
    }
}
