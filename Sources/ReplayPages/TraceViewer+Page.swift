import ToolSupport

/// The page around the data: `Resources/trace-viewer/viewer.html` with its style
/// (`viewer.css`), the data and its script (`viewer.js`) inline, built into the program
/// (`TraceViewer+EmbeddedPage.swift`, written by tools/embed-viewer-page), put together by
/// `HTMLPage`: the data escaped so that no text ends its block, the script allowed by its
/// hash. Its Content Security Policy forbids every outside resource, so the page works
/// from `file://` offline and cannot fetch anything even by mistake.
extension TraceViewer {
    /// The data block's element id (`viewer.js` reads it).
    static let dataElementID = "trace-data"

    /// `style` and `script` go after the viewer's own, in the same elements (a failure
    /// page's), so the one hash of the script covers both. `title` (a file name) is shown
    /// as messages show it: a byte of a name that is not UTF-8 as `\xHH`.
    static func page(title: String, data: String, style: String = "", script: String = "")
        -> String
    {
        HTMLPage.filled(
            pageFile("viewer.html"), texts: ["TITLE": TerminalText.escaped(title)],
            styles: ["STYLE": pageFile("viewer.css") + style],
            data: ["DATA": (id: dataElementID, json: data)],
            scripts: ["SCRIPT": pageFile("viewer.js") + script])
    }

    /// An embedded file of the page as it is in `Resources/trace-viewer/` (a multi-line
    /// literal drops the file's last line break: it is put back).
    static func pageFile(_ name: String) -> String {
        (embeddedPageFiles.first { $0.fileName == name }?.text ?? "") + "\n"
    }
}
