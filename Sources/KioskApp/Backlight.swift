import Glibc

/// The panels' backlights (`/sys/class/backlight/*/brightness`) while the kiosk sleeps:
/// each writable one goes to 0 and comes back to the value it had when the app started
/// (on wake, and at exit, so a SIGTERM while asleep leaves the screen lit).
///
/// A backlight that is absent or read-only (no permission, no udev rule) is simply not
/// dimmed: the screen is still drawn black.
struct Backlight {
    /// The sysfs mount point; tests point it elsewhere (`--sysfs-root`, test builds only).
    static let defaultSysfsRoot = "/sys"
    /// The longest brightness value read (sysfs prints a decimal integer and a newline).
    static let maximumValueBytes = 32

    /// One backlight's brightness file and the value to restore.
    struct Device: Hashable, Sendable {
        var name: String
        var brightnessPath: String
        var savedBrightness: String
    }

    /// The writable backlights found at start.
    let devices: [Device]
    /// True while they are at 0.
    private(set) var isDimmed = false
    private let log: (String) -> Void

    /// Finds every writable backlight under `sysfsRoot`/class/backlight and reads its
    /// brightness; says on `log` which it will dim.
    init(sysfsRoot: String = Self.defaultSysfsRoot, log: @escaping (String) -> Void) {
        self.log = log
        let folder = sysfsRoot + "/class/backlight"
        var found: [Device] = []
        if let directory = opendir(folder) {
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = folder + "/" + name + "/brightness"
                guard access(path, W_OK) == 0, let value = Self.read(path) else { continue }
                found.append(Device(name: name, brightnessPath: path, savedBrightness: value))
            }
        }
        devices = found.sorted { $0.name < $1.name }
        for device in devices {
            log("backlight \(device.name): brightness \(device.savedBrightness), 0 while asleep")
        }
    }

    /// Every backlight to 0.
    mutating func dim() {
        guard !isDimmed, !devices.isEmpty else { return }
        isDimmed = true
        for device in devices where !Self.write("0", to: device.brightnessPath) {
            log("backlight \(device.name): cannot write 0: \(String(cString: strerror(errno)))")
        }
    }

    /// Every backlight back to its value at start.
    mutating func restore() {
        guard isDimmed else { return }
        isDimmed = false
        for device in devices where !Self.write(device.savedBrightness, to: device.brightnessPath) {
            log(
                "backlight \(device.name): cannot restore \(device.savedBrightness): "
                    + String(cString: strerror(errno)))
        }
    }

    /// The file's value without its newline; nil when it cannot be read or is not a number.
    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: maximumValueBytes)
        let count = bytes.withUnsafeMutableBytes {
            Glibc.read(descriptor, $0.baseAddress, $0.count)
        }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self).filter { !$0.isWhitespace }
        guard !text.isEmpty, text.allSatisfy(\.isNumber) else { return nil }
        return text
    }

    /// Writes `value` (sysfs takes one write of the whole value); false on failure.
    static func write(_ value: String, to path: String) -> Bool {
        // O_TRUNC as a shell's `>` (sysfs ignores it; a regular file, as under umockdev, needs it).
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array((value + "\n").utf8)
        return bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            == bytes.count
    }
}
