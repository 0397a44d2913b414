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
    /// `scriptedInput`: emulated devices to start once they are open (`ScriptedInput`).
    public init(
        devicePaths: [String], seat: String = "seat0", screen: ScreenSize,
        logPriority: LibInputLogPriority = .error,
        logger: @escaping LibInputLogger = logToStandardError,
        scriptedInput: ScriptedInput? = nil,
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
            drain: InputDrain(context: context, converter: converter, direct: direct),
            scriptedInput: scriptedInput)
    }

    /// Which way each device's events come in, libinput's devices first; complete once
    /// `readInitialEvents` has run (hot-plugged devices add to it).
    public var deviceRoutes: [DeviceRoute] { converter.libinputRoutes + direct.routes }

    /// Reads the events queued when the devices were opened (DEVICE_ADDED) and returns
    /// what they convert to, so a caller knows the devices before the loop starts.
    public func readInitialEvents() -> [InputEvent] {
        var output: [InputEvent] = []
        drain { output.append(contentsOf: $0) }
        return output
    }

    /// The descriptors a caller with its own poll loop waits on: libinput's, then the
    /// directly read devices' and the udev monitor's (they change with hot-plug).
    public var pollDescriptors: [Int32] { loop.drain.pollDescriptors }

    /// `pollDescriptors` as `pollfd`s waiting for input, appended to `descriptors`: a loop
    /// that polls on every turn keeps one buffer and allocates nothing.
    public func appendPollDescriptors(to descriptors: inout [pollfd]) {
        loop.drain.appendPollDescriptors(to: &descriptors)
    }

    /// Turns everything queued into input events, without waiting: the directly read
    /// devices with input, libinput's queue with its flush (`finishBatch`: a touchpad's
    /// gesture ends are held until then), the panels libinput did not take (on the first
    /// call) and hot-plug. The one drain every reader uses (the event loop too);
    /// `deliver` gets each step's events, often none (`InputDrain.drain`). `onDispatched`
    /// runs once libinput has read its devices, before its first event is taken.
    public func drain(
        onDispatched: () -> Void = {}, _ deliver: (_ events: [InputEvent]) -> Void
    ) {
        _ = loop.drain.drain(onDispatched: onDispatched) { events in
            deliver(events)
            return true
        }
    }

    /// Lets the emulated devices' scripts play (`ScriptedInput.start`; once).
    public func startScriptedInput() { loop.scriptedInput?.start() }

    /// What to do when `/dev/input` cannot be read: root, or a service's own user in
    /// `input`, never a desktop user (the group reads every keystroke).
    public static let permissionAdvice =
        "run as root, or as a service's own user in the `input` group (the package's cleartouch user); a desktop user in `input` lets every program of theirs read every keystroke"

    /// Why a seat shows no device, and what to do about it; a device node named `to
    /// purpose it directly` (record, read) is the other way.
    public static func explainNoDevice(seat: String, wanted: String, purpose: String = "read")
        -> String
    {
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
                "no \(wanted) found on \(seat): /dev/input/event* are not readable by you; \(permissionAdvice)"
        }
        return
            "no \(wanted) found on \(seat); `libinput list-devices` lists what libinput sees; name a device node (/dev/input/eventN) to \(purpose) it directly"
    }
}
