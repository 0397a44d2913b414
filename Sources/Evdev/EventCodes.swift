import CEvdevCodes

/// A kernel number of `<linux/input-event-codes.h>` with its own Swift type, so that an
/// event type cannot be passed for a code.
public protocol EvdevNumber: RawRepresentable, Hashable, Comparable, Sendable,
    ExpressibleByIntegerLiteral
where RawValue == UInt16, IntegerLiteralType == UInt16 {
    /// The number `rawValue`.
    init(rawValue: UInt16)
}

extension EvdevNumber {
    /// The number `value`.
    @inlinable public init(integerLiteral value: UInt16) { self.init(rawValue: value) }

    /// Same number.
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }

    /// Lower number.
    @inlinable public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// An evdev event type (`EV_*` in `<linux/input-event-codes.h>`).
@frozen
public struct EventType: EvdevNumber {
    /// The kernel's number for the type.
    public var rawValue: UInt16

    /// The type numbered `rawValue`.
    @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `EV_SYN`: frame markers.
    @inlinable public static var syn: Self { Self(rawValue: UInt16(EV_SYN)) }
    /// `EV_KEY`: keys and buttons.
    @inlinable public static var key: Self { Self(rawValue: UInt16(EV_KEY)) }
    /// `EV_REL`: relative axes.
    @inlinable public static var rel: Self { Self(rawValue: UInt16(EV_REL)) }
    /// `EV_ABS`: absolute axes.
    @inlinable public static var abs: Self { Self(rawValue: UInt16(EV_ABS)) }
    /// `EV_MSC`: miscellaneous.
    @inlinable public static var msc: Self { Self(rawValue: UInt16(EV_MSC)) }
    /// `EV_SW`: switches.
    @inlinable public static var sw: Self { Self(rawValue: UInt16(EV_SW)) }
    /// `EV_LED`: LEDs.
    @inlinable public static var led: Self { Self(rawValue: UInt16(EV_LED)) }
    /// `EV_SND`: sounds.
    @inlinable public static var snd: Self { Self(rawValue: UInt16(EV_SND)) }
    /// `EV_REP`: autorepeat.
    @inlinable public static var rep: Self { Self(rawValue: UInt16(EV_REP)) }
    /// `EV_FF`: force feedback.
    @inlinable public static var ff: Self { Self(rawValue: UInt16(EV_FF)) }
    /// `EV_MAX`: the highest type number.
    @inlinable public static var max: Self { Self(rawValue: UInt16(EV_MAX)) }

    /// The header's name (`EV_ABS`), or the number for a type without one here.
    public var name: String {
        switch self {
        case .syn: "EV_SYN"
        case .key: "EV_KEY"
        case .rel: "EV_REL"
        case .abs: "EV_ABS"
        case .msc: "EV_MSC"
        case .sw: "EV_SW"
        case .led: "EV_LED"
        case .snd: "EV_SND"
        case .rep: "EV_REP"
        case .ff: "EV_FF"
        default: "EV_\(rawValue)"
        }
    }
}

/// An evdev event code; its meaning depends on the event type (`SYN_*`, `KEY_*`,
/// `BTN_*`, `REL_*`, `ABS_*` in `<linux/input-event-codes.h>`).
@frozen
public struct EventCode: EvdevNumber {
    /// The kernel's number for the code.
    public var rawValue: UInt16

    /// The code numbered `rawValue`.
    @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }

    // MARK: EV_SYN
    /// `SYN_REPORT`: the end of a frame.
    @inlinable public static var synReport: Self { Self(rawValue: UInt16(SYN_REPORT)) }
    /// `SYN_MT_REPORT`: the end of one contact (multi-touch protocol A).
    @inlinable public static var synMTReport: Self { Self(rawValue: UInt16(SYN_MT_REPORT)) }
    /// `SYN_DROPPED`: the kernel's buffer overflowed.
    @inlinable public static var synDropped: Self { Self(rawValue: UInt16(SYN_DROPPED)) }

    // MARK: EV_ABS
    /// `ABS_X`.
    @inlinable public static var absX: Self { Self(rawValue: UInt16(ABS_X)) }
    /// `ABS_Y`.
    @inlinable public static var absY: Self { Self(rawValue: UInt16(ABS_Y)) }
    /// `ABS_MT_SLOT`: the slot the following multi-touch events are about.
    @inlinable public static var absMTSlot: Self { Self(rawValue: UInt16(ABS_MT_SLOT)) }
    /// `ABS_MT_POSITION_X`.
    @inlinable public static var absMTPositionX: Self {
        Self(rawValue: UInt16(ABS_MT_POSITION_X))
    }
    /// `ABS_MT_POSITION_Y`.
    @inlinable public static var absMTPositionY: Self {
        Self(rawValue: UInt16(ABS_MT_POSITION_Y))
    }
    /// `ABS_MT_TOOL_TYPE`: finger, pen or palm (`MTToolType`).
    @inlinable public static var absMTToolType: Self { Self(rawValue: UInt16(ABS_MT_TOOL_TYPE)) }
    /// `ABS_MT_TRACKING_ID`: a new contact, or -1 when the slot's contact ends.
    @inlinable public static var absMTTrackingID: Self {
        Self(rawValue: UInt16(ABS_MT_TRACKING_ID))
    }
    /// `ABS_PRESSURE`: how hard the tool presses (pens).
    @inlinable public static var absPressure: Self { Self(rawValue: UInt16(ABS_PRESSURE)) }
    /// `ABS_MAX`: the highest absolute axis.
    @inlinable public static var absMax: Self { Self(rawValue: UInt16(ABS_MAX)) }

    // MARK: EV_REL
    /// `REL_X`.
    @inlinable public static var relX: Self { Self(rawValue: UInt16(REL_X)) }
    /// `REL_Y`.
    @inlinable public static var relY: Self { Self(rawValue: UInt16(REL_Y)) }
    /// `REL_HWHEEL`.
    @inlinable public static var relHWheel: Self { Self(rawValue: UInt16(REL_HWHEEL)) }
    /// `REL_WHEEL`.
    @inlinable public static var relWheel: Self { Self(rawValue: UInt16(REL_WHEEL)) }

    // MARK: EV_KEY
    /// `KEY_E`.
    @inlinable public static var keyE: Self { Self(rawValue: UInt16(KEY_E)) }
    /// `KEY_O`.
    @inlinable public static var keyO: Self { Self(rawValue: UInt16(KEY_O)) }
    /// `KEY_ENTER`.
    @inlinable public static var keyEnter: Self { Self(rawValue: UInt16(KEY_ENTER)) }
    /// `KEY_A`: a device with it is a keyboard.
    @inlinable public static var keyA: Self { Self(rawValue: UInt16(KEY_A)) }
    /// `KEY_H`.
    @inlinable public static var keyH: Self { Self(rawValue: UInt16(KEY_H)) }
    /// `KEY_L`.
    @inlinable public static var keyL: Self { Self(rawValue: UInt16(KEY_L)) }
    /// `BTN_MISC`: the first button code; codes below it are keys.
    @inlinable public static var btnMisc: Self { Self(rawValue: UInt16(BTN_MISC)) }
    /// `BTN_LEFT`: the first mouse button.
    @inlinable public static var btnLeft: Self { Self(rawValue: UInt16(BTN_LEFT)) }
    /// `BTN_TASK`: the last mouse button.
    @inlinable public static var btnTask: Self { Self(rawValue: UInt16(BTN_TASK)) }
    /// `BTN_TOOL_FINGER`: one finger on a touchpad.
    @inlinable public static var btnToolFinger: Self { Self(rawValue: UInt16(BTN_TOOL_FINGER)) }
    /// `BTN_TOOL_QUINTTAP`: five fingers on a touchpad.
    @inlinable public static var btnToolQuintTap: Self {
        Self(rawValue: UInt16(BTN_TOOL_QUINTTAP))
    }
    /// `BTN_TOUCH`: something touches the surface.
    @inlinable public static var btnTouch: Self { Self(rawValue: UInt16(BTN_TOUCH)) }
    /// `BTN_TOOL_DOUBLETAP`: two fingers on a touchpad.
    @inlinable public static var btnToolDoubleTap: Self {
        Self(rawValue: UInt16(BTN_TOOL_DOUBLETAP))
    }
    /// `BTN_TOOL_TRIPLETAP`: three fingers on a touchpad.
    @inlinable public static var btnToolTripleTap: Self {
        Self(rawValue: UInt16(BTN_TOOL_TRIPLETAP))
    }
    /// `BTN_TOOL_QUADTAP`: four fingers on a touchpad.
    @inlinable public static var btnToolQuadTap: Self {
        Self(rawValue: UInt16(BTN_TOOL_QUADTAP))
    }
    /// `BTN_TOOL_PEN`: a pen is in range (tablets, and tablet-class touch panels).
    @inlinable public static var btnToolPen: Self { Self(rawValue: UInt16(BTN_TOOL_PEN)) }
    /// `BTN_STYLUS`: the first button on a pen's barrel.
    @inlinable public static var btnStylus: Self { Self(rawValue: UInt16(BTN_STYLUS)) }
    /// `MSC_SCAN`: the raw scan code before a key or button event.
    @inlinable public static var mscScan: Self { Self(rawValue: UInt16(MSC_SCAN)) }
    /// `KEY_MAX`: the highest key or button code.
    @inlinable public static var keyMax: Self { Self(rawValue: UInt16(KEY_MAX)) }

    /// The `BTN_TOOL_*` code a touchpad sends for `fingers` fingers (1…5), nil otherwise.
    @inlinable public static func toolButton(fingers: Int) -> Self? {
        switch fingers {
        case 1: .btnToolFinger
        case 2: .btnToolDoubleTap
        case 3: .btnToolTripleTap
        case 4: .btnToolQuadTap
        case 5: .btnToolQuintTap
        default: nil
        }
    }
}

/// A device property (`INPUT_PROP_*`), as the `P:` lines of evemu files number them.
public enum InputProperty {
    /// `INPUT_PROP_POINTER`: the device needs a pointer (a touchpad).
    @inlinable public static var pointer: Int { Int(INPUT_PROP_POINTER) }
    /// `INPUT_PROP_DIRECT`: positions are on the screen (a touchscreen).
    @inlinable public static var direct: Int { Int(INPUT_PROP_DIRECT) }
    /// `INPUT_PROP_SEMI_MT`: the touch rectangle only.
    @inlinable public static var semiMT: Int { Int(INPUT_PROP_SEMI_MT) }
}

/// `ABS_MT_TOOL_TYPE` values (`MT_TOOL_*` in `<linux/input.h>`).
public enum MTToolType {
    /// `MT_TOOL_FINGER`.
    @inlinable public static var finger: Int32 { Int32(MT_TOOL_FINGER) }
    /// `MT_TOOL_PEN`.
    @inlinable public static var pen: Int32 { Int32(MT_TOOL_PEN) }
    /// `MT_TOOL_PALM`: the firmware says the contact is a palm.
    @inlinable public static var palm: Int32 { Int32(MT_TOOL_PALM) }
}

/// One kernel `input_event`, its time in microseconds.
@frozen public struct EvdevEvent: Hashable, Sendable {
    /// `input_event.time` in microseconds.
    public var timeMicroseconds: Int64
    /// The event type.
    public var type: EventType
    /// The event code (meaning depends on `type`).
    public var code: EventCode
    /// The value.
    public var value: Int32

    /// An event of `type` and `code` with `value` at `timeMicroseconds`.
    @inlinable public init(
        timeMicroseconds: Int64, type: EventType, code: EventCode, value: Int32
    ) {
        self.timeMicroseconds = timeMicroseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// True for `SYN_REPORT`, the end of a frame.
    @inlinable public var isSynReport: Bool { type == .syn && code == .synReport }
}
