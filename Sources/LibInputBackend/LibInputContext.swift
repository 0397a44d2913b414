import CLibInput

#if canImport(Glibc)
    import Glibc
#endif

/// Where a libinput context finds its devices.
public enum LibInputSource: Hashable, Sendable {
    /// Every input device of a udev seat, with hot-plug (libinput's udev backend).
    case seat(String)
    /// Exactly these device nodes (libinput's path backend).
    case paths([String])

    public static let defaultSeat = LibInputSource.seat("seat0")
}

/// Why a libinput context could not be set up.
public enum LibInputError: Error, Equatable, CustomStringConvertible {
    case udevUnavailable
    case contextCreationFailed
    case seatAssignmentFailed(String)
    /// libinput refused the device node; `reason` says what the user can do.
    case deviceUnavailable(path: String, reason: String)

    public var description: String {
        switch self {
        case .udevUnavailable: "cannot connect to udev (is /run/udev available?)"
        case .contextCreationFailed: "libinput could not create a context"
        case .seatAssignmentFailed(let seat): "libinput could not assign seat \(seat)"
        case .deviceUnavailable(let path, let reason): "\(path): \(reason)"
        }
    }
}

/// libinput keeps the interface pointer for the context's whole life, so it lives in
/// static storage. The callbacks cannot capture anything.
nonisolated(unsafe) private let restrictedInterface: UnsafeMutablePointer<libinput_interface> = {
    let pointer = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
    pointer.initialize(
        to: libinput_interface(
            open_restricted: { path, flags, _ in
                guard let path else { return -EINVAL }
                let fd = open(path, flags | O_CLOEXEC)
                return fd < 0 ? -errno : fd
            },
            close_restricted: { fd, _ in _ = close(fd) }))
    return pointer
}()

/// One libinput event, destroyed exactly once when this value goes away.
public struct LibInputEvent: ~Copyable {
    /// The `struct libinput_event *`; valid while this value lives.
    public let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { libinput_event_destroy(pointer) }

    public var type: libinput_event_type { libinput_event_get_type(pointer) }
    public var device: OpaquePointer? { libinput_event_get_device(pointer) }
}

/// Owns a libinput context (and its udev handle) for its lifetime.
public final class LibInputContext {
    /// The `struct libinput *`.
    public let pointer: OpaquePointer
    public let source: LibInputSource
    private let udev: OpaquePointer?
    private let userData: Unmanaged<LibInputUserData>

    /// Creates a context; log messages at `logPriority` or above go to `logger`.
    public init(
        source: LibInputSource, logPriority: LibInputLogPriority = .error,
        logger: @escaping LibInputLogger = logToStandardError
    ) throws(LibInputError) {
        self.source = source
        let userData = Unmanaged.passRetained(LibInputUserData(logger: logger))
        switch source {
        case .seat(let seat):
            guard let udev = udev_new() else {
                userData.release()
                throw .udevUnavailable
            }
            guard
                let li = libinput_udev_create_context(
                    restrictedInterface, userData.toOpaque(), udev)
            else {
                udev_unref(udev)
                userData.release()
                throw .contextCreationFailed
            }
            libinput_log_set_handler(li, libInputLogHandler)
            libinput_log_set_priority(li, logPriority.cValue)
            if libinput_udev_assign_seat(li, seat) != 0 {
                libinput_unref(li)
                udev_unref(udev)
                userData.release()
                throw .seatAssignmentFailed(seat)
            }
            self.udev = udev
            self.pointer = li
        case .paths(let paths):
            guard let li = libinput_path_create_context(restrictedInterface, userData.toOpaque())
            else {
                userData.release()
                throw .contextCreationFailed
            }
            libinput_log_set_handler(li, libInputLogHandler)
            libinput_log_set_priority(li, logPriority.cValue)
            self.udev = nil
            self.pointer = li
            self.userData = userData
            for path in paths {
                do throws(LibInputError) {
                    try addDevice(path: path)
                } catch {
                    libinput_unref(li)
                    userData.release()
                    throw error
                }
            }
            return
        }
        self.userData = userData
    }

    deinit {
        libinput_unref(pointer)
        if let udev { udev_unref(udev) }
        userData.release()
    }

    /// The file descriptor to poll for readability before calling `dispatch()`.
    public var fileDescriptor: Int32 { libinput_get_fd(pointer) }

    /// Path backend only: adds one device node.
    @discardableResult
    public func addDevice(path: String) throws(LibInputError) -> OpaquePointer {
        guard let device = libinput_path_add_device(pointer, path) else {
            throw .deviceUnavailable(path: path, reason: Self.explainOpenFailure(path: path))
        }
        return device
    }

    /// Path backend only: removes a device as an unplug would: libinput cancels its
    /// touches and reports DEVICE_REMOVED.
    public func removeDevice(_ device: OpaquePointer) {
        libinput_path_remove_device(device)
    }

    /// Reads pending input from the kernel into libinput's event queue.
    public func dispatch() {
        _ = libinput_dispatch(pointer)
    }

    /// The next queued event, or nil.
    public func nextEvent() -> LibInputEvent? {
        guard let event = libinput_get_event(pointer) else { return nil }
        return LibInputEvent(event)
    }

    /// What to tell the user when a device node cannot be used.
    static func explainOpenFailure(path: String) -> String {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd >= 0 {
            close(fd)
            return "libinput does not accept this device (not an evdev input device?)"
        }
        switch errno {
        case ENOENT: return "no such device node; list devices with `libinput list-devices`"
        case EACCES, EPERM:
            return "permission denied; \(LiveInput.permissionAdvice)"
        default: return String(cString: strerror(errno))
        }
    }
}
