import Foundation
import TestSupport
import Testing

/// `cleartouch gestures --replay --run` reaps its children as it goes
/// (docs/gesture-service.md, "Replay and tests"): once 16 had run, every later command was
/// refused as "16 commands still running" though all had exited. (A recording that stops
/// mid-gesture: GestureReplayEndsWhatItBeganTests, ReplayTests.)
@Suite struct GesturesReplayRunReapsTests {
    /// A trace of `count` one-finger taps, 200 ms apart (each down 50 ms).
    static func taps(_ count: Int) -> String {
        let device =
            "1 touchscreen 1080 1920 269.975 479.975 0 10799 40 0 19199 40 10 ClearTouch Synthetic Touchscreen"
        var text = """
            cleartouch-trace 1
            screen 1080 1920
            row-height 169
            device \(device)
            events
            0 added \(device)

            """
        for tap in 0..<count {
            let down = tap * 200_000
            text += "\(down) down 1 0 0 540 900 135 225\n\(down) frame 1\n"
            text += "\(down + 50_000) up 1 0 0 540 900 135 225\n\(down + 50_000) frame 1\n"
        }
        return text
    }

    /// Just below, at and above the 16 commands that may run at once, and far above.
    @Test(arguments: [15, 16, 17, 40])
    func replayRunReapsItsChildrenAsItGoes(taps: Int) throws {
        let folder = ScratchFolder()
        let recording = folder.file("taps.trace")
        try Self.taps(taps).write(toFile: recording, atomically: true, encoding: .utf8)
        let log = folder.file("ran.log")
        let config = folder.file("gestures.yaml")
        try """
        gestures:
          - name: tap
            gesture: tap
            fingers: 1
            command: ["sh", "-c", "echo ran >> \(log)"]

        """.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try GesturesCommandTests.gestures([
            "--config", config, "--replay", recording, "--run",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains("taps.trace: \(taps) gestures"), "\(run.standardOutput)")
        #expect(!run.standardError.contains("still running"), "\(run.standardError)")
        let ran = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(ran.split(separator: "\n").count == taps, "\(run.standardError)")
        let exits = run.standardError.split(separator: "\n").filter {
            $0.hasSuffix("exited with status 0")
        }
        #expect(exits.count == taps, "\(run.standardError)")
    }
}
