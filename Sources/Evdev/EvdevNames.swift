import CEvdevCodes

/// The header names of evdev numbers (`EV_ABS`, `ABS_MT_POSITION_X`, `BTN_TOUCH`,
/// `INPUT_PROP_DIRECT`), as tools that label events print them (Android's `getevent -l`),
/// each taken from `<linux/input-event-codes.h>`'s macro, never typed as a number. Every
/// type, `SYN_*`, `ABS_*`, `REL_*`, `MSC_*` and input property the header has, the
/// buttons of mice, pens and touch (`BTN_*`), and the keys of a phone's own buttons;
/// other key, switch and LED names are unknown here (`code(named:of:)` is nil).
public enum EvdevNames {
    /// The event type named `name` (`EV_ABS`), nil for a name the header does not have.
    public static func type(named name: some StringProtocol) -> EventType? {
        types[String(name)]
    }

    /// The code of `type` named `name` (`ABS_MT_SLOT` of `EV_ABS`), nil when unknown here.
    public static func code(named name: some StringProtocol, of type: EventType) -> EventCode? {
        codes[type]?[String(name)]
    }

    /// The name of `code` of `type` (`ABS_MT_SLOT`), nil when unknown here: of two names
    /// for one code (`BTN_LEFT`, `BTN_MOUSE`) the header's first.
    public static func name(of code: EventCode, _ type: EventType) -> String? {
        codeNames[type]?[code]
    }

    /// The name of `type` (`EV_ABS`), nil when unknown here.
    public static func name(of type: EventType) -> String? { typeNames[type] }

    /// The name of input property `number` (1 → `INPUT_PROP_DIRECT`).
    public static func name(ofProperty number: Int) -> String? {
        properties.first { $0.value == number }?.key
    }

    /// The input property named `name` (`INPUT_PROP_DIRECT` → 1).
    public static func property(named name: some StringProtocol) -> Int? {
        properties[String(name)]
    }

    private static func table(_ pairs: [(String, Int32)]) -> [String: Int32] {
        Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    private static let types: [String: EventType] = table([
        ("EV_SYN", EV_SYN), ("EV_KEY", EV_KEY), ("EV_REL", EV_REL), ("EV_ABS", EV_ABS),
        ("EV_MSC", EV_MSC), ("EV_SW", EV_SW), ("EV_LED", EV_LED), ("EV_SND", EV_SND),
        ("EV_REP", EV_REP), ("EV_FF", EV_FF), ("EV_PWR", EV_PWR), ("EV_FF_STATUS", EV_FF_STATUS),
    ]).mapValues { EventType(rawValue: UInt16($0)) }

    private static let properties: [String: Int] = table([
        ("INPUT_PROP_POINTER", INPUT_PROP_POINTER), ("INPUT_PROP_DIRECT", INPUT_PROP_DIRECT),
        ("INPUT_PROP_BUTTONPAD", INPUT_PROP_BUTTONPAD), ("INPUT_PROP_SEMI_MT", INPUT_PROP_SEMI_MT),
        ("INPUT_PROP_TOPBUTTONPAD", INPUT_PROP_TOPBUTTONPAD),
        ("INPUT_PROP_POINTING_STICK", INPUT_PROP_POINTING_STICK),
        ("INPUT_PROP_ACCELEROMETER", INPUT_PROP_ACCELEROMETER),
    ]).mapValues { Int($0) }

    private static let typeNames: [EventType: String] = Dictionary(
        types.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })

    private static let codeNames: [EventType: [EventCode: String]] = codes.mapValues {
        Dictionary($0.map { ($0.value, $0.key) }, uniquingKeysWith: { min($0, $1) })
    }

    private static let codes: [EventType: [String: EventCode]] = codeNumbers.mapValues {
        $0.mapValues { EventCode(rawValue: UInt16($0)) }
    }

    private static let codeNumbers: [EventType: [String: Int32]] = [
        .syn: table([
            ("SYN_REPORT", SYN_REPORT), ("SYN_CONFIG", SYN_CONFIG),
            ("SYN_MT_REPORT", SYN_MT_REPORT), ("SYN_DROPPED", SYN_DROPPED),
        ]),
        .abs: table([
            ("ABS_X", ABS_X), ("ABS_Y", ABS_Y), ("ABS_Z", ABS_Z), ("ABS_RX", ABS_RX),
            ("ABS_RY", ABS_RY), ("ABS_RZ", ABS_RZ), ("ABS_THROTTLE", ABS_THROTTLE),
            ("ABS_RUDDER", ABS_RUDDER), ("ABS_WHEEL", ABS_WHEEL), ("ABS_GAS", ABS_GAS),
            ("ABS_BRAKE", ABS_BRAKE), ("ABS_HAT0X", ABS_HAT0X), ("ABS_HAT0Y", ABS_HAT0Y),
            ("ABS_HAT1X", ABS_HAT1X), ("ABS_HAT1Y", ABS_HAT1Y), ("ABS_HAT2X", ABS_HAT2X),
            ("ABS_HAT2Y", ABS_HAT2Y), ("ABS_HAT3X", ABS_HAT3X), ("ABS_HAT3Y", ABS_HAT3Y),
            ("ABS_PRESSURE", ABS_PRESSURE), ("ABS_DISTANCE", ABS_DISTANCE),
            ("ABS_TILT_X", ABS_TILT_X), ("ABS_TILT_Y", ABS_TILT_Y),
            ("ABS_TOOL_WIDTH", ABS_TOOL_WIDTH), ("ABS_VOLUME", ABS_VOLUME),
            ("ABS_PROFILE", ABS_PROFILE), ("ABS_MISC", ABS_MISC), ("ABS_RESERVED", ABS_RESERVED),
            ("ABS_MT_SLOT", ABS_MT_SLOT), ("ABS_MT_TOUCH_MAJOR", ABS_MT_TOUCH_MAJOR),
            ("ABS_MT_TOUCH_MINOR", ABS_MT_TOUCH_MINOR), ("ABS_MT_WIDTH_MAJOR", ABS_MT_WIDTH_MAJOR),
            ("ABS_MT_WIDTH_MINOR", ABS_MT_WIDTH_MINOR), ("ABS_MT_ORIENTATION", ABS_MT_ORIENTATION),
            ("ABS_MT_POSITION_X", ABS_MT_POSITION_X), ("ABS_MT_POSITION_Y", ABS_MT_POSITION_Y),
            ("ABS_MT_TOOL_TYPE", ABS_MT_TOOL_TYPE), ("ABS_MT_BLOB_ID", ABS_MT_BLOB_ID),
            ("ABS_MT_TRACKING_ID", ABS_MT_TRACKING_ID), ("ABS_MT_PRESSURE", ABS_MT_PRESSURE),
            ("ABS_MT_DISTANCE", ABS_MT_DISTANCE), ("ABS_MT_TOOL_X", ABS_MT_TOOL_X),
            ("ABS_MT_TOOL_Y", ABS_MT_TOOL_Y),
        ]),
        .rel: table([
            ("REL_X", REL_X), ("REL_Y", REL_Y), ("REL_Z", REL_Z), ("REL_RX", REL_RX),
            ("REL_RY", REL_RY), ("REL_RZ", REL_RZ), ("REL_HWHEEL", REL_HWHEEL),
            ("REL_DIAL", REL_DIAL), ("REL_WHEEL", REL_WHEEL), ("REL_MISC", REL_MISC),
            ("REL_RESERVED", REL_RESERVED), ("REL_WHEEL_HI_RES", REL_WHEEL_HI_RES),
            ("REL_HWHEEL_HI_RES", REL_HWHEEL_HI_RES),
        ]),
        .msc: table([
            ("MSC_SERIAL", MSC_SERIAL), ("MSC_PULSELED", MSC_PULSELED),
            ("MSC_GESTURE", MSC_GESTURE), ("MSC_RAW", MSC_RAW), ("MSC_SCAN", MSC_SCAN),
            ("MSC_TIMESTAMP", MSC_TIMESTAMP),
        ]),
        .key: table([
            ("BTN_0", BTN_0), ("BTN_1", BTN_1), ("BTN_2", BTN_2), ("BTN_3", BTN_3),
            ("BTN_4", BTN_4), ("BTN_5", BTN_5), ("BTN_6", BTN_6), ("BTN_7", BTN_7),
            ("BTN_8", BTN_8), ("BTN_9", BTN_9), ("BTN_LEFT", BTN_LEFT), ("BTN_RIGHT", BTN_RIGHT),
            ("BTN_MIDDLE", BTN_MIDDLE), ("BTN_SIDE", BTN_SIDE), ("BTN_EXTRA", BTN_EXTRA),
            ("BTN_FORWARD", BTN_FORWARD), ("BTN_BACK", BTN_BACK), ("BTN_TASK", BTN_TASK),
            ("BTN_TOOL_PEN", BTN_TOOL_PEN), ("BTN_TOOL_RUBBER", BTN_TOOL_RUBBER),
            ("BTN_TOOL_BRUSH", BTN_TOOL_BRUSH), ("BTN_TOOL_PENCIL", BTN_TOOL_PENCIL),
            ("BTN_TOOL_AIRBRUSH", BTN_TOOL_AIRBRUSH), ("BTN_TOOL_FINGER", BTN_TOOL_FINGER),
            ("BTN_TOOL_MOUSE", BTN_TOOL_MOUSE), ("BTN_TOOL_LENS", BTN_TOOL_LENS),
            ("BTN_TOOL_QUINTTAP", BTN_TOOL_QUINTTAP), ("BTN_STYLUS3", BTN_STYLUS3),
            ("BTN_TOUCH", BTN_TOUCH), ("BTN_STYLUS", BTN_STYLUS), ("BTN_STYLUS2", BTN_STYLUS2),
            ("BTN_TOOL_DOUBLETAP", BTN_TOOL_DOUBLETAP),
            ("BTN_TOOL_TRIPLETAP", BTN_TOOL_TRIPLETAP), ("BTN_TOOL_QUADTAP", BTN_TOOL_QUADTAP),
            ("BTN_GEAR_DOWN", BTN_GEAR_DOWN), ("BTN_GEAR_UP", BTN_GEAR_UP),
            ("KEY_POWER", KEY_POWER), ("KEY_VOLUMEUP", KEY_VOLUMEUP),
            ("KEY_VOLUMEDOWN", KEY_VOLUMEDOWN), ("KEY_BACK", KEY_BACK),
            ("KEY_HOMEPAGE", KEY_HOMEPAGE), ("KEY_MENU", KEY_MENU),
            ("KEY_APPSELECT", KEY_APPSELECT), ("KEY_SEARCH", KEY_SEARCH),
            ("KEY_CAMERA", KEY_CAMERA), ("KEY_WAKEUP", KEY_WAKEUP), ("KEY_SLEEP", KEY_SLEEP),
        ]),
    ]
}
