/// A touchpad gesture as libinput decides it (`LIBINPUT_EVENT_GESTURE_*`).
public struct TouchpadGesture: Hashable, Sendable {
    /// What libinput recognized.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Three or more fingers moving together.
        case swipe
        /// Two or more fingers spreading, closing or rotating.
        case pinch
        /// Fingers resting on the touchpad without moving.
        case hold
    }

    /// Where in its life the gesture is.
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
    /// The event time, in microseconds.
    public var timeMicroseconds: Int64
    /// Swipe, pinch or hold.
    public var kind: Kind
    /// Begin, update or end.
    public var stage: Stage
    /// The number of fingers in the gesture.
    public var fingerCount: Int
    /// Motion of the gesture's centre since the last event, in libinput's
    /// normalised (accelerated) units, which are about 1 mm.
    public var deltaX: Double
    /// See `deltaX`.
    public var deltaY: Double
    /// Pinch only: absolute scale since the begin (1.0 at begin).
    public var scale: Double
    /// Pinch only: rotation since the last event, in degrees.
    public var angleDeltaDegrees: Double
    /// End only: libinput cancelled the gesture.
    public var cancelled: Bool

    /// A value with every property given (omitted ones take the defaults shown).
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
    /// The pointing device.
    public var device: DeviceID
    /// The event time, in microseconds.
    public var timeMicroseconds: Int64
    /// Horizontal motion since the last event, in libinput's accelerated units.
    public var deltaX: Double
    /// Vertical motion since the last event, in the same units (y down).
    public var deltaY: Double

    /// A value with every property given.
    public init(device: DeviceID, timeMicroseconds: Int64, deltaX: Double, deltaY: Double) {
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.deltaX = deltaX
        self.deltaY = deltaY
    }
}

/// A pointer button press or release. `button` is the evdev code (`BTN_LEFT` = 272).
public struct PointerButton: Hashable, Sendable {
    /// The pointing device.
    public var device: DeviceID
    /// The event time, in microseconds.
    public var timeMicroseconds: Int64
    /// The evdev button code (`BTN_LEFT` = 272).
    public var button: Int
    /// True for a press, false for a release.
    public var pressed: Bool

    /// A value with every property given.
    public init(device: DeviceID, timeMicroseconds: Int64, button: Int, pressed: Bool) {
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.button = button
        self.pressed = pressed
    }
}

/// Scrolling, with the source that produced it.
public struct PointerScroll: Hashable, Sendable {
    /// The kind of device motion that produced a scroll.
    public enum Source: String, Hashable, Sendable, CaseIterable {
        /// A mouse wheel (discrete clicks).
        case wheel
        /// Fingers on a touchpad; a (0, 0) event ends the scroll sequence.
        case finger
        /// A continuous device such as a trackball button scroll.
        case continuous
    }

    /// The scrolling device.
    public var device: DeviceID
    /// The event time, in microseconds.
    public var timeMicroseconds: Int64
    /// What produced the scroll.
    public var source: Source
    /// Scroll distance in libinput's scroll units (about 1 mm for fingers).
    public var horizontal: Double
    /// Vertical scroll distance, in the same units (positive scrolls down).
    public var vertical: Double

    /// A value with every property given.
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
    /// The event time, in microseconds.
    public var timeMicroseconds: Int64
    /// The evdev key code (possibly obfuscated, see `obfuscated`).
    public var code: Int
    /// True for a press, false for a release.
    public var pressed: Bool
    /// True when a recording replaced the real key code.
    public var obfuscated: Bool

    /// A value with every property given (omitted ones take the defaults shown).
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

    /// `KEY_ENTER`: ends editing and keeps the text. These are the evdev codes the app
    /// understands.
    public static let returnCode = 28  // KEY_ENTER
    /// `KEY_ESC`: ends editing and restores the old text.
    public static let escapeCode = 1  // KEY_ESC
    /// `KEY_BACKSPACE`: deletes the last character of the edited text.
    public static let backspaceCode = 14  // KEY_BACKSPACE
}

/// Text typed into the item being edited (already composed: UTF-8, no key codes).
public struct TextInput: Hashable, Sendable {
    /// The event time, in microseconds.
    public var timeMicroseconds: Int64
    /// The composed text.
    public var text: String

    /// A value with every property given.
    public init(timeMicroseconds: Int64, text: String) {
        self.timeMicroseconds = timeMicroseconds
        self.text = text
    }
}

/// One event of an input session, from any source: live libinput, a ClearTouch
/// trace, an evemu or `libinput record` file.
public enum InputEvent: Hashable, Sendable {
    /// A device appeared (at the start of a session, or hot-plugged). Boxed: a description
    /// is 113 bytes, and held inline it made every event 128 bytes, moved several times on
    /// its way from a reader to the session (rare events, so the box costs nothing).
    indirect case deviceAdded(DeviceDescription, timeMicroseconds: Int64)
    /// A device went away; its touches are cancelled.
    case deviceRemoved(DeviceID, timeMicroseconds: Int64)
    /// A touchscreen sample.
    case touchFrame(TouchFrame)
    /// A touchpad gesture as libinput recognized it.
    case touchpadGesture(TouchpadGesture)
    /// Relative pointer motion.
    case pointerMotion(PointerMotion)
    /// A pointer button press or release.
    case pointerButton(PointerButton)
    /// Scrolling.
    case pointerScroll(PointerScroll)
    /// A keyboard key press or release.
    case key(KeyboardKey)
    /// Composed text typed into the edited item.
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

    /// The device the event comes from; nil for typed text, which names none.
    public var sourceDevice: DeviceID? {
        switch self {
        case .touchFrame(let frame): frame.device
        case .touchpadGesture(let gesture): gesture.device
        case .pointerMotion(let motion): motion.device
        case .pointerButton(let button): button.device
        case .pointerScroll(let scroll): scroll.device
        case .key(let key): key.device
        case .deviceAdded(let device, _): device.id
        case .deviceRemoved(let id, _): id
        case .text: nil
        }
    }
}
