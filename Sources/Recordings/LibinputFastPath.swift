import Evdev
import TouchInput
import YAML

/// The `events` lists of a `libinput record` file, found by one scan over its lines, for
/// the fast path. Nil when any events line has a shape other than what `libinput record`
/// writes (then libyaml reads everything).
struct LibinputFastLayout {
    struct EventBlock {
        var offset: Int
        var length: Int
        var firstLine: Int
        var itemIndent: Int
    }

    /// Everything outside the events lists: YAML for libyaml.
    var headerText: [UInt8] = []
    var headerLineNumbers: [Int] = []
    var eventBlocks: [EventBlock] = []
    static let maximumHeaderBytes = 16 << 20

    enum LineShape {
        case evdevItem, libinputItem, hidItem, libinputKey, row, flowMap, blank, invalid
    }

    /// Which list the rows below belong to; a row is only valid in its own kind of list.
    private enum ListContext { case none, evdevRows, libinputRows }

    init?(path: String, maximumLineBytes: Int) throws(RecordingError) {
        let lines = try LineReader(path: path, maximumLineBytes: maximumLineBytes)
        var block: EventBlock? = nil
        var context = ListContext.none
        var offset = 0
        while let line = try lines.nextLine() {
            let lineOffset = offset
            offset = lines.bytesConsumed
            if var current = block {
                let indent = LibinputFastLayout.indentation(line)
                // libyaml rejects control characters, checks UTF-8 and is particular about
                // tabs: leave such lines to it. libinput record writes none of them.
                if !LibinputFastLayout.isPrintableASCII(line) { return nil }
                let shape = LibinputFastLayout.shape(line, itemIndent: current.itemIndent)
                if shape == .blank { continue }
                let first = indent < line.count ? line[indent] : 0
                if indent > current.itemIndent
                    || (indent == current.itemIndent && first == UInt8(ascii: "-"))
                {
                    let rowIndent = current.itemIndent + 2
                    switch shape {
                    case .evdevItem: context = .evdevRows
                    case .libinputItem: context = .libinputRows
                    case .hidItem: context = .none
                    case .libinputKey:
                        guard context == .evdevRows else { return nil }
                        context = .libinputRows
                    case .row:
                        guard context == .evdevRows && indent == rowIndent else { return nil }
                    case .flowMap:
                        guard context == .libinputRows && indent == rowIndent else { return nil }
                    case .blank: break
                    case .invalid: return nil
                    }
                    continue
                }
                current.length = lineOffset - current.offset
                eventBlocks.append(current)
                block = nil
            }
            if headerText.count + line.count > LibinputFastLayout.maximumHeaderBytes { return nil }
            let indent = LibinputFastLayout.indentation(line)
            var scanner = ByteScanner(line)
            scanner.index = indent
            if scanner.skip(literal: "events:"), LibinputFastLayout.restIsBlankOrComment(&scanner) {
                context = .none
                block = EventBlock(
                    offset: offset, length: 0, firstLine: lines.lineNumber + 1, itemIndent: indent)
                headerText.append(contentsOf: line[..<(indent + 7)])
            } else {
                headerText.append(contentsOf: line)
            }
            headerText.append(UInt8(ascii: "\n"))
            headerLineNumbers.append(lines.lineNumber)
        }
        if var current = block {
            current.length = offset - current.offset
            eventBlocks.append(current)
        }
        if eventBlocks.isEmpty { return nil }
    }

    static func isPrintableASCII(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in line where byte &- UInt8(ascii: " ") >= ByteScanner.printableCount {
            return false
        }
        return true
    }

    static func indentation(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < line.count && line[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    /// Only spaces, or a comment (YAML wants a space before its `#`), remain.
    private static func restIsBlankOrComment(_ scanner: inout ByteScanner) -> Bool {
        let start = scanner.index
        scanner.skipSpaces()
        return scanner.atEnd || (scanner.current == UInt8(ascii: "#") && scanner.index > start)
    }

    /// The keys of an events item (`- evdev:`, `- libinput:`, `- hid:`).
    enum ItemKey: Sendable { case evdev, libinput, hid }
    static let itemKeys = KeywordTable<ItemKey>([
        "evdev": .evdev, "libinput": .libinput, "hid": .hid,
    ])

    /// Classifies one line inside an events list.
    static func shape(_ line: UnsafeBufferPointer<UInt8>, itemIndent: Int) -> LineShape {
        let indent = indentation(line)
        var scanner = ByteScanner(line)
        scanner.index = indent
        guard let first = scanner.current else { return .blank }
        if first == UInt8(ascii: "#") { return .blank }
        if indent == itemIndent {
            // `- KEY:`, the key one of the item keys.
            guard scanner.skip(literal: "- ") else { return .invalid }
            let keyStart = scanner.index
            while let byte = scanner.current, byte != UInt8(ascii: ":") { scanner.index += 1 }
            let key = UnsafeBufferPointer(rebasing: line[keyStart..<scanner.index])
            guard scanner.skip(UInt8(ascii: ":")), let item = itemKeys(key) else { return .invalid }
            switch item {
            case .evdev: return restIsBlankOrComment(&scanner) ? .evdevItem : .invalid
            case .libinput: return restIsBlankOrComment(&scanner) ? .libinputItem : .invalid
            case .hid:
                scanner.skipSpaces()
                return scanner.current == UInt8(ascii: "{") && isValidFlow(&scanner)
                    ? .hidItem : .invalid
            }
        }
        if indent == itemIndent + 2 && scanner.skip(literal: "libinput:") {
            return restIsBlankOrComment(&scanner) ? .libinputKey : .invalid
        }
        guard indent > itemIndent, scanner.skip(literal: "- ") else { return .invalid }
        scanner.skipSpaces()
        if scanner.current == UInt8(ascii: "[") { return isStrictRow(&scanner) ? .row : .invalid }
        if scanner.current == UInt8(ascii: "{") {
            return isValidFlow(&scanner) ? .flowMap : .invalid
        }
        return .invalid
    }

    /// `[ int, int, int, int, int ]` then nothing or a comment; integers plain decimal.
    private static func isStrictRow(_ scanner: inout ByteScanner) -> Bool {
        guard scanner.skip(UInt8(ascii: "[")) else { return false }
        for field in 0..<5 {
            scanner.skipSpaces()
            _ = scanner.skip(UInt8(ascii: "-"))
            var digits = 0
            while let byte = scanner.current, ByteScanner.isDigit(byte) {
                digits += 1
                scanner.index += 1
            }
            guard digits > 0 else { return false }
            scanner.skipSpaces()
            if field < 4 { guard scanner.skip(UInt8(ascii: ",")) else { return false } }
        }
        guard scanner.skip(UInt8(ascii: "]")) else { return false }
        return restIsBlankOrComment(&scanner)
    }

    /// A one-line flow collection that libyaml itself accepts (these lines are skipped,
    /// but a file the fast path takes must be one libyaml takes too).
    private static func isValidFlow(_ scanner: inout ByteScanner) -> Bool {
        let start = scanner.index
        guard isBalancedFlow(&scanner) else { return false }
        return YAMLEventStream.parses(UnsafeBufferPointer(rebasing: scanner.bytes[start...]))
    }

    /// A one-line flow collection without quotes, balanced, then nothing or a comment.
    private static func isBalancedFlow(_ scanner: inout ByteScanner) -> Bool {
        var depth = 0
        while let byte = scanner.current {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { return false }
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "#"), UInt8(ascii: "&"),
                UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"),
                UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
                return false
            default: break
            }
            scanner.index += 1
            if depth == 0 { return restIsBlankOrComment(&scanner) }
        }
        return false
    }
}

/// Reads one events list of a `libinput record` file line by line: only the
/// `- [sec, usec, type, code, value]` rows are parsed (the layout pass vetted every line).
final class LibinputFastCursor: LibinputFrameSource {
    private let lines: LineReader?
    private let block: LibinputFastLayout.EventBlock
    private var inEvdevItem = false
    private var done = false

    var bytesRead: Int { lines?.bytesConsumed ?? 0 }

    init(path: String, block: LibinputFastLayout.EventBlock, maximumLineBytes: Int)
        throws(RecordingError)
    {
        self.block = block
        if block.length > 0 {
            lines = try LineReader(
                path: path, maximumLineBytes: maximumLineBytes, offset: block.offset,
                firstLineNumber: block.firstLine)
        } else {
            lines = nil
            done = true
        }
    }

    func nextFrame(into frame: inout [EvdevEvent]) throws(RecordingError) -> Bool {
        frame.removeAll(keepingCapacity: true)
        guard let lines, !done else { return false }
        while lines.bytesConsumed < block.length, let line = try lines.nextLine() {
            let indent = LibinputFastLayout.indentation(line)
            guard indent < line.count else { continue }
            let first = line[indent]
            if first == UInt8(ascii: "#") { continue }
            if indent == block.itemIndent {
                // A new item: `- evdev:`, `- libinput:` or `- hid:`.
                let startsEvdev = line.count > indent + 2 && line[indent + 2] == UInt8(ascii: "e")
                let hadFrame = !frame.isEmpty
                inEvdevItem = startsEvdev
                if hadFrame { return true }
                continue
            }
            if first == UInt8(ascii: "l") {  // `libinput:` inside an evdev item
                inEvdevItem = false
                continue
            }
            guard inEvdevItem, line.count > indent + 2,
                line[indent + 2] == UInt8(ascii: "[") || line[indent + 2] == UInt8(ascii: " ")
            else {
                continue
            }
            var scanner = ByteScanner(line)
            scanner.index = indent + 2
            scanner.skipSpaces()
            guard scanner.skip(UInt8(ascii: "[")) else { continue }
            var numbers = EvdevRowNumbers()
            for field in 0..<5 {
                let start = scanner.index
                guard let value = scanner.readInt64() else {
                    var token = ByteScanner(line)
                    token.index = start
                    token.skipSpaces()
                    let from = token.index
                    while let byte = token.current, byte != UInt8(ascii: ","),
                        byte != UInt8(ascii: "]"),
                        !ByteScanner.isSpace(byte)
                    {
                        token.index += 1
                    }
                    let text = UnsafeBufferPointer(rebasing: line[from..<token.index]).string
                    throw lines.error("bad number `\(QuotedInput.cut(text))` in an evdev row")
                }
                scanner.skipSpaces()
                _ = scanner.skip(UInt8(ascii: ","))
                numbers[field] = value
            }
            frame.append(try LibinputRecordReader.makeEvent(numbers, lines.path, lines.lineNumber))
        }
        done = true
        return !frame.isEmpty
    }
}
