import Evdev
import TouchInput

/// Encodes a script's touch frames and keys as the kernel would send them
/// (multi-touch protocol B, with the single-touch `ABS_X`/`ABS_Y` of the first contact),
/// one `SYN_REPORT`-terminated frame per scripted frame. Text and touchpad events have
/// no evdev form here and are skipped.
public struct ScriptEvdevEncoder: Sendable {
    /// How much the encoder writes.
    public struct Options: Sendable {
        /// Evdev units per script position unit (10 for the synthetic touchscreen's pixels).
        public var unitsPerPosition: Int
        /// Added to every event time.
        public var timeOffsetMicroseconds: Int64
        /// Every contact of a frame gets its `ABS_MT_SLOT` and both positions, changed or
        /// not (as the mock devices send them); otherwise only what changed, as the kernel.
        public var reportsEveryAxis: Bool
        /// A touchpad: `BTN_TOOL_FINGER`… follow the number of fingers down.
        public var toolButtons: Bool

        /// Options for a device whose units are `unitsPerPosition` script units.
        public init(
            unitsPerPosition: Int = 1, timeOffsetMicroseconds: Int64 = 0,
            reportsEveryAxis: Bool = false, toolButtons: Bool = false
        ) {
            self.unitsPerPosition = unitsPerPosition
            self.timeOffsetMicroseconds = timeOffsetMicroseconds
            self.reportsEveryAxis = reportsEveryAxis
            self.toolButtons = toolButtons
        }
    }

    /// The first tracking id, as the mock devices and the generated recordings number them.
    public static let firstTrackingID: Int32 = 100

    private let options: Options
    private var currentSlot = 0
    private var nextTrackingID = ScriptEvdevEncoder.firstTrackingID
    private var live: Set<Int> = []
    private var last: [Int: Position] = [:]

    private struct Position: Hashable, Sendable {
        var x: Int32
        var y: Int32
    }

    /// An encoder in the state of a device just opened (slot 0, no contact).
    public init(_ options: Options = Options()) { self.options = options }

    /// Encodes `script` (state carries over between calls).
    public mutating func encode(_ script: [ScriptEvent]) -> [[EvdevEvent]] {
        var frames: [[EvdevEvent]] = []
        for scripted in script {
            switch scripted {
            case .frame(let time, let contacts):
                frames.append(encodeFrame(time + options.timeOffsetMicroseconds, contacts))
            case .key(let time, let code, let pressed):
                let t = time + options.timeOffsetMicroseconds
                frames.append([
                    EvdevEvent(
                        timeMicroseconds: t, type: .key, code: EventCode(rawValue: UInt16(code)),
                        value: pressed ? 1 : 0),
                    EvdevEvent(timeMicroseconds: t, type: .syn, code: .synReport, value: 0),
                ])
            case .text, .deviceRemoved, .touchpad: continue
            }
        }
        return frames
    }

    /// The events of `script`, frames one after the other.
    public mutating func events(_ script: [ScriptEvent]) -> [EvdevEvent] {
        encode(script).flatMap { $0 }
    }

    private mutating func encodeFrame(_ t: Int64, _ contacts: [ScriptContact]) -> [EvdevEvent] {
        var frame: [EvdevEvent] = []
        func emit(_ type: EventType, _ code: EventCode, _ value: Int32) {
            frame.append(EvdevEvent(timeMicroseconds: t, type: type, code: code, value: value))
        }
        let wasDown = live.count
        let everyAxis = options.reportsEveryAxis
        for contact in contacts {
            if contact.slot != currentSlot || everyAxis {
                emit(.abs, .absMTSlot, Int32(contact.slot))
                currentSlot = contact.slot
            }
            let x = Int32(contact.position.x) * Int32(options.unitsPerPosition)
            let y = Int32(contact.position.y) * Int32(options.unitsPerPosition)
            switch contact.phase {
            case .down:
                emit(.abs, .absMTTrackingID, nextTrackingID)
                nextTrackingID += 1
                emit(.abs, .absMTPositionX, x)
                emit(.abs, .absMTPositionY, y)
                live.insert(contact.slot)
                last[contact.slot] = Position(x: x, y: y)
            case .move:
                if everyAxis || last[contact.slot]?.x != x { emit(.abs, .absMTPositionX, x) }
                if everyAxis || last[contact.slot]?.y != y { emit(.abs, .absMTPositionY, y) }
                last[contact.slot] = Position(x: x, y: y)
            case .cancel:
                emit(.abs, .absMTToolType, MTToolType.palm)
            case .up:
                emit(.abs, .absMTTrackingID, -1)
                live.remove(contact.slot)
            }
        }
        if wasDown == 0 && !live.isEmpty { emit(.key, .btnTouch, 1) }
        if wasDown > 0 && live.isEmpty { emit(.key, .btnTouch, 0) }
        if options.toolButtons && wasDown != live.count {
            if let tool = EventCode.toolButton(fingers: wasDown) { emit(.key, tool, 0) }
            if let tool = EventCode.toolButton(fingers: live.count) { emit(.key, tool, 1) }
        }
        if let first = contacts.first, let position = last[first.slot], live.contains(first.slot) {
            emit(.abs, .absX, position.x)
            emit(.abs, .absY, position.y)
        }
        emit(.syn, .synReport, 0)
        return frame
    }
}
