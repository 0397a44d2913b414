import DescriptorIO

/// Text from files and devices (item texts, device names) made safe for a terminal: the
/// one escaping function of every human-readable printer. JSON and SVG output escape in
/// their own syntax instead.
public enum TerminalText {
    /// `text` with every control character written visibly: `\n`, `\r`, `\t`, `\e` (ESC),
    /// `\a` (BEL), and `\xHH` for the other C0 controls, DEL and the C1 controls (U+0080
    /// to U+009F); a byte of a file name that is not UTF-8 (`PathName`) is `\xHH` too.
    /// Other characters are kept as they are.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x1B: out += "\\e"
            case 0x07: out += "\\a"
            default:
                if let byte = PathName.escapedByte(scalar) {
                    out += "\\x" + PathName.hexDigits(byte)
                } else {
                    out += "\\x" + hex(scalar.value, digits: 2)
                }
            }
        }
        return out
    }

    /// `text` with every control character but the newline and the tab written visibly
    /// (as `escaped` writes them): for a whole message or block of lines whose parts
    /// (file names, item texts) may hold escape sequences.
    public static func lines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) && $0 != "\n" && $0 != "\t" })
        else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map {
                escaped(String($0))
            }.joined(separator: "\t")
        }.joined(separator: "\n")
    }

    /// Whether `scalar` is written escaped: the C0 controls, DEL, the C1 controls and the
    /// bytes of a file name that is not UTF-8.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || PathName.isEscapedByte(scalar)
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
