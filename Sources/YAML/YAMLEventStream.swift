import CYAML
import DescriptorIO
import Glibc
import ToolSupport
import TouchInput

/// What the libyaml read callback needs: the file, and a cap on line length so that a
/// 2 GB line fails fast instead of filling memory.
private final class YAMLInput {
    let descriptor: Int32
    let maximumLineBytes: Int
    var bytesSinceNewline = 0
    var newlines = 0
    var lineTooLong = false
    var readError: Int32 = 0
    var bytesRead = 0

    init(descriptor: Int32, maximumLineBytes: Int) {
        self.descriptor = descriptor
        self.maximumLineBytes = maximumLineBytes
    }
}

private func readYAMLInput(
    _ data: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<UInt8>?, _ size: Int,
    _ sizeRead: UnsafeMutablePointer<Int>?
) -> Int32 {
    guard let data, let buffer, let sizeRead else { return 0 }
    let input = Unmanaged<YAMLInput>.fromOpaque(data).takeUnretainedValue()
    var count: Int
    repeat {
        count = Glibc.read(input.descriptor, buffer, size)
    } while count < 0 && errno == EINTR
    if count < 0 {
        input.readError = errno
        return 0
    }
    // Track the longest run without a newline.
    var offset = 0
    while offset < count {
        if let found = memchr(buffer + offset, Int32(UInt8(ascii: "\n")), count - offset) {
            let newline = found.assumingMemoryBound(to: UInt8.self) - buffer
            input.bytesSinceNewline += newline - offset
            if input.bytesSinceNewline > input.maximumLineBytes { break }
            input.bytesSinceNewline = 0
            input.newlines += 1
            offset = newline + 1
        } else {
            input.bytesSinceNewline += count - offset
            offset = count
        }
    }
    if input.bytesSinceNewline > input.maximumLineBytes {
        input.lineTooLong = true
        return 0
    }
    input.bytesRead += count
    sizeRead.pointee = count
    return 1
}

/// A thin wrapper over libyaml's event parser reading one file, with errors as
/// `FILE:LINE: …`. The current event stays valid until the next call to `next()`.
package final class YAMLEventStream {
    package let path: String
    private var parser = yaml_parser_t()
    private(set) var event = yaml_event_t()
    private var hasEvent = false
    private let input: YAMLInput
    private let retained: Unmanaged<YAMLInput>
    /// For a stream over extracted text: the file line of each text line.
    private let lineMap: [Int]?
    private var text: UnsafeMutableBufferPointer<UInt8>?

    package init(path: String, maximumLineBytes: Int) throws(Diagnostic) {
        self.path = path
        let fd = FileCall.openForReading(path)
        guard fd >= 0 else {
            throw Diagnostic(
                path: path, line: 0, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        input = YAMLInput(descriptor: fd, maximumLineBytes: maximumLineBytes)
        retained = Unmanaged.passRetained(input)
        lineMap = nil
        yaml_parser_initialize(&parser)
        yaml_parser_set_input(&parser, readYAMLInput, retained.toOpaque())
    }

    /// A stream over `bytes`, lines of which came from the file lines `lineMap`.
    package init(bytes: [UInt8], path: String, lineMap: [Int]) {
        self.path = path
        self.lineMap = lineMap
        input = YAMLInput(descriptor: -1, maximumLineBytes: Int.max)
        retained = Unmanaged.passRetained(input)
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = copy.initialize(from: bytes)
        text = copy
        yaml_parser_initialize(&parser)
        yaml_parser_set_input_string(&parser, copy.baseAddress, bytes.count)
    }

    private func fileLine(_ zeroBased: Int) -> Int {
        guard let lineMap else { return zeroBased + 1 }
        if zeroBased < lineMap.count { return lineMap[zeroBased] }
        return (lineMap.last ?? 0) + 1
    }

    deinit {
        if hasEvent { yaml_event_delete(&event) }
        yaml_parser_delete(&parser)
        if input.descriptor >= 0 { Glibc.close(input.descriptor) }
        text?.deallocate()
        retained.release()
    }

    package var bytesRead: Int { input.bytesRead }

    /// 1-based line of the current event.
    package var line: Int { fileLine(Int(event.start_mark.line)) }

    package var type: yaml_event_type_t { event.type }

    package func error(_ message: String, line: Int? = nil) -> Diagnostic {
        Diagnostic(path: path, line: line ?? self.line, message: message)
    }

    /// True when libyaml reads `text` as a whole YAML stream without an error.
    package static func parses(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        var parser = yaml_parser_t()
        var event = yaml_event_t()
        yaml_parser_initialize(&parser)
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, base, text.count)
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { return false }
            let type = event.type
            yaml_event_delete(&event)
            if type == YAML_STREAM_END_EVENT { return true }
        }
    }

    /// Advances to the next event.
    @discardableResult
    package func next() throws(Diagnostic) -> yaml_event_type_t {
        if hasEvent {
            yaml_event_delete(&event)
            hasEvent = false
        }
        guard yaml_parser_parse(&parser, &event) == 1 else {
            if input.lineTooLong {
                throw Diagnostic(
                    path: path, line: input.newlines + 1,
                    message: "line longer than \(input.maximumLineBytes) bytes")
            }
            if input.readError != 0 {
                throw Diagnostic(
                    path: path, line: input.newlines + 1,
                    message: "read failed: \(String(cString: strerror(input.readError)))")
            }
            let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
            let context = parser.context.map { String(cString: $0) + " " } ?? ""
            throw Diagnostic(
                path: path, line: fileLine(Int(parser.problem_mark.line)),
                message: "YAML: \(context)\(problem)")
        }
        hasEvent = true
        if event.type == YAML_ALIAS_EVENT {
            throw error("YAML aliases are not used by `libinput record`")
        }
        return event.type
    }

    /// The current scalar's bytes (valid until `next()`).
    package var scalar: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: event.data.scalar.value, count: event.data.scalar.length)
    }

    /// The plain scalars YAML 1.1 and 1.2 read as null, besides the empty one.
    static let nullSpellings: [StaticString] = ["~", "null", "Null", "NULL"]

    /// True for a plain scalar that YAML reads as null (`~`, `null`, empty).
    package var scalarIsNull: Bool {
        guard event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE else { return false }
        let bytes = scalar
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        return Self.nullSpellings.contains {
            $0.utf8CodeUnitCount == bytes.count && memcmp(base, $0.utf8Start, bytes.count) == 0
        }
    }

    /// Skips the node that starts at the current event (scalar, or a whole collection),
    /// nested at most `YAMLNode.maximumDepth` levels: libyaml's cost per token grows with
    /// the nesting (its simple-key stack), so an unbounded skip was quadratic in it.
    package func skipNode() throws(Diagnostic) {
        var depth = 0
        repeat {
            switch event.type {
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                depth += 1
                guard depth <= YAMLNode.maximumDepth else {
                    throw error("YAML: nested deeper than \(YAMLNode.maximumDepth) levels")
                }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT: depth -= 1
            case YAML_STREAM_END_EVENT: throw error("YAML ended inside a node")
            default: break
            }
            if depth == 0 { return }
            try next()
        } while true
    }
}

/// A small YAML document tree, used for the header parts of a `libinput record` file
/// (never for the events) and for small configuration files (`document(bytes:path:)`).
/// Every node knows the 1-based line it starts on.
public indirect enum YAMLNode {
    /// A scalar's text; `null` for a plain `~`, `null` or empty scalar.
    case scalar(String, line: Int, null: Bool)
    case sequence([YAMLNode], line: Int)
    /// Keys in file order; a key appears once (a duplicate is an error).
    case mapping([(key: String, value: YAMLNode)], line: Int)

    /// The 1-based line the node starts on.
    public var line: Int {
        switch self {
        case .scalar(_, let line, _), .sequence(_, let line), .mapping(_, let line): line
        }
    }

    /// The value of `key` in a mapping; nil for a missing key or another node.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// How deep `read` nests collections.
    static let maximumDepth = 64

    /// True for a null scalar.
    public var isNull: Bool {
        if case .scalar(_, _, let null) = self { return null }
        return false
    }

    /// Reads the node starting at the current event; the value of a mapping key for
    /// which `skipValue` says yes is replaced by null without being built.
    package static func read(
        _ stream: YAMLEventStream, skipValue: (String, Int) -> Bool, depth: Int = 0
    )
        throws(Diagnostic)
        -> YAMLNode
    {
        let line = stream.line
        // Deeper than any file read this way; a recursion without end in sight otherwise.
        guard depth < maximumDepth else {
            throw stream.error("YAML: nested deeper than \(maximumDepth) levels")
        }
        switch stream.type {
        case YAML_SCALAR_EVENT:
            return .scalar(
                String(decoding: stream.scalar, as: UTF8.self), line: line,
                null: stream.scalarIsNull)
        case YAML_SEQUENCE_START_EVENT:
            var items: [YAMLNode] = []
            while try stream.next() != YAML_SEQUENCE_END_EVENT {
                items.append(try read(stream, skipValue: skipValue, depth: depth + 1))
            }
            return .sequence(items, line: line)
        case YAML_MAPPING_START_EVENT:
            var pairs: [(key: String, value: YAMLNode)] = []
            // A set, not a search of `pairs`: 100,000 keys were quadratic (minutes).
            var keys: Set<String> = []
            while try stream.next() != YAML_MAPPING_END_EVENT {
                guard stream.type == YAML_SCALAR_EVENT else {
                    throw stream.error("YAML: a mapping key must be a scalar")
                }
                let key = String(decoding: stream.scalar, as: UTF8.self)
                // YAML keys are unique; a reader that took the first or the last would guess.
                guard keys.insert(key).inserted else {
                    throw stream.error("YAML: duplicate key `\(QuotedInput.cut(key))`")
                }
                let keyLine = stream.line
                try stream.next()
                if skipValue(key, depth) {
                    // Stands for the skipped value; its line is the key's.
                    try stream.skipNode()
                    pairs.append((key, .scalar("", line: keyLine, null: true)))
                } else {
                    pairs.append((key, try read(stream, skipValue: skipValue, depth: depth + 1)))
                }
            }
            return .mapping(pairs, line: line)
        default:
            throw stream.error("YAML: unexpected event")
        }
    }
}

extension YAMLNode {
    /// The one document of the YAML text `bytes` (read from `path`, named in errors), or
    /// nil when the text holds no document. Errors are `FILE:LINE: YAML: …`; aliases and
    /// a second document are errors.
    public static func document(bytes: [UInt8], path: String) throws(Diagnostic)
        -> YAMLNode?
    {
        let lineCount = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let stream = YAMLEventStream(bytes: bytes, path: path, lineMap: Array(1...lineCount))
        guard try stream.next() == YAML_STREAM_START_EVENT else {
            throw stream.error("YAML: no stream")
        }
        guard try stream.next() == YAML_DOCUMENT_START_EVENT else { return nil }
        try stream.next()
        let node = try read(stream, skipValue: { _, _ in false })
        try stream.next()  // the document's end
        if try stream.next() != YAML_STREAM_END_EVENT {
            throw stream.error("YAML: more than one document (`---`)")
        }
        return node
    }
}
