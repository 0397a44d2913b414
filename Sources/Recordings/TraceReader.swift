import TouchInput

/// Reads the ClearTouch trace format (docs/trace-format.md) one event at a time: memory
/// does not grow with the file. A truncated last line (a recorder killed mid-write) is
/// listed in `warnings` and skipped; everything before it is used.
///
/// Used by one thread at a time: in release builds its `State` skips the run-time
/// exclusivity check (`@exclusivity(unchecked)`).
public final class TraceReader {
    public let header: RecordingHeader
    public private(set) var warnings: [RecordingError] = []
    private let lines: LineReader

    /// What reading changes on every event line.
    private struct State {
        /// The contacts of the frame being read (`T` lines until its `F`), its device and
        /// time.
        var pendingContacts: [TouchContact] = []
        var pendingDevice = DeviceID(0)
        var pendingTime: Int64 = 0
        var finished = false
    }

    // Unchecked in release builds: used by one thread at a time; with the check, the trace
    // reader of `cleartouch-bench recordings` ran 14 % more instructions (313.9 M against
    // 274.3 M on 2 MB files, callgrind; docs/performance.md).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    /// The header's keywords (docs/trace-format.md, "Header").
    enum HeaderKeyword: Sendable {
        case events, recorded, screen, rowHeight, item, itemsEmpty, calibration, rotation
        case keyboard, device
    }
    static let headerKeywords = KeywordTable<HeaderKeyword>([
        "events": .events, "recorded": .recorded, "screen": .screen, "row-height": .rowHeight,
        "item": .item, "items-empty": .itemsEmpty, "calibration": .calibration,
        "rotation": .rotation, "keyboard": .keyboard, "device": .device,
    ])

    /// The event lines' keywords, after the time (docs/trace-format.md, "Events").
    enum EventKeyword: Sendable {
        case down, move, up, cancel, frame, added, removed, gesture, motion, button, scroll
        case key, text
    }
    static let eventKeywords = KeywordTable<EventKeyword>([
        "down": .down, "move": .move, "up": .up, "cancel": .cancel, "frame": .frame,
        "added": .added, "removed": .removed, "gesture": .gesture, "motion": .motion,
        "button": .button, "scroll": .scroll, "key": .key, "text": .text,
    ])

    public var path: String { lines.path }
    /// Bytes read so far.
    public var bytesConsumed: Int { lines.bytesConsumed }

    public convenience init(path: String, maximumLineBytes: Int = 1 << 20) throws(RecordingError) {
        try self.init(lines: LineReader(path: path, maximumLineBytes: maximumLineBytes))
    }

    init(lines: LineReader) throws(RecordingError) {
        self.lines = lines
        var header = RecordingHeader(format: .trace, formatVersion: "1")
        var sawVersion = false
        var sawEvents = false
        var warnings: [RecordingError] = []
        while let line = try lines.nextLine() {
            if lines.lastLineUnterminated {
                warnings.append(lines.error("truncated last line ignored"))
                break
            }
            var scanner = ByteScanner(line)
            if scanner.isBlankToEnd() || line.first == UInt8(ascii: "#") { continue }
            scanner.index = 0
            let keyword = scanner.readWord()
            if !sawVersion {
                guard keyword.equals("cleartouch-trace") else {
                    throw lines.error("not a ClearTouch trace (expected `cleartouch-trace 1`)")
                }
                guard let version = scanner.readInt64() else {
                    throw lines.error("bad format version")
                }
                guard version == 1 || version == 2 else {
                    throw lines.error(
                        "unsupported trace format version \(version) (this reader knows 1 and 2)")
                }
                header.formatVersion = String(version)
                sawVersion = true
                continue
            }
            let isVersion2 = header.formatVersion == "2"
            switch TraceReader.headerKeywords(keyword) {
            case .events:
                sawEvents = true
            case .recorded:
                header.recordedAt = try TraceReader.unescape(scanner.readRest(), lines)
            case .screen:
                let sides = RecordingLimits.screenSidePixels
                guard let width = RecordingLimits.checked(scanner.readInt64(), sides),
                    let height = RecordingLimits.checked(scanner.readInt64(), sides),
                    scanner.isBlankToEnd()
                else {
                    throw lines.error(
                        "bad screen size (expected `screen WIDTH HEIGHT` in px, each \(sides.lowerBound) to \(sides.upperBound))"
                    )
                }
                header.screen = ScreenSize(widthPixels: Int(width), heightPixels: Int(height))
            case .rowHeight:
                let range = RecordingLimits.rowHeightPixels
                guard let height = RecordingLimits.checked(scanner.readDouble(), range),
                    scanner.isBlankToEnd()
                else {
                    throw lines.error(
                        "bad row height (expected `row-height PX`, \(Int(range.lowerBound)) to \(Int(range.upperBound)) px)"
                    )
                }
                header.rowHeightPixels = height
            case .item:
                let flag = scanner.readWord()
                guard flag.equals("0") || flag.equals("1") else {
                    throw lines.error("bad item (expected `item 0|1 TEXT`)")
                }
                let text = try TraceReader.unescape(scanner.readRest(), lines)
                // Appended in place: a new array per line made 100,000 items quadratic.
                header.initialItems = header.initialItems ?? []
                header.initialItems?.append(RecordedItem(text: text, completed: flag.equals("1")))
            case .itemsEmpty:
                header.initialItems = header.initialItems ?? []
            case .calibration where isVersion2:
                switch CalibrationMatrix.parse(scanner.readRest().string) {
                case .success(let matrix): header.appliedCalibration = matrix
                case .failure(let error): throw lines.error("bad calibration: \(error)")
                }
            case .rotation where isVersion2:
                guard
                    let degrees = RecordingLimits.checked(
                        scanner.readInt64(), RecordingLimits.rotationDegrees),
                    let rotation = Rotation(degrees: Int(degrees)),
                    scanner.isBlankToEnd()
                else { throw lines.error("bad rotation (expected `rotation 0|90|180|270`)") }
                header.appliedRotation = rotation
            case .keyboard:
                let mode = scanner.readWord().string
                let layout = scanner.readWord().string
                guard RecordedKeyboard.modes.contains(mode), !layout.isEmpty,
                    scanner.isBlankToEnd()
                else {
                    throw lines.error("bad keyboard (expected `keyboard on|off|auto LAYOUT`)")
                }
                header.keyboard = RecordedKeyboard(mode: mode, layout: layout)
            case .device:
                header.devices.append(try TraceReader.parseDevice(&scanner, lines))
            case .calibration, .rotation, nil:
                throw lines.error("unknown header line `\(QuotedInput.cut(keyword.string))`")
            }
            if sawEvents { break }
        }
        guard sawVersion else {
            throw lines.error("not a ClearTouch trace (no `cleartouch-trace 1` line)", line: 1)
        }
        if !sawEvents {
            warnings.append(lines.error("no `events` line: the header is incomplete"))
            state.finished = true
        }
        self.header = header
        self.warnings = warnings
    }

    /// The next event, or nil at the end of the file.
    public func next() throws(RecordingError) -> InputEvent? {
        guard !state.finished else { return nil }
        while let line = try lines.nextLine() {
            if lines.lastLineUnterminated {
                warnings.append(lines.error("truncated last line ignored"))
                break
            }
            if line.isEmpty || line[0] == UInt8(ascii: "#") { continue }
            if let event = try parseEvent(line) { return event }
        }
        state.finished = true
        if !state.pendingContacts.isEmpty {
            warnings.append(lines.error("the last touch frame has no `frame` line; used as it is"))
            return .touchFrame(takePendingFrame(fingerCount: nil))
        }
        return nil
    }

    private func takePendingFrame(fingerCount: Int?) -> TouchFrame {
        let frame = TouchFrame(
            device: state.pendingDevice, timeMicroseconds: state.pendingTime,
            contacts: state.pendingContacts,
            fingerCount: fingerCount)
        state.pendingContacts.removeAll(keepingCapacity: true)
        return frame
    }

    private func parseEvent(_ line: UnsafeBufferPointer<UInt8>) throws(RecordingError)
        -> InputEvent?
    {
        var scanner = ByteScanner(line)
        guard let time = scanner.readInt64(), let separator = scanner.current,
            ByteScanner.isSpace(separator)
        else {
            scanner.index = 0
            if scanner.isBlankToEnd() { return nil }
            throw lines.error("bad event time (expected microseconds, then the event)")
        }
        guard RecordingLimits.timeMicroseconds.contains(time) else {
            throw lines.error("event time \(time) out of range (at most ±2^61 microseconds)")
        }
        let word = scanner.readWord()
        guard !word.isEmpty else {
            throw lines.error("missing event type after the time")
        }
        let keyword = TraceReader.eventKeywords(word)
        // Contacts: accumulate until the frame line.
        let phase: TouchPhase?
        switch keyword {
        case .down: phase = .down
        case .move: phase = .move
        case .up: phase = .up
        case .cancel: phase = .cancel
        default: phase = nil
        }
        if let phase {
            guard let device = scanner.readInt64(), let seat = scanner.readInt64(),
                let slot = scanner.readInt64(),
                let x = scanner.readDouble(), let y = scanner.readDouble(),
                let deviceID = Int(exactly: device),
                let seatSlot = Int(exactly: seat), let deviceSlot = Int(exactly: slot)
            else {
                throw lines.error(
                    "bad touch line (expected `T \(phase.rawValue) DEVICE SEAT SLOT XPX YPX XMM|- YMM|-`)"
                )
            }
            guard RecordingLimits.slot.contains(seat), RecordingLimits.slot.contains(slot) else {
                throw lines.error(
                    "slot number out of range (-1 to \(RecordingLimits.slot.upperBound))")
            }
            guard RecordingLimits.positionPixels.contains(x),
                RecordingLimits.positionPixels.contains(y)
            else {
                throw lines.error(
                    "touch position out of range (at most ±\(Int(RecordingLimits.positionPixels.upperBound)) px)"
                )
            }
            var millimetres: Point? = nil
            scanner.skipSpaces()
            if scanner.current == UInt8(ascii: "-")
                && (scanner.index + 1 == line.count || ByteScanner.isSpace(line[scanner.index + 1]))
            {
                _ = scanner.readWord()
                guard scanner.readWord().equals("-") else {
                    throw lines.error("bad millimetre position")
                }
            } else {
                guard let xmm = scanner.readDouble(), let ymm = scanner.readDouble() else {
                    throw lines.error("bad millimetre position")
                }
                guard RecordingLimits.millimetres.contains(xmm),
                    RecordingLimits.millimetres.contains(ymm)
                else {
                    throw lines.error(
                        "millimetre position out of range (at most ±\(Int(RecordingLimits.millimetres.upperBound)) mm)"
                    )
                }
                millimetres = Point(x: xmm, y: ymm)
            }
            guard scanner.isBlankToEnd() else {
                throw lines.error("unexpected text after the touch")
            }
            if !state.pendingContacts.isEmpty && state.pendingDevice.rawValue != deviceID {
                throw lines.error(
                    "touch of device \(deviceID) inside a frame of device \(state.pendingDevice.rawValue)"
                )
            }
            state.pendingDevice = DeviceID(deviceID)
            state.pendingTime = time
            state.pendingContacts.append(
                TouchContact(
                    seatSlot: seatSlot, deviceSlot: deviceSlot, phase: phase,
                    positionMillimetres: millimetres,
                    positionPixels: Point(x: x, y: y)))
            return nil
        }
        if keyword == .frame {
            guard let device = scanner.readInt64(), let deviceID = Int(exactly: device) else {
                throw lines.error("bad frame line (expected `T frame DEVICE [FINGERS]`)")
            }
            var fingers: Int? = nil
            if !scanner.isBlankToEnd() {
                guard let count = scanner.readInt64(), count >= 0, count < 1000,
                    scanner.isBlankToEnd()
                else {
                    throw lines.error("bad finger count")
                }
                fingers = Int(count)
            }
            if !state.pendingContacts.isEmpty && state.pendingDevice.rawValue != deviceID {
                throw lines.error(
                    "frame of device \(deviceID) ends touches of device \(state.pendingDevice.rawValue)"
                )
            }
            state.pendingDevice = DeviceID(deviceID)
            state.pendingTime = time
            return .touchFrame(takePendingFrame(fingerCount: fingers))
        }
        if !state.pendingContacts.isEmpty {
            throw lines.error(
                "`\(QuotedInput.cut(word.string))` inside a touch frame (no `frame` line before it)"
            )
        }
        return try parseOtherEvent(keyword, word, time: time, &scanner)
    }

    private func parseOtherEvent(
        _ keyword: EventKeyword?, _ word: UnsafeBufferPointer<UInt8>, time: Int64,
        _ scanner: inout ByteScanner
    ) throws(RecordingError) -> InputEvent {
        func device() throws(RecordingError) -> DeviceID {
            guard let value = scanner.readInt64(), let id = Int(exactly: value) else {
                throw lines.error("bad device id")
            }
            return DeviceID(id)
        }
        func number() throws(RecordingError) -> Double {
            guard let value = scanner.readDouble() else { throw lines.error("bad number") }
            guard RecordingLimits.relativeValue.contains(value) else {
                throw lines.error(
                    "number out of range (at most ±\(Int(RecordingLimits.relativeValue.upperBound)))"
                )
            }
            return value
        }
        func flag() throws(RecordingError) -> Bool {
            let word = scanner.readWord()
            guard word.equals("0") || word.equals("1") else {
                throw lines.error("bad flag (expected 0 or 1)")
            }
            return word.equals("1")
        }
        func end() throws(RecordingError) {
            guard scanner.isBlankToEnd() else {
                throw lines.error("unexpected text at the end of the line")
            }
        }
        switch keyword {
        case .added:
            let description = try TraceReader.parseDevice(&scanner, lines)
            return .deviceAdded(description, timeMicroseconds: time)
        case .removed:
            let id = try device()
            try end()
            return .deviceRemoved(id, timeMicroseconds: time)
        case .gesture:
            let id = try device()
            guard let kind = TouchpadGesture.Kind(rawValue: scanner.readWord().string) else {
                throw lines.error("bad gesture kind (swipe, pinch or hold)")
            }
            guard let stage = TouchpadGesture.Stage(rawValue: scanner.readWord().string) else {
                throw lines.error("bad gesture stage (begin, update or end)")
            }
            guard let fingers = scanner.readInt64(), fingers >= 0, fingers < 1000 else {
                throw lines.error("bad finger count")
            }
            let dx = try number()
            let dy = try number()
            let scale = try number()
            let angle = try number()
            let cancelled = try flag()
            try end()
            return .touchpadGesture(
                TouchpadGesture(
                    device: id, timeMicroseconds: time, kind: kind, stage: stage,
                    fingerCount: Int(fingers),
                    deltaX: dx, deltaY: dy, scale: scale, angleDeltaDegrees: angle,
                    cancelled: cancelled))
        case .motion:
            let id = try device()
            let dx = try number()
            let dy = try number()
            try end()
            return .pointerMotion(
                PointerMotion(device: id, timeMicroseconds: time, deltaX: dx, deltaY: dy))
        case .button:
            let id = try device()
            guard let code = scanner.readInt64(), let button = Int(exactly: code) else {
                throw lines.error("bad button code")
            }
            let pressed = try flag()
            try end()
            return .pointerButton(
                PointerButton(device: id, timeMicroseconds: time, button: button, pressed: pressed))
        case .scroll:
            let id = try device()
            guard let source = PointerScroll.Source(rawValue: scanner.readWord().string) else {
                throw lines.error("bad scroll source (wheel, finger or continuous)")
            }
            let horizontal = try number()
            let vertical = try number()
            try end()
            return .pointerScroll(
                PointerScroll(
                    device: id, timeMicroseconds: time, source: source, horizontal: horizontal,
                    vertical: vertical))
        case .key:
            let id = try device()
            guard let value = scanner.readInt64(), let code = Int(exactly: value) else {
                throw lines.error("bad key code")
            }
            let pressed = try flag()
            let obfuscated = try flag()
            try end()
            return .key(
                KeyboardKey(
                    device: id, timeMicroseconds: time, code: code, pressed: pressed,
                    obfuscated: obfuscated))
        case .text:
            let text = try TraceReader.unescape(scanner.readRest(), lines)
            return .text(TextInput(timeMicroseconds: time, text: text))
        case .down, .move, .up, .cancel, .frame, nil:
            throw lines.error("unknown event type `\(QuotedInput.cut(word.string))`")
        }
    }

    /// `ID KIND SCREENW SCREENH WMM|- HMM|- XMIN XMAX XRES|- - - YMIN YMAX YRES|- - - SLOTS|- NAME`
    static func parseDevice(_ scanner: inout ByteScanner, _ lines: LineReader)
        throws(RecordingError)
        -> DeviceDescription
    {
        func bad(_ what: String) -> RecordingError {
            lines.error(
                "bad device (\(what)); expected `ID KIND SCREENW SCREENH WMM HMM XMIN XMAX XRES YMIN YMAX YRES SLOTS NAME`"
            )
        }
        func dash() -> Bool {
            scanner.skipSpaces()
            if scanner.current == UInt8(ascii: "-")
                && (scanner.index + 1 == scanner.bytes.count
                    || ByteScanner.isSpace(scanner.bytes[scanner.index + 1]))
            {
                scanner.index += 1
                return true
            }
            return false
        }
        guard let idValue = scanner.readInt64(), let id = Int(exactly: idValue) else {
            throw bad("id")
        }
        guard let kind = DeviceKind(rawValue: scanner.readWord().string) else { throw bad("kind") }
        guard
            let width = RecordingLimits.checked(
                scanner.readInt64(), RecordingLimits.screenSidePixels),
            let height = RecordingLimits.checked(
                scanner.readInt64(), RecordingLimits.screenSidePixels)
        else { throw bad("screen size, 1 to \(RecordingLimits.screenSidePixels.upperBound) px") }
        var size: SizeMillimetres? = nil
        if dash() {
            guard dash() else { throw bad("size") }
        } else {
            guard
                let w = RecordingLimits.checked(scanner.readDouble(), RecordingLimits.millimetres),
                let h = RecordingLimits.checked(scanner.readDouble(), RecordingLimits.millimetres)
            else {
                throw bad("size, at most ±\(Int(RecordingLimits.millimetres.upperBound)) mm")
            }
            size = SizeMillimetres(width: w, height: h)
        }
        var axes: [AxisRange?] = []
        for _ in 0..<2 {
            if dash() {
                guard dash(), dash() else { throw bad("axis") }
                axes.append(nil)
            } else {
                guard let minimum = scanner.readInt32(), let maximum = scanner.readInt32(),
                    let resolution = scanner.readInt32()
                else { throw bad("axis") }
                axes.append(
                    AxisRange(
                        minimum: minimum, maximum: maximum, resolutionUnitsPerMillimetre: resolution
                    ))
            }
        }
        var slots: Int? = nil
        if !dash() {
            guard let count = scanner.readInt64(), count >= 0, count < 1 << 20 else {
                throw bad("slot count")
            }
            slots = Int(count)
        }
        let name = try unescape(scanner.readRest(), lines)
        return DeviceDescription(
            id: DeviceID(id), name: name, kind: kind, sizeMillimetres: size,
            screen: ScreenSize(widthPixels: Int(width), heightPixels: Int(height)), axisX: axes[0],
            axisY: axes[1],
            slotCount: slots)
    }

    static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineReader)
        throws(RecordingError) -> String
    {
        guard bytes.contains(UInt8(ascii: "\\")) else { return bytes.string }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                continue
            }
            guard index < bytes.count else {
                throw lines.error("bad escape at the end of the line")
            }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "x"):
                var sub = ByteScanner(
                    UnsafeBufferPointer(rebasing: bytes[index..<min(index + 2, bytes.count)]))
                guard sub.bytes.count == 2, let value = sub.readHex(), sub.atEnd else {
                    throw lines.error("bad \\x escape (expected two hex digits)")
                }
                out.append(UInt8(value))
                index += 2
            default: throw lines.error("unknown escape \\\(Character(Unicode.Scalar(escaped)))")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
