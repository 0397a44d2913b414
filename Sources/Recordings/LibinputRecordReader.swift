import CYAML
import Evdev
import EvdevDecoding
import TouchInput
import YAML

/// Where the kernel frames of one device of a `libinput record` file come from.
protocol LibinputFrameSource: AnyObject {
    /// Replaces `frame` with the next `- evdev:` item's events; false at the end.
    func nextFrame(into frame: inout [EvdevEvent]) throws(RecordingError) -> Bool
    var bytesRead: Int { get }
}

/// Reads `libinput record` YAML (format version 1) with libyaml: the header (devices:
/// name, id, codes, absinfo, properties, udev properties) into a small tree, then each
/// device's `events` list as a stream. Several devices are merged by time. Unknown keys,
/// `libinput:` lines (`--with-libinput`) and `hid:` items are skipped.
///
/// Two ways to read the event rows: `.libyaml` (every byte through libyaml) and
/// `.fastPath` (the `- [sec, usec, type, code, value]` rows parsed directly, everything
/// else through libyaml; used only when every events line has the shape `libinput record`
/// writes). `.automatic` takes the fast path when it applies. Tests prove both equal.
public final class LibinputRecordReader: RecordingEventSource {
    /// How the event rows are read (see the type's documentation).
    public enum Parsing: Sendable { case libyaml, fastPath, automatic }

    public let header: RecordingHeader
    public private(set) var warnings: [RecordingError] = []
    private let sources: [any LibinputFrameSource]
    private let decoders: [EvdevTouchDecoder]
    /// The devices as the header describes them (for `rawDevices`).
    let evdevDevices: [EvdevDevice]
    /// What reading changes on every frame.
    private struct State {
        /// Each device's next frame of events, read ahead, and whether it has one: frames
        /// are handed out in time order across the devices.
        var lookahead: [[EvdevEvent]] = []
        var hasFrame: [Bool] = []
        /// The decoded events, those from `outputIndex` on not yet handed out.
        var output: [InputEvent] = []
        var outputIndex = 0
        var finished = false
    }

    // Unchecked in release builds: used by one thread at a time; with the check, the
    // `libinput record` fast path of `cleartouch-bench recordings` ran 3.3 % more
    // instructions (206.5 M against 199.9 M on 2 MB files, callgrind; docs/performance.md).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()
    /// Whether the fast path is in use (for tests and benchmarks).
    public let usesFastPath: Bool

    public var bytesConsumed: Int { sources.reduce(0) { $0 + $1.bytesRead } }

    /// Opens a `libinput record` file; touch positions are mapped onto `screen` (upright),
    /// through `calibration` (else each device's `LIBINPUT_CALIBRATION_MATRIX` udev
    /// property, else none) and `rotation`.
    public init(
        path: String, screen: ScreenSize = .defaultKiosk, maximumLineBytes: Int = 1 << 20,
        parsing: Parsing = .automatic, calibration: CalibrationMatrix? = nil,
        rotation: Rotation = .none
    ) throws(RecordingError) {
        // Empty and binary files get the same errors as every other format.
        _ = try LineReader(path: path, maximumLineBytes: maximumLineBytes)
        var fastLayout: LibinputFastLayout? = nil
        if parsing != .libyaml {
            fastLayout = try LibinputFastLayout(path: path, maximumLineBytes: maximumLineBytes)
            if parsing == .fastPath && fastLayout == nil {
                throw RecordingError(
                    path: path, line: 0,
                    message: "the events are not in the layout the fast path reads")
            }
        }
        var devices: [EvdevDevice] = []
        var warnings: [RecordingError] = []
        var fastSources: [any LibinputFrameSource]? = nil
        if let fastLayout {
            let stream = YAMLEventStream(
                bytes: fastLayout.headerText, path: path, lineMap: fastLayout.headerLineNumbers)
            var eventsLines: [Int?] = []
            do {
                (devices, warnings, eventsLines) = try LibinputRecordReader.readHeader(stream)
            } catch {
                // The scan can misread a header (an `events:` line inside a multi-line
                // string): libyaml on the whole file has the last word.
                if parsing == .fastPath { throw error }
                eventsLines = [-1]
            }
            // Each events list found by the scan must be the `events:` of the device in turn.
            if eventsLines == fastLayout.eventBlocks.map({ $0.firstLine - 1 }) {
                fastSources = try fastLayout.eventBlocks.map { block throws(RecordingError) in
                    try LibinputFastCursor(
                        path: path, block: block, maximumLineBytes: maximumLineBytes)
                }
            } else if parsing == .fastPath {
                throw RecordingError(
                    path: path, line: 0,
                    message: "the events are not in the layout the fast path reads")
            }
        }
        if let fastSources {
            sources = fastSources
            usesFastPath = true
        } else {
            let stream = try YAMLEventStream(path: path, maximumLineBytes: maximumLineBytes)
            (devices, warnings, _) = try LibinputRecordReader.readHeader(stream)
            sources = try devices.indices.map { index throws(RecordingError) in
                try LibinputYAMLCursor(
                    path: path, deviceIndex: index, maximumLineBytes: maximumLineBytes)
            }
            usesFastPath = false
        }
        let seat = SeatSlots()
        var descriptions: [DeviceDescription] = []
        var decoders: [EvdevTouchDecoder] = []
        for (index, device) in devices.enumerated() {
            let id = DeviceID(index + 1)
            descriptions.append(device.description(id: id, screen: screen))
            decoders.append(
                EvdevTouchDecoder(
                    id: id, device: device, screen: screen, seat: seat,
                    calibration: calibration ?? device.udevCalibration ?? .identity,
                    rotation: rotation))
        }
        self.decoders = decoders
        evdevDevices = devices
        self.warnings = warnings
        header = RecordingHeader(format: .libinput, formatVersion: "1", devices: descriptions)
        state.lookahead = Array(repeating: [], count: devices.count)
        state.hasFrame = Array(repeating: false, count: devices.count)
        for description in descriptions {
            state.output.append(.deviceAdded(description, timeMicroseconds: 0))
        }
        for index in sources.indices {
            state.hasFrame[index] = try sources[index].nextFrame(into: &state.lookahead[index])
        }
    }

    /// The next kernel frame in time order and its device index (for tests).
    func nextRawFrame() throws(RecordingError) -> (device: Int, events: [EvdevEvent])? {
        var best = -1
        for index in state.hasFrame.indices where state.hasFrame[index] {
            if best < 0
                || state.lookahead[index].last!.timeMicroseconds
                    < state.lookahead[best].last!.timeMicroseconds
            {
                best = index
            }
        }
        guard best >= 0 else { return nil }
        let frame = state.lookahead[best]
        state.hasFrame[best] = try sources[best].nextFrame(into: &state.lookahead[best])
        return (best, frame)
    }

    /// The next event, or nil at the end.
    public func next() throws(RecordingError) -> InputEvent? {
        while state.outputIndex >= state.output.count {
            state.output.removeAll(keepingCapacity: true)
            state.outputIndex = 0
            if state.finished { return nil }
            var best = -1
            for index in state.hasFrame.indices where state.hasFrame[index] {
                if best < 0
                    || state.lookahead[index].last!.timeMicroseconds
                        < state.lookahead[best].last!.timeMicroseconds
                {
                    best = index
                }
            }
            if best < 0 {
                state.finished = true
                for decoder in decoders {
                    decoder.finish(time: decoder.lastTime, into: &state.output)
                    state.output.append(
                        .deviceRemoved(decoder.id, timeMicroseconds: decoder.lastTime))
                }
                continue
            }
            let decoder = decoders[best]
            for event in state.lookahead[best] { decoder.handle(event, into: &state.output) }
            state.hasFrame[best] = try sources[best].nextFrame(into: &state.lookahead[best])
        }
        let event = state.output[state.outputIndex]
        state.outputIndex += 1
        return event
    }

    // MARK: header

    /// Reads the document up to its end, skipping every device's `events`, and returns the devices.
    /// Also returns, per device, the line of its `events:` key (nil without one).
    static func readHeader(_ stream: YAMLEventStream) throws(RecordingError) -> (
        [EvdevDevice], [RecordingError], eventsLines: [Int?]
    ) {
        guard try stream.next() == YAML_STREAM_START_EVENT else {
            throw stream.error("YAML: no stream")
        }
        guard try stream.next() == YAML_DOCUMENT_START_EVENT else {
            throw stream.error("empty YAML document: not a `libinput record` file")
        }
        try stream.next()
        guard stream.type == YAML_MAPPING_START_EVENT else {
            throw stream.error(
                "expected a mapping with `version`, `devices`, …: not a `libinput record` file")
        }
        let root = try YAMLNode.read(stream) { key, depth in
            depth == 2 && (key == "events" || key == "hid")
        }
        var warnings: [RecordingError] = []
        guard let version = root["version"] else {
            throw stream.error("no `version` key: not a `libinput record` file", line: root.line)
        }
        guard case .scalar(let text, let line, _) = version, text == "1" else {
            throw stream.error(
                "unsupported `libinput record` version (this reader knows 1)", line: version.line)
        }
        _ = line
        guard let devicesNode = root["devices"], case .sequence(let items, _) = devicesNode else {
            throw stream.error(
                "expected `devices:` with a list of devices",
                line: root["devices"]?.line ?? root.line)
        }
        if let ndevices = root["ndevices"], case .scalar(let text, let line, _) = ndevices,
            Int(text) != items.count
        {
            warnings.append(
                stream.error(
                    "ndevices says \(text) but \(items.count) devices are listed", line: line))
        }
        var devices: [EvdevDevice] = []
        for item in items {
            devices.append(try readDevice(item, stream))
        }
        // One document only: a reader that stopped after the first would ignore the rest.
        guard try stream.next() == YAML_DOCUMENT_END_EVENT,
            try stream.next() == YAML_STREAM_END_EVENT
        else {
            throw stream.error("more than one YAML document: a `libinput record` file has one")
        }
        return (devices, warnings, items.map { $0["events"]?.line })
    }

    private static func int(_ node: YAMLNode?, _ stream: YAMLEventStream, what: String, line: Int)
        throws(RecordingError)
        -> Int
    {
        guard let node, case .scalar(let text, _, _) = node else {
            throw stream.error("expected a number for \(what)", line: node?.line ?? line)
        }
        var bytes = Array(text.utf8)
        let value: Int64? = bytes.withUnsafeMutableBufferPointer { buffer in
            var scanner = ByteScanner(UnsafeBufferPointer(buffer))
            let value: Int64?
            if buffer.count > 2 && buffer[0] == UInt8(ascii: "0")
                && (buffer[1] | ByteScanner.lowercaseBit) == UInt8(ascii: "x")
            {
                value = scanner.readHex().map(Int64.init)
            } else {
                value = scanner.readInt64()
            }
            return scanner.atEnd ? value : nil
        }
        guard let value, let narrow = Int(exactly: value), Int32(exactly: value) != nil else {
            throw stream.error("bad number `\(QuotedInput.cut(text))` for \(what)", line: node.line)
        }
        return narrow
    }

    private static func intList(
        _ node: YAMLNode?, _ stream: YAMLEventStream, what: String, line: Int
    )
        throws(RecordingError) -> [Int]
    {
        guard let node, !node.isNull else { return [] }
        guard case .sequence(let items, _) = node else {
            throw stream.error("expected a list of numbers for \(what)", line: node.line)
        }
        var values: [Int] = []
        for item in items { values.append(try int(item, stream, what: what, line: node.line)) }
        return values
    }

    private static func readDevice(_ node: YAMLNode, _ stream: YAMLEventStream)
        throws(RecordingError)
        -> EvdevDevice
    {
        guard case .mapping = node else {
            throw stream.error("expected a device mapping in `devices`", line: node.line)
        }
        guard let evdev = node["evdev"], case .mapping = evdev else {
            throw stream.error("device without an `evdev:` mapping", line: node.line)
        }
        var device = EvdevDevice()
        if let name = evdev["name"], case .scalar(let text, _, _) = name { device.name = text }
        let id = try intList(evdev["id"], stream, what: "evdev.id", line: evdev.line)
        if id.count == 4 {
            (device.bustype, device.vendor, device.product, device.version) = (
                id[0], id[1], id[2], id[3]
            )
        }
        if let codes = evdev["codes"], !codes.isNull {
            guard case .mapping(let pairs, _) = codes else {
                throw stream.error(
                    "expected `codes:` to map event types to lists of codes", line: codes.line)
            }
            for (key, value) in pairs {
                let type = try int(
                    .scalar(key, line: value.line, null: false), stream, what: "an event type",
                    line: value.line)
                guard type >= 0 && type <= EventType.max.rawValue else {
                    throw stream.error("bad event type \(type)", line: value.line)
                }
                for code in try intList(value, stream, what: "event codes", line: value.line)
                where code >= 0 && code <= EventCode.keyMax.rawValue {
                    device.codes[EventType(rawValue: UInt16(type)), default: []].insert(
                        EventCode(rawValue: UInt16(code)))
                }
            }
        }
        // `codes:` lists SYN codes under type 0; the types themselves are its keys.
        device.eventTypes = Set([.syn] + device.codes.keys)
        if let absinfo = evdev["absinfo"], !absinfo.isNull {
            guard case .mapping(let pairs, _) = absinfo else {
                throw stream.error(
                    "expected `absinfo:` to map axis codes to [min, max, fuzz, flat, resolution]",
                    line: absinfo.line)
            }
            for (key, value) in pairs {
                let code = try int(
                    .scalar(key, line: value.line, null: false), stream, what: "an axis code",
                    line: value.line)
                let numbers = try intList(value, stream, what: "absinfo", line: value.line)
                guard code >= 0 && code <= EventCode.absMax.rawValue, numbers.count == 5 else {
                    throw stream.error(
                        "bad absinfo for axis \(key) (expected [min, max, fuzz, flat, resolution])",
                        line: value.line)
                }
                if code == EventCode.absMTSlot.rawValue,
                    let problem = EvdevDevice.slotRangeProblem(
                        minimum: Int32(numbers[0]), maximum: Int32(numbers[1]))
                {
                    throw stream.error(problem, line: value.line)
                }
                device.absinfo[EventCode(rawValue: UInt16(code))] = AbsoluteAxisInfo(
                    minimum: Int32(numbers[0]), maximum: Int32(numbers[1]), fuzz: Int32(numbers[2]),
                    flat: Int32(numbers[3]), resolution: Int32(numbers[4]))
            }
        }
        device.properties = Set(
            try intList(evdev["properties"], stream, what: "properties", line: evdev.line))
        if let udev = node["udev"], let properties = udev["properties"],
            case .sequence(let items, _) = properties
        {
            for item in items {
                guard case .scalar(let text, _, _) = item, let equals = text.firstIndex(of: "=")
                else {
                    continue
                }
                device.udev[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
        }
        return device
    }
}

/// Streams one device's `events` list through libyaml.
final class LibinputYAMLCursor: LibinputFrameSource {
    private let stream: YAMLEventStream
    private var done = false

    var bytesRead: Int { stream.bytesRead }

    init(path: String, deviceIndex: Int, maximumLineBytes: Int) throws(RecordingError) {
        stream = try YAMLEventStream(path: path, maximumLineBytes: maximumLineBytes)
        try stream.next()  // stream start
        try stream.next()  // document start
        try stream.next()  // top mapping
        while try stream.next() == YAML_SCALAR_EVENT {
            let isDevices = stream.scalar.equals("devices")
            try stream.next()
            guard isDevices else {
                try stream.skipNode()
                continue
            }
            var index = 0
            while try stream.next() == YAML_MAPPING_START_EVENT {
                if index < deviceIndex {
                    try stream.skipNode()
                    index += 1
                    continue
                }
                while try stream.next() == YAML_SCALAR_EVENT {
                    let isEvents = stream.scalar.equals("events")
                    try stream.next()
                    if isEvents {
                        if stream.type == YAML_SEQUENCE_START_EVENT { return }
                        guard stream.type == YAML_SCALAR_EVENT && stream.scalarIsNull else {
                            throw stream.error("expected `events:` to be a list")
                        }
                        done = true
                        return
                    }
                    try stream.skipNode()
                }
                done = true  // a device without events
                return
            }
            break
        }
        throw stream.error("device \(deviceIndex) not found")
    }

    func nextFrame(into frame: inout [EvdevEvent]) throws(RecordingError) -> Bool {
        frame.removeAll(keepingCapacity: true)
        while !done {
            let type = try stream.next()
            if type == YAML_SEQUENCE_END_EVENT {
                done = true
                return false
            }
            guard type == YAML_MAPPING_START_EVENT else {
                throw stream.error("expected an events item (`- evdev:` …)")
            }
            while try stream.next() == YAML_SCALAR_EVENT {
                let isEvdev = stream.scalar.equals("evdev")
                try stream.next()
                guard isEvdev else {
                    try stream.skipNode()
                    continue
                }
                if stream.type == YAML_SCALAR_EVENT && stream.scalarIsNull { continue }
                guard stream.type == YAML_SEQUENCE_START_EVENT else {
                    throw stream.error(
                        "expected `evdev:` to be a list of [sec, usec, type, code, value]")
                }
                while try stream.next() == YAML_SEQUENCE_START_EVENT {
                    let rowLine = stream.line
                    var numbers = EvdevRowNumbers()
                    for field in 0..<5 {
                        guard try stream.next() == YAML_SCALAR_EVENT else {
                            throw stream.error(
                                "expected 5 numbers [sec, usec, type, code, value]", line: rowLine)
                        }
                        var scanner = ByteScanner(stream.scalar)
                        guard let value = scanner.readInt64(), scanner.atEnd else {
                            throw stream.error(
                                "bad number `\(QuotedInput.cut(stream.scalar.string))` in an evdev row"
                            )
                        }
                        numbers[field] = value
                    }
                    guard try stream.next() == YAML_SEQUENCE_END_EVENT else {
                        throw stream.error(
                            "expected 5 numbers [sec, usec, type, code, value]", line: rowLine)
                    }
                    frame.append(try LibinputRecordReader.makeEvent(numbers, stream.path, rowLine))
                }
                guard stream.type == YAML_SEQUENCE_END_EVENT else {
                    throw stream.error("expected an evdev row [sec, usec, type, code, value]")
                }
            }
            guard stream.type == YAML_MAPPING_END_EVENT else {
                throw stream.error("expected a key in an events item")
            }
            if !frame.isEmpty { return true }
        }
        return false
    }
}

extension LibinputRecordReader {
    /// Checks the ranges of one `[sec, usec, type, code, value]` row.
    static func makeEvent(_ row: EvdevRowNumbers, _ path: String, _ line: Int)
        throws(RecordingError) -> EvdevEvent
    {
        let numbers = row.values
        guard numbers.0 >= 0, numbers.0 < 1 << 40, numbers.1 >= 0, numbers.1 < 1_000_000,
            numbers.2 >= 0,
            numbers.2 <= 0xFFFF, numbers.3 >= 0, numbers.3 <= 0xFFFF,
            let value = Int32(exactly: numbers.4)
        else {
            throw RecordingError(
                path: path, line: line,
                message: "evdev row out of range [sec, usec, type, code, value]")
        }
        return EvdevEvent(
            timeMicroseconds: numbers.0 * 1_000_000 + numbers.1,
            type: EventType(rawValue: UInt16(numbers.2)),
            code: EventCode(rawValue: UInt16(numbers.3)),
            value: value)
    }
}

/// The five numbers of a `[sec, usec, type, code, value]` row, filled field by field.
struct EvdevRowNumbers {
    private(set) var values: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)

    subscript(field: Int) -> Int64 {
        get { withUnsafeBytes(of: values) { $0.load(fromByteOffset: field * 8, as: Int64.self) } }
        set {
            withUnsafeMutableBytes(of: &values) {
                $0.storeBytes(of: newValue, toByteOffset: field * 8, as: Int64.self)
            }
        }
    }
}
