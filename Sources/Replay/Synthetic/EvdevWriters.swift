/// Writes scripted touch frames as the kernel would send them (multi-touch protocol B)
/// for the synthetic touchscreen, in evemu and `libinput record` YAML form.
public struct EvdevEncoder: Sendable {
    public struct Event: Hashable, Sendable {
        public var timeMicroseconds: Int64
        public var type: Int
        public var code: Int
        public var value: Int
    }

    private var currentSlot = 0
    private var nextTrackingID = 100
    private var live: Set<Int> = []
    private var last: [Int: Position] = [:]
    private let timeOffsetMicroseconds: Int64

    private struct Position: Hashable, Sendable {
        var x: Int
        var y: Int
    }

    /// `timeOffsetMicroseconds` is added to every event time.
    public init(timeOffsetMicroseconds: Int64 = 0) {
        self.timeOffsetMicroseconds = timeOffsetMicroseconds
    }

    static let evSyn = 0, evKey = 1, evAbs = 3
    static let absX = 0, absY = 1, absMtSlot = 47, absMtPositionX = 53, absMtPositionY = 54
    static let absMtToolType = 55, absMtTrackingID = 57
    static let btnTouch = 330
    static let mtToolPalm = 2

    /// Touch frames only (evdev files carry one device: no keys, no text).
    /// Encodes the touch frames of `script` (state carries over between calls).
    public mutating func encode(_ script: [ScriptEvent]) -> [[Event]] {
        var frames: [[Event]] = []
        for scripted in script {
            guard case .frame(let time, let contacts) = scripted else { continue }
            let t = time + timeOffsetMicroseconds
            var frame: [Event] = []
            func emit(_ type: Int, _ code: Int, _ value: Int) {
                frame.append(Event(timeMicroseconds: t, type: type, code: code, value: value))
            }
            let wasTouching = !live.isEmpty
            for contact in contacts {
                if contact.slot != currentSlot {
                    emit(Self.evAbs, Self.absMtSlot, contact.slot)
                    currentSlot = contact.slot
                }
                let x = contact.x * SyntheticTouchscreen.unitsPerPixel
                let y = contact.y * SyntheticTouchscreen.unitsPerPixel
                switch contact.change {
                case .down:
                    emit(Self.evAbs, Self.absMtTrackingID, nextTrackingID)
                    nextTrackingID += 1
                    emit(Self.evAbs, Self.absMtPositionX, x)
                    emit(Self.evAbs, Self.absMtPositionY, y)
                    live.insert(contact.slot)
                    last[contact.slot] = Position(x: x, y: y)
                case .move:
                    if last[contact.slot]?.x != x { emit(Self.evAbs, Self.absMtPositionX, x) }
                    if last[contact.slot]?.y != y { emit(Self.evAbs, Self.absMtPositionY, y) }
                    last[contact.slot] = Position(x: x, y: y)
                case .palm:
                    emit(Self.evAbs, Self.absMtToolType, Self.mtToolPalm)
                case .up:
                    emit(Self.evAbs, Self.absMtTrackingID, -1)
                    live.remove(contact.slot)
                }
            }
            if !wasTouching && !live.isEmpty { emit(Self.evKey, Self.btnTouch, 1) }
            if wasTouching && live.isEmpty { emit(Self.evKey, Self.btnTouch, 0) }
            if let first = contacts.first, let position = last[first.slot],
                live.contains(first.slot)
            {
                emit(Self.evAbs, Self.absX, position.x)
                emit(Self.evAbs, Self.absY, position.y)
            }
            emit(Self.evSyn, 0, 0)
            frames.append(frame)
        }
        return frames
    }

    static let absCodes = [
        absX, absY, absMtSlot, absMtPositionX, absMtPositionY, absMtToolType, absMtTrackingID,
    ]

    static func absinfo(_ code: Int) -> (min: Int, max: Int, resolution: Int) {
        let d = SyntheticTouchscreen.self
        switch code {
        case absX, absMtPositionX:
            return (Int(d.axisX.minimum), Int(d.axisX.maximum), Int(d.unitsPerMillimetre))
        case absY, absMtPositionY:
            return (Int(d.axisY.minimum), Int(d.axisY.maximum), Int(d.unitsPerMillimetre))
        case absMtSlot: return (0, d.slotCount - 1, 0)
        case absMtToolType: return (0, 2, 0)
        default: return (0, 65535, 0)
        }
    }
}

private func hex2(_ v: Int) -> String {
    let s = String(v, radix: 16)
    return s.count < 2 ? "0" + s : s
}

private func hex4(_ v: Int) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

/// evemu-record's format 1.3: description, then `E:` lines (`%04x` type/code, `%04d` value).
public enum EvemuWriter {
    /// A whole file.
    public static func text(_ script: [ScriptEvent], comment: String) -> String {
        var encoder = EvdevEncoder(timeOffsetMicroseconds: 1)
        return header(comment: comment) + events(encoder.encode(script))
    }

    /// The description part (everything before the first `E:` line).
    public static func header(comment: String) -> String {
        var out = "# EVEMU 1.3\n"
        for line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
            out += "# \(line)\n"
        }
        out += "# Input device name: \"\(SyntheticTouchscreen.name)\"\n"
        out += "N: \(SyntheticTouchscreen.name)\n"
        out += "I: 0018 1d6b 0c1e 0100\n"
        out += "P: 02 00 00 00 00 00 00 00\n"  // INPUT_PROP_DIRECT
        out += "B: 00 0b 00 00 00 00 00 00 00\n"  // EV_SYN, EV_KEY, EV_ABS
        out += bitmaskLines(type: 1, codes: [EvdevEncoder.btnTouch])
        out += bitmaskLines(type: 3, codes: EvdevEncoder.absCodes)
        for code in EvdevEncoder.absCodes {
            let info = EvdevEncoder.absinfo(code)
            out += "A: \(hex2(code)) \(info.min) \(info.max) 0 0 \(info.resolution)\n"
        }
        out +=
            "################################\n#      Waiting for events      #\n################################\n"
        return out
    }

    /// `E:` lines (evemu-record puts the first event at 0.000001: encode with offset 1).
    public static func events(_ frames: [[EvdevEncoder.Event]]) -> String {
        var out = ""
        for frame in frames {
            for e in frame {
                let usec = String(e.timeMicroseconds % 1_000_000)
                let value = e.value < 0 ? "-" + pad(-e.value, 3) : pad(e.value, 4)
                out +=
                    "E: \(e.timeMicroseconds / 1_000_000).\(String(repeating: "0", count: 6 - usec.count))\(usec) \(hex4(e.type)) \(hex4(e.code)) \(value)\n"
            }
        }
        return out
    }

    private static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    /// `B:` lines: 8 bytes each, consecutive lines continue the mask.
    private static func bitmaskLines(type: Int, codes: [Int]) -> String {
        let byteCount = ((codes.max()! / 8) / 8 + 1) * 8
        var bytes = [Int](repeating: 0, count: byteCount)
        for code in codes { bytes[code / 8] |= 1 << (code % 8) }
        var out = ""
        for line in stride(from: 0, to: byteCount, by: 8) {
            out +=
                "B: \(hex2(type)) " + bytes[line..<line + 8].map(hex2).joined(separator: " ") + "\n"
        }
        return out
    }
}

/// `libinput record` YAML, file format version 1, one touchscreen device.
public enum LibinputRecordWriter {
    /// A whole file.
    public static func text(_ script: [ScriptEvent], comment: String) -> String {
        var encoder = EvdevEncoder()
        return header(comment: comment) + events(encoder.encode(script))
    }

    /// Everything up to the device's `events:` key.
    public static func header(comment: String) -> String {
        var out = "# libinput record\n"
        for line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
            out += "# \(line)\n"
        }
        out += "version: 1\nndevices: 1\nlibinput:\n  version: \"1.22.1\"\n  git: \"unknown\"\n"
        out += "system:\n  kernel: \"synthetic\"\n  dmi: \"unknown\"\n"
        out += "devices:\n- node: /dev/input/event9\n  evdev:\n"
        out += "    # Name: \(SyntheticTouchscreen.name)\n"
        out += "    name: \"\(SyntheticTouchscreen.name)\"\n"
        out += "    id: [24, 7531, 3102, 256]\n"
        out +=
            "    codes:\n      0: [0, 1, 3] # EV_SYN\n      1: [\(EvdevEncoder.btnTouch)] # EV_KEY\n"
        out +=
            "      3: [\(EvdevEncoder.absCodes.map(String.init).joined(separator: ", "))] # EV_ABS\n"
        out += "    absinfo:\n"
        for code in EvdevEncoder.absCodes {
            let info = EvdevEncoder.absinfo(code)
            out += "      \(code): [\(info.min), \(info.max), 0, 0, \(info.resolution)]\n"
        }
        out += "    properties: [1]\n"
        out += "  udev:\n    properties:\n    - ID_INPUT=1\n    - ID_INPUT_TOUCHSCREEN=1\n"
        out += "  quirks:\n  events:\n"
        return out
    }

    /// One `- evdev:` item per frame.
    public static func events(_ frames: [[EvdevEncoder.Event]]) -> String {
        var out = ""
        for frame in frames {
            out += "  - evdev:\n"
            for e in frame {
                out +=
                    "    - [\(e.timeMicroseconds / 1_000_000), \(e.timeMicroseconds % 1_000_000), \(e.type), \(e.code), \(e.value)]\n"
            }
        }
        return out
    }
}
