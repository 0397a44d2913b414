/// A touchpad gesture as libinput decides it (`LIBINPUT_EVENT_GESTURE_*`).
public struct TouchpadGesture: Hashable, Sendable {
    /// libinput's gesture types.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Three or more fingers moving together.
        case swipe
        /// Two or more fingers moving apart or together.
        case pinch
        /// Fingers resting on the touchpad.
        case hold
    }

    /// Where the gesture is: libinput's `*_BEGIN`, `*_UPDATE` and `*_END` events.
    public enum Stage: String, Hashable, Sendable, CaseIterable {
        /// The gesture was recognized.
        case begin
        /// The fingers moved.
        case update
        /// The fingers lifted, or libinput cancelled the gesture (`cancelled`).
        case end
    }

    /// The touchpad.
    public var device: DeviceID
    /// Event time in microseconds.
    public var timeMicroseconds: Int64
    /// Swipe, pinch or hold.
    public var kind: Kind
    /// Begin, update or end.
    public var stage: Stage
    /// The number of fingers in the gesture.
    public var fingerCount: Int
    /// Horizontal motion of the gesture's centre since the last event, in libinput's
    /// normalised (accelerated) units, which are about 1 mm.
    public var deltaX: Double
    /// Vertical motion of the gesture's centre since the last event, in the same units.
    public var deltaY: Double
    /// Pinch only: absolute scale since the begin (1.0 at begin).
    public var scale: Double
    /// Pinch only: rotation since the last event, in degrees.
    public var angleDeltaDegrees: Double
    /// End only: libinput cancelled the gesture.
    public var cancelled: Bool

    /// A gesture event; deltas, scale, angle and cancellation default to nothing happening.
    public init(
        device: DeviceID, timeMicroseconds: Int64, kind: Kind, stage: Stage, fingerCount: Int,
        deltaX: Double = 0, deltaY: Double = 0, scale: Double = 1, angleDeltaDegrees: Double = 0,
        cancelled: Bool = false
    ) {
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.kind = kind
        self.stage = stage
        self.fingerCount = fingerCount
        self.deltaX = deltaX
        self.deltaY = deltaY
        self.scale = scale
        self.angleDeltaDegrees = angleDeltaDegrees
        self.cancelled = cancelled
    }
}

/// Relative pointer motion (touchpad or mouse).
public struct PointerMotion: Hashable, Sendable {
    /// The device that moved the pointer.
    public var device: DeviceID
    /// Event time in microseconds.
    public var timeMicroseconds: Int64
    /// Horizontal motion in libinput's normalised (accelerated) units.
    public var deltaX: Double
    /// Vertical motion in the same units, growing downwards.
    public var deltaY: Double

    /// A motion of (`deltaX`, `deltaY`).
    public init(device: DeviceID, timeMicroseconds: Int64, deltaX: Double, deltaY: Double) {
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.deltaX = deltaX
        self.deltaY = deltaY
    }
}

/// A pointer button press or release. `button` is the evdev code (`BTN_LEFT` = 272).
public struct PointerButton: Hashable, Sendable {
    /// The device with the button.
    public var device: DeviceID
    /// Event time in microseconds.
    public var timeMicroseconds: Int64
    /// The evdev button code.
    public var button: Int
    /// True for a press, false for a release.
    public var pressed: Bool

    /// A press (`pressed`) or release of `button`.
    public init(device: DeviceID, timeMicroseconds: Int64, button: Int, pressed: Bool) {
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.button = button
        self.pressed = pressed
    }
}

/// Scrolling, with the source that produced it.
public struct PointerScroll: Hashable, Sendable {
    /// What produced the scrolling (libinput's axis source).
    public enum Source: String, Hashable, Sendable, CaseIterable {
        /// A mouse wheel (discrete clicks).
        case wheel
        /// Fingers on a touchpad; a (0, 0) event ends the scroll sequence.
        case finger
        /// A continuous device such as a trackball button scroll.
        case continuous
    }

    /// The device that scrolled.
    public var device: DeviceID
    /// Event time in microseconds.
    public var timeMicroseconds: Int64
    /// Wheel, fingers or continuous.
    public var source: Source
    /// Horizontal scroll distance in libinput's scroll units (about 1 mm for fingers).
    public var horizontal: Double
    /// Vertical scroll distance in the same units, growing downwards.
    public var vertical: Double

    /// A scroll of (`horizontal`, `vertical`) from `source`.
    public init(
        device: DeviceID, timeMicroseconds: Int64, source: Source, horizontal: Double,
        vertical: Double
    ) {
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.source = source
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

/// A keyboard key. `code` is the evdev key code; recordings obfuscate it unless
/// key codes were explicitly recorded (then `obfuscated` is false).
public struct KeyboardKey: Hashable, Sendable {
    /// The keyboard.
    public var device: DeviceID
    /// Event time in microseconds.
    public var timeMicroseconds: Int64
    /// The evdev key code (meaningless when `obfuscated`).
    public var code: Int
    /// True for a press, false for a release.
    public var pressed: Bool
    /// True when the recording hid the real key code.
    public var obfuscated: Bool

    /// A press (`pressed`) or release of the key `code`.
    public init(
        device: DeviceID, timeMicroseconds: Int64, code: Int, pressed: Bool,
        obfuscated: Bool = false
    ) {
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.code = code
        self.pressed = pressed
        self.obfuscated = obfuscated
    }

    /// evdev codes the app understands.
    /// `KEY_ENTER`.
    public static let returnCode = 28
    /// `KEY_ESC`.
    public static let escapeCode = 1
    /// `KEY_BACKSPACE`.
    public static let backspaceCode = 14
}

/// Text typed into the item being edited (already composed: UTF-8, no key codes).
public struct TextInput: Hashable, Sendable {
    /// Event time in microseconds.
    public var timeMicroseconds: Int64
    /// The composed text.
    public var text: String

    /// `text` typed at `timeMicroseconds`.
    public init(timeMicroseconds: Int64, text: String) {
        self.timeMicroseconds = timeMicroseconds
        self.text = text
    }
}

/// One event of an input session, from any source: live libinput, a ClearTouch
/// trace, an evemu or `libinput record` file.
public enum InputEvent: Hashable, Sendable {
    /// A device appeared (or was present when the session started).
    case deviceAdded(DeviceDescription, timeMicroseconds: Int64)
    /// A device went away; its contacts are gone.
    case deviceRemoved(DeviceID, timeMicroseconds: Int64)
    /// A touchscreen or touchpad sample.
    case touchFrame(TouchFrame)
    /// A touchpad gesture as libinput decided it.
    case touchpadGesture(TouchpadGesture)
    /// The pointer moved.
    case pointerMotion(PointerMotion)
    /// A pointer button was pressed or released.
    case pointerButton(PointerButton)
    /// Scrolling, by wheel or fingers.
    case pointerScroll(PointerScroll)
    /// A key was pressed or released.
    case key(KeyboardKey)
    /// Text was typed.
    case text(TextInput)

    /// The event's time in microseconds.
    public var timeMicroseconds: Int64 {
        switch self {
        case .deviceAdded(_, let time), .deviceRemoved(_, let time): time
        case .touchFrame(let frame): frame.timeMicroseconds
        case .touchpadGesture(let gesture): gesture.timeMicroseconds
        case .pointerMotion(let motion): motion.timeMicroseconds
        case .pointerButton(let button): button.timeMicroseconds
        case .pointerScroll(let scroll): scroll.timeMicroseconds
        case .key(let key): key.timeMicroseconds
        case .text(let text): text.timeMicroseconds
        }
    }
}
