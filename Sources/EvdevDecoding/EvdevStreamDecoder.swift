import Evdev
import TouchInput

/// Decodes one live evdev device with the decoder recordings use (`EvdevTouchDecoder`,
/// docs/recordings.md), for devices read directly rather than through libinput
/// (docs/devices.md).
public final class EvdevStreamDecoder {
    /// The device as the touch model describes it.
    public let description: DeviceDescription
    /// The device's class.
    public let deviceClass: InputDeviceClass
    private let decoder: EvdevTouchDecoder

    /// A decoder for `device`, its positions mapped onto `screen` (the upright layout)
    /// through `calibration` and `rotation` exactly as a recording of it is
    /// (`EvdevTouchDecoder`, `TouchTransform`), its contacts taking seat slots from `seat`.
    public init(
        id: DeviceID, device: EvdevDevice, screen: ScreenSize, seat: SeatSlots,
        calibration: CalibrationMatrix = .identity, rotation: Rotation = .none
    ) {
        description = device.description(id: id, screen: screen)
        deviceClass = device.deviceClass
        decoder = EvdevTouchDecoder(
            id: id, device: device, screen: screen, seat: seat, calibration: calibration,
            rotation: rotation)
    }

    /// Feeds one kernel event; appends what it completes to `output`.
    public func handle(_ event: EvdevEvent, into output: inout [InputEvent]) {
        decoder.handle(event, into: &output)
    }

    /// Cancels whatever is still down (the device went away); appends that frame.
    public func finish(timeMicroseconds: Int64, into output: inout [InputEvent]) {
        decoder.finish(time: timeMicroseconds, into: &output)
    }
}
