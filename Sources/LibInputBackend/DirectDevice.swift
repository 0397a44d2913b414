import CLibEvdev
import Evdev
import EvdevDecoding
import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// One evdev node read directly with libevdev and decoded with the recordings' decoder
/// (docs/devices.md): a touch panel libinput ignores or refuses.
///
/// libevdev keeps the device's state, so after `SYN_DROPPED` (the kernel's buffer
/// overflowed) it hands over the events that bring the state up to date; the decoder
/// sees those, never the gap.
final class DirectDevice {
    /// The node (`/dev/input/event5`).
    let node: String
    /// The device as the kernel describes it.
    let evdev: EvdevDevice
    /// The file descriptor to poll.
    let fileDescriptor: Int32
    private let handle: OpaquePointer
    /// Set once the device has an id (`attach`).
    private(set) var decoder: EvdevStreamDecoder?
    private var buffer = input_event()

    /// Opens `node` read-only and non-blocking; `errno`'s reason when it cannot be
    /// opened, or is not an evdev device.
    init(node: String) throws(DirectDeviceError) {
        let fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw DirectDeviceError(node: node, errorNumber: errno) }
        var device: OpaquePointer?
        let status = libevdev_new_from_fd(fd, &device)
        guard status == 0, let device else {
            close(fd)
            throw DirectDeviceError(node: node, errorNumber: -status)
        }
        // The clock libinput and ClearTouch use; a device that refuses keeps its own.
        _ = libevdev_set_clock_id(device, CLOCK_MONOTONIC)
        self.node = node
        self.fileDescriptor = fd
        self.handle = device
        self.evdev = Self.describe(device)
    }

    deinit {
        libevdev_free(handle)
        close(fileDescriptor)
    }

    /// The node's name (`event5`).
    var sysname: String { String(node.split(separator: "/").last ?? Substring(node)) }

    /// Gives the device its id; from now on its events are decoded, their positions
    /// through `calibration` and `rotation` (as a recording of the device would be).
    func attach(
        id: DeviceID, screen: ScreenSize, seat: SeatSlots,
        calibration: CalibrationMatrix = .identity, rotation: Rotation = .none
    ) -> DeviceDescription {
        let decoder = EvdevStreamDecoder(
            id: id, device: evdev, screen: screen, seat: seat, calibration: calibration,
            rotation: rotation)
        self.decoder = decoder
        return decoder.description
    }

    /// Reads every event queued (resynchronising after `SYN_DROPPED`) and decodes it.
    /// Returns false when the device is gone (unplugged, or an error other than "nothing
    /// to read").
    func read(into output: inout [InputEvent]) -> Bool {
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        while true {
            let status = libevdev_next_event(handle, flags, &buffer)
            if status == LIBEVDEV_READ_STATUS_SYNC.rawValue {
                if flags == LIBEVDEV_READ_FLAG_NORMAL.rawValue {
                    // The SYN_DROPPED itself: read the resynchronising events next.
                    flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
                } else {
                    decode(into: &output)
                }
            } else if status == LIBEVDEV_READ_STATUS_SUCCESS.rawValue {
                decode(into: &output)
            } else if status == -EAGAIN {
                if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
                    flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
                } else {
                    return true
                }
            } else {
                return false
            }
        }
    }

    /// Cancels what is still down (the device is going away).
    func finish(timeMicroseconds: Int64, into output: inout [InputEvent]) {
        decoder?.finish(timeMicroseconds: timeMicroseconds, into: &output)
    }

    private func decode(into output: inout [InputEvent]) {
        let event = EvdevEvent(
            timeMicroseconds: Int64(buffer.time.tv_sec) * 1_000_000 + Int64(buffer.time.tv_usec),
            type: EventType(rawValue: buffer.type), code: EventCode(rawValue: buffer.code),
            value: buffer.value)
        decoder?.handle(event, into: &output)
    }

    /// The device as libevdev read it: name, ids, properties, codes, axis ranges.
    private static func describe(_ device: OpaquePointer) -> EvdevDevice {
        var evdev = EvdevDevice()
        evdev.name = libevdev_get_name(device).map { String(cString: $0) } ?? ""
        evdev.bustype = Int(libevdev_get_id_bustype(device))
        evdev.vendor = Int(libevdev_get_id_vendor(device))
        evdev.product = Int(libevdev_get_id_product(device))
        evdev.version = Int(libevdev_get_id_version(device))
        for property in 0..<UInt32(INPUT_PROP_CNT)
        where libevdev_has_property(device, property) != 0 {
            evdev.properties.insert(Int(property))
        }
        for type in 0..<UInt32(EV_CNT) where libevdev_has_event_type(device, type) != 0 {
            let eventType = EventType(rawValue: UInt16(type))
            evdev.eventTypes.insert(eventType)
            let highest = libevdev_event_type_get_max(type)
            guard highest >= 0 else { continue }
            var codes: Set<EventCode> = []
            for code in 0...UInt32(highest) where libevdev_has_event_code(device, type, code) != 0 {
                codes.insert(EventCode(rawValue: UInt16(code)))
                if type == UInt32(EV_ABS), let info = libevdev_get_abs_info(device, code) {
                    evdev.absinfo[EventCode(rawValue: UInt16(code))] = AbsoluteAxisInfo(
                        minimum: info.pointee.minimum, maximum: info.pointee.maximum,
                        fuzz: info.pointee.fuzz, flat: info.pointee.flat,
                        resolution: info.pointee.resolution)
                }
            }
            evdev.codes[eventType] = codes
        }
        if evdev.absinfo[.absMTSlot] != nil {
            evdev.initialSlot = libevdev_get_current_slot(device)
        }
        return evdev
    }
}

/// A node that cannot be read directly.
struct DirectDeviceError: Error, CustomStringConvertible {
    /// The node.
    var node: String
    /// The `errno` value.
    var errorNumber: Int32

    var description: String { "\(node): \(String(cString: strerror(errorNumber)))" }
}
