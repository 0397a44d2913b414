import Glibc
import SDBus

/// The panels' backlights (`/sys/class/backlight/*/brightness`) while the kiosk sleeps:
/// each goes to 0 and comes back to the value it had when the app started (on wake, and
/// at exit, so a SIGTERM while asleep leaves the screen lit).
///
/// A brightness file the app can write is written directly. One it can only read (sysfs
/// files are root's, and the kiosk unit's hardening keeps /sys read-only) is set through
/// the app's logind session (`LogindSession`, `SetBrightness`), as a desktop's settings
/// daemon does; without a session (no `PAMName=` in the unit, no logind) it is left alone
/// and the screen is only drawn black.
struct Backlight {
    /// The sysfs mount point; tests point it elsewhere (`--sysfs-root`, test builds only).
    static let defaultSysfsRoot = "/sys"
    /// The longest brightness value read (sysfs prints a decimal integer and a newline).
    static let maximumValueBytes = 32

    /// How a backlight is dimmed.
    enum Way: Hashable, Sendable {
        /// Its brightness file is written.
        case sysfs
        /// logind's `Session.SetBrightness` sets it.
        case logind
    }

    /// One backlight's brightness file, the value to restore and how it is set.
    struct Device: Hashable, Sendable {
        var name: String
        var brightnessPath: String
        var savedBrightness: String
        var way: Way
    }

    /// The backlights found at start that can be dimmed.
    let devices: [Device]
    /// The app's logind session, when a backlight is set through it.
    private let logind: LogindSession?
    /// True while they are at 0.
    private(set) var isDimmed = false
    private let log: (String) -> Void

    /// Finds every readable backlight under `sysfsRoot`/class/backlight and reads its
    /// brightness; for those it cannot write, looks up its logind session (on the system
    /// bus). Says on `log` which it will dim, and how.
    init(sysfsRoot: String = Self.defaultSysfsRoot, log: @escaping (String) -> Void) {
        self.log = log
        let folder = sysfsRoot + "/class/backlight"
        var found: [(name: String, path: String, value: String, writable: Bool)] = []
        if let directory = opendir(folder) {
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = folder + "/" + name + "/brightness"
                guard let value = Self.read(path) else { continue }
                found.append((name, path, value, access(path, W_OK) == 0))
            }
        }
        found.sort { $0.name < $1.name }
        var session: LogindSession?
        var sessionError: BusError?
        if found.contains(where: { !$0.writable }) {
            do {
                session = try LogindSession()
            } catch {
                sessionError = error
            }
        }
        logind = session
        var devices: [Device] = []
        for device in found {
            let start = "backlight \(device.name): brightness \(device.value)"
            if device.writable {
                log("\(start), 0 while asleep")
                devices.append(
                    Device(
                        name: device.name, brightnessPath: device.path,
                        savedBrightness: device.value, way: .sysfs))
            } else if let session {
                log(
                    "\(start), 0 while asleep through logind (session \(session.path); the file is read-only)"
                )
                devices.append(
                    Device(
                        name: device.name, brightnessPath: device.path,
                        savedBrightness: device.value, way: .logind))
            } else {
                log(
                    "\(start), read-only and no logind session to set it (\(sessionError.map { "\($0)" } ?? "")): asleep, the screen is only drawn black"
                )
            }
        }
        self.devices = devices
    }

    /// Every backlight to 0.
    mutating func dim() {
        guard !isDimmed, !devices.isEmpty else { return }
        isDimmed = true
        for device in devices { set(device, to: "0") }
    }

    /// Every backlight back to its value at start.
    mutating func restore() {
        guard isDimmed else { return }
        isDimmed = false
        for device in devices { set(device, to: device.savedBrightness) }
    }

    /// Sets one backlight; says on the log when it cannot.
    private func set(_ device: Device, to value: String) {
        switch device.way {
        case .sysfs:
            guard !Self.write(value, to: device.brightnessPath) else { return }
            log(
                "backlight \(device.name): cannot write \(value): \(String(cString: strerror(errno)))"
            )
        case .logind:
            do {
                try logind?.setBrightness(backlight: device.name, to: UInt32(value) ?? 0)
            } catch {
                log("backlight \(device.name): logind cannot set \(value): \(error)")
            }
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
