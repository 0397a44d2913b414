import LibInputBackend
import Recordings
import ToolSupport
import TouchInput
import Umockdev

#if canImport(Glibc)
    import Glibc
#endif

/// The child side of `ViaLibinputReplay`: the process that runs inside the umockdev
/// testbed, opens the emulated devices with libinput and records what libinput reports
/// to a ClearTouch trace. Both sides of the protocol live in this library; a program
/// that hosts the child (the `cleartouch` executable) dispatches to `runChild` when its
/// first argument is `childCommand`, before any command-line parsing of its own.
///
/// The protocol, one argument each, in this order (`Request.arguments`):
///
///     EXECUTABLE __via-libinput-child TRACE WIDTH HEIGHT DURATION_SECONDS [--libinput-only] NODE...
///
/// WIDTH and HEIGHT are the screen in pixels. The child opens every NODE with libinput's
/// path backend, releases each NODE's umockdev barrier script once libinput has opened
/// them, and writes every event (key codes as recorded) to TRACE, which must not exist,
/// until every script has played its end marker (Umockdev's `BarrierScript.endMarker`,
/// counted by the fix-up preload): the stop depends on what was read, never on how late
/// umockdev delivered it. DURATION_SECONDS only guards against a hang; reaching it is an
/// error, as the trace would miss the end of the recording. On stderr it lists the
/// devices libinput opened, as `cleartouch record` does, and how many events it wrote.
/// Exit status 0, or 2 with one line on stderr saying what went wrong. With
/// `--libinput-only` (`cleartouch test --via-libinput`), a device libinput refuses or
/// ignores is not read directly beside it: the child stops with exit status
/// `notThroughLibinputStatus` and a line naming the device and why.
public enum ViaLibinputCapture {
    /// The first argument that selects the child; not a command users see.
    public static let childCommand = InternalCommand.viaLibinputChild
    /// The flag before the nodes that asks for every device to go through libinput.
    public static let libinputOnlyFlag = "--libinput-only"
    /// The child's exit status when, with `libinputOnlyFlag`, libinput did not take a device.
    public static let notThroughLibinputStatus: Int32 = 3
    /// How the child's line about such a device begins.
    public static let notThroughLibinputPrefix = "not through libinput: "

    /// `not through libinput: event50 NAME (libinput refused it; tablet-class touch panel)`.
    static func notThroughLibinput(_ route: DeviceRoute) -> String {
        let details = [route.reason ?? "libinput did not take it", route.deviceClass?.rawValue]
            .compactMap { $0 }
        return notThroughLibinputPrefix + "\(route.node) \(route.name) ("
            + details.joined(separator: "; ") + ")"
    }

    /// What the parent asks the child to do.
    public struct Request: Hashable, Sendable {
        /// Where to write the trace (must not exist).
        public var tracePath: String
        /// The screen touchscreen positions are mapped onto.
        public var screen: ScreenSize
        /// Give up after this long (an error: the scripts should have ended long before).
        public var durationSeconds: Double
        /// The emulated device nodes; each plays a barrier script.
        public var nodes: [String]
        /// Refuse a device libinput does not take instead of reading it directly.
        public var libinputOnly: Bool

        /// A request with every field given.
        public init(
            tracePath: String, screen: ScreenSize, durationSeconds: Double, nodes: [String],
            libinputOnly: Bool = false
        ) {
            self.tracePath = tracePath
            self.screen = screen
            self.durationSeconds = durationSeconds
            self.nodes = nodes
            self.libinputOnly = libinputOnly
        }

        /// The arguments after `childCommand`.
        public var arguments: [String] {
            [
                tracePath, String(screen.widthPixels), String(screen.heightPixels),
                "\(durationSeconds)",
            ] + (libinputOnly ? [ViaLibinputCapture.libinputOnlyFlag] : []) + nodes
        }

        /// Reads `arguments` (those after `childCommand`); nil when they do not follow
        /// the protocol.
        public init?(arguments: [String]) {
            guard arguments.count >= 5, let width = Int(arguments[1]), width > 0,
                let height = Int(arguments[2]), height > 0,
                let duration = Double(arguments[3]), duration > 0, duration.isFinite
            else { return nil }
            // Nodes are paths: the flag cannot be mistaken for one.
            let libinputOnly = arguments[4] == ViaLibinputCapture.libinputOnlyFlag
            let nodes = Array(arguments[(libinputOnly ? 5 : 4)...])
            guard !nodes.isEmpty else { return nil }
            self.init(
                tracePath: arguments[0],
                screen: ScreenSize(widthPixels: width, heightPixels: height),
                durationSeconds: duration, nodes: nodes, libinputOnly: libinputOnly)
        }
    }

    /// Runs the child for `arguments` (those after `childCommand`); returns its exit status.
    public static func runChild(arguments: [String]) -> Int32 {
        guard let request = Request(arguments: arguments) else {
            say("\(childCommand): bad arguments (internal protocol, see ViaLibinputCapture)")
            return 2
        }
        do throws(RecorderError) {
            let refused = try record(request)
            guard refused.isEmpty else {
                for route in refused { say("\(childCommand): " + notThroughLibinput(route)) }
                return notThroughLibinputStatus
            }
            return 0
        } catch {
            say("\(childCommand): \(error)")
            return 2
        }
    }

    /// Records as `runChild` says. With `libinputOnly`, returns the routes of the devices
    /// libinput did not take, before recording anything, when there are any; else none.
    static func record(_ request: Request) throws(RecorderError) -> [DeviceRoute] {
        let input: LiveInput
        do throws(LibInputError) {
            input = try LiveInput(
                devicePaths: request.nodes, screen: request.screen,
                scriptedInput: UmockdevBarriers.scriptedInput(nodes: request.nodes))
        } catch {
            throw .backend(error)
        }
        let descriptor = try LiveRecorder.createOutput(path: request.tracePath, force: false)
        defer { close(descriptor) }
        let recorder = LiveRecorder(
            input: input, writer: TraceWriter(fileDescriptor: descriptor, path: request.tracePath),
            showKeyCodes: true, recordedKinds: nil)
        // No row height: the replay derives it from the screen, as for any trace without one.
        try recorder.start(screen: request.screen, rowHeightPixels: nil, recordedAt: nil)
        say("\(childCommand): recording \(request.tracePath) through libinput:")
        for line in recorder.deviceLines { say(line) }
        for line in recorder.routeLines { say(line) }
        let notTaken = input.deviceRoutes.filter { $0.path == .direct }
        if request.libinputOnly && !notTaken.isEmpty { return notTaken }
        let stop = try recorder.run(durationSeconds: request.durationSeconds, idleSeconds: nil)
        guard stop == .emulatedInputEnded else { throw .incomplete(stop) }
        say("\(childCommand): \(recorder.eventCount) events written")
        return []
    }

    /// Writes a line to stderr.
    private static func say(_ message: String) {
        let line = message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
