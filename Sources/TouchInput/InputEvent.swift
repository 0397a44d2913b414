/// A touchpad gesture as libinput decides it (`LIBINPUT_EVENT_GESTURE_*`).
public struct TouchpadGesture: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case swipe, pinch, hold
    }

    public enum Stage: String, Hashable, Sendable, CaseIterable {
        case begin, update, end
    }

    public var device: DeviceID
    public var timeMicroseconds: Int64
    public var kind: Kind
    public var stage: Stage
    public var fingerCount: Int
    /// Motion of the gesture's centre since the last event, in libinput's
    /// normalised (accelerated) units, which are about 1 mm.
    public var deltaX: Double
    public var deltaY: Double
    /// Pinch only: absolute scale since the begin (1.0 at begin).
    public var scale: Double
    /// Pinch only: rotation since the last event, in degrees.
    public var angleDeltaDegrees: Double
    /// End only: libinput cancelled the gesture.
    public var cancelled: Bool

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
    public var device: DeviceID
    public var timeMicroseconds: Int64
    public var deltaX: Double
    public var deltaY: Double

    public init(device: DeviceID, timeMicroseconds: Int64, deltaX: Double, deltaY: Double) {
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.deltaX = deltaX
        self.deltaY = deltaY
    }
}

/// A pointer button press or release. `button` is the evdev code (`BTN_LEFT` = 272).
public struct PointerButton: Hashable, Sendable {
    public var device: DeviceID
    public var timeMicroseconds: Int64
    public var button: Int
    public var pressed: Bool

    public init(device: DeviceID, timeMicroseconds: Int64, button: Int, pressed: Bool) {
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.button = button
        self.pressed = pressed
    }
}

/// Scrolling, with the source that produced it.
public struct PointerScroll: Hashable, Sendable {
    public enum Source: String, Hashable, Sendable, CaseIterable {
        /// A mouse wheel (discrete clicks).
        case wheel
        /// Fingers on a touchpad; a (0, 0) event ends the scroll sequence.
        case finger
        /// A continuous device such as a trackball button scroll.
        case continuous
    }

    public var device: DeviceID
    public var timeMicroseconds: Int64
    public var source: Source
    /// Scroll distance in libinput's scroll units (about 1 mm for fingers).
    public var horizontal: Double
    public var vertical: Double

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
    public var device: DeviceID
    public var timeMicroseconds: Int64
    public var code: Int
    public var pressed: Bool
    public var obfuscated: Bool

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
    public static let returnCode = 28  // KEY_ENTER
    public static let escapeCode = 1  // KEY_ESC
    public static let backspaceCode = 14  // KEY_BACKSPACE
}

/// Text typed into the item being edited (already composed: UTF-8, no key codes).
public struct TextInput: Hashable, Sendable {
    public var timeMicroseconds: Int64
    public var text: String

    public init(timeMicroseconds: Int64, text: String) {
        self.timeMicroseconds = timeMicroseconds
        self.text = text
    }
}

/// One event of an input session, from any source: live libinput, a ClearTouch
/// trace, an evemu or `libinput record` file.
public enum InputEvent: Hashable, Sendable {
    case deviceAdded(DeviceDescription, timeMicroseconds: Int64)
    case deviceRemoved(DeviceID, timeMicroseconds: Int64)
    case touchFrame(TouchFrame)
    case touchpadGesture(TouchpadGesture)
    case pointerMotion(PointerMotion)
    case pointerButton(PointerButton)
    case pointerScroll(PointerScroll)
    case key(KeyboardKey)
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
