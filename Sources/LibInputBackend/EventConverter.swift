import CLibInput
import ToolSupport
import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// Turns libinput events into ClearTouch `InputEvent`s.
///
/// Device ids are assigned in order of appearance. Touches are collected per device
/// until libinput's TOUCH_FRAME and reported as one `TouchFrame`. When a device goes
/// away, its touches still down are cancelled in one last frame before `deviceRemoved`.
public final class LibInputEventConverter {
    /// The screen that touchscreen positions are mapped onto (upright, `rotation`).
    public let screen: ScreenSize
    /// How the panel is mounted: touches are mapped onto its native size and turned
    /// upright onto `screen`.
    public var rotation: Rotation = .none
    /// The calibration to set on a device when it is added (by its name), through
    /// `libinput_device_config_calibration_set_matrix`; nil keeps libinput's default
    /// (its `LIBINPUT_CALIBRATION_MATRIX` udev property, else the identity).
    public var calibrationForDevice: (_ name: String) -> CalibrationMatrix? = { _ in nil }
    /// The calibration each device's positions go through, when not the identity (set
    /// here, or libinput's default from the device's udev property).
    public private(set) var appliedCalibrations: [DeviceID: CalibrationMatrix] = [:]
    /// Said once per device whose calibration was set or could not be set.
    public var onCalibration:
        (_ name: String, _ matrix: CalibrationMatrix, _ applied: Bool) -> Void =
            { _, _, _ in }

    private struct DeviceState {
        var description: DeviceDescription
        var pendingContacts: [TouchContact] = []
        /// Contacts down on this device, by seat slot, with their last position.
        var activeContacts: [Int: TouchContact] = [:]
    }

    private var devices: [OpaquePointer: DeviceState] = [:]
    private var nextDeviceID = 0
    private var lastEventTimeMicroseconds: Int64 = 0

    public init(screen: ScreenSize) {
        self.screen = screen
    }

    /// The descriptions of the devices present now, in order of appearance.
    public var currentDevices: [DeviceDescription] {
        devices.values.map(\.description).sorted { $0.id < $1.id }
    }

    /// The device id given to a libinput device, if it has been added.
    public func deviceID(of device: OpaquePointer) -> DeviceID? {
        devices[device]?.description.id
    }

    /// Converts one event, appending what it produces (possibly nothing) to `output`.
    public func convert(_ event: borrowing LibInputEvent, into output: inout [InputEvent]) {
        guard let device = event.device else { return }
        let pointer = event.pointer
        switch event.type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            deviceAdded(device, into: &output)
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            deviceRemoved(device, into: &output)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
            LIBINPUT_EVENT_TOUCH_CANCEL:
            touchChanged(device, libinput_event_get_touch_event(pointer), type: event.type)
        case LIBINPUT_EVENT_TOUCH_FRAME:
            let time = Int64(
                libinput_event_touch_get_time_usec(libinput_event_get_touch_event(pointer)))
            flushFrame(device, timeMicroseconds: time, into: &output)
        case LIBINPUT_EVENT_POINTER_MOTION:
            guard let id = deviceID(of: device),
                let motion = libinput_event_get_pointer_event(pointer)
            else { return }
            let time = stamp(libinput_event_pointer_get_time_usec(motion))
            output.append(
                .pointerMotion(
                    PointerMotion(
                        device: id, timeMicroseconds: time,
                        deltaX: libinput_event_pointer_get_dx(motion),
                        deltaY: libinput_event_pointer_get_dy(motion))))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            guard let id = deviceID(of: device),
                let button = libinput_event_get_pointer_event(pointer)
            else { return }
            output.append(
                .pointerButton(
                    PointerButton(
                        device: id,
                        timeMicroseconds: stamp(libinput_event_pointer_get_time_usec(button)),
                        button: Int(libinput_event_pointer_get_button(button)),
                        pressed: libinput_event_pointer_get_button_state(button)
                            == LIBINPUT_BUTTON_STATE_PRESSED)))
        case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL, LIBINPUT_EVENT_POINTER_SCROLL_FINGER,
            LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            guard let id = deviceID(of: device),
                let scroll = libinput_event_get_pointer_event(pointer)
            else { return }
            let source: PointerScroll.Source =
                switch event.type {
                case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL: .wheel
                case LIBINPUT_EVENT_POINTER_SCROLL_FINGER: .finger
                default: .continuous
                }
            let converted = PointerScroll(
                device: id, timeMicroseconds: stamp(libinput_event_pointer_get_time_usec(scroll)),
                source: source,
                horizontal: Self.scrollValue(scroll, LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL),
                vertical: Self.scrollValue(scroll, LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL))
            // A finger scroll's stop (0, 0) ends a stroke: held like a gesture end.
            if source == .finger && converted.horizontal == 0 && converted.vertical == 0 {
                heldEnds.append(.pointerScroll(converted))
            } else {
                output.append(.pointerScroll(converted))
            }
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let id = deviceID(of: device),
                let key = libinput_event_get_keyboard_event(pointer)
            else { return }
            output.append(
                .key(
                    KeyboardKey(
                        device: id,
                        timeMicroseconds: stamp(libinput_event_keyboard_get_time_usec(key)),
                        code: Int(libinput_event_keyboard_get_key(key)),
                        pressed: libinput_event_keyboard_get_key_state(key)
                            == LIBINPUT_KEY_STATE_PRESSED)))
        default:
            if let gesture = touchpadGesture(event, device: device) {
                if gesture.stage == .end {
                    heldEnds.append(.touchpadGesture(gesture))
                } else {
                    output.append(.touchpadGesture(gesture))
                }
            }
        }
    }

    /// Hands over the touchpad gesture ends held back from the events just converted.
    /// Call it once libinput's queue is empty (after each drain).
    ///
    /// They are held because libinput ends a touchpad's gestures normally when the device
    /// goes away, in the same batch as DEVICE_REMOVED, so a pinch would commit. A removal
    /// in the batch turns its device's gesture ends into cancellations, and drops its
    /// finger-scroll stops (libinput's ordinary scroll stop would end the stroke normally;
    /// without it, the `deviceRemoved` that follows cancels the stroke).
    public func finishBatch(into output: inout [InputEvent]) {
        output.append(contentsOf: heldEnds)
        heldEnds.removeAll(keepingCapacity: true)
    }

    private var heldEnds: [InputEvent] = []

    private func releaseHeldEnds(removing device: DeviceID, into output: inout [InputEvent]) {
        for event in heldEnds {
            switch event {
            case .touchpadGesture(var gesture) where gesture.device == device:
                gesture.cancelled = true
                output.append(.touchpadGesture(gesture))
            case .pointerScroll(let scroll) where scroll.device == device:
                continue
            default:
                output.append(event)
            }
        }
        heldEnds.removeAll(keepingCapacity: true)
    }

    /// Cancels the touches of every device still present (used when input stops
    /// mid-gesture, so that nothing half-done is committed).
    public func cancelAllTouches(into output: inout [InputEvent]) {
        for device in devices.keys.sorted(by: {
            devices[$0]!.description.id < devices[$1]!.description.id
        }) {
            cancelTouches(of: device, timeMicroseconds: lastEventTimeMicroseconds, into: &output)
        }
    }

    // MARK: devices

    private func deviceAdded(_ device: OpaquePointer, into output: inout [InputEvent]) {
        guard devices[device] == nil else { return }
        let id = DeviceID(nextDeviceID)
        nextDeviceID += 1
        var width = 0.0
        var height = 0.0
        let size: SizeMillimetres? =
            libinput_device_get_size(device, &width, &height) == 0
            ? SizeMillimetres(width: width, height: height) : nil
        let touchCount = libinput_device_touch_get_touch_count(device)
        let description = DeviceDescription(
            id: id, name: String(cString: libinput_device_get_name(device)),
            kind: Self.kind(of: device),
            sizeMillimetres: size, screen: screen, slotCount: touchCount > 0 ? Int(touchCount) : nil
        )
        devices[device] = DeviceState(description: description)
        if let matrix = calibrationForDevice(description.name) {
            onCalibration(description.name, matrix, Self.setCalibration(matrix, on: device))
        }
        if let current = Self.calibration(of: device), !current.isIdentity {
            appliedCalibrations[id] = current
        }
        output.append(.deviceAdded(description, timeMicroseconds: nowMicroseconds()))
    }

    private func deviceRemoved(_ device: OpaquePointer, into output: inout [InputEvent]) {
        guard let state = devices[device] else { return }
        let time = nowMicroseconds()
        releaseHeldEnds(removing: state.description.id, into: &output)
        cancelTouches(of: device, timeMicroseconds: time, into: &output)
        devices[device] = nil
        output.append(.deviceRemoved(state.description.id, timeMicroseconds: time))
    }

    private func cancelTouches(
        of device: OpaquePointer, timeMicroseconds: Int64, into output: inout [InputEvent]
    ) {
        guard var state = devices[device] else { return }
        var cancelled: [Int: TouchContact] = [:]
        for contact in state.pendingContacts where contact.phase == .down || contact.phase == .move
        {
            cancelled[contact.seatSlot] = contact
        }
        for (slot, contact) in state.activeContacts { cancelled[slot] = contact }
        state.pendingContacts = []
        state.activeContacts = [:]
        devices[device] = state
        guard !cancelled.isEmpty else { return }
        let contacts = cancelled.keys.sorted().map { slot in
            var contact = cancelled[slot]!
            contact.phase = .cancel
            return contact
        }
        output.append(
            .touchFrame(
                TouchFrame(
                    device: state.description.id, timeMicroseconds: timeMicroseconds,
                    contacts: contacts)))
    }

    /// The line a tool shows when a device's calibration was set (or could not be).
    public static func calibrationMessage(
        device name: String, matrix: CalibrationMatrix, applied: Bool
    ) -> String {
        applied
            ? "\(name): calibration \(matrix)"
            : "\(name): libinput cannot calibrate this device; calibration \(matrix) not applied"
    }

    /// Sets `matrix` as the device's calibration; false when libinput cannot calibrate it.
    static func setCalibration(_ matrix: CalibrationMatrix, on device: OpaquePointer) -> Bool {
        guard libinput_device_config_calibration_has_matrix(device) != 0 else { return false }
        let values = matrix.values.map { Float($0) }
        return values.withUnsafeBufferPointer { buffer in
            libinput_device_config_calibration_set_matrix(device, buffer.baseAddress)
                == LIBINPUT_CONFIG_STATUS_SUCCESS
        }
    }

    /// The device's current calibration; nil when libinput cannot calibrate it.
    static func calibration(of device: OpaquePointer) -> CalibrationMatrix? {
        guard libinput_device_config_calibration_has_matrix(device) != 0 else { return nil }
        var values = [Float](repeating: 0, count: 6)
        _ = values.withUnsafeMutableBufferPointer {
            libinput_device_config_calibration_get_matrix(device, $0.baseAddress)
        }
        return CalibrationMatrix(values.map { Double($0) })
    }

    static func kind(of device: OpaquePointer) -> DeviceKind {
        func has(_ capability: libinput_device_capability) -> Bool {
            libinput_device_has_capability(device, capability) != 0
        }
        if has(LIBINPUT_DEVICE_CAP_TOUCH) { return .touchscreen }
        if has(LIBINPUT_DEVICE_CAP_GESTURE) { return .touchpad }
        if has(LIBINPUT_DEVICE_CAP_POINTER) { return .pointer }
        if has(LIBINPUT_DEVICE_CAP_KEYBOARD) { return .keyboard }
        return .other
    }

    // MARK: touches

    private func touchChanged(
        _ device: OpaquePointer, _ touch: OpaquePointer?, type: libinput_event_type
    ) {
        guard let touch, var state = devices[device] else { return }
        let seatSlot = Int(libinput_event_touch_get_seat_slot(touch))
        let deviceSlot = Int(libinput_event_touch_get_slot(touch))
        _ = stamp(libinput_event_touch_get_time_usec(touch))
        var contact: TouchContact
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            // libinput reports touchscreen positions in mm from the top-left corner.
            let millimetres = Point(
                x: libinput_event_touch_get_x(touch), y: libinput_event_touch_get_y(touch))
            let native = rotation.nativeSize(ofUpright: screen)
            var pixels = Point(
                x: libinput_event_touch_get_x_transformed(touch, UInt32(native.widthPixels)),
                y: libinput_event_touch_get_y_transformed(touch, UInt32(native.heightPixels)))
            if rotation != .none { pixels = rotation.upright(fromNative: pixels, upright: screen) }
            contact = TouchContact(
                seatSlot: seatSlot, deviceSlot: deviceSlot,
                phase: type == LIBINPUT_EVENT_TOUCH_DOWN ? .down : .move,
                positionMillimetres: state.description.sizeMillimetres == nil ? nil : millimetres,
                positionPixels: pixels)
            state.activeContacts[seatSlot] = contact
        default:
            // Up and cancel carry no position: report the last one.
            let last = state.activeContacts.removeValue(forKey: seatSlot)
            contact = TouchContact(
                seatSlot: seatSlot, deviceSlot: deviceSlot,
                phase: type == LIBINPUT_EVENT_TOUCH_UP ? .up : .cancel,
                positionMillimetres: last?.positionMillimetres,
                positionPixels: last?.positionPixels ?? .zero)
        }
        state.pendingContacts.append(contact)
        devices[device] = state
    }

    private func flushFrame(
        _ device: OpaquePointer, timeMicroseconds: Int64, into output: inout [InputEvent]
    ) {
        guard var state = devices[device] else { return }
        lastEventTimeMicroseconds = timeMicroseconds
        guard !state.pendingContacts.isEmpty else { return }
        output.append(
            .touchFrame(
                TouchFrame(
                    device: state.description.id, timeMicroseconds: timeMicroseconds,
                    contacts: state.pendingContacts)))
        state.pendingContacts.removeAll(keepingCapacity: true)
        devices[device] = state
    }

    // MARK: touchpads

    private func touchpadGesture(_ event: borrowing LibInputEvent, device: OpaquePointer)
        -> TouchpadGesture?
    {
        let kind: TouchpadGesture.Kind
        let stage: TouchpadGesture.Stage
        switch event.type {
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: (kind, stage) = (.swipe, .begin)
        case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: (kind, stage) = (.swipe, .update)
        case LIBINPUT_EVENT_GESTURE_SWIPE_END: (kind, stage) = (.swipe, .end)
        case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: (kind, stage) = (.pinch, .begin)
        case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE: (kind, stage) = (.pinch, .update)
        case LIBINPUT_EVENT_GESTURE_PINCH_END: (kind, stage) = (.pinch, .end)
        case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: (kind, stage) = (.hold, .begin)
        case LIBINPUT_EVENT_GESTURE_HOLD_END: (kind, stage) = (.hold, .end)
        default: return nil
        }
        guard let id = deviceID(of: device),
            let gesture = libinput_event_get_gesture_event(event.pointer)
        else { return nil }
        let hasMotion = stage == .update
        return TouchpadGesture(
            device: id, timeMicroseconds: stamp(libinput_event_gesture_get_time_usec(gesture)),
            kind: kind,
            stage: stage, fingerCount: Int(libinput_event_gesture_get_finger_count(gesture)),
            deltaX: hasMotion ? libinput_event_gesture_get_dx(gesture) : 0,
            deltaY: hasMotion ? libinput_event_gesture_get_dy(gesture) : 0,
            scale: kind == .pinch ? libinput_event_gesture_get_scale(gesture) : 1,
            angleDeltaDegrees: kind == .pinch && hasMotion
                ? libinput_event_gesture_get_angle_delta(gesture) : 0,
            cancelled: stage == .end && libinput_event_gesture_get_cancelled(gesture) != 0)
    }

    private static func scrollValue(_ scroll: OpaquePointer, _ axis: libinput_pointer_axis)
        -> Double
    {
        libinput_event_pointer_has_axis(scroll, axis) != 0
            ? libinput_event_pointer_get_scroll_value(scroll, axis) : 0
    }

    // MARK: time

    private func stamp(_ microseconds: UInt64) -> Int64 {
        lastEventTimeMicroseconds = Int64(microseconds)
        return lastEventTimeMicroseconds
    }

    /// Device events carry no time: libinput's clock (CLOCK_MONOTONIC) now, never
    /// earlier than the last event seen.
    private func nowMicroseconds() -> Int64 {
        let time = MonotonicClock.nowMicroseconds()
        lastEventTimeMicroseconds = max(lastEventTimeMicroseconds, time)
        return lastEventTimeMicroseconds
    }
}
