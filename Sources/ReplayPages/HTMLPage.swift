import CGLib

/// How every HTML page the program writes is put together (the `cleartouch view` page and
/// the pages built on it; docs/replay.md, "The page's security"). A template's
/// `{{NAME}}`s are filled from four kinds of value, each escaped for where it goes:
///
/// - `texts`: plain text, as entities (`&`, `<`, `>`, `"`, `'`);
/// - `styles`: the page's own CSS, as it is;
/// - `data`: JSON text, in a non-executable `<script type="application/json">` element,
///   with every `<`, `>`, `&`, U+2028 and U+2029 written as a `\u` escape, so that no
///   text can end the element (`</script`), open a comment (`<!--`) or a script, and the
///   block parses back to the same value;
/// - `scripts`: the page's own scripts, each as a `<script>` element.
///
/// `{{CONTENT_SECURITY_POLICY}}` becomes the policy for a `<meta http-equiv>`: nothing
/// from outside, inline style, `data:` images, and exactly the page's own scripts, each by
/// the SHA-256 of its text (no `'unsafe-inline'` for scripts: an injected script would
/// not run even if one got in).
public enum HTMLPage {
    /// The policy's name in a template.
    public static let policyPlaceholder = "CONTENT_SECURITY_POLICY"

    /// `template` with every `{{NAME}}` filled (see the type's description). Only the
    /// template is searched, so a value holding `{{…}}` stays as it is; an unknown name
    /// stays `{{NAME}}`.
    ///
    /// - Precondition: a script holds no `</script` and no `<!--`, a style no `</style`
    ///   (they are the program's own files, checked by tests).
    public static func filled(
        _ template: String, texts: [String: String] = [:], styles: [String: String] = [:],
        data: [String: (id: String, json: String)] = [:], scripts: [String: String] = [:]
    ) -> String {
        var values: [String: String] = [:]
        for (name, text) in texts { values[name] = escapedText(text) }
        for (name, style) in styles {
            precondition(!style.lowercased().contains("</style"), "style \(name) holds </style")
            values[name] = "<style>\n" + style + "</style>"
        }
        for (name, block) in data { values[name] = dataElement(id: block.id, json: block.json) }
        var hashes: [String] = []
        // In name order, so the policy is the same on every run.
        for name in scripts.keys.sorted() {
            let source = scripts[name]!
            values[name] = scriptElement(source)
            hashes.append(scriptHash(source))
        }
        values[policyPlaceholder] = contentSecurityPolicy(scriptHashes: hashes)
        return substituted(template, values)
    }

    /// The policy allowing exactly the scripts with these hashes (`sha256-…`).
    public static func contentSecurityPolicy(scriptHashes: [String]) -> String {
        let scripts =
            scriptHashes.isEmpty
            ? "'none'"
            : scriptHashes.map { "'\($0)'" }.joined(
                separator: " ")
        return "default-src 'none'; script-src \(scripts); style-src 'unsafe-inline'; "
            + "img-src data:; base-uri 'none'; form-action 'none'"
    }

    /// `<script>SOURCE</script>`: the hash is of exactly the text between the tags.
    static func scriptElement(_ source: String) -> String {
        let lowered = source.lowercased()
        precondition(
            !lowered.contains("</script") && !lowered.contains("<!--"),
            "an inline script must not hold </script or <!--")
        return "<script>" + source + "</script>"
    }

    /// `sha256-BASE64` of the script's UTF-8 text, as CSP names it.
    public static func scriptHash(_ source: String) -> String {
        "sha256-" + SHA256.base64Digest(Array(source.utf8))
    }

    /// JSON text in `<script type="application/json" id="ID">`, made safe for HTML.
    static func dataElement(id: String, json: String) -> String {
        "<script type=\"application/json\" id=\"\(escapedText(id))\">" + escapedJSON(json)
            + "</script>"
    }

    /// JSON text with `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes. These only occur
    /// inside JSON strings, where the escape means the same character.
    public static func escapedJSON(_ json: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out.append(contentsOf: #"\u003c"#.unicodeScalars)
            case ">": out.append(contentsOf: #"\u003e"#.unicodeScalars)
            case "&": out.append(contentsOf: #"\u0026"#.unicodeScalars)
            case "\u{2028}": out.append(contentsOf: #"\u2028"#.unicodeScalars)
            case "\u{2029}": out.append(contentsOf: #"\u2029"#.unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// A page without scripts or data (`test --report`'s index, the sweep's plot): nothing
    /// may load (`default-src 'none'`). `title` is plain text; `body` is markup.
    static func staticPage(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'">
        <title>\(escapedText(title))</title>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    /// `&`, `<`, `>`, `"` and `'` as entities; NUL (which HTML drops) as U+FFFD, as a
    /// browser shows it.
    public static func escapedText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{0}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `template` with each `{{NAME}}` replaced by `values[NAME]`.
    static func substituted(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.firstRange(of: "{{"),
            let close = rest[open.upperBound...].firstRange(of: "}}")
        {
            out += rest[..<open.lowerBound]
            let name = String(rest[open.upperBound..<close.lowerBound])
            out += values[name] ?? "{{\(name)}}"
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}

/// SHA-256 by GLib's `GChecksum` (linked already, under Pango): the pages' script hashes.
enum SHA256 {
    /// The 32 bytes of the digest of `bytes`.
    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        bytes.withUnsafeBufferPointer { buffer in
            g_checksum_update(checksum, buffer.baseAddress, gssize(buffer.count))
        }
        var digest = [UInt8](repeating: 0, count: 32)
        var length = gsize(digest.count)
        g_checksum_get_digest(checksum, &digest, &length)
        return Array(digest.prefix(Int(length)))
    }

    /// The digest of `bytes`, in Base64 (RFC 4648, with padding).
    static func base64Digest(_ bytes: [UInt8]) -> String {
        let digest = digest(bytes)
        let encoded = g_base64_encode(digest, gsize(digest.count))!
        defer { g_free(encoded) }
        return String(cString: encoded)
    }
}
