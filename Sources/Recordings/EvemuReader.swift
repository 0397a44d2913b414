import Evdev
import EvdevDecoding
import TouchInput

/// Reads evemu files (formats 1.0–1.3) and umockdev's evemu event files: a device
/// description (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`) and/or events (`E:`), in one file
/// or with the description in a second file (`descPath`). Comments anywhere; hex in either
/// case; values zero-padded or not; absolute or relative times (made relative to the first
/// event). Events stream through `EvdevTouchDecoder`.
///
/// Used by one thread at a time: in release builds its `State` skips the run-time
/// exclusivity check (`@exclusivity(unchecked)`).
public final class EvemuReader: RecordingEventSource {
    public let header: RecordingHeader
    private let lines: LineReader
    private let decoder: EvdevTouchDecoder

    /// What reading changes on every line.
    private struct State {
        /// What was wrong but could be read past (`warnings`).
        var warnings: [RecordingError] = []
        /// The decoded events, those from `outputIndex` on not yet handed out by `next`
        /// (`readBatch` decodes straight into its caller's batch instead).
        var output = InputEventBatch()
        var outputIndex = 0
        /// The contacts of the frame `next` handed out last (`InputEventBatch.event`).
        var handedContacts: [TouchContact] = []
        /// The first event's time: later times are made relative to it.
        var firstTime: Int64?
        var finished = false
        /// The first event, read before the description was done.
        var pendingEvent: EvdevEvent?

        /// The event at `outputIndex`, handed out (its contacts in `handedContacts`). A
        /// method of the state: the read of `output` and the write of `handedContacts` are
        /// then one access to the reader's state, not two at once.
        mutating func handOutNext() -> InputEvent {
            outputIndex += 1
            return output.event(at: outputIndex - 1, contactsBuffer: &handedContacts)
        }
    }

    // Unchecked in release builds: used by one thread at a time; with the readers' checks
    // (this and `LineReader`) back on, `cleartouch-bench continuous` went from 875 to 1020
    // ns/event (best of 8, release, 2 busy cores).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    /// What was wrong in the file but could be read past, in order.
    public var warnings: [RecordingError] { state.warnings }
    private let deviceID = DeviceID(1)
    /// Canonical lines fit in a line (`parseCanonicalEventWordwise` reads lines shorter
    /// than `wordwiseReadBytes`).
    private let wordwiseLines: Bool
    private var wordwiseTime = EvemuParser.WordwiseTime()
    /// The `EV_ABS` and `EV_KEY` codes the description declares, by code: an event of
    /// another code is one the decoder cannot use (a description for another device).
    private let declaredAbsoluteCodes: [Bool]
    private let declaredKeyCodes: [Bool]
    /// Events of undeclared codes so far, and the first of them (line, type, code).
    private var undeclaredEvents = 0
    private var firstUndeclared: (line: Int, type: UInt16, code: UInt16)?
    /// The line of `pendingEvent`, the first event, read before the description was done.
    private var pendingEventLine = 0

    public var bytesConsumed: Int { lines.bytesConsumed }

    /// Opens an evemu file; `descPath` supplies the description of an events-only file.
    public convenience init(
        path: String, descPath: String? = nil, screen: ScreenSize = .defaultKiosk,
        maximumLineBytes: Int = 1 << 20, calibration: CalibrationMatrix? = nil,
        rotation: Rotation = .none
    ) throws(RecordingError) {
        try self.init(
            lines: LineReader(path: path, maximumLineBytes: maximumLineBytes), descPath: descPath,
            screen: screen, calibration: calibration, rotation: rotation)
    }

    /// Reads `lines`; touch positions go through `calibration` (else identity: evemu files
    /// carry no udev properties) and `rotation` onto the upright `screen`.
    init(
        lines: LineReader, descPath: String?, screen: ScreenSize,
        calibration: CalibrationMatrix? = nil, rotation: Rotation = .none
    ) throws(RecordingError) {
        self.lines = lines
        wordwiseLines = lines.maximumLineBytes >= EvemuParser.wordwiseReadBytes
        var description = EvemuParser.DescriptionState()
        // The main file's description section (up to the first event).
        var firstEvent: EvdevEvent? = nil
        while let line = try lines.nextLine() {
            if let event = try EvemuParser.parseLine(line, lines, &description, eventsAllowed: true)
            {
                firstEvent = event
                pendingEventLine = lines.lineNumber
                break
            }
        }
        // An events-only file without --desc: its device's description by the evemu-devices
        // naming, beside it.
        let descPath =
            descPath
            ?? (description.sawAny
                ? nil : EvemuDescriptionPairing.descriptionPath(forEventsFile: lines.path))
        if let descPath {
            if description.sawAny {
                state.warnings.append(
                    lines.error(
                        "the file has its own device description; --desc \(descPath) ignored",
                        line: 1))
            } else {
                let descLines = try LineReader(
                    path: descPath, maximumLineBytes: lines.maximumLineBytes)
                while let line = try descLines.nextLine() {
                    if try EvemuParser.parseLine(
                        line, descLines, &description, eventsAllowed: false) != nil
                    {
                        break
                    }
                }
                guard description.sawAny else {
                    throw descLines.error(
                        "no device description (`N:`, `I:`, `B:`, `A:` lines) in the file", line: 1)
                }
                // A separate description was taken at another time: its axis values say nothing
                // about the state when these events were recorded.
                description.device.initialSlot = nil
            }
        }
        if firstEvent != nil && !description.sawAny {
            throw lines.error(
                "`E:` before any device description, and no NAME.desc beside the file for it: pass the description with --desc"
            )
        }
        if !description.sawAny {
            throw lines.error("neither a device description nor events: not an evemu file", line: 1)
        }
        state.pendingEvent = firstEvent
        let device = description.device
        declaredAbsoluteCodes = Self.declared(device.codes[.abs])
        declaredKeyCodes = Self.declared(device.codes[.key])
        decoder = EvdevTouchDecoder(
            id: deviceID, device: device, screen: screen, seat: SeatSlots(),
            calibration: calibration ?? device.udevCalibration ?? .identity, rotation: rotation)
        let deviceDescription = device.description(id: deviceID, screen: screen)
        header = RecordingHeader(
            format: .evemu, formatVersion: description.version, devices: [deviceDescription])
        state.output.append(.deviceAdded(deviceDescription, timeMicroseconds: 0))
    }

    /// The next event, or nil at the end.
    public func next() throws(RecordingError) -> InputEvent? {
        while state.outputIndex == state.output.count {
            if state.finished { return nil }
            state.output.removeAll()
            state.outputIndex = 0
            try readMore(until: 1)
        }
        return state.handOutNext()
    }

    /// Appends the next events to `events` until it holds `limit` or more; false when the
    /// file ended first. A line that cannot be read throws, the events before it appended.
    func readBatch(into events: inout InputEventBatch, limit: Int) throws(RecordingError) -> Bool {
        // Events decoded for `next` and not handed out yet (the device at the start) first.
        if state.outputIndex < state.output.count {
            events.append(contentsOf: state.output, from: state.outputIndex)
        }
        state.output.removeAll()
        state.outputIndex = 0
        // Decoded straight into the caller's batch: swapped in, and out again, also on a throw.
        swap(&state.output, &events)
        defer { swap(&state.output, &events) }
        while state.output.count < limit {
            if state.finished { return false }
            try readMore(until: limit)
        }
        return true
    }

    /// Reads lines until `output` holds `target` events or the file ends.
    private func readMore(until target: Int) throws(RecordingError) {
        if let event = state.pendingEvent {
            state.pendingEvent = nil
            decode(event, line: pendingEventLine)
        }
        while state.output.count < target {
            // Fastest path: lines as evemu writes them, eight bytes at a time.
            if wordwiseLines {
                decodeWordwise(until: target)
                if state.output.count >= target { return }
            }
            // Then a line as evemu writes it, parsed where it lies in the buffer.
            let unread = lines.unreadBytes
            if let (event, lineBytes) = EvemuParser.parseCanonicalEvent(atStartOf: unread),
                lineBytes < unread.count, lineBytes <= lines.maximumLineBytes
            {
                lines.skipLine(ofBytes: lineBytes)
                decode(event, line: lines.lineNumber)
                continue
            }
            guard let line = try lines.nextLine() else {
                finishStream()
                return
            }
            // Fast path: an event line.
            if line.count > 2 && line[0] == 0x45 && line[1] == 0x3A {
                decode(try EvemuParser.parseEvent(line, lines), line: lines.lineNumber)
                continue
            }
            // Made only here: building (and destroying) its device for every frame was 5 % of
            // a continuous-touch replay.
            var ignored = EvemuParser.DescriptionState()
            _ = try EvemuParser.parseLine(line, lines, &ignored, eventsAllowed: true)
            if ignored.sawAny {
                throw lines.error("device description line after the events")
            }
        }
    }

    /// Decodes the canonical lines at the start of the buffer, where they lie, until
    /// `output` holds `target` events, a line is not one `parseCanonicalEventWordwise` takes,
    /// or the buffer holds too few bytes for it to read; then consumes them all at once.
    private func decodeWordwise(until target: Int) {
        let unread = lines.unreadBytes
        guard let start = unread.baseAddress, unread.count >= EvemuParser.wordwiseReadBytes
        else { return }
        let last = start + (unread.count - EvemuParser.wordwiseReadBytes)
        let firstLine = lines.lineNumber
        var cursor = start
        var count = 0
        while cursor <= last,
            let (event, lineBytes) = EvemuParser.parseCanonicalEventWordwise(
                at: cursor, last: &wordwiseTime)
        {
            cursor += lineBytes &+ 1
            count &+= 1
            decode(event, line: firstLine &+ count)
            if state.output.count >= target { break }
        }
        lines.skipLines(count, ofBytes: cursor - start)
    }

    /// Hands the event of line `line` to the decoder, its time relative to the first event's.
    private func decode(_ event: EvdevEvent, line: Int) {
        checkDeclared(event, line: line)
        var event = event
        if let first = state.firstTime {
            event.timeMicroseconds -= first
        } else {
            state.firstTime = event.timeMicroseconds
            event.timeMicroseconds = 0
        }
        decoder.handle(event, into: &state.output)
    }

    /// `codes` as a table by code (the highest code the kernel has is below 0x300).
    private static func declared(_ codes: Set<EventCode>?) -> [Bool] {
        var table = [Bool](repeating: false, count: 0x300)
        for code in codes ?? [] where Int(code.rawValue) < table.count {
            table[Int(code.rawValue)] = true
        }
        return table
    }

    /// Counts an `EV_ABS` or `EV_KEY` event whose code the description does not declare.
    @inline(__always)
    private func checkDeclared(_ event: EvdevEvent, line: Int) {
        let code = Int(event.code.rawValue)
        // Read in place: a table taken as a local was a retain and a release for each event.
        let declared: Bool
        switch event.type {
        case .abs: declared = code < declaredAbsoluteCodes.count && declaredAbsoluteCodes[code]
        case .key: declared = code < declaredKeyCodes.count && declaredKeyCodes[code]
        default: return
        }
        guard !declared else { return }
        undeclaredEvents += 1
        if firstUndeclared == nil {
            firstUndeclared = (line, event.type.rawValue, event.code.rawValue)
        }
    }

    private func finishStream() {
        if let first = firstUndeclared {
            // The events do not match the description: say so, or 0 contacts pass in silence.
            let type = first.type == EventType.abs.rawValue ? "EV_ABS" : "EV_KEY"
            state.warnings.append(
                RecordingError(
                    path: lines.path, line: first.line,
                    message:
                        "\(undeclaredEvents) events of codes the device description does not declare (the first \(type) code \(first.code)): is the description (--desc) for this device?"
                ))
        }
        state.finished = true
        decoder.finish(time: decoder.lastTime, into: &state.output)
        state.output.append(.deviceRemoved(deviceID, timeMicroseconds: decoder.lastTime))
    }
}
