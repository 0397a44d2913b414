import CLibInput
import Evdev
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
///
/// Used by one thread at a time: in release builds its `State` skips the run-time
/// exclusivity check (`@exclusivity(unchecked)`).
public final class LibInputEventConverter {
    /// The screen that touchscreen positions are mapped onto (upright, `rotation`).
    public let screen: ScreenSize
    /// How the panel is mounted: touches are mapped onto its native size and turned
    /// upright onto `screen`.
    public var rotation: Rotation {
        get { state.rotation }
        set { state.rotation = newValue }
    }
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
        /// The device's class (docs/devices.md), from its udev properties and capabilities.
        var deviceClass: InputDeviceClass?
        /// The kernel node's name (`event5`).
        var sysname: String
        var pendingContacts: [TouchContact] = []
        /// Contacts down on this device, by seat slot, with their last position.
        var activeContacts: [Int: TouchContact] = [:]
        /// One-finger panels: the last position, and the seat slot of the finger down.
        var oneFingerPosition: Point?
        var oneFingerSlot: Int?
    }

    /// What changes on every event.
    private struct State {
        var rotation: Rotation = .none
        var devices: [OpaquePointer: DeviceState] = [:]
        var lastEventTimeMicroseconds: Int64 = 0
        /// Touchpad gesture ends held until the batch is over (`finishBatch`).
        var heldEnds: [InputEvent] = []
    }

    // Unchecked in release builds: checked, the converter's stored properties cost
    // 1,100,000 instructions of the 61 M of `cleartouch-bench lisgd`'s service (one check
    // per touch event for the devices, the time and the rotation each).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    private var devices: [OpaquePointer: DeviceState] {
        _read { yield state.devices }
        _modify { yield &state.devices }
    }
    private var lastEventTimeMicroseconds: Int64 {
        get { state.lastEventTimeMicroseconds }
        set { state.lastEventTimeMicroseconds = newValue }
    }
    private var nextDeviceID = 0
    /// Seat slots of one-finger panels' contacts (absolute pointers, tablet-class touch
    /// panels): above libinput's, which count from 0 for touch devices only.
    private var oneFingerSlotsInUse: Set<Int> = []
    static let firstOneFingerSeatSlot = 256

    public init(screen: ScreenSize) {
        self.screen = screen
    }

    /// The descriptions of the devices present now, in order of appearance.
    public var currentDevices: [DeviceDescription] {
        devices.values.map(\.description).sorted { $0.id < $1.id }
    }

    /// Records that a device read beside libinput (`DirectInput`) has its positions
    /// calibrated by `matrix`, so `appliedCalibrations` covers every path.
    func noteCalibration(_ matrix: CalibrationMatrix, of id: DeviceID) {
        appliedCalibrations[id] = matrix
    }

    /// The node names (`event5`) of the devices libinput has taken.
    public var libinputSysnames: Set<String> { Set(devices.values.map(\.sysname)) }

    /// The class of each device libinput has taken, by device id.
    public var deviceClasses: [DeviceID: InputDeviceClass] {
        var classes: [DeviceID: InputDeviceClass] = [:]
        for state in devices.values { classes[state.description.id] = state.deviceClass }
        return classes
    }

    /// The routes of the devices libinput has taken, in order of appearance.
    public var libinputRoutes: [DeviceRoute] {
        devices.values.sorted { $0.description.id < $1.description.id }.map {
            DeviceRoute(
                id: $0.description.id, node: $0.sysname, name: $0.description.name,
                deviceClass: $0.deviceClass,
                path: .libinput)
        }
    }

    /// A device id no device of this converter has: for devices read beside libinput.
    public func allocateDeviceID() -> DeviceID {
        defer { nextDeviceID += 1 }
        return DeviceID(nextDeviceID)
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
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            absolutePointerMotion(device, libinput_event_get_pointer_event(pointer), into: &output)
        case LIBINPUT_EVENT_TABLET_TOOL_AXIS, LIBINPUT_EVENT_TABLET_TOOL_TIP,
            LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY:
            tabletTool(
                device, libinput_event_get_tablet_tool_event(pointer), type: event.type,
                into: &output)
        case LIBINPUT_EVENT_POINTER_BUTTON:
            guard let id = deviceID(of: device),
                let button = libinput_event_get_pointer_event(pointer)
            else { return }
            if devices[device]?.deviceClass == .absolutePointer,
                libinput_event_pointer_get_button(button) == UInt32(EventCode.btnLeft.rawValue)
            {
                let pressed =
                    libinput_event_pointer_get_button_state(button) == LIBINPUT_BUTTON_STATE_PRESSED
                oneFinger(
                    device, pressed: pressed,
                    timeMicroseconds: stamp(libinput_event_pointer_get_time_usec(button)),
                    into: &output)
                return
            }
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
        guard !state.heldEnds.isEmpty else { return }
        output.append(contentsOf: state.heldEnds)
        state.heldEnds.removeAll(keepingCapacity: true)
    }

    private var heldEnds: [InputEvent] {
        _read { yield state.heldEnds }
        _modify { yield &state.heldEnds }
    }

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
        let deviceClass = Self.deviceClass(of: device)
        let oneFinger = deviceClass?.isOneFinger ?? false
        let description = DeviceDescription(
            id: id, name: String(cString: libinput_device_get_name(device)),
            kind: deviceClass.map { Self.kind(of: device, class: $0) } ?? Self.kind(of: device),
            sizeMillimetres: size, screen: screen,
            slotCount: touchCount > 0 ? Int(touchCount) : (oneFinger ? 1 : nil)
        )
        devices[device] = DeviceState(
            description: description, deviceClass: deviceClass,
            sysname: String(cString: libinput_device_get_sysname(device)))
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
        if let slot = state.oneFingerSlot {
            oneFingerSlotsInUse.remove(slot)
            state.oneFingerSlot = nil
        }
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
        let name = TerminalText.escaped(name)
        return applied
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

    /// The kind for a device of a known class: the classes that touch the screen are
    /// touchscreens, a pen tablet is `other` (its pen is no finger); the rest as libinput's
    /// capabilities say.
    static func kind(of device: OpaquePointer, class deviceClass: InputDeviceClass) -> DeviceKind {
        if deviceClass.touchesTheScreen { return .touchscreen }
        if deviceClass == .penTablet { return .other }
        return kind(of: device)
    }

    /// The class of a libinput device (docs/devices.md), from its udev properties and its
    /// kernel capabilities as udev lists them; nil without a udev device.
    static func deviceClass(of device: OpaquePointer) -> InputDeviceClass? {
        guard let udevDevice = libinput_device_get_udev_device(device) else { return nil }
        defer { udev_device_unref(udevDevice) }
        var evdev = UdevDeviceInfo.evdevDevice(udevDevice)
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TABLET_TOOL) != 0 {
            // libinput takes a tablet only with a resolution on X and Y, which udev does not
            // list: mark them resolved so the pen rule sees what libinput saw.
            for axis in [EventCode.absX, .absY] {
                evdev.absinfo[axis] = AbsoluteAxisInfo(minimum: 0, maximum: 1, resolution: 1)
            }
        }
        return InputDeviceClass(evdev)
    }

    static func kind(of device: OpaquePointer) -> DeviceKind {
        func has(_ capability: libinput_device_capability) -> Bool {
            libinput_device_has_capability(device, capability) != 0
        }
        if has(LIBINPUT_DEVICE_CAP_TOUCH) { return .touchscreen }
        if has(LIBINPUT_DEVICE_CAP_GESTURE) { return .touchpad }
        if has(LIBINPUT_DEVICE_CAP_POINTER) { return .pointer }
        // A keyboard types letters (as udev's ID_INPUT_KEYBOARD): a power button or a
        // lid switch has libinput's keyboard capability but is `other`.
        if has(LIBINPUT_DEVICE_CAP_KEYBOARD) {
            return libinput_device_keyboard_has_key(device, UInt32(EventCode.keyA.rawValue)) == 1
                ? .keyboard : .other
        }
        return .other
    }

    // MARK: touches

    private func touchChanged(
        _ device: OpaquePointer, _ touch: OpaquePointer?, type: libinput_event_type
    ) {
        guard let touch, let index = devices.index(forKey: device) else { return }
        let seatSlot = Int(libinput_event_touch_get_seat_slot(touch))
        let deviceSlot = Int(libinput_event_touch_get_slot(touch))
        _ = stamp(libinput_event_touch_get_time_usec(touch))
        var pixels: Point?
        if type == LIBINPUT_EVENT_TOUCH_DOWN || type == LIBINPUT_EVENT_TOUCH_MOTION {
            let native = nativeScreen
            pixels = screenPoint(
                x: libinput_event_touch_get_x_transformed(touch, UInt32(native.widthPixels)),
                y: libinput_event_touch_get_y_transformed(touch, UInt32(native.heightPixels)))
        }
        // The device's state changed where it is: a copy out of the dictionary and back
        // copied its contacts on every touch event.
        Self.addContact(
            to: &state.devices.values[index], touch: touch, type: type, seatSlot: seatSlot,
            deviceSlot: deviceSlot, pixels: pixels)
    }

    private static func addContact(
        to device: inout DeviceState, touch: OpaquePointer, type: libinput_event_type,
        seatSlot: Int, deviceSlot: Int, pixels: Point?
    ) {
        let contact: TouchContact
        if let pixels {
            // libinput reports touchscreen positions in mm from the top-left corner.
            let millimetres = Point(
                x: libinput_event_touch_get_x(touch), y: libinput_event_touch_get_y(touch))
            contact = TouchContact(
                seatSlot: seatSlot, deviceSlot: deviceSlot,
                phase: type == LIBINPUT_EVENT_TOUCH_DOWN ? .down : .move,
                positionMillimetres: device.description.sizeMillimetres == nil ? nil : millimetres,
                positionPixels: pixels)
            device.activeContacts[seatSlot] = contact
        } else {
            // Up and cancel carry no position: report the last one.
            let last = device.activeContacts.removeValue(forKey: seatSlot)
            contact = TouchContact(
                seatSlot: seatSlot, deviceSlot: deviceSlot,
                phase: type == LIBINPUT_EVENT_TOUCH_UP ? .up : .cancel,
                positionMillimetres: last?.positionMillimetres,
                positionPixels: last?.positionPixels ?? .zero)
        }
        device.pendingContacts.append(contact)
    }

    private func flushFrame(
        _ device: OpaquePointer, timeMicroseconds: Int64, into output: inout [InputEvent]
    ) {
        lastEventTimeMicroseconds = timeMicroseconds
        guard let index = devices.index(forKey: device),
            !state.devices.values[index].pendingContacts.isEmpty
        else { return }
        output.append(
            .touchFrame(
                TouchFrame(
                    device: state.devices.values[index].description.id,
                    timeMicroseconds: timeMicroseconds,
                    contacts: state.devices.values[index].pendingContacts)))
        state.devices.values[index].pendingContacts.removeAll(keepingCapacity: true)
    }

    // MARK: one-finger panels

    /// Absolute pointer motion (resistive panels libinput takes as pointers): the finger
    /// moves while the left button is down.
    private func absolutePointerMotion(
        _ device: OpaquePointer, _ motion: OpaquePointer?, into output: inout [InputEvent]
    ) {
        guard let motion, devices[device]?.deviceClass == .absolutePointer else { return }
        let native = nativeScreen
        let position = screenPoint(
            x: libinput_event_pointer_get_absolute_x_transformed(
                motion, UInt32(native.widthPixels)),
            y: libinput_event_pointer_get_absolute_y_transformed(
                motion, UInt32(native.heightPixels)))
        moveOneFinger(
            device, to: position,
            timeMicroseconds: stamp(libinput_event_pointer_get_time_usec(motion)), into: &output)
    }

    /// Tablet-tool events of a tablet-class touch panel libinput takes: the tip is the
    /// finger. A pen tablet's tool is no finger (the pen rule): nothing comes of it.
    private func tabletTool(
        _ device: OpaquePointer, _ tool: OpaquePointer?, type: libinput_event_type,
        into output: inout [InputEvent]
    ) {
        guard let tool, devices[device]?.deviceClass == .tabletTouchPanel else { return }
        let time = stamp(libinput_event_tablet_tool_get_time_usec(tool))
        let native = nativeScreen
        let position = screenPoint(
            x: libinput_event_tablet_tool_get_x_transformed(tool, UInt32(native.widthPixels)),
            y: libinput_event_tablet_tool_get_y_transformed(tool, UInt32(native.heightPixels)))
        switch type {
        case LIBINPUT_EVENT_TABLET_TOOL_TIP:
            let down =
                libinput_event_tablet_tool_get_tip_state(tool) == LIBINPUT_TABLET_TOOL_TIP_DOWN
            devices[device]?.oneFingerPosition = position
            oneFinger(device, pressed: down, timeMicroseconds: time, into: &output)
        case LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY:
            // Out of proximity with the tip still down (libinput lifts it first, normally).
            if libinput_event_tablet_tool_get_proximity_state(tool)
                == LIBINPUT_TABLET_TOOL_PROXIMITY_STATE_OUT
            {
                oneFinger(device, pressed: false, timeMicroseconds: time, into: &output)
            } else {
                devices[device]?.oneFingerPosition = position
            }
        default:
            moveOneFinger(device, to: position, timeMicroseconds: time, into: &output)
        }
    }

    /// The panel's native size: libinput maps every absolute position (touch, absolute
    /// pointer, tablet tool) onto it before `screenPoint` turns it upright.
    private var nativeScreen: ScreenSize { rotation.nativeSize(ofUpright: screen) }

    /// The one transform every position libinput reports goes through (touches and
    /// one-finger panels alike): libinput has already applied the device's calibration
    /// matrix, so only the rotation is left (`TouchTransform` with the identity matrix).
    private func screenPoint(x: Double, y: Double) -> Point {
        guard rotation != .none else { return Point(x: x, y: y) }
        return TouchTransform(rotation: rotation, uprightScreen: screen).uprightPixels(
            Point(x: x, y: y), deviceScreen: nativeScreen)
    }

    private func moveOneFinger(
        _ device: OpaquePointer, to position: Point, timeMicroseconds: Int64,
        into output: inout [InputEvent]
    ) {
        guard var state = devices[device] else { return }
        state.oneFingerPosition = position
        devices[device] = state
        guard let slot = state.oneFingerSlot, state.oneFingerPosition != nil,
            state.activeContacts[slot]?.positionPixels != position
        else { return }
        emitOneFinger(device, phase: .move, slot: slot, time: timeMicroseconds, into: &output)
    }

    /// The finger goes down (`pressed`) or up at its last position.
    private func oneFinger(
        _ device: OpaquePointer, pressed: Bool, timeMicroseconds: Int64,
        into output: inout [InputEvent]
    ) {
        guard var state = devices[device] else { return }
        if pressed, state.oneFingerSlot == nil {
            var slot = Self.firstOneFingerSeatSlot
            while oneFingerSlotsInUse.contains(slot) { slot += 1 }
            oneFingerSlotsInUse.insert(slot)
            state.oneFingerSlot = slot
            devices[device] = state
            emitOneFinger(device, phase: .down, slot: slot, time: timeMicroseconds, into: &output)
        } else if !pressed, let slot = state.oneFingerSlot {
            emitOneFinger(device, phase: .up, slot: slot, time: timeMicroseconds, into: &output)
        }
    }

    private func emitOneFinger(
        _ device: OpaquePointer, phase: TouchPhase, slot: Int, time: Int64,
        into output: inout [InputEvent]
    ) {
        guard var state = devices[device] else { return }
        let contact = TouchContact(
            seatSlot: slot, deviceSlot: 0, phase: phase,
            positionPixels: state.oneFingerPosition ?? .zero)
        if phase == .up {
            state.activeContacts[slot] = nil
            state.oneFingerSlot = nil
            oneFingerSlotsInUse.remove(slot)
        } else {
            state.activeContacts[slot] = contact
        }
        devices[device] = state
        output.append(
            .touchFrame(
                TouchFrame(
                    device: state.description.id, timeMicroseconds: time, contacts: [contact])))
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
