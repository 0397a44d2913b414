import Foundation
import TestSupport
import Testing

/// An expectation written with `--rotate` and `--calibration` records them, and replays
/// with them when no flag is given (docs/product-decisions.md "Expectations").
@Suite struct ExpectationRotationSettingsTests {
    @Test func rotationAndCalibrationAreRecordedAndReplayedFromTheSettings() throws {
        let recording = TestPaths.recordings + "/pan-complete-above.trace"
        let folder = TestPaths.temporaryDirectory()
        let golden = folder + "/turned.expect.json"
        let written = try ReplayRenderCommandTests.cleartouch([
            "replay", recording, "--rotate", "90", "--calibration", "0 1 0 1 0 0",
            "--write-expect", golden,
        ])
        #expect(written.status == 0, "\(written.standardError)")
        let text = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(text.contains("\"rotation\": 90"), "\(text)")
        #expect(text.contains("\"calibration\": [0, 1, 0, 1, 0, 0]"), "\(text)")

        // No flags: the settings apply, so the turned replay meets it.
        let met = try ReplayRenderCommandTests.cleartouch(["replay", recording, "--expect", golden])
        #expect(met.status == 0, "\(met.standardOutput)\(met.standardError)")
        // The same recording replayed upright is another session: the golden can fail.
        let upright = try ReplayRenderCommandTests.cleartouch([
            "replay", recording, "--write-expect", folder + "/upright.expect.json",
        ])
        #expect(upright.status == 0)
        #expect(
            try String(contentsOfFile: folder + "/upright.expect.json", encoding: .utf8)
                != text.replacingOccurrences(of: "turned", with: "upright"))
    }
}
