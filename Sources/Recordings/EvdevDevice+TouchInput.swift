import Evdev
import TouchInput

extension EvdevDevice {
    /// Kind as libinput and udev's input_id would classify the device.
    var kind: DeviceKind {
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
    func description(id: DeviceID, screen: ScreenSize) -> DeviceDescription {
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

/// Seat-wide touch slots, shared by every device of a reader: the lowest free one is
/// taken, as libinput does.
///
/// Used by one thread at a time: the stored properties skip the run-time exclusivity
/// check (`@exclusivity(unchecked)`), a large share of the replay path's time.
final class SeatSlots {
    @exclusivity(unchecked) private var used: [Bool] = []

    func take() -> Int {
        if let free = used.firstIndex(of: false) {
            used[free] = true
            return free
        }
        used.append(true)
        return used.count - 1
    }

    func release(_ slot: Int) {
        if slot >= 0 && slot < used.count { used[slot] = false }
    }
}
