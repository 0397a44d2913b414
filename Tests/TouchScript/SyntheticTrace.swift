import Evdev
import Recordings
import TouchInput

/// Turns scripted input into ClearTouch trace events and files.
public enum SyntheticTrace {
    /// The keyboard that types in traces whose script has text or keys.
    public static let keyboard = DeviceDescription(
        id: DeviceID(2), name: "ClearTouch Synthetic Keyboard", kind: .keyboard)

    /// True when the script has touchpad or pointer input (it then needs the touchpad).
    public static func usesTouchpad(_ events: [ScriptEvent]) -> Bool {
        events.contains {
            if case .touchpad = $0 { return true }
            return false
        }
    }

    /// True when the script types (it then needs the keyboard).
    public static func usesKeyboard(_ events: [ScriptEvent]) -> Bool {
        events.contains {
            switch $0 {
            case .text, .key: true
            default: false
            }
        }
    }

    /// The trace header: the synthetic touchscreen (and keyboard), the app context.
    public static func header(
        keyboard: Bool, touchpad: Bool = false, list: [(text: String, completed: Bool)]?
    )
        -> RecordingHeader
    {
        RecordingHeader(
            format: .trace, formatVersion: "1", recordedAt: "2026-11-29T12:00:00Z",
            devices: devices(keyboard: keyboard, touchpad: touchpad),
            screen: SyntheticTouchscreen.screen, rowHeightPixels: 169,
            initialItems: list?.map { RecordedItem(text: $0.text, completed: $0.completed) })
    }

    static func devices(keyboard: Bool, touchpad: Bool) -> [DeviceDescription] {
        [SyntheticTouchscreen.description] + (keyboard ? [Self.keyboard] : [])
            + (touchpad ? [Script.touchpad] : [])
    }

    /// The `added` events that open a trace.
    public static func deviceEvents(keyboard: Bool, touchpad: Bool = false) -> [InputEvent] {
        devices(keyboard: keyboard, touchpad: touchpad).map {
            .deviceAdded($0, timeMicroseconds: 0)
        }
    }

    /// The scripted events as `InputEvent`s on the synthetic devices. A palm becomes a
    /// cancel, as libinput reports it.
    public static func inputEvents(_ script: [ScriptEvent], into events: inout [InputEvent]) {
        script.appendInputEvents(
            to: &events, touchDevice: SyntheticTouchscreen.device, keyboard: keyboard.id,
            millimetres: SyntheticTouchscreen.millimetres, deviceSlots: true)
    }

    /// Writes a whole trace file.
    public static func write(
        _ script: [ScriptEvent], list: [(text: String, completed: Bool)]?,
        keyboard onScreen: RecordedKeyboard? = nil, to path: String
    ) throws(RecordingError) {
        let keyboard = usesKeyboard(script)
        let touchpad = usesTouchpad(script)
        var events = deviceEvents(keyboard: keyboard, touchpad: touchpad)
        inputEvents(script, into: &events)
        let writer = try TraceWriter(path: path, flushesEveryCall: false)
        var header = header(keyboard: keyboard, touchpad: touchpad, list: list)
        header.keyboard = onScreen
        try writer.writeHeader(header)
        for event in events { try writer.write(event) }
        try writer.close()
    }
}

extension Array where Element == ScriptEvent {
    /// The events as the touch model has them: frames of `touchDevice` (positions in
    /// pixels; millimetres when `millimetres` converts them), keys of `keyboard`.
    /// `deviceSlots`: contacts carry their slot as device slot too.
    public func appendInputEvents(
        to events: inout [InputEvent], touchDevice: DeviceID, keyboard: DeviceID,
        millimetres: ((Point) -> Point)?, deviceSlots: Bool = false
    ) {
        for scripted in self {
            switch scripted {
            case .frame(let time, let contacts):
                events.append(
                    .touchFrame(
                        TouchFrame(
                            device: touchDevice, timeMicroseconds: time,
                            contacts: contacts.map {
                                $0.touchContact(millimetres: millimetres, deviceSlot: deviceSlots)
                            })))
            case .text(let time, let text):
                events.append(.text(TextInput(timeMicroseconds: time, text: text)))
            case .key(let time, let code, let pressed):
                events.append(
                    .key(
                        KeyboardKey(
                            device: keyboard, timeMicroseconds: time, code: code, pressed: pressed))
                )
            case .deviceRemoved(let time):
                events.append(.deviceRemoved(touchDevice, timeMicroseconds: time))
            case .touchpad(let event):
                events.append(event)
            }
        }
    }
}

extension ScriptContact {
    /// The contact as the touch model has it: position in pixels, in millimetres when
    /// `millimetres` converts pixels; `deviceSlot`: the slot is the device slot too.
    public func touchContact(millimetres: ((Point) -> Point)? = nil, deviceSlot: Bool = false)
        -> TouchContact
    {
        TouchContact(
            seatSlot: slot, deviceSlot: deviceSlot ? slot : nil, phase: phase,
            positionMillimetres: millimetres?(position), positionPixels: position)
    }
}
