import Foundation
import Testing

/// `cleartouch replay` on what went through libinput, compared with replaying the source.
@Suite(.enabled(if: UmockdevHarness.available, "\(UmockdevHarness.unavailableReason ?? "")"))
struct ReplayComparisonTests {
  static let source = UmockdevHarness.fixtures.appendingPathComponent("ts-clear-session.evemu").path
  static let description = UmockdevHarness.fixtures.appendingPathComponent("touchscreen.evemu").path

  /// Runs `cleartouch replay ARGS --json` and returns (actions as "kind index", items).
  static func replay(_ arguments: [String]) throws -> (
    actions: [String], items: [String], stderr: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: UmockdevHarness.cleartouch)
    process.arguments = ["replay"] + arguments + ["--json"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let stderr = String(decoding: errorData, as: UTF8.self)
    let json = try #require(
      try JSONSerialization.jsonObject(with: data) as? [String: Any], "no JSON: \(stderr)")
    let actions = (json["actions"] as? [[String: Any]] ?? []).map {
      "\($0["action"] ?? "?") \($0["index"] ?? "?")"
    }
    let items = (json["items"] as? [[String: Any]] ?? []).map {
      "\(($0["completed"] as? Bool ?? false) ? "[x]" : "[ ]") \($0["text"] ?? "")"
    }
    return (actions, items, stderr)
  }

  @Test func aRecordedSessionReplaysToTheSameListAndActionsAsItsSource() throws {
    let output = RecordUmockdevTests.temporaryPath("replayed.trace")
    defer { unlink(output) }
    let run = try UmockdevHarness.run(
      [.init(description: "touchscreen.evemu", eventNumber: 50, session: "ts-clear-session.evemu")],
      command: [
        UmockdevHarness.cleartouch, "record", "-o", output, "--until-idle", "2", "--duration", "20",
        "/dev/input/event50",
      ])
    #expect(run.status == 0, "\(run.standardError)")
    let fromTrace = try Self.replay([output])
    let fromSource = try Self.replay([Self.source, "--desc", Self.description])
    #expect(!fromSource.actions.isEmpty)
    #expect(fromTrace.actions == fromSource.actions, "\(fromTrace.stderr)")
    #expect(fromTrace.items == fromSource.items)
  }

  @Test func replayViaLibinputGivesTheSameOutcomeAsTheDirectReplay() throws {
    let via = try Self.replay(["--via-libinput", Self.source, "--desc", Self.description])
    let direct = try Self.replay([Self.source, "--desc", Self.description])
    #expect(via.stderr.contains("through libinput"))
    #expect(via.actions == direct.actions, "\(via.stderr)")
    #expect(via.items == direct.items)
  }

  @Test func aTouchpadRecordingReplaysThroughLibinputAsClearGestures() throws {
    let session = UmockdevHarness.fixtures.appendingPathComponent("tp-session.evemu").path
    let touchpad = UmockdevHarness.fixtures.appendingPathComponent("touchpad.evemu").path
    // Replayed directly, a touchpad's raw frames mean nothing to the touchscreen recognizers;
    // through libinput they become scrolls, a pinch and a swipe, mapped as documented.
    let direct = try Self.replay([session, "--desc", touchpad])
    #expect(direct.actions.isEmpty)
    let via = try Self.replay(["--via-libinput", session, "--desc", touchpad])
    #expect(via.actions == ["complete 5", "add 0", "edit-begin 0"], "\(via.stderr)")
  }

  @Test func replayViaLibinputRejectsOtherFormats() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: UmockdevHarness.cleartouch)
    process.arguments = ["replay", "--via-libinput", Self.source, "--format", "trace"]
    process.standardError = Pipe()
    process.standardOutput = Pipe()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
  }
}
