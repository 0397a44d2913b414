extension JSONValue {
    /// How `encoded(_:)` breaks lines.
    public enum Layout: Sendable {
        /// Everything on one line: `{"a": [1, 2], "b": null}`.
        case oneLine
        /// A non-empty array or object holding at least one array or object is written
        /// one element per line, indented two spaces per level; every other value stays
        /// on one line. The golden files and `--json` outputs use this.
        case indented
    }

    /// The value as JSON text (no trailing newline): keys in their order, numbers as
    /// their text, `", "` and `": "` between elements on a line.
    public func encoded(_ layout: Layout = .oneLine) -> String {
        var out = ""
        write(into: &out, layout: layout, indent: "")
        return out
    }

    private var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }

    private func write(into out: inout String, layout: Layout, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let number): out += number.text
        case .string(let text): Self.writeQuoted(text, into: &out)
        case .array(let elements):
            let expanded = layout == .indented && elements.contains { $0.isContainer }
            Self.writeElements(
                elements, open: "[", close: "]", expanded: expanded, indent: indent, into: &out
            ) { element, out, inner in
                element.write(into: &out, layout: layout, indent: inner)
            }
        case .object(let entries):
            let expanded = layout == .indented && entries.contains { $0.value.isContainer }
            Self.writeElements(
                entries, open: "{", close: "}", expanded: expanded, indent: indent, into: &out
            ) { entry, out, inner in
                Self.writeQuoted(entry.key, into: &out)
                out += ": "
                entry.value.write(into: &out, layout: layout, indent: inner)
            }
        }
    }

    private static func writeElements<Element>(
        _ elements: [Element], open: String, close: String, expanded: Bool, indent: String,
        into out: inout String, writeElement: (Element, inout String, String) -> Void
    ) {
        out += open
        let inner = expanded ? indent + "  " : indent
        for (position, element) in elements.enumerated() {
            if position > 0 { out += "," }
            if expanded {
                out += "\n"
                out += inner
            } else if position > 0 {
                out += " "
            }
            writeElement(element, &out, inner)
        }
        if expanded {
            out += "\n"
            out += indent
        }
        out += close
    }

    private static func writeQuoted(_ text: String, into out: inout String) {
        out += "\""
        // Most strings need no escape: appended whole (scalar by scalar costs some hundred
        // instructions each, most of a `--json` output's writing). Every character escaped
        // below is ASCII, so its byte is never part of another character's UTF-8.
        guard text.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) else {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
