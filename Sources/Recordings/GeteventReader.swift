import Evdev
import EvdevDecoding
import TouchInput

/// Reads Android `getevent` captures (`adb shell getevent -lt`, or `-t` without labels;
/// `GeteventParser`), protocol A and B alike, through `EvdevTouchDecoder`. The devices come
/// from a `getevent -lp` (or `-p`) description: given with `--desc` (`descPath`), or in the
/// file before the events. A device with events and no description is made from the
/// events: its axes range from 0 to the largest value seen, it is a touchscreen of unknown
/// size, and a warning says so. Times are made relative to the first event.
///
/// The file is read twice (once for the devices and the ranges, once to decode), so
/// memory does not grow with it; `path` must name a regular file.
public final class GeteventReader: RecordingEventSource {
    let header: RecordingHeader
    private(set) var warnings: [RecordingError] = []
    private let lines: LineReader
    /// The devices' keys in order (a path, or "" for events without one) and decoders.
    private let keys: [String]
    private let decoders: [EvdevTouchDecoder]
    /// The kernel devices, described or made from their events, in the order of `keys`.
    let evdevDevices: [EvdevDevice]
    private var devicesDescribed = GeteventDevices()
    private var output: [InputEvent] = []
    private var outputIndex = 0
    private var firstTime: Int64?
    private var finished = false
    private var skipped = 0
    private var firstSkipped: (line: Int, name: String)?

    var bytesConsumed: Int { lines.bytesConsumed }

    /// What the first reading found of one device: the codes it sent and their values.
    private struct Seen {
        var codes: [EventType: Set<EventCode>] = [:]
        var ranges: [EventCode: (minimum: Int32, maximum: Int32)] = [:]

        mutating func add(_ event: EvdevEvent) {
            codes[event.type, default: []].insert(event.code)
            guard event.type == .abs else { return }
            let range = ranges[event.code] ?? (event.value, event.value)
            ranges[event.code] = (min(range.minimum, event.value), max(range.maximum, event.value))
        }
    }

    init(
        path: String, descPath: String?, screen: ScreenSize, maximumLineBytes: Int,
        calibration: CalibrationMatrix?, rotation: Rotation
    ) throws(RecordingError) {
        var described = GeteventDevices()
        if let descPath {
            try Self.readDescription(descPath, maximumLineBytes: maximumLineBytes, into: &described)
        }
        // First reading: the description in the file, the devices that send events and what.
        var keys: [String] = []
        var seen: [String: Seen] = [:]
        let scan = try LineReader(path: path, maximumLineBytes: maximumLineBytes)
        var inFile = GeteventDevices()
        while let line = try scan.nextLine() {
            let text = String(decoding: line, as: UTF8.self)[...]
            guard
                case .event(let parsed) = try GeteventParser.read(
                    text, devices: &inFile, error: { scan.error($0) })
            else { continue }
            let key = parsed.device ?? ""
            if seen[key] == nil { keys.append(key) }
            if let event = parsed.event { seen[key, default: Seen()].add(event) }
        }
        guard !keys.isEmpty else {
            throw RecordingError(
                path: path, line: 1,
                message:
                    "no events: a getevent capture has lines like `[   51743.474591] EV_ABS ABS_MT_POSITION_X 000003b5` (`getevent -lt`)"
            )
        }
        if descPath != nil && !inFile.paths.isEmpty {
            warnings.append(
                RecordingError(
                    path: path, line: 1,
                    message: "the file describes its own devices; --desc \(descPath ?? "") ignored")
            )
        }
        if !inFile.paths.isEmpty { described = inFile }

        let seat = SeatSlots()
        var descriptions: [DeviceDescription] = []
        var decoders: [EvdevTouchDecoder] = []
        var evdevDevices: [EvdevDevice] = []
        for (index, key) in keys.enumerated() {
            let device: EvdevDevice
            if !key.isEmpty, let known = described[key] {
                device = known
            } else if key.isEmpty, let only = described.onlyDevice {
                device = only.device
            } else {
                device = Self.device(key, from: seen[key] ?? Seen())
                warnings.append(
                    RecordingError(path: path, line: 0, message: Self.inferred(key, device)))
            }
            let id = DeviceID(index + 1)
            evdevDevices.append(device)
            descriptions.append(device.description(id: id, screen: screen))
            decoders.append(
                EvdevTouchDecoder(
                    id: id, device: device, screen: screen, seat: seat,
                    calibration: calibration ?? .identity, rotation: rotation))
        }
        self.keys = keys
        self.decoders = decoders
        self.evdevDevices = evdevDevices
        header = RecordingHeader(format: .getevent, formatVersion: "1", devices: descriptions)
        output = descriptions.map { .deviceAdded($0, timeMicroseconds: 0) }
        lines = try LineReader(path: path, maximumLineBytes: maximumLineBytes)
    }

    /// Reads a `getevent -lp` (or `-p`) file into `devices`: descriptions only.
    private static func readDescription(
        _ path: String, maximumLineBytes: Int, into devices: inout GeteventDevices
    ) throws(RecordingError) {
        let lines = try LineReader(path: path, maximumLineBytes: maximumLineBytes)
        while let line = try lines.nextLine() {
            let text = String(decoding: line, as: UTF8.self)[...]
            if case .event = try GeteventParser.read(
                text, devices: &devices, error: { lines.error($0) })
            {
                throw lines.error(
                    "an event in a device description (--desc takes `getevent -lp` output)")
            }
        }
        guard !devices.paths.isEmpty else {
            throw lines.error(
                "no device description (`add device N: PATH` and its `events:`, as `getevent -lp` prints)",
                line: 1)
        }
    }

    /// A device made from what its events showed: a touchscreen of unknown size when it
    /// has a position, its axes from 0 (or the smallest value seen) to the largest.
    private static func device(_ key: String, from seen: Seen) -> EvdevDevice {
        var device = EvdevDevice()
        device.name = key.isEmpty ? "getevent device" : key
        device.eventTypes = Set(seen.codes.keys).union([.syn])
        device.codes = seen.codes
        for (code, range) in seen.ranges {
            device.absinfo[code] = AbsoluteAxisInfo(
                minimum: min(0, range.minimum),
                maximum: max(range.maximum, min(0, range.minimum) + 1))
        }
        if code(.absMTTrackingID, in: device) {
            device.absinfo[.absMTTrackingID] = AbsoluteAxisInfo(minimum: -1, maximum: 65535)
        }
        if device.hasMultiTouchPosition || code(.absX, in: device) {
            device.properties = [InputProperty.direct]
            device.udev = ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"]
        }
        return device
    }

    private static func code(_ code: EventCode, in device: EvdevDevice) -> Bool {
        device.codes[.abs]?.contains(code) ?? false
    }

    /// The warning for a device made from its events.
    private static func inferred(_ key: String, _ device: EvdevDevice) -> String {
        let position = device.positionAxisCodes
        let axes = [position.x, position.y].compactMap {
            code -> String? in
            guard let axis = device.absinfo[code] else { return nil }
            let name =
                code == .absX
                ? "ABS_X"
                : code == .absY
                    ? "ABS_Y" : code == .absMTPositionX ? "ABS_MT_POSITION_X" : "ABS_MT_POSITION_Y"
            return "\(name) \(axis.minimum)–\(axis.maximum)"
        }
        let what =
            axes.isEmpty
            ? "no position axis"
            : "axis ranges are the largest values seen (\(axes.joined(separator: ", "))): a touchscreen of unknown size"
        let name = key.isEmpty ? "the device" : QuotedInput.cut(key)
        return
            "no description of \(name) (give `getevent -lp` output with --desc): \(what)"
    }

    func next() throws(RecordingError) -> InputEvent? {
        while outputIndex == output.count {
            if finished { return nil }
            output.removeAll(keepingCapacity: true)
            outputIndex = 0
            try readMore()
        }
        outputIndex += 1
        return output[outputIndex - 1]
    }

    /// Decodes lines until some events come out or the file ends.
    private func readMore() throws(RecordingError) {
        while output.isEmpty {
            guard let (index, event) = try nextRawEvent() else {
                finish()
                return
            }
            decoders[index].handle(event, into: &output)
        }
    }

    /// The next kernel event with its device's index, its time relative to the first
    /// event's; nil at the end of the file.
    func nextRawEvent() throws(RecordingError) -> (device: Int, event: EvdevEvent)? {
        while let line = try lines.nextLine() {
            let text = String(decoding: line, as: UTF8.self)[...]
            guard
                case .event(let parsed) = try GeteventParser.read(
                    text, devices: &devicesDescribed, error: { lines.error($0) })
            else { continue }
            guard var event = parsed.event else {
                skipped += 1
                if firstSkipped == nil {
                    firstSkipped = (lines.lineNumber, parsed.unknownName ?? "")
                }
                continue
            }
            let first = firstTime ?? event.timeMicroseconds
            firstTime = first
            event.timeMicroseconds -= first
            return (keys.firstIndex(of: parsed.device ?? "") ?? 0, event)
        }
        return nil
    }

    /// Every device of a getevent capture with its kernel events, undecoded (for
    /// `--via-libinput`).
    public static func rawDevices(
        path: String, descPath: String?, maximumLineBytes: Int = 1 << 20
    ) throws(RecordingError) -> [LibinputRecordDevice] {
        let reader = try GeteventReader(
            path: path, descPath: descPath, screen: .defaultKiosk,
            maximumLineBytes: maximumLineBytes, calibration: nil, rotation: .none)
        var events: [[EvdevEvent]] = Array(repeating: [], count: reader.evdevDevices.count)
        while let (index, event) = try reader.nextRawEvent() { events[index].append(event) }
        return zip(reader.evdevDevices, events).map {
            LibinputRecordDevice(device: $0, events: $1)
        }
    }

    private func finish() {
        finished = true
        if let first = firstSkipped {
            warnings.append(
                RecordingError(
                    path: lines.path, line: first.line,
                    message:
                        "\(skipped) events of names this reader does not know were skipped (the first: \(QuotedInput.cut(first.name))): keys and switches, never a touch"
                ))
        }
        for decoder in decoders {
            decoder.finish(time: decoder.lastTime, into: &output)
            output.append(.deviceRemoved(decoder.id, timeMicroseconds: decoder.lastTime))
        }
    }
}
