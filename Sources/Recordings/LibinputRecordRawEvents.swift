/// The evdev level of a `libinput record` file, undecoded: each device's kernel
/// description and its `[sec, usec, type, code, value]` rows, as they were recorded.
/// `cleartouch replay --via-libinput` plays them to the real libinput through emulated
/// devices. Read with `LibinputRecordReader`'s own libyaml parsing (header and events).
public struct LibinputRecordDevice: Sendable, Equatable {
    /// `struct input_absinfo` as the `absinfo:` map gives it.
    public struct Axis: Sendable, Equatable {
        public var minimum: Int32
        public var maximum: Int32
        public var fuzz: Int32
        public var flat: Int32
        public var resolution: Int32
    }

    /// One kernel `input_event`, time in microseconds.
    public struct Event: Sendable, Equatable {
        public var timeMicroseconds: Int64
        public var type: UInt16
        public var code: UInt16
        public var value: Int32
    }

    public var name: String
    /// bustype, vendor, product, version (`id:`).
    public var identity: [Int]
    /// Input properties (`properties:`), e.g. 1 for INPUT_PROP_DIRECT.
    public var properties: [Int]
    /// Supported codes per event type (`codes:`), ascending.
    public var codes: [UInt16: [UInt16]]
    /// Per absolute axis code (`absinfo:`).
    public var absinfo: [UInt16: Axis]
    /// udev properties (`udev: properties:`), e.g. `ID_INPUT_TOUCHPAD` → `1`.
    public var udevProperties: [String: String]
    /// Every evdev row of the device's `events`, in file order (SYN_REPORT ends a frame).
    public var events: [Event]
}

extension LibinputRecordReader {
    /// Reads every device of the `libinput record` file at `path` with its raw events.
    /// Errors name the file and line, as the reader's do.
    public static func rawDevices(path: String, maximumLineBytes: Int = 1 << 20)
        throws(RecordingError) -> [LibinputRecordDevice]
    {
        // The reader's own parsing (fast path included), its frames still undecoded.
        let reader = try LibinputRecordReader(path: path, maximumLineBytes: maximumLineBytes)
        var events: [[LibinputRecordDevice.Event]] = Array(
            repeating: [], count: reader.evdevDevices.count)
        while let (index, frame) = try reader.nextRawFrame() {
            for event in frame {
                events[index].append(
                    .init(
                        timeMicroseconds: event.timeMicroseconds, type: event.type,
                        code: event.code, value: event.value))
            }
        }
        var result: [LibinputRecordDevice] = []
        for (device, events) in zip(reader.evdevDevices, events) {
            result.append(
                LibinputRecordDevice(
                    name: device.name,
                    identity: [device.bustype, device.vendor, device.product, device.version],
                    properties: device.properties.sorted(),
                    codes: device.codes.mapValues { $0.sorted() },
                    absinfo: device.absinfo.mapValues {
                        .init(
                            minimum: $0.minimum, maximum: $0.maximum, fuzz: $0.fuzz, flat: $0.flat,
                            resolution: $0.resolution)
                    },
                    udevProperties: device.udev, events: events))
        }
        return result
    }
}
