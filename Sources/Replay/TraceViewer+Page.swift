/// The page around the data: `Resources/trace-viewer/viewer.html` with its style
/// (`viewer.css`), the data and its script (`viewer.js`) inline, built into the program
/// (`TraceViewer+EmbeddedPage.swift`, written by tools/embed-viewer-page). Its Content
/// Security Policy forbids every outside resource, so the page works from `file://`
/// offline and cannot fetch anything even by mistake.
extension TraceViewer {
    /// `style` and `script` go after the viewer's own, in the same elements (a failure
    /// page's), so one policy covers the page.
    static func page(title: String, data: String, style: String = "", script: String = "")
        -> String
    {
        // `</` inside a script element would end it: JSON allows `<\/` for it.
        let embedded = data.split(separator: "</", omittingEmptySubsequences: false).joined(
            separator: "<\\/")
        return filled(
            pageFile("viewer.html"),
            [
                "TITLE": htmlEscaped(title), "STYLE": pageFile("viewer.css") + style,
                "DATA": embedded, "SCRIPT": pageFile("viewer.js") + script,
            ])
    }

    /// An embedded file of the page as it is in `Resources/trace-viewer/` (a multi-line
    /// literal drops the file's last line break: it is put back).
    static func pageFile(_ name: String) -> String {
        (embeddedPageFiles.first { $0.fileName == name }?.text ?? "") + "\n"
    }

    /// `template` with each `{{NAME}}` replaced by `values[NAME]`. Only the template is
    /// searched, so a value holding `{{…}}` (a title, a recorded text) stays as it is.
    static func filled(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.range(of: "{{"),
            let close = rest[open.upperBound...].range(of: "}}")
        {
            out += rest[..<open.lowerBound]
            let name = String(rest[open.upperBound..<close.lowerBound])
            out += values[name] ?? "{{\(name)}}"
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// `&`, `<`, `>` and `"` as entities.
    static func htmlEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
