import Foundation
import TestSupport
import Testing

/// `cleartouch gestures --replay --via-libinput`: the gesture recordings played through
/// the real libinput (emulated devices under umockdev, in real time) give the gestures
/// their expectations pin. Times cannot be exact through umockdev (ViaLibinputTests says
/// why); every gesture starts and ends no earlier than recorded.
@Suite struct GesturesViaLibinputTests {
    @Test(
        arguments: [
            "gestures-swipe-3-left.evemu", "gestures-edge-swipe-bottom.evemu",
            "gestures-pinch-in-2.evemu", "gestures-swipe-palm.evemu",
        ])
    func theSameGesturesThroughRealLibinput(name: String) throws {
        guard FileManager.default.isExecutableFile(atPath: ViaLibinputTests.umockdevRun) else {
            let reason =
                "\(ViaLibinputTests.umockdevRun) is not installed (tools/bootstrap installs umockdev)"
            try #require(!RequiredInput.underCI, Comment(rawValue: reason))
            try RequiredInput.missing(reason)
        }
        let recording = GesturesCommandTests.recording(name)
        let arguments = ["--config", GesturesCommandTests.example, "--replay", recording, "--json"]
        let through = try GesturesCommandTests.gestures(arguments + ["--via-libinput"])
        #expect(through.status == 0, "\(through.standardError)")
        let direct = try GesturesCommandTests.gestures(arguments)
        #expect(direct.status == 0, "\(direct.standardError)")
        func gestures(_ run: CommandRun) throws -> [[String: Any]] {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
                    as? [String: Any])
            return try #require(object["gestures"] as? [[String: Any]])
        }
        let viaLibinput = try gestures(through)
        let recorded = try gestures(direct)
        #expect(!recorded.isEmpty)
        func describe(_ gesture: [String: Any]) -> String {
            ["gesture", "fingers", "direction", "edge", "outcome", "binding"].map {
                "\(gesture[$0] ?? "nil")"
            }.joined(separator: " ")
        }
        #expect(viaLibinput.map(describe) == recorded.map(describe))
        for (late, onTime) in zip(viaLibinput, recorded) {
            for key in ["start_ms", "end_ms"] {
                let shift = (late[key] as? Double ?? -1) - (onTime[key] as? Double ?? 0)
                #expect(shift >= -0.001, "\(key) \(shift) ms early through libinput")
            }
        }
    }
}
