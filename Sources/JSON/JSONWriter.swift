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
        // Written as UTF-8 bytes, made a string once: appended to a `String` piece by piece,
        // each append cost some hundred instructions (the whole `--json` of a 10-minute
        // replay, 14 KB, took 2.6 M).
        var out: [UInt8] = []
        write(into: &out, layout: layout, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    private var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }

    private func write(into out: inout [UInt8], layout: Layout, indent: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let number): out.append(contentsOf: number.text.utf8)
        case .string(let text): Self.writeQuoted(text, into: &out)
        case .array(let elements):
            let expanded = layout == .indented && elements.contains { $0.isContainer }
            Self.writeElements(
                elements, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), expanded: expanded,
                indent: indent, into: &out
            ) { element, out, inner in
                element.write(into: &out, layout: layout, indent: inner)
            }
        case .object(let entries):
            let expanded = layout == .indented && entries.contains { $0.value.isContainer }
            Self.writeElements(
                entries, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), expanded: expanded,
                indent: indent, into: &out
            ) { entry, out, inner in
                Self.writeQuoted(entry.key, into: &out)
                out.append(contentsOf: ": ".utf8)
                entry.value.write(into: &out, layout: layout, indent: inner)
            }
        }
    }

    /// `indent` is the number of spaces a line of this level starts with.
    private static func writeElements<Element>(
        _ elements: [Element], open: UInt8, close: UInt8, expanded: Bool, indent: Int,
        into out: inout [UInt8], writeElement: (Element, inout [UInt8], Int) -> Void
    ) {
        out.append(open)
        let inner = expanded ? indent + 2 : indent
        for (position, element) in elements.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            if expanded {
                out.append(UInt8(ascii: "\n"))
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: inner))
            } else if position > 0 {
                out.append(UInt8(ascii: " "))
            }
            writeElement(element, &out, inner)
        }
        if expanded {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        }
        out.append(close)
    }

    private static func writeQuoted(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: appended whole. Every character escaped below is
        // ASCII, and no byte of another character's UTF-8 is below 0x80, so the bytes are
        // looked at one by one.
        guard text.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) else {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: "\\t".utf8)
            case _ where byte < 0x20:
                let hex = String(byte, radix: 16)
                out.append(
                    contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
