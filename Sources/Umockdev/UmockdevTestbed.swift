import Evdev
import Recordings

#if canImport(Glibc)
    import Glibc
#endif

/// Writes the files of a umockdev testbed and says how to run `umockdev-run` on them.
public enum UmockdevTestbed {
    /// One emulated evdev device, with the events to play after its barrier (if any).
    public struct Device: Sendable {
        /// The kernel device.
        public var description: EvdevDevice
        /// N of `/dev/input/eventN`.
        public var eventNumber: Int
        /// The events to play, if any.
        public var events: [EvdevEvent]?
        /// Where the script's timeline starts (default: its first event): the same for
        /// devices whose events share one clock.
        public var timelineOriginMicroseconds: Int64?

        /// A device numbered `eventNumber` that plays `events` after the barrier.
        public init(
            description: EvdevDevice, eventNumber: Int, events: [EvdevEvent]? = nil,
            timelineOriginMicroseconds: Int64? = nil
        ) {
            self.description = description
            self.eventNumber = eventNumber
            self.events = events
            self.timelineOriginMicroseconds = timelineOriginMicroseconds
        }

        /// The device node.
        public var node: String { "/dev/input/event\(eventNumber)" }
    }

    /// The token the scripts wait for.
    public static let barrierToken = "GO"

    /// Writes `eventN.umockdev`, `eventN.ioctl` and (with events) `eventN.script` for each
    /// device into `directory`, and returns the `umockdev-run` arguments before `--`.
    /// The first device carries the DMI entry (only one may).
    public static func write(_ devices: [Device], into directory: String) throws(RecordingError)
        -> [String]
    {
        var arguments: [String] = []
        for (index, device) in devices.enumerated() {
            let prefix = "\(directory)/event\(device.eventNumber)"
            try writeFile(
                Array(
                    UmockdevFiles.umockdevFile(
                        device.description, eventNumber: device.eventNumber,
                        dmi: index == 0
                    ).utf8), to: prefix + ".umockdev")
            try writeFile(
                Array(UmockdevFiles.ioctlFile(device.description, node: device.node).utf8),
                to: prefix + ".ioctl")
            arguments += ["-d", prefix + ".umockdev", "-i", "\(device.node)=\(prefix).ioctl"]
            guard let events = device.events else { continue }
            let script: [UInt8]
            do throws(BarrierScript.TooLong) {
                script = try BarrierScript.script(
                    events: events, barrier: barrierToken, title: device.node,
                    origin: device.timelineOriginMicroseconds)
            } catch {
                throw RecordingError(path: prefix + ".script", line: 0, message: error.description)
            }
            try writeFile(script, to: prefix + ".script")
            arguments += ["-s", "\(device.node)=\(prefix).script"]
        }
        return arguments
    }

    /// Removes what `write` wrote, and the directory when it is then empty.
    public static func remove(_ devices: [Device], from directory: String) {
        for device in devices {
            for suffix in [".umockdev", ".ioctl", ".script"] {
                unlink("\(directory)/event\(device.eventNumber)\(suffix)")
            }
        }
        rmdir(directory)
    }

    /// Reads an evemu file: its description (empty when it has none) and its events.
    public static func parseFile(_ path: String) throws(RecordingError) -> (
        EvdevDevice, [EvdevEvent]
    ) {
        let (description, events) = try EvemuParser.read(path: path)
        return (description ?? EvdevDevice(), events)
    }

    /// The bytes of the file at `path`.
    public static func readFile(_ path: String) throws(RecordingError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw RecordingError(
                path: path, line: 0, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    /// Writes `bytes` to the file at `path`.
    public static func writeFile(_ bytes: [UInt8], to path: String) throws(RecordingError) {
        guard let file = fopen(path, "wb") else {
            throw RecordingError(
                path: path, line: 0, message: "cannot create: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
            throw RecordingError(path: path, line: 0, message: "cannot write")
        }
    }

    /// A fresh private directory under `$TMPDIR` (default /tmp).
    public static func makeTemporaryDirectory(prefix: String) -> String? {
        let base =
            getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        return mkdtemp(&template).map { String(cString: $0) }
    }

    /// The path of the running executable (`/proc/self/exe`).
    public static func runningExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
