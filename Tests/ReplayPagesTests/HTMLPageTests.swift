import Foundation
import JSON
import TestSupport
import Testing
import ToolSupport

@testable import Replay
@testable import ReplayPages

/// `HTMLPage`: whatever the data holds, it stays in its `application/json` block and
/// parses back to itself; the page's own scripts run by hash, and no other.
@Suite struct HTMLPageTests {
    /// The text of the page's data element.
    static func dataBlock(_ page: String) throws -> Substring {
        let start = try #require(page.range(of: "id=\"trace-data\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        return page[start.upperBound..<end.lowerBound]
    }

    @Test(arguments: 0..<8) func hostileTextsStayInTheirBlockAndReadBack(seed: Int) throws {
        let texts = HostileText.generated(40, seed: UInt64(seed))
        let json = JSONValue.object(fields: [("texts", .array(texts.map(JSONValue.string)))])
            .encoded()
        let page = TraceViewer.page(title: texts[0], data: json)
        let block = try Self.dataBlock(page)
        // Nothing in the block can end it, open a comment or a script, or end a line in
        // an old JavaScript parser.
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            #expect(!block.contains(forbidden), "\(forbidden)")
        }
        // (Our parser: Foundation's drops U+FEFF inside strings; the browser test reads
        // the block with JavaScript.)
        guard case .object(let fields) = try JSONParser.parse(String(block)),
            case .array(let parsed)? = fields.first(where: { $0.key == "texts" })?.value
        else {
            Issue.record("no texts")
            return
        }
        #expect(parsed.count == texts.count)
        for (value, text) in zip(parsed, texts) {
            guard case .string(let string) = value else {
                Issue.record("not a string")
                continue
            }
            #expect(
                string.unicodeScalars.elementsEqual(text.unicodeScalars), "\(text.debugDescription)"
            )
        }
        // The page's two script elements are its own: the data and viewer.js.
        #expect(page.lowercased().components(separatedBy: "<script").count == 3)
        #expect(page.lowercased().components(separatedBy: "</script").count == 3)
        #expect(!page.contains("<!--"))
        // The title is text, in <title> and <h1>; a file name, so shown as messages show
        // one (control characters written visibly, `TerminalText`).
        let title = HTMLPage.escapedText(TerminalText.escaped(texts[0]))
        #expect(!title.contains("<") && !title.contains("\""))
        #expect(page.contains("<h1>\(title)</h1>"))
    }

    /// The policy allows the page's script by its SHA-256, and no inline script without.
    @Test func thePolicyAllowsExactlyThePagesScriptByHash() throws {
        let page = TraceViewer.page(title: "t", data: "{}")
        let script = TraceViewer.pageFile("viewer.js")
        #expect(page.contains("<script>" + script + "</script>"))
        let policy = HTMLPage.contentSecurityPolicy(scriptHashes: [HTMLPage.scriptHash(script)])
        #expect(page.contains("content=\"\(policy)\""))
        #expect(policy.hasPrefix("default-src 'none'; script-src 'sha256-"))
        #expect(!policy.contains("script-src 'unsafe-inline'"))
        #expect(!page.contains("{{"))
        // No scripts at all: none may run.
        #expect(HTMLPage.contentSecurityPolicy(scriptHashes: []).contains("script-src 'none'"))
    }

    /// Every inline script goes in through one place, which hashes it: two scripts, two
    /// hashes, in name order.
    @Test func everyScriptGivenGetsItsHash() {
        let page = HTMLPage.filled(
            "<head><meta content=\"{{CONTENT_SECURITY_POLICY}}\"></head>{{B}}{{A}}",
            scripts: ["A": "let a = 1;\n", "B": "let b = 2;\n"])
        #expect(page.contains("<script>let a = 1;\n</script>"))
        #expect(page.contains("<script>let b = 2;\n</script>"))
        let a = HTMLPage.scriptHash("let a = 1;\n")
        let b = HTMLPage.scriptHash("let b = 2;\n")
        #expect(page.contains("script-src '\(a)' '\(b)';"))
    }

    /// GLib's SHA-256 is SHA-256: FIPS 180-2's vectors, in Base64 as CSP writes them.
    @Test func theHashIsSHA256() {
        #expect(
            SHA256.base64Digest(Array("abc".utf8)) == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
        )
        #expect(SHA256.base64Digest([]) == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        #expect(
            SHA256.base64Digest(
                Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "JI1qYdIGOLjlwCaTDD5gOaM85Flk/yFn9uzt1BnbBsE=")
    }

    /// The policy the tests compute is the one a browser computes: a known script's hash
    /// (`printf 'let x = 1;' | openssl dgst -sha256 -binary | base64`).
    @Test func aScriptsHashIsItsUTF8Digest() {
        #expect(
            HTMLPage.scriptHash("let x = 1;")
                == "sha256-qtc3jf64UXA5J6U02kfQ0Cvn9Uz4wXUaN3NNUVgR2v4=")
        #expect(HTMLPage.scriptHash("é") == "sha256-" + SHA256.base64Digest([0xC3, 0xA9]))
    }
}

/// `PageTexts`: strings kept once, a long string one change from a recent one as that
/// change; every string reads back, and typing costs the page what was typed.
@Suite struct PageTextsTests {
    static func roundTrip(_ strings: [String]) throws -> PageTexts {
        var texts = PageTexts()
        let indices = strings.map { texts.index(of: $0) }
        let resolved = try #require(PageTexts.resolved(texts.entries))
        for (string, index) in zip(strings, indices) { #expect(resolved[index] == string) }
        return texts
    }

    /// Edits anywhere (typing, deleting, replacing, pasting) of texts with every kind of
    /// character, surrogate pairs and combining marks included.
    @Test(arguments: 0..<12) func editedTextsReadBack(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let alphabet = Array("ab é👍🏽\u{301}<\\\"\u{0}\u{2028}🇫🇷x".unicodeScalars)
        var current = Array(String(repeating: "base text ", count: 20).unicodeScalars)
        var strings: [String] = []
        for _ in 0..<300 {
            let at = Int.random(in: 0...current.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0, 1: current.insert(alphabet.randomElement(using: &random)!, at: at)
            case 2 where at < current.count: current.remove(at: at)
            default:
                let run = (0..<Int.random(in: 1...40, using: &random)).map { _ in
                    alphabet.randomElement(using: &random)!
                }
                current.insert(contentsOf: run, at: at)
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: current)
            strings.append(String(view))
            // Labels and other short strings come between, and repeat.
            strings.append("tap #\(Int.random(in: 0..<5, using: &random)) began")
        }
        let texts = try Self.roundTrip(strings)
        #expect(texts.entries.contains { if case .array = $0 { true } else { false } })
    }

    /// Typing a 4,000-character text one key at a time: the page holds about what was
    /// typed, not each text once (16 million characters).
    @Test func typingCostsWhatWasTyped() throws {
        var strings: [String] = []
        var text = ""
        for index in 0..<4000 {
            text.append(Character(UnicodeScalar(UInt8(97 + index % 26))))
            strings.append(text)
        }
        let texts = try Self.roundTrip(strings)
        let size = JSONValue.array(texts.entries).encoded().utf8.count
        #expect(size < 40 * 4000, "\(size) bytes")
    }

    /// Short strings stay plain strings: pages of ordinary sessions keep their data.
    @Test func shortTextsStayStrings() throws {
        let texts = try Self.roundTrip(["buy milk", "buy milk!", "buy milk!!", "pan #2 began"])
        #expect(
            texts.entries
                == ["buy milk", "buy milk!", "buy milk!!", "pan #2 began"].map(JSONValue.string))
    }

    @Test func malformedChangesAreRefused() {
        #expect(
            PageTexts.resolved([.array([.integer(0), .integer(0), .string(""), .integer(0)])])
                == nil)
        #expect(
            PageTexts.resolved([
                .string("ab"), .array([.integer(0), .integer(2), .string(""), .integer(1)]),
            ]) == nil)
        #expect(
            PageTexts.resolved([
                .string("ab"), .array([.integer(0), .integer(1), .string("x"), .integer(1)]),
            ]) == ["ab", "axb"])
    }
}
