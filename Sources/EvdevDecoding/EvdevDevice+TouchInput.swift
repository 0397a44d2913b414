import Evdev
import TouchInput

extension EvdevDevice {
    /// Kind as the touch model sees the device's class (docs/devices.md): every class that
    /// touches the screen is a touchscreen, a pen tablet is `other` (its pen is no finger).
    package var kind: DeviceKind { deviceClass.kind }

    /// The kind the readers gave before device classes (kept to compare, in tests).
    var legacyKind: DeviceKind {
        if udev["ID_INPUT_TOUCHSCREEN"] == "1" || properties.contains(InputProperty.direct) {
            return .touchscreen
        }
        if udev["ID_INPUT_TOUCHPAD"] == "1" || properties.contains(InputProperty.pointer) {
            return .touchpad
        }
        let hasPosition = has(.abs, .absX) || has(.abs, .absMTPositionX)
        if hasPosition && has(.key, .btnToolFinger) { return .touchpad }
        if hasPosition && (has(.key, .btnTouch) || has(.abs, .absMTPositionX)) {
            return .touchscreen
        }
        if has(.rel, .relX) { return .pointer }
        if udev["ID_INPUT_KEYBOARD"] == "1" || has(.key, .keyA) { return .keyboard }
        return .other
    }

    /// The device as the touch model describes it.
    package func description(id: DeviceID, screen: ScreenSize) -> DeviceDescription {
        let codes = positionAxisCodes
        func range(_ code: EventCode) -> AxisRange? {
            absinfo[code].map {
                AxisRange(
                    minimum: $0.minimum, maximum: $0.maximum,
                    resolutionUnitsPerMillimetre: $0.resolution)
            }
        }
        let axisX = range(codes.x)
        let axisY = range(codes.y)
        var size: SizeMillimetres? = nil
        if let width = axisX?.lengthMillimetres, let height = axisY?.lengthMillimetres {
            size = SizeMillimetres(width: width, height: height)
        }
        return DeviceDescription(
            id: id, name: name, kind: kind, sizeMillimetres: size, screen: screen, axisX: axisX,
            axisY: axisY, slotCount: slotCount ?? (hasMultiTouchPosition ? nil : 1))
    }
}

extension EvdevDevice {
    /// The device's `LIBINPUT_CALIBRATION_MATRIX` udev property (a `libinput record`
    /// file's udev properties), when present and valid; libinput ignores an invalid one too.
    public var udevCalibration: CalibrationMatrix? {
        guard let text = udev[CalibrationMatrix.udevProperty] else { return nil }
        return try? CalibrationMatrix.parse(text).get()
    }
}

extension InputDeviceClass {
    /// The touch model's kind for the class: the classes that touch the screen are
    /// touchscreens (one finger or many), a pen tablet is `other`.
    public var kind: DeviceKind {
        switch self {
        case .multiTouchscreen, .singleTouchscreen, .absolutePointer, .tabletTouchPanel:
            .touchscreen
        case .touchpad: .touchpad
        case .mouse: .pointer
        case .keyboard: .keyboard
        case .penTablet, .other: .other
        }
    }
}

/// Seat-wide touch slots, shared by every device of a reader: the lowest free one is
/// taken, as libinput does.
///
/// Used by one thread at a time: in release builds its state, `used`, skips the run-time
/// exclusivity check (`@exclusivity(unchecked)`).
public final class SeatSlots {
    /// Whether each slot from `firstSlot` up is taken: the class's one mutable value.
    // Unchecked in release builds: the decoder reads it on every frame with a contact; with
    // the check, the evemu reader of `cleartouch-bench recordings` ran 1.1 % more
    // instructions (199.2 M against 197.0 M on 2 MB files, callgrind).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var used: [Bool] = []
    /// The first seat slot handed out (devices read beside libinput start high, so that
    /// their seat slots never meet libinput's).
    public let firstSlot: Int

    /// Slots from `firstSlot` up.
    public init(firstSlot: Int = 0) { self.firstSlot = firstSlot }

    func take() -> Int {
        if let free = used.firstIndex(of: false) {
            used[free] = true
            return firstSlot + free
        }
        used.append(true)
        return firstSlot + used.count - 1
    }

    func release(_ slot: Int) {
        let index = slot - firstSlot
        if index >= 0 && index < used.count { used[index] = false }
    }
}
