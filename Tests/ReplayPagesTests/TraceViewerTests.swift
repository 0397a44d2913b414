import ClearCore
import Foundation
import TestSupport
import Testing

@testable import Replay
@testable import ReplayPages

/// The `cleartouch view` page's content: frames up to the settled end, what each frame
/// shows, gesture labels with their state and action, and a page with nothing outside it.
@Suite struct TraceViewerTests {
    static let delete = TestPaths.recordings + "/pan-delete-above.evemu"

    static func contents(_ path: String, fps: Double = 30) throws -> TraceViewer.Contents {
        try TraceViewer(source: ReplaySource(path: path), title: "t", framesPerSecond: fps)
            .contents()
    }

    /// `page()` builds its data frame by frame, keeping no presentation: it is exactly the
    /// data of `json(contents())`, for sessions with typing, the keyboard, levels, themes.
    @Test(arguments: [
        "mixed-session.trace", "keyboard-typing-us.trace", "tap-edit-return.trace",
        "levels-themes-pull-back.trace", "pan-delete-above.evemu", "lists-add-title.trace",
    ])
    func thePageIsTheDataOfItsContents(name: String) throws {
        let viewer = TraceViewer(
            source: ReplaySource(path: TestPaths.recordings + "/" + name), title: "t",
            framesPerSecond: 20)
        let expected = TraceViewer.page(
            title: "t", data: TraceViewer.json(try viewer.contents(), framesPerSecond: 20))
        #expect(try viewer.page() == expected)
    }

    @Test func framesRunFromTheFirstEventToTheSettledEnd() throws {
        let contents = try Self.contents(Self.delete, fps: 50)
        let times = contents.frames.map(\.timeMicroseconds)
        #expect(times.first == 0)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 20_000 })
        // The shuffle after the delete at 360 ms runs 300 ms plus 30 ms a row below.
        #expect(times.last! >= 660_000)
        #expect(contents.frames.last?.presentation.isAnimating == false)
        #expect(
            contents.frames.contains {
                $0.timeMicroseconds > 360_000 && $0.presentation.isAnimating
            })
        // The same replay as without pictures.
        #expect(
            contents.result.actions
                == (try ReplayHarness(
                    source: ReplaySource(path: Self.delete), keepTouchPaths: true
                ).run()).actions)
    }

    @Test func labelsFollowEachGestureStateAndItsAction() throws {
        let contents = try Self.contents(Self.delete, fps: 100)
        let gesture = try #require(contents.result.gestures.first)
        let name = "\(gesture.kind.rawValue) \(gesture.label)"
        func labels(at time: Int64) -> [String] {
            contents.frames.first { $0.timeMicroseconds == time }?.labels.map(\.text) ?? ["none"]
        }
        #expect(labels(at: 0) == [])  // before the pan begins
        #expect(labels(at: 200_000) == ["\(name) changed"])
        #expect(labels(at: 370_000) == ["\(name) ended → delete 2"])
        // The label lingers 700 ms after the end, then goes.
        #expect(labels(at: 360_000 + TraceViewer.labelLingerMicroseconds) != [])
        #expect(
            contents.frames.filter {
                $0.timeMicroseconds > 360_000 + TraceViewer.labelLingerMicroseconds
            }.allSatisfy { $0.labels.isEmpty })
    }

    @Test func thePageIsSelfContained() throws {
        let page = try TraceViewer(
            source: ReplaySource(path: TestPaths.recordings + "/mixed-session.trace"),
            title: "mixed <session> & \"more\"", framesPerSecond: 10
        ).page()
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<input id=\"time\" type=\"range\""))
        #expect(page.contains("default-src 'none'"))
        // No outside resource: no URL scheme, no src or href attribute, no import.
        for needle in ["http:", "https:", "//cdn", "src=", "href=", "@import", "url("] {
            #expect(!page.contains(needle), "\(needle)")
        }
        #expect(page.contains("mixed &lt;session&gt; &amp; &quot;more&quot;"))
        // The data is one JSON value the script parses.
        let start = try #require(page.range(of: "id=\"trace-data\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = try JSONSerialization.jsonObject(
            with: Data(page[start.upperBound..<end.lowerBound].utf8))
        let frames = try #require((json as? [String: Any])?["frames"] as? [Any])
        #expect(frames.count > 100)
    }

    @Test func textThatWouldEndTheScriptIsEscaped() throws {
        let page = TraceViewer.page(title: "x", data: "{\"texts\": [\"</script><b>\"]}")
        #expect(page.components(separatedBy: "</script>").count == 3)
        #expect(page.contains(#"\u003c/script\u003e\u003cb\u003e"#))
    }

    /// A session typed on the on-screen keyboard: the page's frames carry the keyboard
    /// (`keyboard`) while it is on screen, with the key under the finger marked pressed, and
    /// none before editing begins.
    @Test func thePageDrawsTheOnScreenKeyboard() throws {
        let contents = try Self.contents(
            TestPaths.recordings + "/keyboard-typing-us.trace", fps: 30)
        let json = TraceViewer.json(contents, framesPerSecond: 30)
        let data = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let frames = try #require(data["frames"] as? [[String: Any]])
        let withKeyboard = frames.filter { $0["keyboard"] != nil }
        #expect(frames.first?["keyboard"] == nil)
        #expect(withKeyboard.count > frames.count / 2)
        let keys = try #require(withKeyboard.last?["keyboard"] as? [[String: Any]])
        #expect(keys.count >= 30)
        #expect(
            keys.allSatisfy { key in
                ["x", "y", "width", "height", "text"].allSatisfy { key[$0] is NSNumber }
            })
        let pressed = withKeyboard.contains { frame in
            ((frame["keyboard"] as? [[String: Any]]) ?? []).contains {
                $0["pressed"] as? Bool == true
            }
        }
        #expect(pressed)
        // The page draws what it is given.
        #expect(
            TraceViewer.page(title: "k", data: json).contains(
                "if (frame.keyboard) drawKeyboard(c, frame.keyboard)"))
    }

    /// The data block is keyed objects: a row, a gesture and a touch name their fields.
    @Test func theDataNamesItsFields() throws {
        let contents = try Self.contents(Self.delete, fps: 10)
        let json = TraceViewer.json(contents, framesPerSecond: 10)
        let data = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let texts = try #require(data["texts"] as? [String])
        let frames = try #require(data["frames"] as? [[String: Any]])
        let row = try #require((frames.first?["rows"] as? [[String: Any]])?.first)
        #expect(Set(row.keys) == ["index", "text", "x", "y", "width", "height", "alpha", "color"])
        #expect(texts[try #require(row["text"] as? Int)] == "feed the cat")
        let gesture = try #require((data["gestures"] as? [[String: Any]])?.first)
        #expect(texts[try #require(gesture["caused"] as? Int)] == "delete 2")
        #expect(gesture["outcome"] as? String == "recognized")
        let touch = try #require((data["touches"] as? [[String: Any]])?.first)
        let samples = try #require(touch["samples"] as? [[String: Any]])
        #expect(samples.first?["phase"] as? String == "down")
        #expect(samples.last?["phase"] as? String == "up")
        let screen = try #require(data["screen"] as? [String: Int])
        #expect(
            screen == [
                "width": contents.result.screen.widthPixels,
                "height": contents.result.screen.heightPixels,
            ])
    }
}
