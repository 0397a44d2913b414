import CLibInput
import Evdev

/// What udev knows about an evdev node: its properties and its input parent's capability
/// bitmaps (thin reads over libudev; the pointer is borrowed, not kept).
enum UdevDeviceInfo {
    /// Every udev property of `device`.
    static func properties(_ device: OpaquePointer) -> [String: String] {
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = udev_list_entry_get_name(current) {
                let value = udev_list_entry_get_value(current).map { String(cString: $0) } ?? ""
                properties[String(cString: name)] = value
            }
            entry = udev_list_entry_get_next(current)
        }
        return properties
    }

    /// The evdev device as udev describes it (capabilities and `ID_INPUT_*` tags, no axis
    /// ranges): the input parent's `EV`, `KEY`, `ABS`, … properties.
    static func evdevDevice(_ device: OpaquePointer) -> EvdevDevice {
        let parent = udev_device_get_parent_with_subsystem_devtype(device, "input", nil)
        let capabilities = parent.map(properties) ?? [:]
        var name = capabilities["NAME"] ?? ""
        if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 {
            name = String(name.dropFirst().dropLast())
        }
        return EvdevDevice(
            name: name, udevCapabilities: capabilities, udevProperties: properties(device))
    }

    /// The device's seat (`ID_SEAT`, default `seat0`, as libinput reads it).
    static func seat(_ device: OpaquePointer) -> String {
        udev_device_get_property_value(device, "ID_SEAT").map { String(cString: $0) } ?? "seat0"
    }
}
