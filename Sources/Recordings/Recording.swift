import TouchInput

/// A source of events read from a file: each reader conforms.
protocol RecordingEventSource: AnyObject {
    func next() throws(RecordingError) -> InputEvent?
    /// Appends events to `events` until it holds `limit` or more; false when the file ended
    /// first. A line that cannot be read throws, the events before it appended.
    func readBatch(into events: inout InputEventBatch, limit: Int) throws(RecordingError) -> Bool
    var warnings: [RecordingError] { get }
    var bytesConsumed: Int { get }
}

extension RecordingEventSource {
    /// One event at a time, for the readers that decode none in bulk.
    func readBatch(into events: inout InputEventBatch, limit: Int) throws(RecordingError) -> Bool {
        while events.count < limit {
            guard let event = try next() else { return false }
            events.append(event)
        }
        return true
    }
}

/// Events read from a recording in bulk (`Recording.readBatch`): the events, then what
/// ended them, if anything. An unreadable line comes after the events before it, so a
/// reader of batches handles those first and fails where `Recording.next` would have.
public struct RecordingBatch: Sendable {
    /// The events, in order.
    public var events = InputEventBatch()
    /// The error the batch ends with: the line after its last event cannot be read.
    public var failure: RecordingError?
    /// True when nothing follows the batch (the recording ended, or `failure`).
    public var isLast = false
    /// The share of the input consumed by the end of the batch, when known (progress bars).
    public var progress: Double?

    /// An empty batch.
    public init() {}

    /// Empties the batch, keeping its memory for the next events.
    public mutating func removeAll() {
        events.removeAll()
        failure = nil
        isLast = false
        progress = nil
    }
}

extension TraceReader: RecordingEventSource {}

/// The single entry point for reading any recording: the header at once, then the
/// events one at a time (memory does not grow with the file).
///
/// ```swift
/// let recording = try Recording.open(path: "session.trace")
/// while let event = try recording.next() { session.handle(event) }
/// ```
public final class Recording {
    public let path: String
    public let format: RecordingFormat
    public let header: RecordingHeader
    private let source: any RecordingEventSource

    /// Warnings so far (a truncated last line, a frame never ended, time that runs
    /// backwards, …); they do not stop reading.
    public var warnings: [RecordingError] {
        guard let backwards = state.timeBackwards else { return source.warnings }
        let times = backwards.count == 1 ? "once" : "\(backwards.count) times"
        return source.warnings + [
            RecordingError(
                path: path, line: 0,
                message:
                    "time runs backwards \(times) (first at event \(backwards.firstEvent): \(backwards.firstTime) µs, after \(backwards.latestBefore) µs); the duration runs from the first event to the latest time"
            )
        ]
    }
    /// What reading changes on every event: the checks of time's order.
    private struct State {
        /// Events read so far, and the latest time of each device among them (a `libinput
        /// record` file lists each device's events apart: only one device's own times must
        /// not run backwards). A short list, not a dictionary: a recording has a device or
        /// a few, and hashing for every event was a sixth of a continuous-touch replay.
        var eventsRead = 0
        var latestTimes: [(device: DeviceID?, time: Int64)] = []
        /// The device of the event before and its latest time, apart from `latestTimes`
        /// (the other devices'): nearly every event is that device's, and finding and
        /// writing its entry in the list for each was a twentieth of reading a frame.
        var hasCurrentDevice = false
        var currentDevice: DeviceID? = nil
        var currentLatestTime: Int64 = 0
        /// How often an event came before the latest time, and the first time it did.
        var timeBackwards: (count: Int, firstEvent: Int, firstTime: Int64, latestBefore: Int64)?
    }

    // Read for every event: used by one thread at a time, so (in release builds) without
    // the run-time exclusivity check, as the readers' own state.
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()
    /// Bytes of the main file read so far.
    public var bytesConsumed: Int { source.bytesConsumed }

    init(
        path: String, format: RecordingFormat, header: RecordingHeader,
        source: any RecordingEventSource
    ) {
        self.path = path
        self.format = format
        self.header = header
        self.source = source
    }

    /// Opens a recording.
    /// - Parameters:
    ///   - path: the file.
    ///   - descPath: an evemu device description for an events-only evemu file.
    ///   - format: nil to detect it from the first bytes.
    ///   - screen: the screen evdev touch positions are mapped onto (evemu and libinput
    ///     files; traces carry their own px). Default 1080x1920.
    ///   - maximumLineBytes: longer lines are an error.
    ///   - libinputFastPath: false reads every byte of `libinput record` YAML with libyaml
    ///     (the fast path is proven equal; this is for comparison and benchmarks).
    ///   - calibration: applied to touch positions (evdev files: instead of a device's
    ///     `LIBINPUT_CALIBRATION_MATRIX` udev property; traces: unless the trace says its
    ///     positions are already calibrated).
    ///   - rotation: the panel the recording was made on is turned this way; touch
    ///     positions are turned upright (traces: unless already upright).
    public static func open(
        path: String, descPath: String? = nil, format: RecordingFormat? = nil,
        screen: ScreenSize? = nil,
        maximumLineBytes: Int = 1 << 20, libinputFastPath: Bool = true,
        calibration: CalibrationMatrix? = nil, rotation: Rotation = .none
    ) throws(RecordingError) -> Recording {
        let lines = try LineReader(path: path, maximumLineBytes: maximumLineBytes)
        let resolved: RecordingFormat
        if let format {
            resolved = format
        } else {
            resolved = try RecordingFormat.detect(lines.peek, path: path)
        }
        let screen = screen ?? .defaultKiosk
        switch resolved {
        case .trace:
            let reader = try TraceReader(lines: lines)
            let transformed = TraceTransformingSource(
                reader, path: path, calibration: calibration, rotation: rotation)
            return Recording(
                path: path, format: .trace, header: transformed.header, source: transformed)
        case .evemu:
            let reader = try EvemuReader(
                lines: lines, descPath: descPath, screen: screen, calibration: calibration,
                rotation: rotation)
            return Recording(path: path, format: .evemu, header: reader.header, source: reader)
        case .libinput:
            let reader = try LibinputRecordReader(
                path: path, screen: screen, maximumLineBytes: maximumLineBytes,
                parsing: libinputFastPath ? .automatic : .libyaml, calibration: calibration,
                rotation: rotation)
            return Recording(path: path, format: .libinput, header: reader.header, source: reader)
        case .getevent:
            let reader = try GeteventReader(
                path: path, descPath: descPath, screen: screen, maximumLineBytes: maximumLineBytes,
                calibration: calibration, rotation: rotation)
            return Recording(path: path, format: .getevent, header: reader.header, source: reader)
        }
    }

    /// The next event, or nil at the end.
    public func next() throws(RecordingError) -> InputEvent? {
        guard let event = try source.next() else { return nil }
        state.eventsRead += 1
        if let (device, time) = event.deviceTime { noteTime(time, of: device) }
        return event
    }

    /// Reads the next events into `batch`, emptied first: about `limit` of them (a frame's
    /// last kernel event can complete more than one), fewer at the end or before an
    /// unreadable line (`RecordingBatch.failure`). The same events as `next`, in bulk: one
    /// batch can be decoded while the one before is being handled (docs/replay.md).
    public func readBatch(into batch: inout RecordingBatch, limit: Int) {
        batch.removeAll()
        do throws(RecordingError) {
            batch.isLast = !(try source.readBatch(into: &batch.events, limit: limit))
        } catch {
            batch.failure = error
            batch.isLast = true
        }
        for index in 0..<batch.events.count {
            state.eventsRead += 1
            switch batch.events.peek(at: index) {
            case .touchFrame(let device, let time, let contactsAllCancelled):
                if !contactsAllCancelled { noteTime(time, of: device) }
            case .other(let event):
                if let (device, time) = event.deviceTime { noteTime(time, of: device) }
            }
        }
    }

    /// Keeps `device`'s latest time, counting a time before it.
    private func noteTime(_ time: Int64, of device: DeviceID?) {
        if !state.hasCurrentDevice || device != state.currentDevice {
            guard makeCurrent(device) else {
                state.currentLatestTime = time
                return
            }
        }
        if time < state.currentLatestTime {
            if var backwards = state.timeBackwards {
                backwards.count += 1
                state.timeBackwards = backwards
            } else {
                state.timeBackwards = (1, state.eventsRead, time, state.currentLatestTime)
            }
        } else {
            state.currentLatestTime = time
        }
    }

    /// Makes `device` the current device, the one before's latest time kept in
    /// `latestTimes`; false when `device` has had no event yet.
    @inline(never)
    private func makeCurrent(_ device: DeviceID?) -> Bool {
        if state.hasCurrentDevice {
            if let index = state.latestTimes.firstIndex(where: { $0.device == state.currentDevice })
            {
                state.latestTimes[index].time = state.currentLatestTime
            } else {
                state.latestTimes.append((state.currentDevice, state.currentLatestTime))
            }
        }
        state.hasCurrentDevice = true
        state.currentDevice = device
        guard let index = state.latestTimes.firstIndex(where: { $0.device == device }) else {
            return false
        }
        state.currentLatestTime = state.latestTimes[index].time
        return true
    }
}

extension InputEvent {
    /// The device and time of an event held to its device's order of time, else nil. A
    /// device's arrival and removal, and the frame that cancels its contacts as it goes,
    /// carry the time they were noticed, which need not follow the kernel's times of its
    /// input (a panel plugged in and out while recording): only input events are held to
    /// their device's order. (Read from the event in place: binding it in `next`, which
    /// returns it, copied the whole event, a tenth of reading a frame.)
    fileprivate var deviceTime: (device: DeviceID?, time: Int64)? {
        switch self {
        case .deviceAdded, .deviceRemoved: return nil
        case .touchFrame(let frame):
            guard frame.contacts.isEmpty || frame.contacts.contains(where: { $0.phase != .cancel })
            else { return nil }
            return (frame.device, frame.timeMicroseconds)
        default: return (sourceDevice, timeMicroseconds)
        }
    }
}

extension RecordingFormat {
    /// Detects the format of the file at `path` from its first bytes.
    public static func detect(path: String) throws(RecordingError) -> RecordingFormat {
        let lines = try LineReader(path: path)
        return try detect(lines.peek, path: path)
    }

    static func detect(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(RecordingError)
        -> RecordingFormat
    {
        // Judge by the first line that is not blank and not a plain comment.
        var scanner = ByteScanner(bytes)
        var lineNumber = 1
        while !scanner.atEnd {
            let lineStart = scanner.index
            while let byte = scanner.current, byte != 0x0A { scanner.index += 1 }
            var line = ByteScanner(UnsafeBufferPointer(rebasing: bytes[lineStart..<scanner.index]))
            _ = scanner.skip(0x0A)
            line.skipSpaces()
            if line.skip(literal: "cleartouch-trace") { return .trace }
            if line.skip(literal: "# EVEMU") { return .evemu }
            if line.skip(literal: "# libinput record") { return .libinput }
            if isGetevent(line) { return .getevent }
            if line.atEnd || line.current == 0x23 {
                lineNumber += 1
                continue
            }
            if line.skip(literal: "version:") || line.skip(literal: "ndevices:")
                || line.skip(literal: "libinput:")
                || line.skip(literal: "devices:") || line.skip(literal: "---")
            {
                return .libinput
            }
            if let first = line.current, line.bytes.count > line.index + 1,
                line.bytes[line.index + 1] == 0x3A,
                "NIPBAELS".utf8.contains(first)
            {
                return .evemu
            }
            throw RecordingError(
                path: path, line: lineNumber,
                message:
                    "unknown format (not a ClearTouch trace, an evemu file, `libinput record` YAML or `getevent` output)"
            )
        }
        throw RecordingError(
            path: path, line: lineNumber, message: "no content to detect the format from")
    }

    /// A line as `getevent` starts one: a time stamp (`[   51743.474591]`, or before
    /// Android 4.1 `51743-474591:`), a device (`add device 1: /dev/input/event2`, or an
    /// event's `/dev/input/event2:` without time stamps), or one of its messages.
    private static func isGetevent(_ line: ByteScanner) -> Bool {
        var probe = line
        if probe.skip(literal: "[") {
            probe.skipSpaces()
            return probe.current.map { (0x30...0x39).contains($0) } ?? false
        }
        if probe.skip(literal: "add device ") || probe.skip(literal: "/dev/input/")
            || probe.skip(literal: "could not ")
        {
            return true
        }
        var digits = 0
        while let byte = probe.current, (0x30...0x39).contains(byte) {
            digits += 1
            probe.index += 1
        }
        return digits > 0 && probe.skip(0x2D)
    }
}
