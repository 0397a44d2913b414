import Foundation
import TestSupport
import Testing

/// What the browser test needs: Debian's chromium, chromium-driver and python3-selenium.
enum HeadlessChromium {
    static let python = "/usr/bin/python3"
    static let requirements = [
        "/usr/bin/chromium", "/usr/bin/chromedriver",
        "/usr/lib/python3/dist-packages/selenium/__init__.py",
    ]
    /// What is missing to run the browser, or nil.
    static let missing: String? = {
        let absent = requirements.filter { !FileManager.default.fileExists(atPath: $0) }
        return absent.isEmpty
            ? nil
            : "headless Chromium test skipped: missing \(absent.joined(separator: ", ")) (tools/bootstrap installs chromium, chromium-driver, python3-selenium)"
    }()
    /// Under CI the suite runs anyway, and fails on what is missing.
    static let runs = RequiredInput.runs(ifPresent: missing == nil)
}

/// The `cleartouch view` page in a real headless Chromium (selenium, chromedriver): loaded
/// from file://, its slider moved by mouse, keyboard and script, it shows at each time what
/// `cleartouch replay --json` says happened by then, and it asks for nothing outside.
/// Without Chromium the suite is skipped, visibly; under CI=true that is a failure.
@Suite(.enabled(if: HeadlessChromium.runs, "\(HeadlessChromium.missing ?? "")"))
struct ViewerBrowserTests {
    static let script = TestPaths.packageRoot + "/Tests/Browser/check_viewer_page.py"

    /// One observation of the page's status.
    struct Seen {
        var sliderMilliseconds: Double
        var frameMilliseconds: Double
        var level: String
        var lastAction: String
        var actions: [String]
        var gestures: [String]
        var items: [[String: Any]]
        var rows: [[Any]]
        var labels: [[Any]]

        init(_ object: Any?) throws {
            let o = try #require(object as? [String: Any])
            sliderMilliseconds = try #require(o["slider_ms"] as? Double)
            frameMilliseconds = try #require(o["frame_ms"] as? Double)
            level = try #require(o["level"] as? String)
            lastAction = try #require(o["last_action"] as? String)
            actions = try #require(o["actions"] as? [String])
            gestures = try #require(o["gestures"] as? [String])
            items = try #require(o["items"] as? [[String: Any]])
            rows = try #require(o["rows"] as? [[Any]])
            labels = try #require(o["labels"] as? [[Any]])
        }
    }

    /// The page of `name`, what replay --json says of it, and the page seen at `times`.
    static func check(_ name: String, times: (_ replay: [String: Any]) -> [Double]) throws -> (
        replay: [String: Any], browser: [String: Any], seen: [Seen]
    ) {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recording = TestPaths.recordings + "/" + name
        let page = directory + "/page.html"
        let view = try runCommand(
            executable: TestPaths.cleartouchBinary, arguments: ["view", recording, "-o", page])
        #expect(view.status == 0, "\(view.standardError)")
        let json = try runCommand(
            executable: TestPaths.cleartouchBinary, arguments: ["replay", recording, "--json"])
        #expect(json.status == 0, "\(json.standardError)")
        let replay = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
                as? [String: Any])
        let run = try runCommand(
            executable: HeadlessChromium.python,
            arguments: [script, page] + times(replay).map { String($0) })
        try #require(run.status == 0, "\(run.standardError)")
        let browser = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
                as? [String: Any])
        let seen = try #require(browser["at"] as? [Any]).map(Seen.init)
        return (replay, browser, seen)
    }

    static func actions(_ replay: [String: Any], upTo ms: Double) -> [String] {
        (replay["actions"] as? [[String: Any]] ?? []).filter {
            ($0["t_ms"] as? Double ?? .infinity) <= ms
        }.map { "\($0["action"]!) \($0["index"]!)" }
    }

    static func gestureKinds(_ replay: [String: Any], at ms: Double) -> [String] {
        (replay["gestures"] as? [[String: Any]] ?? []).filter {
            ($0["start_ms"] as? Double ?? .infinity) <= ms && ms < ($0["end_ms"] as? Double ?? 0)
        }.map { "\($0["kind"]!)" }.sorted()
    }

    /// What holds at every time: the frame shown is the last one at or before the slider,
    /// the actions and gestures are replay's up to the frame, labels do not overlap.
    static func checkEverySeen(_ seen: [Seen], _ replay: [String: Any]) {
        for s in seen {
            #expect(s.frameMilliseconds <= s.sliderMilliseconds + 0.001)
            #expect(s.sliderMilliseconds - s.frameMilliseconds < 1000.0 / 30 + 0.01)
            #expect(
                s.actions == actions(replay, upTo: s.frameMilliseconds), "at \(s.frameMilliseconds)"
            )
            #expect(s.lastAction == (s.actions.last ?? ""))
            #expect(
                s.gestures.map { String($0.split(separator: " ")[0]) }.sorted()
                    == gestureKinds(replay, at: s.frameMilliseconds), "at \(s.frameMilliseconds)")
            let boxes = s.labels.compactMap { label -> (Double, Double, Double, Double)? in
                guard label.count >= 4, let x = label[0] as? Double, let y = label[1] as? Double,
                    let w = label[2] as? Double, let h = label[3] as? Double
                else { return nil }
                return (x, y, w, h)
            }
            #expect(boxes.count == s.labels.count)
            for i in boxes.indices {
                for j in boxes.indices where j > i {
                    let (a, b) = (boxes[i], boxes[j])
                    let overlap =
                        a.0 < b.0 + b.2 && b.0 < a.0 + a.2 && a.1 < b.1 + b.3 && b.1 < a.1 + a.3
                    #expect(!overlap, "labels \(s.labels[i]) and \(s.labels[j]) overlap")
                }
            }
        }
    }

    /// `view --gesture-config`: the page is the gesture service's. Its gestures, as
    /// `cleartouch gestures --replay` reports them, are drawn over the touches (their label
    /// and progress bar in the colour of their state, read back from the canvas) and listed
    /// with their progress while in progress; nothing of the to-do list is drawn or listed.
    @Test func theGestureServicesGesturesAreShownWithAConfiguration() throws {
        guard HeadlessChromium.missing == nil else {
            Issue.record("CI=true: \(HeadlessChromium.missing!)")
            return
        }
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recording = TestPaths.recordings + "/gestures-swipe-3-left.evemu"
        let config = TestPaths.recordings + "/gestures.example.yaml"
        let page = directory + "/page.html"
        let view = try runCommand(
            executable: TestPaths.cleartouchBinary,
            arguments: ["view", recording, "--gesture-config", config, "-o", page])
        #expect(view.status == 0, "\(view.standardError)")
        let replay = try runCommand(
            executable: TestPaths.cleartouchBinary,
            arguments: ["gestures", "--config", config, "--replay", recording])
        // The one gesture, as the offline service prints it (0.000–260.000 ms).
        #expect(
            replay.standardOutput.contains(
                "0.000–260.000 ms  3-finger swipe left  recognized  binding forward"),
            "\(replay.standardOutput)")
        // 70 ms: the frame of 66.7 ms, the swipe begun at 50 ms and a third of the way to its
        // distance at 60 ms; 400 ms: ended at 260 ms, its label still drawn.
        let run = try runCommand(
            executable: HeadlessChromium.python, arguments: [Self.script, page, "70", "400"])
        try #require(run.status == 0, "\(run.standardError)")
        let browser = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
                as? [String: Any])
        #expect(browser["errors"] as? [String] == [])
        let at = try #require(browser["at"] as? [[String: Any]])
        try #require(at.count == 2)
        for seen in at {
            #expect(seen["service_shown"] as? Bool == true)
            #expect(seen["todo_shown"] as? Bool == false)
            #expect((seen["rows"] as? [Any])?.isEmpty == true, "no to-do row: \(seen)")
            #expect((seen["labels"] as? [Any])?.isEmpty == true, "no to-do label: \(seen)")
        }
        #expect(
            at[0]["service_gestures"] as? [String]
                == ["3-finger swipe left  in progress 33%  binding forward"], "\(at[0])")
        #expect(
            at[1]["service_gestures"] as? [String]
                == [
                    "3-finger swipe left  recognized  binding forward  would run xdotool key alt+Right"
                ])
        // Drawn: [label, state, x, y, [r, g, b]]: yellow in progress, green recognized.
        let drawn = try at.map { try #require($0["service_drawn"] as? [[Any]]) }
        #expect(drawn.map(\.count) == [1, 1], "\(drawn)")
        #expect(drawn[0].first?[0] as? String == "3-finger swipe left · forward 33%")
        #expect(drawn[0].first?[1] as? String == "progress")
        #expect(drawn[0].first?[4] as? [Int] == [0xff, 0xea, 0x00], "\(drawn[0])")
        #expect(drawn[1].first?[0] as? String == "3-finger swipe left · forward · recognized")
        #expect(drawn[1].first?[4] as? [Int] == [0x69, 0xf0, 0xae], "\(drawn[1])")

        // Without a configuration the section stays hidden and empty.
        let plain = directory + "/plain.html"
        let plainView = try runCommand(
            executable: TestPaths.cleartouchBinary, arguments: ["view", recording, "-o", plain])
        #expect(plainView.status == 0, "\(plainView.standardError)")
        let plainRun = try runCommand(
            executable: HeadlessChromium.python, arguments: [Self.script, plain, "400"])
        try #require(plainRun.status == 0, "\(plainRun.standardError)")
        let plainBrowser = try #require(
            try JSONSerialization.jsonObject(with: Data(plainRun.standardOutput.utf8))
                as? [String: Any])
        let plainAt = try #require(plainBrowser["at"] as? [[String: Any]])
        #expect(plainAt.first?["service_shown"] as? Bool == false)
        #expect(plainAt.first?["service_gestures"] as? [String] == [])
    }

    @Test func theDeletePageFollowsTheReplay() throws {
        guard HeadlessChromium.missing == nil else {
            Issue.record("CI=true: \(HeadlessChromium.missing!)")
            return
        }
        let (replay, browser, seen) = try Self.check("pan-delete-above.evemu") { _ in
            [100, 200, 380, 510, 3000]
        }
        // Nothing was fetched from outside file://, and the script raised no error.
        #expect(browser["requests"] as? [String] == [])
        #expect(browser["errors"] as? [String] == [])
        Self.checkEverySeen(seen, replay)
        // 100 and 200 ms: the pan in progress, the row under the finger moved right of 0.
        #expect(seen[0].actions == [] && seen[1].gestures.first?.hasPrefix("pan #") == true)
        #expect(seen[0].items.count == ((replay["items"] as? [Any])?.count ?? 0) + 1)
        // 380 and 510 ms: deleted; at 510 the rows below are still shuffling up (rows
        // between two row places), at 3000 ms all rest on whole rows.
        #expect(seen[2].lastAction == "delete 2")
        let rowHeight = try #require(replay["row_height"] as? Double)
        func offRowPlaces(_ s: Seen) -> Int {
            s.rows.filter { row in
                let y = row[2] as? Double ?? 0
                let phase = y / rowHeight - (y / rowHeight).rounded()
                return abs(phase) > 0.02
            }.count
        }
        #expect(offRowPlaces(seen[3]) > 0)
        #expect(offRowPlaces(seen[4]) == 0)
        // At the end the list is replay's final list.
        let finalItems = try #require(replay["items"] as? [[String: Any]])
        #expect(seen[4].items.map { "\($0["text"]!)" } == finalItems.map { "\($0["text"]!)" })
        #expect(
            seen[4].items.map { $0["completed"] as? Bool }
                == finalItems.map { $0["completed"] as? Bool })
    }

    @Test func theMixedSessionPageShowsEveryActionAndGesture() throws {
        guard HeadlessChromium.missing == nil else {
            Issue.record("CI=true: \(HeadlessChromium.missing!)")
            return
        }
        // Just after each action and in the middle of each gesture.
        let (replay, browser, seen) = try Self.check("mixed-session.trace") { replay in
            let actions = (replay["actions"] as? [[String: Any]] ?? []).compactMap {
                ($0["t_ms"] as? Double).map { ($0 + 40).rounded() }
            }
            let gestures = (replay["gestures"] as? [[String: Any]] ?? []).compactMap {
                g -> Double? in
                guard let a = g["start_ms"] as? Double, let b = g["end_ms"] as? Double, b - a > 80
                else { return nil }
                return ((a + b) / 2).rounded()
            }
            return actions + gestures
        }
        #expect(browser["requests"] as? [String] == [])
        #expect(browser["errors"] as? [String] == [])
        #expect(seen.count >= 15)
        Self.checkEverySeen(seen, replay)
        #expect(seen.contains { !$0.gestures.isEmpty })
        // The mouse drag at 3/4 of the track, the End key, and playing moved the time.
        let maximum = try #require(browser["slider_max"] as? Double)
        let dragged = try Seen(browser["drag"])
        #expect(abs(dragged.sliderMilliseconds / maximum - 0.75) < 0.05)
        let end = try Seen(browser["end_key"])
        #expect(end.frameMilliseconds <= maximum && maximum - end.frameMilliseconds < 1)
        let finalItems = try #require(replay["items"] as? [[String: Any]])
        #expect(end.items.map { "\($0["text"]!)" } == finalItems.map { "\($0["text"]!)" })
        let played = try Seen(browser["played"])
        #expect(played.frameMilliseconds > 0)
    }

    @Test func aPageThatNavigatesShowsTheLevelTheCountAndBothTransitions() throws {
        guard HeadlessChromium.missing == nil else {
            Issue.record("CI=true: \(HeadlessChromium.missing!)")
            return
        }
        // close-list at 460 ms, open-list at 1130 ms (each move lasts 350 ms): the items,
        // the list closing, the lists at rest, the list opening, the items again.
        let (replay, browser, seen) = try Self.check("levels-open-list-tap.trace") { _ in
            [200, 600, 1000, 1250, 2000]
        }
        #expect(browser["requests"] as? [String] == [])
        #expect(browser["errors"] as? [String] == [])
        Self.checkEverySeen(seen, replay)
        let rowHeight = try #require(replay["row_height"] as? Double)
        func heights(_ s: Seen) -> [Double] { s.rows.compactMap { $0[4] as? Double } }
        func counts(_ s: Seen) -> [Int?] { s.rows.map { $0[5] as? Int } }
        #expect(seen.map(\.level) == ["items", "lists", "lists", "items", "items"])
        // At rest on the lists: one row, `To Do`, with its twelve open items.
        #expect(seen[2].rows.count == 1)
        #expect(seen[2].rows.first?[1] as? String == "To Do")
        #expect(counts(seen[2]) == [12])
        // Both transitions: rows squeezed below H; at rest, every row is H tall.
        #expect(heights(seen[1]).contains { $0 < rowHeight - 1 })
        #expect(heights(seen[3]).contains { $0 < rowHeight - 1 })
        for s in [seen[0], seen[2], seen[4]] {
            #expect(
                heights(s).allSatisfy { abs($0 - rowHeight) < 0.1 }, "at \(s.frameMilliseconds)")
        }
        // Item rows carry no count.
        #expect(counts(seen[4]).allSatisfy { $0 == nil })
    }

    @Test func theThemesPageShowsEachRowInItsOwnTheme() throws {
        guard HeadlessChromium.missing == nil else {
            Issue.record("CI=true: \(HeadlessChromium.missing!)")
            return
        }
        // open-page themes at 2200 ms, at rest by 2800 (the pull back starts at 2820).
        let (_, browser, seen) = try Self.check("levels-themes-pull-back.trace") { _ in [2800] }
        #expect(browser["errors"] as? [String] == [])
        let page = try #require(seen.first)
        #expect(page.level == "themes")
        let listed = try runCommand(
            executable: TestPaths.cleartouchBinary, arguments: ["themes", "--json"])
        let themes = try #require(
            (try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8))
                as? [String: Any])?["themes"] as? [[String: Any]])
        func hex(_ value: Any?) -> String? {
            (value as? Int).map { "#" + String(format: "%06X", $0) }
        }
        #expect(!page.rows.isEmpty)
        for row in page.rows {
            let name = try #require(row[1] as? String)
            let theme = try #require(themes.first { $0["name"] as? String == name }, "\(name)")
            #expect(hex(row[6]) == (theme["top"] as? String)?.uppercased(), "\(name)'s fill")
            #expect(hex(row[7]) == (theme["text"] as? String)?.uppercased(), "\(name)'s label")
        }
    }
}
