import Evdev
import LibInputBackend
import Recordings
import ToolSupport
import TouchInput
import Umockdev

#if canImport(Glibc)
    import Glibc
#endif

/// Why the via-libinput replay cannot run at all on this machine (umockdev or the
/// fix-up preload missing). Errors about the recording itself are `Diagnostic`s.
public struct ViaLibinputError: Error, CustomStringConvertible {
    /// What is missing and how to get it.
    public var message: String
    /// A setup error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// Why a recording did not play through libinput (`ViaLibinputReplay.play`).
public enum ViaLibinputFailure: Error, CustomStringConvertible {
    /// It cannot go through libinput at all: not an evdev recording, or a device libinput
    /// refuses or ignores (which the live paths read directly instead). The reason.
    case notThroughLibinput(String)
    /// It should have played and did not (an unreadable file, umockdev failing).
    case failed(Diagnostic)

    /// The reason or the diagnostic.
    public var description: String {
        switch self {
        case .notThroughLibinput(let reason): reason
        case .failed(let diagnostic): diagnostic.description
        }
    }
}

/// Replays an evdev-level recording (evemu or `libinput record`) through the real
/// libinput, in real time, under
/// umockdev: the faithful way to replay touchpad recordings, whose gestures libinput
/// itself decides (docs/libinput-backend.md).
///
/// The recording's device is emulated by `umockdev-run` with the fix-up preload; our own
/// executable runs `ViaLibinputCapture`'s child inside the testbed on that node, and the
/// trace it writes is read back. The events come out as from any recording, with libinput's
/// timestamps, ready for the recognizers.
public enum ViaLibinputReplay {
    /// Where the parts live.
    public struct Environment: Sendable {
        public var umockdevRun: String
        public var preload: String
        /// The executable to run inside the testbed: one that dispatches
        /// `ViaLibinputCapture.childCommand` to `ViaLibinputCapture.runChild`.
        public var cleartouch: String

        public init(umockdevRun: String, preload: String, cleartouch: String) {
            self.umockdevRun = umockdevRun
            self.preload = preload
            self.cleartouch = cleartouch
        }
    }

    /// The node the recording's device appears as inside the testbed.
    public static let eventNumber = 50

    /// Finds umockdev-run (`$CLEARTOUCH_UMOCKDEV_RUN`, else `PATH`), the preload
    /// (`$CLEARTOUCH_UMOCKDEV_FIXUP`, else `libUmockdevFixup.so` next to the running
    /// executable or in `../lib`), and the running executable itself.
    public static func discover() throws(ViaLibinputError) -> Environment {
        let executable = UmockdevTestbed.runningExecutable()
        let directory = executable.split(separator: "/", omittingEmptySubsequences: false)
            .dropLast()
            .joined(separator: "/")
        guard let umockdevRun = environment("CLEARTOUCH_UMOCKDEV_RUN") ?? searchPath("umockdev-run")
        else {
            throw ViaLibinputError(
                "umockdev-run not found: install the umockdev package (tools/bootstrap), or set CLEARTOUCH_UMOCKDEV_RUN"
            )
        }
        let candidates = [
            environment("CLEARTOUCH_UMOCKDEV_FIXUP"), directory + "/libUmockdevFixup.so",
            directory + "/../lib/libUmockdevFixup.so",
        ].compactMap { $0 }
        guard let preload = candidates.first(where: { access($0, R_OK) == 0 }) else {
            throw ViaLibinputError(
                "libUmockdevFixup.so not found next to \(executable): build it with `swift build --product UmockdevFixup`, or set CLEARTOUCH_UMOCKDEV_FIXUP"
            )
        }
        return Environment(umockdevRun: umockdevRun, preload: preload, cleartouch: executable)
    }

    /// Replays the evdev-level recording at `path` (evemu, with its description in
    /// `descPath` for an events-only file, or `libinput record` YAML, every device of it)
    /// through libinput, mapping touchscreens onto `screen`. `format` nil: detected.
    ///
    /// The devices present at the start are dated at the first input event, as a direct
    /// replay of the recording dates them: the time libinput took to open them (program
    /// start-up, wall clock) is not part of the recording.
    public static func run(
        path: String, descPath: String?, format: RecordingFormat? = nil, screen: ScreenSize,
        environment: Environment
    ) throws(Diagnostic) -> (header: RecordingHeader, events: [InputEvent]) {
        do throws(ViaLibinputFailure) {
            return try play(
                path: path, descPath: descPath, format: format, screen: screen,
                environment: environment, libinputOnly: false)
        } catch {
            switch error {
            case .failed(let diagnostic): throw diagnostic
            case .notThroughLibinput(let reason):
                throw Diagnostic(path: path, line: 1, message: reason)
            }
        }
    }

    /// Like `run`; with `libinputOnly` (`cleartouch test --via-libinput`), a device
    /// libinput does not take is `.notThroughLibinput` instead of being read directly, and
    /// the child's messages are kept out of the terminal (the last one goes into a
    /// failure's message), so that recordings can play side by side.
    public static func play(
        path: String, descPath: String?, format: RecordingFormat? = nil, screen: ScreenSize,
        environment: Environment, libinputOnly: Bool
    ) throws(ViaLibinputFailure) -> (header: RecordingHeader, events: [InputEvent]) {
        guard
            let directory = UmockdevTestbed.makeTemporaryDirectory(
                prefix: "cleartouch-via-libinput-trace")
        else {
            throw .failed(
                Diagnostic(path: path, line: 0, message: "cannot create a temporary directory"))
        }
        let trace = directory + "/replay.trace"
        let log = directory + "/child.log"
        defer {
            unlink(trace)
            unlink(log)
            rmdir(directory)
        }
        try recordTrace(
            path: path, descPath: descPath, format: format, screen: screen,
            environment: environment,
            tracePath: trace, libinputOnly: libinputOnly ? log : nil)
        var output: [InputEvent] = []
        let header: RecordingHeader
        do throws(RecordingError) {
            let recording = try Recording.open(path: trace, format: .trace)
            while let event = try recording.next() { output.append(event) }
            header = recording.header
        } catch {
            throw .failed(Diagnostic(path: path, line: 0, message: "through libinput: \(error)"))
        }
        let firstInput = output.firstIndex {
            switch $0 {
            case .deviceAdded, .deviceRemoved: false
            default: true
            }
        }
        if let firstInput {
            let start = output[firstInput].timeMicroseconds
            for index in 0..<firstInput {
                if case .deviceAdded(let device, _) = output[index] {
                    output[index] = .deviceAdded(device, timeMicroseconds: start)
                }
            }
        }
        return (header, output)
    }

    /// Like `run`, but leaves what libinput delivered as a ClearTouch trace at `tracePath`
    /// (which must not exist), for `cleartouch replay` to replay like any trace.
    /// `libinputOnly`: the file the child's messages go to, with `play`'s meaning of
    /// `libinputOnly` (nil: the child's messages go to stderr, its devices any way in).
    public static func recordTrace(
        path: String, descPath: String?, format: RecordingFormat? = nil, screen: ScreenSize,
        environment: Environment, tracePath trace: String, libinputOnly log: String? = nil
    ) throws(ViaLibinputFailure) {
        let detected: RecordingFormat
        let devices: [UmockdevTestbed.Device]
        do throws(Diagnostic) {
            if let format {
                detected = format
            } else {
                detected = try RecordingFormat.detect(path: path)
            }
            devices =
                detected == .trace
                ? [] : try testbedDevices(path: path, descPath: descPath, format: detected)
        } catch {
            throw .failed(error)
        }
        guard detected != .trace else { throw .notThroughLibinput(traceReason) }
        guard
            let directory = UmockdevTestbed.makeTemporaryDirectory(
                prefix: "cleartouch-via-libinput")
        else {
            throw .failed(
                Diagnostic(path: path, line: 0, message: "cannot create a temporary directory"))
        }
        defer { UmockdevTestbed.remove(devices, from: directory) }
        let testbed: [String]
        do throws(RecordingError) {
            testbed = try UmockdevTestbed.write(devices, into: directory)
        } catch {
            throw .failed(Diagnostic(path: path, line: 0, message: error.message))
        }

        // The child stops once every script has played its end marker; the duration only
        // guards against a hang.
        let times = devices.flatMap { $0.events ?? [] }.map(\.timeMicroseconds)
        let length = Double((times.max() ?? 0) - (times.min() ?? 0)) / 1e6
        let request = ViaLibinputCapture.Request(
            tracePath: trace, screen: screen,
            durationSeconds: length * hangGuardFactor + hangGuardSeconds,
            nodes: devices.map(\.node), libinputOnly: log != nil)
        let arguments =
            [environment.umockdevRun] + testbed
            + ["--", environment.cleartouch, ViaLibinputCapture.childCommand] + request.arguments
        let status: Int32
        do throws(ViaLibinputError) {
            status = try spawnAndWait(
                arguments, extraEnvironment: ["LD_PRELOAD=\(environment.preload)"],
                outputPath: log)
        } catch {
            throw .failed(Diagnostic(path: path, line: 0, message: error.message))
        }
        guard status == 0 else {
            let said = log.map(childMessages) ?? []
            if status == ViaLibinputCapture.notThroughLibinputStatus, log != nil {
                let prefix =
                    ViaLibinputCapture.childCommand + ": "
                    + ViaLibinputCapture.notThroughLibinputPrefix
                throw .notThroughLibinput(
                    ViaLibinputCapture.notThroughLibinputPrefix
                        + said.filter { $0.hasPrefix(prefix) }.map {
                            String($0.dropFirst(prefix.count))
                        }.joined(separator: ", "))
            }
            throw .failed(
                Diagnostic(
                    path: path, line: 0,
                    message: "replay through libinput failed (umockdev-run exit status \(status))"
                        + (said.last.map { ": " + $0 } ?? "")))
        }
    }

    /// The non-empty lines the child wrote to `log` (nothing when it cannot be read).
    static func childMessages(_ log: String) -> [String] {
        guard let file = fopen(log, "r") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Why a trace cannot be played through libinput.
    public static let traceReason =
        "--via-libinput plays evdev recordings (evemu, `libinput record` or getevent) through libinput; this is a trace file"

    /// The child gives up (an error) after the recording's length times this, plus
    /// `hangGuardSeconds`: only a hung umockdev takes that long.
    public static let hangGuardFactor = 3.0
    /// See `hangGuardFactor`.
    public static let hangGuardSeconds = 30.0

    // MARK: helpers

    /// The recording's devices, each with its events, on nodes from `eventNumber` up.
    static func testbedDevices(path: String, descPath: String?, format: RecordingFormat?)
        throws(Diagnostic) -> [UmockdevTestbed.Device]
    {
        let detected: RecordingFormat
        if let format {
            detected = format
        } else {
            detected = try RecordingFormat.detect(path: path)
        }
        switch detected {
        case .evemu:
            let (description, events) = try parse(path: path, descPath: descPath)
            guard !events.isEmpty else {
                throw Diagnostic(path: path, line: 1, message: "no events (E: lines) to replay")
            }
            guard !description.name.isEmpty else {
                throw Diagnostic(
                    path: descPath ?? path, line: 1,
                    message: "no device description (N:, I:, B:, A: lines); use --desc")
            }
            return [.init(description: description, eventNumber: eventNumber, events: events)]
        case .libinput:
            if let descPath {
                throw Diagnostic(
                    path: descPath, line: 1,
                    message:
                        "--desc is for evemu event files; a `libinput record` file describes its devices"
                )
            }
            let recorded = try LibinputRecordReader.rawDevices(path: path)
            let origin = recorded.compactMap { $0.events.first?.timeMicroseconds }.min()
            guard let origin else {
                throw Diagnostic(
                    path: path, line: 1, message: "no events (`- evdev:` rows) to replay")
            }
            return recorded.enumerated().filter { !$0.element.events.isEmpty }.map {
                UmockdevTestbed.Device(
                    description: $0.element.device, eventNumber: eventNumber + $0.offset,
                    events: $0.element.events, timelineOriginMicroseconds: origin)
            }
        case .getevent:
            return try GeteventReader.rawDevices(path: path, descPath: descPath).enumerated().filter
            { !$0.element.events.isEmpty }.map {
                UmockdevTestbed.Device(
                    description: $0.element.device, eventNumber: eventNumber + $0.offset,
                    events: $0.element.events, timelineOriginMicroseconds: 0)
            }
        case .trace:
            throw Diagnostic(path: path, line: 1, message: traceReason)
        }
    }

    static func parse(path: String, descPath: String?) throws(Diagnostic) -> (
        EvdevDevice, [EvdevEvent]
    ) {
        do throws(RecordingError) {
            let (fileDescription, events) = try UmockdevTestbed.parseFile(path)
            // As every reader: an events-only file without --desc takes the description
            // beside it by the evemu-devices naming.
            let descPath =
                descPath
                ?? (fileDescription.name.isEmpty
                    ? EvemuDescriptionPairing.descriptionPath(forEventsFile: path) : nil)
            guard let descPath else { return (fileDescription, events) }
            return (try UmockdevTestbed.parseFile(descPath).0, events)
        } catch {
            throw Diagnostic(path: error.path, line: error.line, message: error.message)
        }
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    static func searchPath(_ program: String) -> String? {
        for directory in (environment("PATH") ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs a program with the current environment plus `extraEnvironment`; its stdout goes
    /// to our stderr (diagnostics only), or both to the file `outputPath` when given, or
    /// stays ours with `inheritingOutput` (`cleartouch-umockdev run`: the program's output).
    /// Returns the exit status (128+N for a signal).
    static func spawnAndWait(
        _ arguments: [String], extraEnvironment: [String], outputPath: String? = nil,
        inheritingOutput: Bool = false
    ) throws(ViaLibinputError) -> Int32 {
        var environmentList: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !extraEnvironment.contains(where: { text.hasPrefix($0.prefix { $0 != "=" } + "=") })
            {
                environmentList.append(text)
            }
            index += 1
        }
        environmentList += extraEnvironment
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environmentList.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        if inheritingOutput {
            // stdout and stderr as they are.
        } else if let outputPath {
            posix_spawn_file_actions_addopen(
                &actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 2, 1)
        }
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp)
        guard result == 0 else {
            throw ViaLibinputError(
                "cannot start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
