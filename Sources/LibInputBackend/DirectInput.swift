import CLibInput
import Evdev
import EvdevDecoding
import ToolSupport
import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// Which way a device's events come in, for the tools to say (docs/devices.md).
public struct DeviceRoute: Hashable, Sendable, CustomStringConvertible {
    /// The two ways in.
    public enum Path: String, Hashable, Sendable {
        /// libinput took the device.
        case libinput
        /// Read with libevdev and decoded by ClearTouch's own evdev decoder.
        case direct
    }

    /// The device's id in the session.
    public var id: DeviceID
    /// The node's name (`event5`).
    public var node: String
    /// The device's name.
    public var name: String
    /// The device's class, when known.
    public var deviceClass: InputDeviceClass?
    /// The way in.
    public var path: Path
    /// Why the device is read directly ("libinput ignores it", "libinput refused it").
    public var reason: String?

    /// A route with every field given.
    public init(
        id: DeviceID, node: String, name: String, deviceClass: InputDeviceClass?, path: Path,
        reason: String? = nil
    ) {
        self.id = id
        self.node = node
        self.name = name
        self.deviceClass = deviceClass
        self.path = path
        self.reason = reason
    }

    /// `event5 eGalax Inc. USB TouchController Touchscreen: direct (libinput ignores it;
    /// tablet-class touch panel)`.
    public var description: String {
        let details = [reason, deviceClass?.rawValue].compactMap { $0 }
        return "\(node) \(name): \(path.rawValue)"
            + (details.isEmpty ? "" : " (\(details.joined(separator: "; ")))")
    }
}

/// The touch panels read beside libinput (docs/devices.md): nodes named on the command
/// line that libinput refused, and, for a seat, its touch-capable devices libinput did
/// not take, found through libudev and followed as they come and go (hot-plug).
public final class DirectInput {
    /// Seat slots of directly read contacts start here, far above libinput's.
    public static let firstSeatSlot = 512
    /// Why a device of the seat is read directly.
    static let ignoredReason = "libinput ignores it"
    /// Why a named node is read directly.
    static let refusedReason = "libinput refused it"

    private let screen: ScreenSize
    private let converter: LibInputEventConverter
    private let seat: String?
    private let seatSlots = SeatSlots(firstSlot: DirectInput.firstSeatSlot)
    private var named: [DirectDevice] = []
    private var devices: [DirectDevice] = []
    private var udev: OpaquePointer?
    private var monitor: OpaquePointer?
    private var started = false
    /// The routes of the devices read directly, in the order they were opened.
    public private(set) var routes: [DeviceRoute] = []

    /// Direct input for `seat` (nil: only named nodes), its devices' ids given out by
    /// `converter` so that they never meet libinput's.
    init(seat: String?, screen: ScreenSize, converter: LibInputEventConverter) {
        self.seat = seat
        self.screen = screen
        self.converter = converter
    }

    deinit {
        if let monitor { udev_monitor_unref(monitor) }
        if let udev { udev_unref(udev) }
    }

    /// A node libinput refused, read directly once `start` runs.
    func addNamed(_ device: DirectDevice) { named.append(device) }

    /// Opens the devices (named ones; for a seat, the touch-capable devices libinput did not
    /// take) and appends their `deviceAdded`. Call once libinput's own devices are known.
    func start(into output: inout [InputEvent]) {
        guard !started else { return }
        started = true
        for device in named { attach(device, reason: Self.refusedReason, into: &output) }
        named = []
        guard let seat, let udev = udev_new() else { return }
        self.udev = udev
        if let monitor = udev_monitor_new_from_netlink(udev, "udev") {
            udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
            if udev_monitor_enable_receiving(monitor) == 0 {
                self.monitor = monitor
            } else {
                udev_monitor_unref(monitor)
            }
        }
        guard let enumerate = udev_enumerate_new(udev) else { return }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_scan_devices(enumerate)
        var entry = udev_enumerate_get_list_entry(enumerate)
        var paths: [String] = []
        while let current = entry {
            if let path = udev_list_entry_get_name(current) { paths.append(String(cString: path)) }
            entry = udev_list_entry_get_next(current)
        }
        for path in paths.sorted() {
            guard let device = udev_device_new_from_syspath(udev, path) else { continue }
            defer { udev_device_unref(device) }
            consider(device, seat: seat, into: &output)
        }
    }

    /// The file descriptors to poll: each device's, and the udev monitor's.
    var fileDescriptors: [Int32] {
        devices.map(\.fileDescriptor) + (monitor.map { [udev_monitor_get_fd($0)] } ?? [])
    }

    /// `fileDescriptors` as `pollfd`s waiting for input, appended to `descriptors`
    /// without an array of their own (a loop that polls on every turn allocates nothing).
    func appendPollDescriptors(to descriptors: inout [pollfd]) {
        for device in devices {
            descriptors.append(pollfd(fd: device.fileDescriptor, events: Int16(POLLIN), revents: 0))
        }
        if let monitor {
            descriptors.append(
                pollfd(fd: udev_monitor_get_fd(monitor), events: Int16(POLLIN), revents: 0))
        }
    }

    /// True when `fd` is the udev monitor's (hot-plug: drain libinput first, then call
    /// `hotplug`, so that a device libinput takes is not opened twice).
    func isMonitor(_ fd: Int32) -> Bool { monitor.map { udev_monitor_get_fd($0) == fd } ?? false }

    /// Reads the device whose descriptor is `fd`; a device that is gone is removed.
    func read(_ fd: Int32, into output: inout [InputEvent]) {
        guard let index = devices.firstIndex(where: { $0.fileDescriptor == fd }) else { return }
        if !devices[index].read(into: &output) { remove(at: index, into: &output) }
    }

    /// Handles the udev monitor's pending events: opens the touch panels that appeared and
    /// libinput did not take, removes those that went.
    func hotplug(into output: inout [InputEvent]) {
        guard let monitor, let seat else { return }
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            let action = udev_device_get_action(device).map { String(cString: $0) } ?? ""
            let node = udev_device_get_devnode(device).map { String(cString: $0) }
            if action == "remove", let node,
                let index = devices.firstIndex(where: { $0.node == node })
            {
                remove(at: index, into: &output)
            } else if action == "add" {
                consider(device, seat: seat, into: &output)
            }
        }
    }

    /// Removes every device, cancelling what is down (the session ends).
    func closeAll(into output: inout [InputEvent]) {
        while !devices.isEmpty { remove(at: devices.count - 1, into: &output) }
    }

    // MARK: devices

    /// Opens a seat device that can touch the screen and that libinput did not take.
    private func consider(_ device: OpaquePointer, seat: String, into output: inout [InputEvent]) {
        guard let sysname = udev_device_get_sysname(device).map({ String(cString: $0) }),
            sysname.hasPrefix("event"),
            let node = udev_device_get_devnode(device).map({ String(cString: $0) }),
            UdevDeviceInfo.seat(device) == seat,
            Self.mayTouchTheScreen(UdevDeviceInfo.evdevDevice(device)),
            !converter.libinputSysnames.contains(sysname),
            !devices.contains(where: { $0.node == node })
        else { return }
        guard let direct = try? DirectDevice(node: node),
            direct.evdev.deviceClass.touchesTheScreen
        else { return }
        attach(direct, reason: Self.ignoredReason, into: &output)
    }

    /// The udev tags of a touch-capable device: touchscreens, tablets, and mice with
    /// absolute axes.
    static func mayTouchTheScreen(_ device: EvdevDevice) -> Bool {
        let tags = device.effectiveInputIDTags
        let absolute = device.has(.abs, .absX) && device.has(.abs, .absY)
        return tags.contains(.touchscreen) || tags.contains(.tablet)
            || (tags.contains(.mouse) && absolute)
    }

    private func attach(_ device: DirectDevice, reason: String, into output: inout [InputEvent]) {
        let id = converter.allocateDeviceID()
        let calibration = calibration(of: device)
        let description = device.attach(
            id: id, screen: screen, seat: seatSlots, calibration: calibration ?? .identity,
            rotation: converter.rotation)
        if let calibration, !calibration.isIdentity {
            converter.noteCalibration(calibration, of: id)
        }
        devices.append(device)
        routes.append(
            DeviceRoute(
                id: description.id, node: device.sysname, name: description.name,
                deviceClass: device.evdev.deviceClass, path: .direct, reason: reason))
        output.append(
            .deviceAdded(description, timeMicroseconds: MonotonicClock.nowMicroseconds()))
        // Events already queued (a finger down before we looked) are read at the first poll.
    }

    /// The calibration the decoder applies, as libinput would for a device it took: the
    /// tool's (`--calibration`, else the device's line in the calibration file), else the
    /// node's `LIBINPUT_CALIBRATION_MATRIX` udev property; nil: none. A tool's matrix is
    /// reported through `converter.onCalibration` (always applied on this path).
    private func calibration(of device: DirectDevice) -> CalibrationMatrix? {
        if let matrix = converter.calibrationForDevice(device.evdev.name) {
            converter.onCalibration(device.evdev.name, matrix, true)
            return matrix
        }
        guard let udev = udev ?? udev_new() else { return nil }
        defer { if self.udev == nil { udev_unref(udev) } }
        guard let node = udev_device_new_from_subsystem_sysname(udev, "input", device.sysname)
        else { return nil }
        defer { udev_device_unref(node) }
        var evdev = device.evdev
        evdev.udev = UdevDeviceInfo.properties(node)
        return evdev.udevCalibration
    }

    private func remove(at index: Int, into output: inout [InputEvent]) {
        let device = devices.remove(at: index)
        let time = MonotonicClock.nowMicroseconds()
        device.finish(timeMicroseconds: time, into: &output)
        if let id = device.decoder?.description.id {
            output.append(.deviceRemoved(id, timeMicroseconds: time))
        }
    }
}
