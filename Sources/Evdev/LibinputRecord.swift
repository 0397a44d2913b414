/// One device of a `libinput record` file (format version 1) at the evdev level: its
/// kernel description (`evdev:` and `udev:`) and its `[sec, usec, type, code, value]`
/// rows, in file order (a `SYN_REPORT` ends each `- evdev:` item).
public struct LibinputRecordDevice: Sendable, Equatable {
    /// The device (`evdev:` block; `udev:` properties in `device.udev`).
    public var device: EvdevDevice
    /// Every evdev row of the device's `events:`.
    public var events: [EvdevEvent]

    /// A device and its rows.
    public init(device: EvdevDevice, events: [EvdevEvent]) {
        self.device = device
        self.events = events
    }
}

/// The one `libinput record` writer: one device, as libinput 1.22 writes it.
public enum LibinputRecordWriter {
    /// Everything up to the device's `events:` key: `comment` as `#` lines, the
    /// libinput and system blocks, the device at `node`.
    public static func header(device: EvdevDevice, node: String, comment: String) -> String {
        var out = "# libinput record\n"
        for line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
            out += "# \(line)\n"
        }
        out += "version: 1\nndevices: 1\nlibinput:\n  version: \"1.22.1\"\n  git: \"unknown\"\n"
        out += "system:\n  kernel: \"synthetic\"\n  dmi: \"unknown\"\n"
        out += "devices:\n- node: \(node)\n  evdev:\n"
        out += "    # Name: \(device.name)\n"
        out += "    name: \"\(device.name)\"\n"
        out +=
            "    id: [\(device.bustype), \(device.vendor), \(device.product), \(device.version)]\n"
        out += "    codes:\n"
        for type in device.codes.keys.sorted() {
            let codes = device.codes[type]!.sorted().map { String($0.rawValue) }
            out += "      \(type.rawValue): [\(codes.joined(separator: ", "))] # \(type.name)\n"
        }
        out += "    absinfo:\n"
        for code in device.absinfo.keys.sorted() {
            let axis = device.absinfo[code]!
            out +=
                "      \(code.rawValue): [\(axis.minimum), \(axis.maximum), \(axis.fuzz), \(axis.flat), \(axis.resolution)]\n"
        }
        out +=
            "    properties: [\(device.properties.sorted().map(String.init).joined(separator: ", "))]\n"
        out += "  udev:\n    properties:\n"
        for key in device.udev.keys.sorted() { out += "    - \(key)=\(device.udev[key]!)\n" }
        out += "  quirks:\n  events:\n"
        return out
    }

    /// One `- evdev:` item per frame.
    public static func events(_ frames: [[EvdevEvent]]) -> String {
        var out = ""
        for frame in frames {
            out += "  - evdev:\n"
            for event in frame {
                out +=
                    "    - [\(event.timeMicroseconds / 1_000_000), \(event.timeMicroseconds % 1_000_000), \(event.type.rawValue), \(event.code.rawValue), \(event.value)]\n"
            }
        }
        return out
    }
}
