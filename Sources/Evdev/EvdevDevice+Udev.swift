extension EvdevDevice {
    /// A device as udev describes its input parent: the kernel's capability bitmaps
    /// (`EV`, `KEY`, `REL`, `ABS`, `MSC`, `SW`, `PROP` uevent properties, the same text as
    /// sysfs `capabilities/*`: hex longs, most significant first) and its `ID_INPUT_*`
    /// properties. Axis ranges are unknown (udev does not carry them).
    public init(name: String, udevCapabilities: [String: String], udevProperties: [String: String])
    {
        self.init()
        self.name = name
        for (key, type) in [
            ("KEY", EventType.key), ("REL", .rel), ("ABS", .abs), ("MSC", .msc), ("SW", .sw),
        ] {
            let numbers = Self.kernelBitmapNumbers(udevCapabilities[key] ?? "")
            if !numbers.isEmpty {
                codes[type] = Set(numbers.map { EventCode(rawValue: UInt16(clamping: $0)) })
            }
        }
        eventTypes = Set(
            Self.kernelBitmapNumbers(udevCapabilities["EV"] ?? "").map {
                EventType(rawValue: UInt16(clamping: $0))
            })
        properties = Set(Self.kernelBitmapNumbers(udevCapabilities["PROP"] ?? ""))
        udev = udevProperties.filter { $0.key.hasPrefix("ID_INPUT") }
    }

    /// The bit numbers set in a kernel bitmap text ("1 0 3": 64-bit longs, the most
    /// significant first); unreadable words count as 0.
    public static func kernelBitmapNumbers(_ text: String) -> [Int] {
        let words = text.split(separator: " ")
        var numbers: [Int] = []
        for (index, word) in words.reversed().enumerated() {
            guard let long = UInt64(word, radix: 16) else { continue }
            for bit in 0..<64 where long & (1 << UInt64(bit)) != 0 {
                numbers.append(index * 64 + bit)
            }
        }
        return numbers
    }
}
