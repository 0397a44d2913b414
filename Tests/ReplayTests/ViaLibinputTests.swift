import Foundation
import Testing

@testable import Replay

/// `cleartouch replay --via-libinput`: the evemu recordings played through the real
/// libinput (an emulated device under umockdev, in real time) reach the same Clear
/// outcome as our own evemu reader. Times may differ by the real-time replay's jitter.
@Suite struct ViaLibinputTests {
    static let umockdevRun = "/usr/bin/umockdev-run"
    /// Real-time replay under umockdev: event times drift by a few milliseconds.
    static let timeToleranceMicroseconds: Int64 = 50_000

    @Test(arguments: ["pan-delete-above.evemu", "palm-cancel.evemu"])
    func sameOutcomeThroughRealLibinput(name: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.umockdevRun) else {
            print(
                "ViaLibinputTests: skipped, \(Self.umockdevRun) is not installed (tools/bootstrap installs umockdev)"
            )
            return
        }
        let recording = TestPaths.recordings + "/" + name
        let base = String(name.dropLast(".evemu".count))
        let expectation = try Expectation.parse(
            try String(
                contentsOfFile: TestPaths.recordings + "/\(base).expect.json", encoding: .utf8),
            path: base)
        let run = try CommandTests.cleartouch(["replay", recording, "--via-libinput", "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let actions = try #require(object["actions"] as? [[String: Any]])
        #expect(actions.map { $0["action"] as? String } == expectation.actions.map(\.kind.rawValue))
        #expect(actions.map { $0["index"] as? Int } == expectation.actions.map(\.index))
        for (action, expected) in zip(actions, expectation.actions) {
            let microseconds = Int64(((action["t_ms"] as? Double ?? -1) * 1000).rounded())
            #expect(abs(microseconds - expected.timeMicroseconds) <= Self.timeToleranceMicroseconds)
        }
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.map { $0["text"] as? String } == expectation.items.map(\.text))
        #expect(items.map { $0["completed"] as? Bool } == expectation.items.map(\.completed))
    }

    @Test func onlyEvemuRecordings() throws {
        let run = try CommandTests.cleartouch([
            "replay", TestPaths.recordings + "/pan-complete-above.trace", "--via-libinput",
        ])
        #expect(run.status == 2)
        #expect(
            run.standardError.contains(
                "pan-complete-above.trace:1: --via-libinput plays evemu recordings"))
    }
}
