import CEvdevCodes

/// The `ID_INPUT_*` udev properties systemd's `input_id` builtin gives an evdev device,
/// computed from the device's capabilities as that builtin computes them
/// (src/udev/udev-builtin-input_id.c, `test_pointers` and `test_key`; the rules are in
/// docs/devices.md). libinput decides what a device is from these properties, so a
/// device emulated with them is seen as on a real system.
public struct InputIDTags: OptionSet, Hashable, Sendable {
    /// The bits.
    public var rawValue: UInt16

    /// Tags from their bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `ID_INPUT`: every input device.
    public static let input = InputIDTags(rawValue: 1 << 0)
    /// `ID_INPUT_KEY`: some key below `BTN_MISC` (or in the high key blocks).
    public static let key = InputIDTags(rawValue: 1 << 1)
    /// `ID_INPUT_KEYBOARD`: every key from `KEY_ESC` to `KEY_D`.
    public static let keyboard = InputIDTags(rawValue: 1 << 2)
    /// `ID_INPUT_MOUSE`: a relative mouse, or absolute axes with mouse buttons.
    public static let mouse = InputIDTags(rawValue: 1 << 3)
    /// `ID_INPUT_TOUCHPAD`.
    public static let touchpad = InputIDTags(rawValue: 1 << 4)
    /// `ID_INPUT_TOUCHSCREEN`.
    public static let touchscreen = InputIDTags(rawValue: 1 << 5)
    /// `ID_INPUT_TABLET`: absolute axes with `BTN_STYLUS` or `BTN_TOOL_PEN`.
    public static let tablet = InputIDTags(rawValue: 1 << 6)
    /// `ID_INPUT_TABLET_PAD`.
    public static let tabletPad = InputIDTags(rawValue: 1 << 7)
    /// `ID_INPUT_JOYSTICK`.
    public static let joystick = InputIDTags(rawValue: 1 << 8)
    /// `ID_INPUT_ACCELEROMETER`.
    public static let accelerometer = InputIDTags(rawValue: 1 << 9)
    /// `ID_INPUT_POINTINGSTICK`.
    public static let pointingStick = InputIDTags(rawValue: 1 << 10)
    /// `ID_INPUT_SWITCH`.
    public static let `switch` = InputIDTags(rawValue: 1 << 11)

    /// Each tag with its udev property name, in the order udev lists them.
    public static let names: [(tag: InputIDTags, property: String)] = [
        (.input, "ID_INPUT"), (.accelerometer, "ID_INPUT_ACCELEROMETER"),
        (.pointingStick, "ID_INPUT_POINTINGSTICK"), (.mouse, "ID_INPUT_MOUSE"),
        (.touchpad, "ID_INPUT_TOUCHPAD"), (.touchscreen, "ID_INPUT_TOUCHSCREEN"),
        (.joystick, "ID_INPUT_JOYSTICK"), (.tablet, "ID_INPUT_TABLET"),
        (.tabletPad, "ID_INPUT_TABLET_PAD"), (.key, "ID_INPUT_KEY"),
        (.keyboard, "ID_INPUT_KEYBOARD"), (.switch, "ID_INPUT_SWITCH"),
    ]

    /// The udev property names of the tags, each set to `1`.
    public var udevPropertyNames: [String] {
        Self.names.filter { contains($0.tag) }.map(\.property)
    }

    /// The tags a udev property list sets (`ID_INPUT_TOUCHSCREEN` → `1`, …); empty when
    /// it has none, e.g. a description without udev properties.
    public init(udevProperties: [String: String]) {
        self = []
        for (tag, property) in Self.names where udevProperties[property] == "1" {
            insert(tag)
        }
    }
}

extension EvdevDevice {
    /// What `input_id` tags the device with, from its capabilities.
    public var inputIDTags: InputIDTags { InputIDRules(self).tags }

    /// The tags udev gave the device when the description carries udev properties (a
    /// `libinput record` file), otherwise those `input_id` computes from its capabilities.
    public var effectiveInputIDTags: InputIDTags {
        let recorded = InputIDTags(udevProperties: udev)
        return recorded.isEmpty ? inputIDTags : recorded
    }

    /// The device's class (docs/devices.md): what kind of device it is for ClearTouch.
    public var deviceClass: InputDeviceClass { InputDeviceClass(self) }
}

/// `input_id`'s tests on one device's capability bits.
struct InputIDRules {
    private let device: EvdevDevice

    init(_ device: EvdevDevice) { self.device = device }

    private func key(_ code: Int32) -> Bool {
        device.codes[.key]?.contains(EventCode(rawValue: UInt16(code))) ?? false
    }
    private func abs(_ code: Int32) -> Bool {
        let code = EventCode(rawValue: UInt16(code))
        return device.codes[.abs]?.contains(code) ?? false || device.absinfo[code] != nil
    }
    private func rel(_ code: Int32) -> Bool {
        device.codes[.rel]?.contains(EventCode(rawValue: UInt16(code))) ?? false
    }
    private func property(_ number: Int32) -> Bool { device.properties.contains(Int(number)) }
    private func type(_ type: EventType) -> Bool {
        device.eventTypes.contains(type) || !(device.codes[type]?.isEmpty ?? true)
    }
    private func anyKey(_ range: ClosedRange<Int32>) -> Bool { range.contains { key($0) } }

    /// `test_pointers` + `test_key` + the scroll-wheel and switch rules of the builtin.
    var tags: InputIDTags {
        var tags: InputIDTags = [.input]
        let pointer = pointerTags
        tags.formUnion(pointer)
        let keyTags = self.keyTags
        tags.formUnion(keyTags)
        // Some evdev nodes have only a scroll wheel.
        if pointer.isEmpty && keyTags.isEmpty && type(.rel)
            && (rel(REL_WHEEL) || rel(REL_HWHEEL))
        {
            tags.insert(.key)
        }
        if type(.sw) { tags.insert(.switch) }
        return tags
    }

    private var pointerTags: InputIDTags {
        let hasKeys = type(.key)
        let absoluteXY = abs(ABS_X) && abs(ABS_Y)
        if property(INPUT_PROP_ACCELEROMETER) || (!hasKeys && absoluteXY && abs(ABS_Z)) {
            return [.accelerometer]
        }
        let hasStylus = key(BTN_STYLUS)
        let hasPen = key(BTN_TOOL_PEN)
        let fingerButNoPen = key(BTN_TOOL_FINGER) && !hasPen
        let mouseButton = anyKey(BTN_MOUSE...(BTN_JOYSTICK - 1))
        let relativeXY = type(.rel) && rel(REL_X) && rel(REL_Y)
        // A device claiming every absolute axis has ABS_MT_SLOT - 1 too: not multi-touch.
        let multiTouchXY =
            abs(ABS_MT_POSITION_X) && abs(ABS_MT_POSITION_Y)
            && !(abs(ABS_MT_SLOT) && abs(ABS_MT_SLOT - 1))
        let direct = property(INPUT_PROP_DIRECT)
        let touch = key(BTN_TOUCH)
        let padButtons = key(BTN_0) && hasStylus && !hasPen
        var joystick = false
        // A mouse with more than 16 buttons runs into the joystick range: skip those.
        if !key(BTN_JOYSTICK - 1) {
            joystick =
                anyKey(BTN_JOYSTICK...(BTN_DIGI - 1))
                || anyKey(BTN_TRIGGER_HAPPY1...BTN_TRIGGER_HAPPY40)
                || anyKey(BTN_DPAD_UP...BTN_DPAD_RIGHT)
        }
        joystick = joystick || (ABS_RX...(ABS_PRESSURE - 1)).contains { abs($0) }

        var tags: InputIDTags = []
        var isJoystick = false
        if absoluteXY {
            if hasStylus || hasPen {
                tags.insert(.tablet)
            } else if fingerButNoPen && !direct {
                tags.insert(.touchpad)
            } else if mouseButton {
                // VMware's USB mouse: absolute axes, no touch or pressure button.
                tags.insert(.mouse)
            } else if touch || direct {
                tags.insert(.touchscreen)
            } else if joystick {
                isJoystick = true
            }
        } else if joystick {
            isJoystick = true
        }
        if multiTouchXY {
            if hasStylus || hasPen {
                tags.insert(.tablet)
            } else if fingerButNoPen && !direct {
                tags.insert(.touchpad)
            } else if touch || direct {
                tags.insert(.touchscreen)
            }
        }
        if tags.contains(.tablet) && padButtons { tags.insert(.tabletPad) }
        if !tags.contains(.tablet) && !tags.contains(.touchpad) && !isJoystick && mouseButton
            && (relativeXY || !absoluteXY)
        {
            tags.insert(.mouse)
            // There is no such thing as an I2C mouse.
            if device.bustype == Int(BUS_I2C) { tags.insert(.pointingStick) }
        }
        if property(INPUT_PROP_POINTING_STICK) { tags.insert(.pointingStick) }
        if isJoystick { tags.insert(.joystick) }
        return tags
    }

    private var keyTags: InputIDTags {
        guard type(.key) else { return [] }
        var tags: InputIDTags = []
        // KEY_* only, not BTN_*: the codes below BTN_MISC, else the high key blocks.
        let found =
            (0..<BTN_MISC).contains { key($0) } || anyKey(KEY_OK...(BTN_DPAD_UP - 1))
            || anyKey(KEY_ALS_TOGGLE...(BTN_TRIGGER_HAPPY - 1))
        if found { tags.insert(.key) }
        // ESC, the digits, and Q to D: a full keyboard.
        if (1...31).allSatisfy({ key($0) }) { tags.insert(.keyboard) }
        return tags
    }
}

/// What a device is to ClearTouch (docs/devices.md), decided from its `input_id` tags
/// and, for tablets, the pen rule.
public enum InputDeviceClass: String, Hashable, Sendable, CaseIterable {
    /// `ID_INPUT_TOUCHSCREEN` with multi-touch axes.
    case multiTouchscreen = "multi-touch touchscreen"
    /// `ID_INPUT_TOUCHSCREEN` without multi-touch axes: one finger.
    case singleTouchscreen = "single-touch touchscreen"
    /// `ID_INPUT_MOUSE` from absolute axes with mouse buttons (resistive panels such as
    /// PenMount): one finger while the left button is down.
    case absolutePointer = "absolute pointer"
    /// `ID_INPUT_TABLET` that is not a pen tablet (eGalax-style panels reporting
    /// `BTN_TOOL_PEN`): one finger while `BTN_TOUCH` is down.
    case tabletTouchPanel = "tablet-class touch panel"
    /// `ID_INPUT_TABLET` with stylus buttons, pressure and a resolution: a pen, not a finger.
    case penTablet = "pen tablet"
    /// `ID_INPUT_TOUCHPAD`.
    case touchpad
    /// `ID_INPUT_MOUSE` with relative motion.
    case mouse
    /// `ID_INPUT_KEY` or `ID_INPUT_KEYBOARD`.
    case keyboard
    /// Anything else (joysticks, accelerometers, switches, tablet pads alone).
    case other

    /// True for the classes that act as one finger on the screen.
    public var isOneFinger: Bool {
        self == .singleTouchscreen || self == .absolutePointer || self == .tabletTouchPanel
    }

    /// True for the classes whose contacts are touches on the screen.
    public var touchesTheScreen: Bool { self == .multiTouchscreen || isOneFinger }

    /// The class of `device`, from its effective tags (docs/devices.md).
    public init(_ device: EvdevDevice) {
        let tags = device.effectiveInputIDTags
        let absoluteXY = device.has(.abs, .absX) || device.absinfo[.absX] != nil
        let relativeXY = device.has(.rel, .relX) && device.has(.rel, .relY)
        // INPUT_PROP_DIRECT beats a recorded touchpad tag: positions are on the screen.
        let directTouchpad =
            tags.contains(.touchpad) && device.properties.contains(InputProperty.direct)
        if tags.contains(.touchscreen) || directTouchpad {
            self = device.hasMultiTouchPosition ? .multiTouchscreen : .singleTouchscreen
        } else if tags.contains(.tablet) {
            self = Self.isPenTablet(device) ? .penTablet : .tabletTouchPanel
        } else if tags.contains(.touchpad) {
            self = .touchpad
        } else if tags.contains(.mouse) {
            self = absoluteXY && !relativeXY ? .absolutePointer : .mouse
        } else if tags.contains(.key) || tags.contains(.keyboard) {
            self = .keyboard
        } else {
            self = .other
        }
    }

    /// The pen rule: a tablet-class device is a pen tablet when it has stylus buttons
    /// (`BTN_STYLUS`), a pressure axis (`ABS_PRESSURE`) and a resolution on both position
    /// axes; lacking any of them, it is a touch panel that reports its finger as a pen.
    public static func isPenTablet(_ device: EvdevDevice) -> Bool {
        let codes = device.positionAxisCodes
        let resolved =
            (device.absinfo[codes.x]?.resolution ?? 0) > 0
            && (device.absinfo[codes.y]?.resolution ?? 0) > 0
        return device.has(.key, .btnStylus)
            && (device.has(.abs, .absPressure) || device.absinfo[.absPressure] != nil) && resolved
    }
}
