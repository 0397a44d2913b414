import Foundation
import TestSupport
import Testing

/// `cleartouch test --report DIR`'s failure pages in a real headless Chromium, as the
/// viewer's page is tested: the marker sits over the timeline at the first difference's
/// time (also after a resize), the viewer opens there, the expected and replayed lists
/// are the ones at that moment (checked against the viewer's own list just before and
/// just after it, and against `replay --json` at the end), and nothing is asked for
/// outside or logged as an error. Without Chromium the suite is skipped, visibly; under
/// CI=true that is a failure.
@Suite(.enabled(if: HeadlessChromium.runs, "\(HeadlessChromium.missing ?? "")"))
struct FailurePageBrowserTests {
    static let script = TestPaths.packageRoot + "/Tests/Browser/check_failure_page.py"

    /// A suite of three: mixed-session expecting row 3 deleted at 2100 ms (the replay
    /// deletes row 2), pan-complete-above expecting another first item, pull-below passing.
    static func failingSuite() throws -> (root: String, suite: String, report: String) {
        let root = TestPaths.temporaryDirectory()
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/suite/sub", withIntermediateDirectories: true)
        func copy(_ name: String, to folder: String) throws {
            try manager.copyItem(
                atPath: TestPaths.recordings + "/" + name, toPath: root + folder + "/" + name)
        }
        func golden(_ base: String, to folder: String, _ change: (String) -> String) throws {
            let text = try String(
                contentsOfFile: TestPaths.recordings + "/\(base).expect.json", encoding: .utf8)
            let changed = change(text)
            #expect(changed != text || base == "pull-below")
            try changed.write(
                toFile: root + folder + "/\(base).expect.json", atomically: true,
                encoding: .utf8)
        }
        try copy("mixed-session.trace", to: "/suite/sub")
        try golden("mixed-session", to: "/suite/sub") {
            $0.replacingOccurrences(
                of: "\"t_ms\": 2100.000, \"action\": \"delete\", \"index\": 2",
                with: "\"t_ms\": 2100.000, \"action\": \"delete\", \"index\": 3")
        }
        try copy("pan-complete-above.trace", to: "/suite")
        try golden("pan-complete-above", to: "/suite") {
            $0.replacingOccurrences(of: "feed the cat", with: "feed the dog")
        }
        try copy("pull-below.yml", to: "/suite")
        try golden("pull-below", to: "/suite") { $0 }
        return (root, root + "/suite", root + "/report")
    }

    static func browse(_ page: String, times: [Double] = []) throws -> [String: Any] {
        let run = try runCommand(
            executable: HeadlessChromium.python,
            arguments: [script, page] + times.map { String($0) })
        try #require(run.status == 0, "\(run.standardError)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
                as? [String: Any])
    }

    /// Where the viewer draws `ms` on its timeline, in page pixels.
    static func timelineX(_ browser: [String: Any], _ ms: Double, key: String = "timeline")
        throws -> Double
    {
        let timeline = try #require(browser[key] as? [String: Double])
        let left = try #require(timeline["left"])
        let width = try #require(timeline["width"])
        let last = try #require(browser["last_frame_ms"] as? Double)
        return left + 8 + (width - 16) * ms / last
    }

    static func items(_ value: Any?) throws -> [String] {
        try #require(value as? [[Any]]).map { "\($0[0]) \($0[1] as? Bool == true ? "[x]" : "[ ]")" }
    }

    /// At a 1280x1000 window the screen is in view without scrolling, and one press of the
    /// right arrow key moves the slider one frame (it moved 1 ms of the 33 between two).
    static func expectTheScreenInViewAndFrameByFrameSteps(
        _ browser: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let screen = browser["screen"] as? [String: Double] ?? [:]
        #expect(
            (screen["top"] ?? -1) >= 0
                && (screen["bottom"] ?? .infinity) <= (screen["window"] ?? 0),
            "the screen at \(screen)", sourceLocation: sourceLocation)
        #expect(
            browser["right_key_frame_ms"] as? Double == browser["next_frame_ms"] as? Double,
            "\(browser["right_key_frame_ms"] ?? "") \(browser["next_frame_ms"] ?? "")",
            sourceLocation: sourceLocation)
    }

    static func expectNothingOutsideAndNoErrors(_ browser: [String: Any]) {
        #expect((browser["requests"] as? [String]) == [], "\(browser["requests"] ?? "")")
        #expect((browser["errors"] as? [String]) == [], "\(browser["errors"] ?? "")")
    }

    @Test func aFailingActionIsMarkedAtItsTimeWithBothListsAtThatMoment() throws {
        let (root, suite, report) = try Self.failingSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try runCommand(
            executable: TestPaths.cleartouchBinary, arguments: ["test", suite, "--report", report])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("1 passed, 2 failed\n"))
        #expect(run.standardError.contains("wrote 2 failure pages and \(report)/index.html"))
        // Passing recordings get no page.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: report).sorted() == [
                "index.html", "pan-complete-above.trace.html", "sub__mixed-session.trace.html",
            ])
        let index = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(index.contains("<a href=\"sub__mixed-session.trace.html\">"))
        #expect(index.contains("<a href=\"pan-complete-above.trace.html\">"))
        #expect(!index.contains("pull-below"))

        // Just before the difference, and the frame after it.
        let browser = try Self.browse(
            report + "/sub__mixed-session.trace.html", times: [2000, 2150])
        let marker = try #require(browser["marker"] as? [String: Any])
        #expect(marker["ms"] as? Double == 2100)
        let x = try #require(marker["x"] as? Double)
        #expect(abs(x - (try Self.timelineX(browser, 2100))) <= 1, "marker at \(x)")
        let resized = try #require(browser["resized_marker_x"] as? Double)
        #expect(
            abs(resized - (try Self.timelineX(browser, 2100, key: "timeline_after_resize"))) <= 1)
        let timeline = try #require(browser["timeline"] as? [String: Double])
        #expect(marker["top"] as? Double == timeline["top"])
        #expect(marker["label"] as? String == "first difference · 2100.0 ms · action 2")
        #expect(
            (browser["headline"] as? String)?.hasPrefix(
                "FAIL: first difference at 2100.000 ms: action 2") == true)
        // The viewer opens on the frame of the difference, the first at or after it (the
        // differing action on the screen: before, it opened one frame early, without it);
        // the button goes back there.
        let frame = try #require(browser["frame_ms"] as? Double)
        #expect(frame >= 2100 && frame - 2100 < 1000.0 / 30, "opened at \(frame)")
        #expect(browser["button_frame_ms"] as? Double == frame)
        Self.expectTheScreenInViewAndFrameByFrameSteps(browser)

        let at = try #require(browser["at"] as? [[String: Any]])
        let before = try Self.items(at[0]["items"])
        let after = try Self.items(at[1]["items"])
        #expect(before != after)
        // Both columns at the same moment: the list both agree on when the difference came.
        let expected = try #require(browser["expected"] as? [String: Any])
        let replayed = try #require(browser["replayed"] as? [String: Any])
        #expect(try Self.items(expected["items"]) == before)
        #expect(try Self.items(replayed["items"]) == before)
        #expect(
            (replayed["notes"] as? [String])?.first?.hasPrefix("then, as replayed: delete 2")
                == true)
        #expect(
            (expected["actions"] as? [String]) == ["360.000 ms complete 1", "2100.000 ms delete 3"])
        #expect(
            (replayed["actions"] as? [String]) == ["360.000 ms complete 1", "2100.000 ms delete 2"])
        #expect(
            (expected["notes"] as? [String])?.first?.hasPrefix("then, as expected: delete 3")
                == true)
        #expect((replayed["gestures"] as? [String])?.count == 3)
        Self.expectNothingOutsideAndNoErrors(browser)
    }

    @Test func otherFinalItemsAreMarkedAtTheEndWithTheFinalLists() throws {
        let (root, suite, report) = try Self.failingSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try runCommand(
            executable: TestPaths.cleartouchBinary,
            arguments: ["test", suite + "/pan-complete-above.trace", "--report", report])
        #expect(run.status == 1, "\(run.standardError)")
        let json = try runCommand(
            executable: TestPaths.cleartouchBinary,
            arguments: [
                "replay", suite + "/pan-complete-above.trace", "--screen", "1080x1920",
                "--row-height", "169", "--json",
            ])
        let replay = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
                as? [String: Any])
        let replayItems = try #require(replay["items"] as? [[String: Any]]).map {
            "\($0["text"]!) \($0["completed"] as? Bool == true ? "[x]" : "[ ]")"
        }

        let browser = try Self.browse(report + "/pan-complete-above.trace.html")
        let last = try #require(browser["last_frame_ms"] as? Double)
        let marker = try #require(browser["marker"] as? [String: Any])
        #expect(abs((marker["ms"] as? Double ?? 0) - last) < 0.001)
        let x = try #require(marker["x"] as? Double)
        #expect(abs(x - (try Self.timelineX(browser, last))) <= 1, "marker at \(x)")
        #expect((marker["label"] as? String)?.hasSuffix(" ms · final items") == true)
        let expected = try #require(browser["expected"] as? [String: Any])
        let replayed = try #require(browser["replayed"] as? [String: Any])
        let expectedItems = try Self.items(expected["items"])
        #expect(expectedItems.first == "feed the dog [ ]")
        #expect(Array(expectedItems.dropFirst()) == Array(replayItems.dropFirst()))
        #expect(try Self.items(replayed["items"]) == replayItems)
        #expect((replayed["notes"] as? [String]) == ["level: items", "editing: none"])
        Self.expectNothingOutsideAndNoErrors(browser)
    }

    /// A gesture expectation's failure page is the gesture service's: both sides list the
    /// service's gestures (no actions, no list), the screen draws them over the touches,
    /// and the to-do list is neither drawn nor listed.
    @Test func aGestureExpectationsPageShowsTheServicesGestures() throws {
        let root = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let suite = root + "/suite"
        try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: true)
        for name in ["gestures-swipe-3-left.evemu", "gestures.example.yaml"] {
            try FileManager.default.copyItem(
                atPath: TestPaths.recordings + "/" + name, toPath: suite + "/" + name)
        }
        let golden = try String(
            contentsOfFile: TestPaths.recordings + "/gestures-swipe-3-left.expect.json",
            encoding: .utf8)
        let changed = golden.replacingOccurrences(
            of: "\"binding\": \"forward\"", with: "\"binding\": \"back\"")
        #expect(changed != golden)
        try changed.write(
            toFile: suite + "/gestures-swipe-3-left.expect.json", atomically: true,
            encoding: .utf8)
        let test = try runCommand(
            executable: TestPaths.cleartouchBinary,
            arguments: ["test", suite, "--report", root + "/report"])
        #expect(test.status == 1, "\(test.standardOutput)\(test.standardError)")
        let browser = try Self.browse(root + "/report/gestures-swipe-3-left.evemu.html")
        // As the page shows them (the browser's text runs spaces together).
        let expected = try #require(browser["expected"] as? [String: Any])
        let replayed = try #require(browser["replayed"] as? [String: Any])
        #expect(
            (expected["gestures"] as? [String])?.first?.hasSuffix(
                "3-finger swipe left recognized binding back") == true, "\(expected)")
        #expect(
            (replayed["gestures"] as? [String])?.first?.contains(
                "3-finger swipe left recognized binding forward") == true, "\(replayed)")
        #expect(
            (expected["actions"] as? [String]) == []
                && (expected["items"] as? [Any])?.isEmpty == true)
        let headings = try #require(browser["headings"] as? [String])
        #expect(!headings.contains("actions") && !headings.contains("list"), "\(headings)")
        let service = try #require(browser["service"] as? [String: Any])
        #expect(service["shown"] as? Bool == true)
        #expect(service["todo_shown"] as? Bool == false)
        #expect((service["rows"] as? [Any])?.isEmpty == true)
        // The page opens at the first difference, the gesture's start: it is drawn there.
        #expect((service["gestures"] as? [String])?.count == 1, "\(service)")
        #expect((service["drawn"] as? [Any])?.count == 1, "\(service)")
        Self.expectNothingOutsideAndNoErrors(browser)
    }
}
