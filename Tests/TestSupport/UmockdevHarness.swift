import Evdev
import Foundation
import Recordings
import Testing
import Umockdev
import UmockdevScenarios

/// Runs the project's own executables under `umockdev-run` with the fix-up preload, on
/// devices and barrier scripts made from the evemu fixtures by the Umockdev library.
public enum UmockdevHarness {
    public static let umockdevRun = "/usr/bin/umockdev-run"

    /// The directory holding the built products (cleartouch, libUmockdevFixup.so): the
    /// test bundle sits in it.
    public static let productsDirectory: URL = PackagePaths.productsFolder(containing: "cleartouch")

    public static var preload: String {
        productsDirectory.appendingPathComponent("libUmockdevFixup.so").path
    }
    public static var cleartouch: String {
        productsDirectory.appendingPathComponent("cleartouch").path
    }

    /// Why umockdev cannot run here, or nil when it can.
    public static let unavailableReason: String? = {
        if !FileManager.default.isExecutableFile(atPath: umockdevRun) {
            return "umockdev-run is not installed (tools/bootstrap installs the umockdev package)"
        }
        if !FileManager.default.fileExists(atPath: "/dev/ptmx") {
            return "no /dev/ptmx: umockdev emulates device nodes with ptys"
        }
        return nil
    }()

    public static var available: Bool { unavailableReason == nil }

    /// Whether umockdev suites run: when umockdev is here, and always under CI, where a
    /// missing umockdev then fails the tests instead of skipping them (`RequiredInput`).
    public static var runs: Bool { RequiredInput.runs(ifPresent: available) }

    public static let fixtures = PackagePaths.root.appendingPathComponent("Tests/Fixtures/umockdev")

    /// One emulated device: its evemu description, the node number, and optionally an
    /// evemu event stream to play after the barrier: a fixture file, or a Umockdev
    /// scenario made in-process.
    public struct Device: Sendable {
        /// The evemu description's file name in the fixtures.
        public var description: String
        public var eventNumber: Int
        /// An evemu event stream's file name in the fixtures, played after the barrier.
        public var session: String?
        /// A Umockdev scenario (`Scenarios.all`) played after the barrier.
        public var scenario: String?
        public var node: String { "/dev/input/event\(eventNumber)" }
        /// Whether the device plays events (and so has a barrier script).
        public var playsEvents: Bool { session != nil || scenario != nil }

        public init(
            description: String, eventNumber: Int, session: String? = nil, scenario: String? = nil
        ) {
            self.description = description
            self.eventNumber = eventNumber
            self.session = session
            self.scenario = scenario
        }
    }

    public typealias Run = CommandRun

    /// umockdev cannot run here (a test that needs it fails with this under CI).
    public struct Unavailable: Error, CustomStringConvertible {
        /// Why.
        public var reason: String
        public var description: String { "umockdev is unavailable: \(reason)" }
    }

    /// Writes the testbed files for `devices` into a fresh directory.
    public static func prepare(_ devices: [Device]) throws -> (directory: URL, arguments: [String])
    {
        // Suites run without umockdev only under CI (RequiredInput): there they fail here.
        if let unavailableReason { throw Unavailable(reason: unavailableReason) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-umockdev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let testbed = try devices.map { device in
            UmockdevTestbed.Device(
                description: try UmockdevTestbed.parseFile(
                    fixtures.appendingPathComponent(device.description).path
                ).0,
                eventNumber: device.eventNumber,
                events: try events(of: device))
        }
        return (directory, try UmockdevTestbed.write(testbed, into: directory.path))
    }

    /// The events `device` plays: its fixture session's, or its scenario's.
    static func events(of device: Device) throws -> [EvdevEvent]? {
        if let session = device.session {
            return try UmockdevTestbed.parseFile(fixtures.appendingPathComponent(session).path).1
        }
        guard let name = device.scenario else { return nil }
        guard let scenario = Scenarios.all[name] else {
            throw ProgramFailure(description: "no Umockdev scenario named \(name)")
        }
        return Scenarios.events(for: scenario)
    }

    /// Runs `command` inside a testbed of `devices`; the barriers of the devices with a
    /// session are released once the command's libinput has opened them.
    public static func run(_ devices: [Device], command: [String]) throws -> Run {
        let (directory, testbed) = try prepare(devices)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try runCommand(
            executable: umockdevRun, arguments: testbed + ["--"] + withBarrier(command, devices),
            environment: environment)
    }

    /// The fix-up preload.
    public static var environment: [String: String] { ["LD_PRELOAD": preload] }

    /// `command` at a higher priority than the rest of the suite (`nice -n -10`) where this
    /// process may raise it (as root, which CI is), unchanged elsewhere. The kiosk app under
    /// test stands for a kiosk's foreground program: it must read its frames as they come,
    /// not after the suite's other parts have had their turn of the two cores, since a
    /// late reader changes what libinput makes of a touchpad's frames
    /// (docs/libinput-backend.md, "Tests under umockdev").
    public static func inForeground(_ command: [String]) -> [String] {
        geteuid() == 0 ? ["/usr/bin/nice", "-n", "-10"] + command : command
    }

    /// `command` (`cleartouch SUBCOMMAND ...`) told which nodes' barrier scripts wait for
    /// libinput to open them: the test hook is an option the test passes, never the
    /// environment.
    public static func withBarrier(_ command: [String], _ devices: [Device]) -> [String] {
        let nodes = devices.filter(\.playsEvents).map(\.node)
        guard !nodes.isEmpty, command.count >= 2 else { return command }
        return Array(command[..<2]) + ["--umockdev-barrier", nodes.joined(separator: ":")]
            + command[2...]
    }

    /// Records the touchscreen Clear session (`ts-clear-session`) through libinput into
    /// `output` with `cleartouch record` (plus `options`).
    public static func recordClearSession(to output: String, options: [String] = []) throws -> Run {
        try run(
            [
                .init(
                    description: "touchscreen.evemu", eventNumber: 50,
                    session: "ts-clear-session.evemu")
            ],
            command: [cleartouch, "record", "-o", output] + options + [
                // Stops after the session's last frame, however late umockdev delivers
                // it (no idle time to guess); --duration only guards against a hang.
                "--until-events", String(try touchFrameCount(session: "ts-clear-session.evemu")),
                "--duration", "20", "/dev/input/event50",
            ])
    }

    /// The number of touch frames in a touchscreen session fixture, as the evemu
    /// decoder reads it with `touchscreen.evemu` (libinput reports the same frames).
    public static func touchFrameCount(session: String) throws -> Int {
        let recording = try Recording.open(
            path: fixtures.appendingPathComponent(session).path,
            descPath: fixtures.appendingPathComponent("touchscreen.evemu").path)
        var frames = 0
        while let event = try recording.next() {
            if case .touchFrame = event { frames += 1 }
        }
        return frames
    }

    /// The children of a process (Linux /proc).
    public static func childProcesses(of pid: Int32) -> [Int32] {
        let path = "/proc/\(pid)/task/\(pid)/children"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: " ").compactMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Sends `signal` to the program umockdev-run runs once `output` holds `frames` frame
    /// lines; false when the run ended first. No time limit of its own: the wait ends
    /// with the frames or with the run (whose `--duration` bounds it), however loaded
    /// the machine is.
    public static func signal(
        _ signal: Int32, whenFileHas frames: Int, output: String, process: Process
    ) -> Bool {
        while process.isRunning {
            if let text = try? String(contentsOfFile: output, encoding: .utf8),
                text.split(separator: "\n").filter({ $0.contains(" frame ") }).count >= frames,
                let program = childProcesses(of: process.processIdentifier).first
            {
                kill(program, signal)
                return true
            }
            usleep(5_000)  // waiting on another process, not timing our logic
        }
        return false
    }

    /// Starts `command` inside a testbed; the testbed files are removed when it exits.
    public static func start(_ devices: [Device], command: [String], errors: Pipe? = nil) throws
        -> Process
    {
        let (directory, testbed) = try prepare(devices)
        let process = Process()
        process.terminationHandler = { _ in try? FileManager.default.removeItem(at: directory) }
        process.executableURL = URL(fileURLWithPath: umockdevRun)
        process.arguments = testbed + ["--"] + withBarrier(command, devices)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors ?? FileHandle.nullDevice
        try process.run()
        return process
    }
}

extension CommandRun {
    /// The lines of standard output.
    public var lines: [Substring] { standardOutput.split(separator: "\n") }

    /// Whether a `record` or `debug-gestures` run under umockdev stopped because every
    /// script had played its end marker (not on its `--duration`, which only guards
    /// against a hang): then it saw every scripted event, however late umockdev was.
    public var endedWithTheScripts: Bool {
        standardError.contains("the emulated devices' scripts ended")
    }
}

extension UmockdevHarness.Device {
    /// A bundled recording (`Recordings/NAME`, an evemu file) as a device: its description,
    /// and its events played after the barrier.
    public static func bundledRecording(_ name: String, eventNumber: Int) -> Self {
        // Paths are relative to the fixtures (Tests/Fixtures/umockdev).
        let path = "../../../Recordings/" + name
        return UmockdevHarness.Device(description: path, eventNumber: eventNumber, session: path)
    }

    /// The PenMount absolute pointer (libinput takes it) swiping across the third row.
    public static let penmountSwipe = UmockdevHarness.Device(
        description: "penmount.evemu", eventNumber: 60, session: "penmount-swipe.evemu")
    /// The eGalax tablet-class panel (read directly) swiping across the third row.
    public static let egalaxSwipe = UmockdevHarness.Device(
        description: "egalax.evemu", eventNumber: 61, session: "egalax-swipe.evemu")
    /// The eGalax swiping once the PenMount's swipe is over (two devices at once).
    public static let egalaxSwipeLate = UmockdevHarness.Device(
        description: "egalax.evemu", eventNumber: 61, session: "egalax-swipe-late.evemu")
}
