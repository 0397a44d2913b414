import CSDL2
import TouchInput

/// Turns the window's own SDL events into `InputEvent`s: the fallback input when libinput
/// cannot open the devices, and the keyboard and composed text in every mode.
///
/// - A mouse drag with the left button acts as one finger of a synthetic touchscreen.
/// - SDL touch events (a touchscreen the window system delivers) become touch frames of
///   one synthetic touchscreen per SDL touch device.
/// - Return, Escape and Backspace become evdev key codes; text input becomes `TextInput`.
public struct WindowInputTranslator {
    /// The synthetic touchscreen driven by the mouse.
    public static let mouseFingerDeviceID = DeviceID(rawValue: 9000)
    /// The keyboard as the window sees it.
    public static let keyboardDeviceID = DeviceID(rawValue: 9001)
    /// SDL touch devices get ids from here up, in the order they are first seen.
    public static let firstWindowTouchDeviceID = 9002

    /// The layout's screen: every position is mapped onto it from window coordinates.
    public let screen: ScreenSize
    /// Whether touches (mouse and SDL touch) are translated; false while libinput delivers them.
    public let translatesTouches: Bool
    /// How the panel is mounted: the window shows the upright `screen` turned this way, so
    /// window positions are native panel positions, turned upright.
    public var rotation: Rotation = .none

    private var windowSize: (width: Int, height: Int)
    private var announcedMouseFinger = false
    private var announcedKeyboard = false
    private var mouseSeatSlot: Int?
    private var fingerSeatSlots: [SDL_FingerID: Int] = [:]
    private var touchDevices: [SDL_TouchID: DeviceID] = [:]
    private var usedSeatSlots = Set<Int>()

    public init(screen: ScreenSize, windowSize: (width: Int, height: Int), translatesTouches: Bool)
    {
        self.screen = screen
        self.windowSize = windowSize
        self.translatesTouches = translatesTouches
    }

    /// True while a mouse button or an SDL finger is down.
    public var hasContactsDown: Bool { !usedSeatSlots.isEmpty }

    /// Appends the input events `event` stands for, at `timeMicroseconds`, to `output`.
    public mutating func translate(
        _ event: SDL_Event, timeMicroseconds: Int64, into output: inout [InputEvent]
    ) {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_WINDOWEVENT
        where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            windowSize = (Int(event.window.data1), Int(event.window.data2))
        case SDL_MOUSEBUTTONDOWN where translatesTouches && isRealMouse(event.button.which):
            guard event.button.button == UInt8(SDL_BUTTON_LEFT), mouseSeatSlot == nil else {
                return
            }
            announceMouseFinger(timeMicroseconds, into: &output)
            let slot = takeSeatSlot()
            mouseSeatSlot = slot
            output.append(
                mouseFrame(
                    .down, slot: slot, x: event.button.x, y: event.button.y, timeMicroseconds))
        case SDL_MOUSEMOTION where translatesTouches && isRealMouse(event.motion.which):
            guard let slot = mouseSeatSlot else { return }
            output.append(
                mouseFrame(
                    .move, slot: slot, x: event.motion.x, y: event.motion.y, timeMicroseconds))
        case SDL_MOUSEBUTTONUP where translatesTouches && isRealMouse(event.button.which):
            guard event.button.button == UInt8(SDL_BUTTON_LEFT), let slot = mouseSeatSlot else {
                return
            }
            output.append(
                mouseFrame(.up, slot: slot, x: event.button.x, y: event.button.y, timeMicroseconds))
            releaseSeatSlot(slot)
            mouseSeatSlot = nil
        case SDL_FINGERDOWN where translatesTouches:
            let device = touchDevice(event.tfinger.touchId, timeMicroseconds, into: &output)
            guard fingerSeatSlots[event.tfinger.fingerId] == nil else { return }
            let slot = takeSeatSlot()
            fingerSeatSlots[event.tfinger.fingerId] = slot
            output.append(
                fingerFrame(.down, device: device, slot: slot, event.tfinger, timeMicroseconds))
        case SDL_FINGERMOTION where translatesTouches:
            guard let device = touchDevices[event.tfinger.touchId],
                let slot = fingerSeatSlots[event.tfinger.fingerId]
            else { return }
            output.append(
                fingerFrame(.move, device: device, slot: slot, event.tfinger, timeMicroseconds))
        case SDL_FINGERUP where translatesTouches:
            guard let device = touchDevices[event.tfinger.touchId],
                let slot = fingerSeatSlots[event.tfinger.fingerId]
            else { return }
            output.append(
                fingerFrame(.up, device: device, slot: slot, event.tfinger, timeMicroseconds))
            fingerSeatSlots[event.tfinger.fingerId] = nil
            releaseSeatSlot(slot)
        case SDL_KEYDOWN, SDL_KEYUP:
            guard let code = Self.evdevCode(ofKey: event.key.keysym.sym) else { return }
            announceKeyboard(timeMicroseconds, into: &output)
            output.append(
                .key(
                    KeyboardKey(
                        device: Self.keyboardDeviceID, timeMicroseconds: timeMicroseconds,
                        code: code,
                        pressed: event.type == SDL_KEYDOWN.rawValue)))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: event.text.text) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !text.isEmpty else { return }
            output.append(.text(TextInput(timeMicroseconds: timeMicroseconds, text: text)))
        default:
            return
        }
    }

    /// The evdev code of the keys that edit an item; nil for every other key.
    static func evdevCode(ofKey key: SDL_Keycode) -> Int? {
        switch Int(key) {
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): KeyboardKey.returnCode
        case Int(SDLK_ESCAPE.rawValue): KeyboardKey.escapeCode
        case Int(SDLK_BACKSPACE.rawValue): KeyboardKey.backspaceCode
        default: nil
        }
    }

    /// SDL also reports touches as mouse events with `SDL_TOUCH_MOUSEID` (hints turn that off; this makes sure).
    private func isRealMouse(_ which: UInt32) -> Bool { which != UInt32.max }

    private mutating func takeSeatSlot() -> Int {
        var slot = 0
        while usedSeatSlots.contains(slot) { slot += 1 }
        usedSeatSlots.insert(slot)
        return slot
    }

    private mutating func releaseSeatSlot(_ slot: Int) { usedSeatSlots.remove(slot) }

    private func screenPoint(windowX: Double, windowY: Double) -> Point {
        if rotation == .none {
            return Point(
                x: windowX * Double(screen.widthPixels) / Double(max(1, windowSize.width)),
                y: windowY * Double(screen.heightPixels) / Double(max(1, windowSize.height)))
        }
        return upright(
            normalizedX: windowX / Double(max(1, windowSize.width)),
            normalizedY: windowY / Double(max(1, windowSize.height)))
    }

    /// The upright layout point under the window's normalized point (x, y).
    private func upright(normalizedX x: Double, normalizedY y: Double) -> Point {
        guard rotation != .none else {
            return Point(x: x * Double(screen.widthPixels), y: y * Double(screen.heightPixels))
        }
        let native = rotation.nativeSize(ofUpright: screen)
        return rotation.upright(
            fromNative: Point(
                x: x * Double(native.widthPixels), y: y * Double(native.heightPixels)),
            upright: screen)
    }

    private func mouseFrame(_ phase: TouchPhase, slot: Int, x: Int32, y: Int32, _ time: Int64)
        -> InputEvent
    {
        // The pixel's centre, as a touchscreen would report it.
        let position = screenPoint(windowX: Double(x) + 0.5, windowY: Double(y) + 0.5)
        return .touchFrame(
            TouchFrame(
                device: Self.mouseFingerDeviceID, timeMicroseconds: time,
                contacts: [
                    TouchContact(
                        seatSlot: slot, deviceSlot: 0, phase: phase, positionPixels: position)
                ]))
    }

    private func fingerFrame(
        _ phase: TouchPhase, device: DeviceID, slot: Int, _ finger: SDL_TouchFingerEvent,
        _ time: Int64
    ) -> InputEvent {
        let position = upright(normalizedX: Double(finger.x), normalizedY: Double(finger.y))
        return .touchFrame(
            TouchFrame(
                device: device, timeMicroseconds: time,
                contacts: [TouchContact(seatSlot: slot, phase: phase, positionPixels: position)]))
    }

    private mutating func announceMouseFinger(_ time: Int64, into output: inout [InputEvent]) {
        guard !announcedMouseFinger else { return }
        announcedMouseFinger = true
        output.append(
            .deviceAdded(
                DeviceDescription(
                    id: Self.mouseFingerDeviceID, name: "mouse as one finger (window fallback)",
                    kind: .touchscreen,
                    screen: screen, slotCount: 1),
                timeMicroseconds: time))
    }

    private mutating func announceKeyboard(_ time: Int64, into output: inout [InputEvent]) {
        guard !announcedKeyboard else { return }
        announcedKeyboard = true
        output.append(
            .deviceAdded(
                DeviceDescription(
                    id: Self.keyboardDeviceID, name: "window keyboard", kind: .keyboard,
                    screen: screen),
                timeMicroseconds: time))
    }

    private mutating func touchDevice(
        _ touch: SDL_TouchID, _ time: Int64, into output: inout [InputEvent]
    )
        -> DeviceID
    {
        if let known = touchDevices[touch] { return known }
        let id = DeviceID(rawValue: Self.firstWindowTouchDeviceID + touchDevices.count)
        touchDevices[touch] = id
        let name =
            SDL_GetTouchName(Int32(touchDevices.count - 1)).map { String(cString: $0) }
            ?? "window touch"
        output.append(
            .deviceAdded(
                DeviceDescription(id: id, name: name, kind: .touchscreen, screen: screen),
                timeMicroseconds: time))
        return id
    }
}
