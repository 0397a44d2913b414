import Foundation
import JSON
import TestSupport
import Testing

/// `cleartouch view` pages of generated hostile texts (items, typed text, list titles, the
/// file's name) in a real headless Chromium: the page loads, its own script runs under
/// the hash-based policy with no violation, every text is shown as it is, and no
/// injected script runs (`Tests/Browser/check_hostile_page.py`).
@Suite(.enabled(if: HeadlessChromium.runs, "\(HeadlessChromium.missing ?? "")"))
struct ViewerHostileTextTests {
    static let script = TestPaths.packageRoot + "/Tests/Browser/check_hostile_page.py"

    /// A trace's TEXT field (docs/trace-format.md): `\\`, `\n`, `\r`, `\t`, `\xHH`.
    static func traceText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\x" + String(format: "%02x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Items, then a tap on the first and `typed` typed into it, then Return.
    static func trace(items: [String], typed: String) -> String {
        """
        cleartouch-trace 1
        screen 1080 1920
        row-height 169
        \(items.map { "item 0 " + traceText($0) + "\n" }.joined())\
        device 1 touchscreen 1080 1920 269.975 479.975 0 10799 40 0 19199 40 10 Synthetic
        device 2 keyboard 1080 1920 - - - - - - - - - Keys
        events
        0 added 1 touchscreen 1080 1920 269.975 479.975 0 10799 40 0 19199 40 10 Synthetic
        0 added 2 keyboard 1080 1920 - - - - - - - - - Keys
        0 down 1 0 0 500 85 125 21.25
        0 frame 1
        60000 up 1 0 0 500 85 125 21.25
        60000 frame 1
        470000 text \(traceText(typed))
        480000 key 2 28 1 0
        485000 key 2 28 0 0

        """
    }

    /// What the page showed, as check_hostile_page.py prints it.
    static func load(_ page: String) throws -> [String: Any] {
        let run = try runCommand(executable: HeadlessChromium.python, arguments: [script, page])
        try #require(run.status == 0, "\(run.standardError)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
                as? [String: Any])
    }

    /// The page's list at the end is `replay --json`'s, character for character (typed
    /// text included); returns it.
    @discardableResult
    static func expectReplaysList(_ seen: [String: Any], _ recording: String) throws -> [String?] {
        let json = try runCommand(
            executable: TestPaths.cleartouchBinary, arguments: ["replay", recording, "--json"])
        try #require(json.status == 0, "\(json.standardError)")
        // Our parser: Foundation's drops a raw U+FEFF inside a string.
        guard case .object(let fields) = try JSONParser.parse(json.standardOutput),
            case .array(let items)? = fields.first(where: { $0.key == "items" })?.value
        else {
            Issue.record("no items in replay --json")
            return []
        }
        let finalItems = items.map { item -> String? in
            guard case .object(let fields) = item,
                case .string(let text)? = fields.first(where: { $0.key == "text" })?.value
            else { return nil }
            return text
        }
        let shown = try #require(seen["items"] as? [[String: Any]]).map { $0["text"] as? String }
        #expect(shown == finalItems)
        return finalItems
    }

    /// The page loaded, its script ran, nothing was refused, nothing injected ran.
    static func expectIntact(_ seen: [String: Any], _ what: String) {
        #expect(seen["loaded"] as? Bool == true, "\(what)")
        #expect(seen["injected"] is NSNull, "\(what): \(seen["injected"] ?? "")")
        #expect(seen["errors"] as? [String] == [], "\(what)")
        #expect(seen["violations"] as? [String] == [], "\(what)")
    }

    @Test(arguments: 0..<3) func hostileItemsAndTypedTextAreShownAsTheyAre(seed: Int) throws {
        guard HeadlessChromium.missing == nil else {
            Issue.record("CI=true: \(HeadlessChromium.missing!)")
            return
        }
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let generated = HostileText.generated(7, seed: UInt64(seed) &+ 24)
        let items = Array(generated.prefix(6))
        // A file name a title could break on (no `/`, no NUL: a file name holds neither).
        let name = "<!--<script>x<\\script>\"'&\(seed).trace"
        let recording = directory + "/" + name
        try Self.trace(items: items, typed: generated[6]).write(
            toFile: recording, atomically: true, encoding: .utf8)
        let page = directory + "/page.html"
        let view = try runCommand(
            executable: TestPaths.cleartouchBinary, arguments: ["view", recording, "-o", page])
        try #require(view.status == 0, "\(view.standardError)")
        let seen = try Self.load(page)
        Self.expectIntact(seen, "seed \(seed)")
        #expect(seen["title"] as? String == name)
        let texts = try #require(seen["texts"] as? [String])
        for item in items { #expect(texts.contains(item), "\(item.debugDescription)") }
        // At the end the page's list is replay's, typed text included, character for
        // character.
        try Self.expectReplaysList(seen, recording)
    }

    /// A long text typed a piece a frame: the page keeps each version as a change to the
    /// one before, and its own `text(i)` rebuilds them; the list at the end is replay's.
    @Test func aLongHostileTypedTextIsRebuiltByThePage() throws {
        guard HeadlessChromium.missing == nil else {
            Issue.record("CI=true: \(HeadlessChromium.missing!)")
            return
        }
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pieces = HostileText.generated(300, seed: 7)
        // One piece a millisecond (a frame at 1000 fps), then Return.
        let typed = pieces.dropFirst().enumerated().map { index, piece in
            "\(471_000 + index * 1000) text \(Self.traceText(piece))\n"
        }.joined()
        let trace = Self.trace(items: ["first"], typed: pieces[0])
            .replacingOccurrences(
                of: "480000 key 2 28 1 0\n", with: typed + "900000 key 2 28 1 0\n"
            )
            .replacingOccurrences(of: "485000 key 2 28 0 0", with: "905000 key 2 28 0 0")
        let recording = directory + "/typing.trace"
        try trace.write(toFile: recording, atomically: true, encoding: .utf8)
        let page = directory + "/page.html"
        let view = try runCommand(
            executable: TestPaths.cleartouchBinary,
            arguments: ["view", recording, "-o", page, "--fps", "1000"])
        try #require(view.status == 0, "\(view.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let seen = try Self.load(page)
        Self.expectIntact(seen, "typing")
        let finalItems = try Self.expectReplaysList(seen, recording)
        let texts = try #require(seen["texts"] as? [String])
        #expect(texts.contains(try #require(finalItems.first ?? nil)))
        // The versions are changes: the page is far smaller than every version whole.
        let whole = texts.reduce(0) { $0 + $1.utf8.count }
        #expect(html.utf8.count < whole / 2, "page \(html.utf8.count) bytes, texts \(whole)")
    }

    @Test func hostileListTitlesAreShownAsTheyAre() throws {
        guard HeadlessChromium.missing == nil else {
            Issue.record("CI=true: \(HeadlessChromium.missing!)")
            return
        }
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let titles = HostileText.generated(4, seed: 99)
        let lists: [[String: Any]] = titles.enumerated().map { index, title in
            [
                "id": index + 1, "title": title, "completed": false,
                "items": [
                    ["id": 1, "text": titles[(index + 1) % titles.count], "completed": false]
                ],
            ]
        }
        let list = directory + "/lists.json"
        try JSONSerialization.data(
            withJSONObject: ["format": "cleartouch-list", "version": 2, "lists": lists]
        ).write(to: URL(fileURLWithPath: list))
        let recording = directory + "/r.trace"
        try Self.trace(items: [], typed: "x").write(
            toFile: recording, atomically: true, encoding: .utf8)
        let page = directory + "/page.html"
        let view = try runCommand(
            executable: TestPaths.cleartouchBinary,
            arguments: ["view", recording, "--list", list, "-o", page])
        try #require(view.status == 0, "\(view.standardError)")
        let seen = try Self.load(page)
        Self.expectIntact(seen, "list titles")
        let texts = try #require(seen["texts"] as? [String])
        for title in titles { #expect(texts.contains(title), "\(title.debugDescription)") }
    }
}
