import CLibInput
import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// A live input session: a libinput context, its converter and its event loop, set up
/// from what a command line asks for (explicit device nodes, or a udev seat).
public final class LiveInput {
    public let context: LibInputContext
    public let converter: LibInputEventConverter
    public let loop: LibInputEventLoop
    /// The devices read beside libinput (docs/devices.md).
    public let direct: DirectInput
    /// Path backend: the libinput device of each node, in the order given.
    public private(set) var pathDevices: [(path: String, device: OpaquePointer)] = []

    /// Opens `devicePaths` with the path backend, or every device of `seat` when empty.
    /// `barrierNodes`: umockdev barrier scripts the loop releases once the devices are
    /// open (tests only; `LibInputEventLoop.barrierNodes`).
    public init(
        devicePaths: [String], seat: String = "seat0", screen: ScreenSize,
        logPriority: LibInputLogPriority = .error,
        logger: @escaping LibInputLogger = logToStandardError, barrierNodes: [String] = [],
        rotation: Rotation = .none,
        calibrationForDevice: @escaping (_ name: String) -> CalibrationMatrix? = { _ in nil }
    ) throws(LibInputError) {
        converter = LibInputEventConverter(screen: screen)
        converter.rotation = rotation
        converter.calibrationForDevice = calibrationForDevice
        direct = DirectInput(
            seat: devicePaths.isEmpty ? seat : nil, screen: screen, converter: converter)
        if devicePaths.isEmpty {
            context = try LibInputContext(
                source: .seat(seat), logPriority: logPriority, logger: logger)
        } else {
            context = try LibInputContext(
                source: .paths([]), logPriority: logPriority, logger: logger)
            for path in devicePaths {
                do throws(LibInputError) {
                    pathDevices.append((path, try context.addDevice(path: path)))
                } catch {
                    // A node libinput refuses is read directly, when it is an evdev device.
                    guard let device = try? DirectDevice(node: path) else { throw error }
                    direct.addNamed(device)
                }
            }
        }
        loop = LibInputEventLoop(
            context: context, converter: converter, barrierNodes: barrierNodes, direct: direct)
    }

    /// Which way each device's events come in, libinput's devices first; complete once
    /// `readInitialEvents` has run (hot-plugged devices add to it).
    public var deviceRoutes: [DeviceRoute] { converter.libinputRoutes + direct.routes }

    /// Reads the events queued when the devices were opened (DEVICE_ADDED) and returns
    /// what they convert to, so a caller knows the devices before the loop starts.
    public func readInitialEvents() -> [InputEvent] {
        context.dispatch()
        var output: [InputEvent] = []
        while let event = context.nextEvent() {
            converter.convert(event, into: &output)
        }
        converter.finishBatch(into: &output)
        // libinput's devices are known now: open the panels it did not take.
        direct.start(into: &output)
        return output
    }

    /// The descriptors a caller with its own poll loop waits on: libinput's, then the
    /// directly read devices' and the udev monitor's (they change with hot-plug).
    public var pollDescriptors: [Int32] { [context.fileDescriptor] + direct.fileDescriptors }

    /// For callers with their own poll loop, after libinput's events were read: reads the
    /// directly read devices that have input, and hot-plug, without waiting.
    public func readDirectDevices(into output: inout [InputEvent]) {
        var fds = direct.fileDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard !fds.isEmpty, poll(&fds, nfds_t(fds.count), 0) > 0 else { return }
        for ready in fds where ready.revents != 0 {
            if direct.isMonitor(ready.fd) {
                direct.hotplug(into: &output)
            } else {
                direct.read(ready.fd, into: &output)
            }
        }
    }

    /// Why a seat shows no device, and what to do about it.
    public static func explainNoDevice(seat: String, wanted: String) -> String {
        var readable = 0
        var unreadable = 0
        if let directory = opendir("/dev/input") {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard name.hasPrefix("event") else { continue }
                if access("/dev/input/" + name, R_OK) == 0 {
                    readable += 1
                } else {
                    unreadable += 1
                }
            }
            closedir(directory)
        }
        if unreadable > 0 && readable == 0 {
            return
                "no \(wanted) found on \(seat): /dev/input/event* are not readable by you; add yourself to the `input` group (then log in again) or run as root"
        }
        return
            "no \(wanted) found on \(seat); `libinput list-devices` lists what libinput sees; name a device node (/dev/input/eventN) to record it directly"
    }
}
