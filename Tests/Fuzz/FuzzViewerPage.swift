// libFuzzer entry for the viewer page builder (tools/fuzz viewerpage): the page's strings
// (`PageTexts`, changes included), the JSON they go in, and `HTMLPage` putting
// `Resources/trace-viewer/` together around them, compiled with those sources (the page's
// files embedded) so internal API is visible.
import Foundation
import JSON

/// The page's files and filling are extensions of it; the replay is not needed here.
struct TraceViewer {}

// Input: up to 64 strings separated by 0xFF bytes (other bytes as UTF-8, repaired). The first
// is the title; each string is added as it is and appended to a growing text (as typing
// does), so changes to earlier strings are made.
// Properties: never crashes or hangs; nothing in the data block can end it or open a
// comment or a script (no `<`, `>`, `&`, U+2028, U+2029); the page has only its own two
// script elements and no comment, its policy its script's hash; the block parses, and
// every string reads back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzViewerPage(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // At most `maximumParts` strings, so the growing text stays linear in the input.
    let maximumParts = 64
    let maximumTypedBytes = 8192
    let parts = bytes.split(
        separator: 0xFF, maxSplits: maximumParts - 1, omittingEmptySubsequences: false
    ).map { String(decoding: $0, as: UTF8.self) }
    var strings: [String] = []
    var typed = ""
    for part in parts {
        strings.append(part)
        // The growing text stops at `maximumTypedBytes`, so a run stays linear in its input.
        guard typed.utf8.count + part.utf8.count <= maximumTypedBytes else { continue }
        typed += part
        strings.append(typed)
    }
    var texts = PageTexts()
    let indices = strings.map { texts.index(of: $0) }
    let json = JSONValue.object(fields: [("texts", .array(texts.entries))]).encoded()
    let page = TraceViewer.page(title: parts.first ?? "", data: json)

    guard let start = page.range(of: "id=\"\(TraceViewer.dataElementID)\">"),
        let end = page.range(of: "</script>", range: start.upperBound..<page.endIndex)
    else { fatalError("no data block") }
    let block = page[start.upperBound..<end.lowerBound]
    for forbidden: Unicode.Scalar in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
        precondition(!block.unicodeScalars.contains(forbidden), "\(forbidden) in the data")
    }
    let lowered = page.lowercased()
    precondition(lowered.components(separatedBy: "<script").count == 3, "a third <script")
    precondition(lowered.components(separatedBy: "</script").count == 3, "a third </script")
    precondition(!page.contains("<!--"), "a comment")
    // The template's placeholders are filled (a `{{…}}` in a text stays, as text).
    precondition(page.contains("script-src 'sha256-"), "no script hash in the policy")
    precondition(!page.contains("{{\(HTMLPage.policyPlaceholder)}}"), "the policy left out")

    guard case .object(let fields) = try? JSONParser.parse(String(block)),
        let entries = fields.first(where: { $0.key == "texts" }),
        case .array(let parsed) = entries.value,
        let resolved = PageTexts.resolved(parsed)
    else { fatalError("the data block does not parse") }
    for (string, index) in zip(strings, indices) {
        precondition(
            resolved[index].unicodeScalars.elementsEqual(string.unicodeScalars),
            "string \(index) reads back differently")
    }
    return 0
}
