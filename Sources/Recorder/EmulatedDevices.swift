import Evdev
import Recordings
import ToolSupport
import Umockdev

#if canImport(Glibc)
    import Glibc
#endif

/// `cleartouch-umockdev run RECORDING... -- COMMAND`: an unmodified program (a release
/// build of `record`, `gestures` or `app`) on emulated devices, without hardware
/// (docs/emulated-devices.md). Each recording's devices are emulated by `umockdev-run` with
/// the fix-up preload; each device's input plays once the program opens its node (the
/// preload releases its barrier then: nothing is lost, nothing waits for a test hook), and
/// after the last device's input the program gets SIGINT, as when a person presses Ctrl-C
/// after the session (unless `keepRunning`).
public enum EmulatedDevices {
    /// What to emulate and what to run.
    public struct Request: Sendable {
        /// Evdev recordings (evemu with its description, `libinput record` YAML).
        public var recordings: [String]
        /// The description of an events-only evemu recording (as `replay --desc`).
        public var descPath: String?
        /// Leave the program running after the input (no SIGINT).
        public var keepRunning: Bool
        /// The program and its arguments.
        public var command: [String]

        public init(
            recordings: [String], descPath: String? = nil, keepRunning: Bool = false,
            command: [String]
        ) {
            self.recordings = recordings
            self.descPath = descPath
            self.keepRunning = keepRunning
            self.command = command
        }
    }

    /// The environment the preload reads (fixup.c, point 5): the barrier token it writes
    /// when the program opens a node, and whether to interrupt the program after the input.
    static func preloadSettings(keepRunning: Bool) -> [String] {
        ["CLEARTOUCH_FIXUP_RELEASE=\(UmockdevTestbed.barrierToken)"]
            + (keepRunning ? [] : ["CLEARTOUCH_FIXUP_INTERRUPT_AT_END=1"])
    }

    /// The devices of every recording, on nodes from `ViaLibinputReplay.eventNumber` up.
    static func devices(_ request: Request) throws(Diagnostic) -> [UmockdevTestbed.Device] {
        var devices: [UmockdevTestbed.Device] = []
        for path in request.recordings {
            for var device in try ViaLibinputReplay.testbedDevices(
                path: path, descPath: request.descPath, format: nil)
            {
                device.eventNumber = ViaLibinputReplay.eventNumber + devices.count
                devices.append(device)
            }
        }
        return devices
    }

    /// What `run` says before the program starts: each node, its device and its input.
    static func describe(_ devices: [UmockdevTestbed.Device], keepRunning: Bool) -> [String] {
        devices.map { device in
            let times = (device.events ?? []).map(\.timeMicroseconds)
            // Tenths of a second, rounded, without Foundation's String(format:).
            let tenths = ((times.max() ?? 0) - (times.min() ?? 0) + 50_000) / 100_000
            let seconds = "\(tenths / 10).\(tenths % 10)"
            return "\(device.node): \(device.description.name), \(times.count) events over "
                + seconds + " s, played once a program opens it"
        } + [
            keepRunning
                ? "the program keeps running after the input (Ctrl-C stops it)"
                : "then the program gets SIGINT (Ctrl-C)"
        ]
    }

    /// Runs the request's command in a testbed of its recordings' devices; its exit status
    /// (128 + N after signal N). `say` gets the lines that say what is emulated.
    public static func run(
        _ request: Request, environment: ViaLibinputReplay.Environment,
        say: (String) -> Void
    ) throws(Diagnostic) -> Int32 {
        let devices = try Self.devices(request)
        guard !devices.isEmpty else {
            throw Diagnostic(path: "cleartouch-umockdev", line: 0, message: "no recording given")
        }
        guard
            let directory = UmockdevTestbed.makeTemporaryDirectory(prefix: "cleartouch-umockdev")
        else {
            throw Diagnostic(
                path: "cleartouch-umockdev", line: 0, message: "cannot create a temporary directory"
            )
        }
        defer { UmockdevTestbed.remove(devices, from: directory) }
        let testbed: [String]
        do throws(RecordingError) {
            testbed = try UmockdevTestbed.write(devices, into: directory)
        } catch {
            throw Diagnostic(path: error.path, line: error.line, message: error.message)
        }
        for line in describe(devices, keepRunning: request.keepRunning) { say(line) }
        // Ctrl-C reaches the program (the terminal's whole foreground group gets it); this
        // process waits for it, and cleans the testbed up after.
        signal(SIGINT) { _ in }
        signal(SIGTERM) { _ in }
        do throws(ViaLibinputError) {
            return try ViaLibinputReplay.spawnAndWait(
                [environment.umockdevRun] + testbed + ["--"] + request.command,
                extraEnvironment: ["LD_PRELOAD=\(environment.preload)"]
                    + preloadSettings(keepRunning: request.keepRunning),
                inheritingOutput: true)
        } catch {
            throw Diagnostic(path: "cleartouch-umockdev", line: 0, message: error.message)
        }
    }
}
