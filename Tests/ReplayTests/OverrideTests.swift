import Foundation
import TestSupport
import Testing
import TouchInput

@testable import Replay

/// `--screen`, `--row-height` and `--list` override the app context a trace carries.
@Suite struct OverrideTests {
    static let pan = TestPaths.recordings + "/pan-complete-above.trace"  // y 254, right 542 px

    @Test func theTraceHeaderIsUsedByDefault() throws {
        let result = try ReplayHarness(source: ReplaySource(path: Self.pan)).run()
        #expect(result.screen == ScreenSize(widthPixels: 1080, heightPixels: 1920))
        #expect(result.rowHeightPixels == 169)
        #expect(result.actions.map(\.index) == [1])
    }

    /// With H = 100, y 254 is in row 2.
    @Test func rowHeightOverride() throws {
        let result = try ReplayHarness(source: ReplaySource(path: Self.pan, rowHeightPixels: 100))
            .run()
        #expect(result.rowHeightPixels == 100)
        #expect(result.actions.map(\.kind) == [.complete])
        #expect(result.actions.map(\.index) == [2])
    }

    /// A 1600 px wide screen: W/2 = 800 > 542, so the same swipe no longer completes;
    /// H = round(1600 × 50 / 320) = 250 puts y 254 in row 1.
    @Test func screenOverrideChangesTheThresholdAndTheDefaultRowHeight() throws {
        let screen = ScreenSize(widthPixels: 1600, heightPixels: 2560)
        let result = try ReplayHarness(source: ReplaySource(path: Self.pan, screen: screen)).run()
        #expect(result.screen == screen)
        #expect(result.rowHeightPixels == 250)
        #expect(result.actions.isEmpty)
        #expect(result.gestures.map(\.kind) == [.pan])
    }

    @Test func listOverride() throws {
        let dir = TestPaths.temporaryDirectory()
        let list = dir + "/list.json"
        try #"{"items": [{"text": "a"}, {"text": "b", "completed": false}, "c"]}"#.write(
            toFile: list, atomically: true, encoding: .utf8)
        let result = try ReplayHarness(source: ReplaySource(path: Self.pan, listPath: list)).run()
        #expect(result.initialItems.map(\.text) == ["a", "b", "c"])
        #expect(
            result.items == [
                ExpectedItem(text: "a"), ExpectedItem(text: "b", completed: true),
                ExpectedItem(text: "c"),
            ])
    }

    @Test func unreadableListIsAFileAndLineError() throws {
        let dir = TestPaths.temporaryDirectory()
        let list = dir + "/list.json"
        try "[\n  {\"text\": \"a\"},\n  {\"text\": 7}\n]\n".write(
            toFile: list, atomically: true, encoding: .utf8)
        #expect(throws: ReplayError.self) {
            try ReplayHarness(source: ReplaySource(path: Self.pan, listPath: list)).run()
        }
        do {
            _ = try ReplayHarness(source: ReplaySource(path: Self.pan, listPath: list)).run()
        } catch {
            #expect(error.description.hasPrefix("\(list):3: "), "\(error)")
        }
    }
}
