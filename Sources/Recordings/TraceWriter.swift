import DescriptorIO
import Glibc
import TouchInput

/// Writes the ClearTouch trace format (docs/trace-format.md).
///
/// Typical use by a recorder: `writeHeader(_:)` once, then `write(_:)` for every event.
/// Each call hands complete lines to the kernel in one `write(2)` (unless
/// `flushesEveryCall` is false), so a recorder killed at any moment leaves at worst one
/// truncated last line, which the reader reports and skips.
public final class TraceWriter {
    /// The format version this writer produces for a trace without calibration or
    /// rotation lines (version 1 readers read it).
    public static let formatVersion = 1
    /// The version of a trace whose header says its positions are calibrated or rotated.
    public static let transformedFormatVersion = 2
    /// Decimal places written: 1/1000 px, 1/10000 mm, 1e-6 for gesture and pointer values.
    static let pixelDecimals = 3
    static let millimetreDecimals = 4
    static let valueDecimals = 6

    public let path: String
    /// Write every call through at once (a live recorder); false buffers 64 KiB (convert).
    public var flushesEveryCall: Bool
    private var descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []

    /// Creates (or truncates) the file at `path`.
    public init(path: String, flushesEveryCall: Bool = true) throws(RecordingError) {
        let fd = FileCall.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw RecordingError(
                path: path, line: 0, message: "cannot create: \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.descriptor = fd
        self.ownsDescriptor = true
        self.flushesEveryCall = flushesEveryCall
        buffer.reserveCapacity(1 << 16)
    }

    /// Writes to an open descriptor that the caller keeps owning (stdout, a pipe).
    public init(fileDescriptor: Int32, path: String = "<output>", flushesEveryCall: Bool = true) {
        self.path = path
        self.descriptor = fileDescriptor
        self.ownsDescriptor = false
        self.flushesEveryCall = flushesEveryCall
        buffer.reserveCapacity(1 << 16)
    }

    deinit {
        try? flush()
        if ownsDescriptor && descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Writes the version line, the header lines and the `events` line.
    public func writeHeader(_ header: RecordingHeader) throws(RecordingError) {
        TraceWriter.encodeHeader(header, into: &buffer)
        try flushIfNeeded()
    }

    /// Writes one event: one line, or for a touch frame one line per contact and the
    /// `frame` line, all in one write.
    public func write(_ event: InputEvent) throws(RecordingError) {
        TraceWriter.encode(event, into: &buffer)
        try flushIfNeeded()
    }

    /// Hands everything buffered to the kernel.
    public func flush() throws(RecordingError) {
        defer { buffer.removeAll(keepingCapacity: true) }
        do throws(WriteError) {
            try writeAll(descriptor, buffer)
        } catch {
            throw RecordingError(path: path, line: 0, message: "write failed: \(error.reason)")
        }
    }

    /// Flushes and closes the file (a no-op for a borrowed descriptor, apart from the flush).
    public func close() throws(RecordingError) {
        try flush()
        if ownsDescriptor && descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }

    private func flushIfNeeded() throws(RecordingError) {
        if flushesEveryCall || buffer.count >= 1 << 16 { try flush() }
    }

    // MARK: encoding

    /// Appends the header lines (through the `events` line).
    public static func encodeHeader(_ header: RecordingHeader, into out: inout [UInt8]) {
        let transformed = header.appliedCalibration != nil || header.appliedRotation != nil
        append(
            "cleartouch-trace \(transformed ? transformedFormatVersion : formatVersion)\n", to: &out
        )
        if let recordedAt = header.recordedAt {
            append("recorded ", to: &out)
            appendEscaped(recordedAt, to: &out)
            out.append(0x0A)
        }
        if let screen = header.screen {
            append("screen \(screen.widthPixels) \(screen.heightPixels)\n", to: &out)
        }
        if let rowHeight = header.rowHeightPixels {
            append("row-height ", to: &out)
            appendFixed(rowHeight, decimals: pixelDecimals, to: &out)
            out.append(0x0A)
        }
        for item in header.initialItems ?? [] {
            append(item.completed ? "item 1 " : "item 0 ", to: &out)
            appendEscaped(item.text, to: &out)
            out.append(0x0A)
        }
        if header.initialItems?.isEmpty == true { append("items-empty\n", to: &out) }
        if let keyboard = header.keyboard {
            append("keyboard \(keyboard.mode) \(keyboard.layout)\n", to: &out)
        }
        if let calibration = header.appliedCalibration {
            append("calibration \(calibration)\n", to: &out)
        }
        if let rotation = header.appliedRotation {
            append("rotation \(rotation.degrees)\n", to: &out)
        }
        for device in header.devices {
            append("device ", to: &out)
            appendDevice(device, to: &out)
        }
        append("events\n", to: &out)
    }

    /// Appends the line(s) of one event.
    public static func encode(_ event: InputEvent, into out: inout [UInt8]) {
        switch event {
        case .touchFrame(let frame):
            for contact in frame.contacts {
                appendInt(frame.timeMicroseconds, to: &out)
                switch contact.phase {
                case .down: append(" down ", to: &out)
                case .move: append(" move ", to: &out)
                case .up: append(" up ", to: &out)
                case .cancel: append(" cancel ", to: &out)
                }
                appendInt(Int64(frame.device.rawValue), to: &out)
                out.append(0x20)
                appendInt(Int64(contact.seatSlot), to: &out)
                out.append(0x20)
                appendInt(Int64(contact.deviceSlot), to: &out)
                out.append(0x20)
                appendFixed(contact.positionPixels.x, decimals: pixelDecimals, to: &out)
                out.append(0x20)
                appendFixed(contact.positionPixels.y, decimals: pixelDecimals, to: &out)
                if let millimetres = contact.positionMillimetres {
                    out.append(0x20)
                    appendFixed(millimetres.x, decimals: millimetreDecimals, to: &out)
                    out.append(0x20)
                    appendFixed(millimetres.y, decimals: millimetreDecimals, to: &out)
                    out.append(0x0A)
                } else {
                    append(" - -\n", to: &out)
                }
            }
            appendInt(frame.timeMicroseconds, to: &out)
            append(" frame ", to: &out)
            appendInt(Int64(frame.device.rawValue), to: &out)
            if let fingers = frame.fingerCount {
                out.append(0x20)
                appendInt(Int64(fingers), to: &out)
            }
            out.append(0x0A)
        case .deviceAdded(let device, let time):
            appendInt(time, to: &out)
            append(" added ", to: &out)
            appendDevice(device, to: &out)
        case .deviceRemoved(let device, let time):
            appendInt(time, to: &out)
            append(" removed \(device.rawValue)\n", to: &out)
        case .touchpadGesture(let gesture):
            appendInt(gesture.timeMicroseconds, to: &out)
            append(
                " gesture \(gesture.device.rawValue) \(gesture.kind.rawValue) \(gesture.stage.rawValue) \(gesture.fingerCount)",
                to: &out)
            for value in [gesture.deltaX, gesture.deltaY, gesture.scale, gesture.angleDeltaDegrees]
            {
                out.append(0x20)
                appendFixed(value, decimals: valueDecimals, to: &out)
            }
            append(gesture.cancelled ? " 1\n" : " 0\n", to: &out)
        case .pointerMotion(let motion):
            appendInt(motion.timeMicroseconds, to: &out)
            append(" motion \(motion.device.rawValue) ", to: &out)
            appendPair(motion.deltaX, motion.deltaY, decimals: valueDecimals, to: &out)
        case .pointerButton(let button):
            appendInt(button.timeMicroseconds, to: &out)
            append(
                " button \(button.device.rawValue) \(button.button) \(button.pressed ? 1 : 0)\n",
                to: &out)
        case .pointerScroll(let scroll):
            appendInt(scroll.timeMicroseconds, to: &out)
            append(" scroll \(scroll.device.rawValue) \(scroll.source.rawValue) ", to: &out)
            appendPair(scroll.horizontal, scroll.vertical, decimals: valueDecimals, to: &out)
        case .key(let key):
            appendInt(key.timeMicroseconds, to: &out)
            append(
                " key \(key.device.rawValue) \(key.code) \(key.pressed ? 1 : 0) \(key.obfuscated ? 1 : 0)\n",
                to: &out)
        case .text(let text):
            appendInt(text.timeMicroseconds, to: &out)
            append(" text ", to: &out)
            appendEscaped(text.text, to: &out)
            out.append(0x0A)
        }
    }

    /// The value a number has after a write and a read: rounded to `decimals` places.
    public static func quantized(_ value: Double, decimals: Int) -> Double {
        guard value.isFinite else { return 0 }
        let scale = powerOfTen(decimals)
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9_007_199_254_740_992 else { return value }
        return scaled / scale
    }

    // MARK: helpers

    private static func appendDevice(_ device: DeviceDescription, to out: inout [UInt8]) {
        append(
            "\(device.id.rawValue) \(device.kind.rawValue) \(device.screen.widthPixels) \(device.screen.heightPixels)",
            to: &out)
        if let size = device.sizeMillimetres {
            out.append(0x20)
            appendFixed(size.width, decimals: millimetreDecimals, to: &out)
            out.append(0x20)
            appendFixed(size.height, decimals: millimetreDecimals, to: &out)
        } else {
            append(" - -", to: &out)
        }
        for axis in [device.axisX, device.axisY] {
            if let axis {
                append(
                    " \(axis.minimum) \(axis.maximum) \(axis.resolutionUnitsPerMillimetre)",
                    to: &out)
            } else {
                append(" - - -", to: &out)
            }
        }
        if let slots = device.slotCount {
            append(" \(slots) ", to: &out)
        } else {
            append(" - ", to: &out)
        }
        appendEscaped(device.name, to: &out)
        out.append(0x0A)
    }

    private static func powerOfTen(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    static func append(_ text: String, to out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
    }

    static func appendInt(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 {
            out.append(0x2D)
            if value == .min {
                append("9223372036854775808", to: &out)
                return
            }
        }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[count] = UInt8(magnitude % 10) + 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0
            while count > 0 {
                count -= 1
                out.append(digits[count])
            }
        }
    }

    /// `value` with at most `decimals` places and no trailing zeros (`12.5`, `-3`, `0.125`).
    static func appendFixed(_ value: Double, decimals: Int, to out: inout [UInt8]) {
        guard value.isFinite else {
            out.append(0x30)
            return
        }
        let scale = powerOfTen(decimals)
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9_007_199_254_740_992 else {
            append(value.description, to: &out)
            return
        }
        var units = Int64(scaled)
        if units < 0 {
            out.append(0x2D)
            units = -units
        }
        let divisor = Int64(scale)
        appendInt(units / divisor, to: &out)
        var fraction = units % divisor
        guard fraction != 0 else { return }
        var places = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        out.append(0x2E)
        var leading = places - 1
        var probe = fraction
        while probe >= 10 {
            probe /= 10
            leading -= 1
        }
        for _ in 0..<max(0, leading) { out.append(0x30) }
        appendInt(fraction, to: &out)
    }

    /// `x y` and the end of the line.
    private static func appendPair(_ x: Double, _ y: Double, decimals: Int, to out: inout [UInt8]) {
        appendFixed(x, decimals: decimals, to: &out)
        out.append(0x20)
        appendFixed(y, decimals: decimals, to: &out)
        out.append(0x0A)
    }

    /// Text to the end of the line: `\\`, `\n`, `\r`, `\t` and `\xHH` for other control bytes.
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 0x5C: append("\\\\", to: &out)
            case 0x0A: append("\\n", to: &out)
            case 0x0D: append("\\r", to: &out)
            case 0x09: append("\\t", to: &out)
            case 0..<0x20, 0x7F:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, 0x78, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: out.append(byte)
            }
        }
    }
}
