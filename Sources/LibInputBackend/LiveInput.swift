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
        if devicePaths.isEmpty {
            context = try LibInputContext(
                source: .seat(seat), logPriority: logPriority, logger: logger)
        } else {
            context = try LibInputContext(
                source: .paths([]), logPriority: logPriority, logger: logger)
            for path in devicePaths {
                pathDevices.append((path, try context.addDevice(path: path)))
            }
        }
        converter = LibInputEventConverter(screen: screen)
        converter.rotation = rotation
        converter.calibrationForDevice = calibrationForDevice
        loop = LibInputEventLoop(
            context: context, converter: converter, barrierNodes: barrierNodes)
    }

    /// Reads the events queued when the devices were opened (DEVICE_ADDED) and returns
    /// what they convert to, so a caller knows the devices before the loop starts.
    public func readInitialEvents() -> [InputEvent] {
        context.dispatch()
        var output: [InputEvent] = []
        while let event = context.nextEvent() {
            converter.convert(event, into: &output)
        }
        converter.finishBatch(into: &output)
        return output
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
