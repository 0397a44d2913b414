import Glibc
import SDBus

/// The app's session in systemd-logind (`org.freedesktop.login1`, on the system bus),
/// through which a program without write access to /sys sets a backlight:
/// `Session.SetBrightness`, as GNOME's settings daemon does. logind writes the brightness
/// for the session's owner, for a device on the session's seat. The kiosk unit gives the
/// app its session (`PAMName=login` with `TTYPath=/dev/tty1`: a session on seat0); a
/// program started outside one has none (docs/app.md, "Sleep and wake").
final class LogindSession {
    static let service = "org.freedesktop.login1"
    static let managerPath = "/org/freedesktop/login1"
    static let managerInterface = "org.freedesktop.login1.Manager"
    static let sessionInterface = "org.freedesktop.login1.Session"
    /// How long a call may wait for logind's answer (once at start, at each sleep and
    /// wake, and at exit): far below the watchdog's 30 s.
    static let callTimeoutMicroseconds: UInt64 = 1_000_000

    /// The session's object path (`/org/freedesktop/login1/session/_31`).
    let path: String
    private let bus: BusConnection

    /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, as sd-bus reads it) and asks
    /// logind which session this process is in (`GetSessionByPID`).
    init() throws(BusError) {
        bus = try BusConnection(.system)
        let reply = try bus.call(
            BusMethodCall(
                destination: Self.service, path: Self.managerPath,
                interface: Self.managerInterface, member: "GetSessionByPID",
                values: [.uint32(UInt32(getpid()))]),
            timeoutMicroseconds: Self.callTimeoutMicroseconds)
        path = try reply.readObjectPath()
    }

    /// Sets backlight `name` (a device of sysfs's `backlight` class) to `brightness`.
    func setBrightness(backlight name: String, to brightness: UInt32) throws(BusError) {
        _ = try bus.call(
            BusMethodCall(
                destination: Self.service, path: path, interface: Self.sessionInterface,
                member: "SetBrightness",
                values: [.string("backlight"), .string(name), .uint32(brightness)]),
            timeoutMicroseconds: Self.callTimeoutMicroseconds)
    }
}
