import LibInputBackend
import Recordings
import ToolSupport
import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// What went wrong setting up or running a recording; prints as a message that says
/// what to do.
public enum RecorderError: Error, CustomStringConvertible {
    case outputExists(String)
    case cannotCreateOutput(String, reason: String)
    case noDevice(String)
    case backend(LibInputError)
    case write(RecordingError)
    /// The emulated devices' scripts did not play out (`replay --via-libinput`): the
    /// trace would miss the end of the recording.
    case incomplete(EventLoopStop)

    public var description: String {
        switch self {
        case .outputExists(let path):
            Diagnostic(
                path: path, line: 0,
                message: "the file exists; choose another name or pass --force to replace it"
            ).description
        case .cannotCreateOutput(let path, let reason):
            Diagnostic(path: path, line: 0, message: "cannot create the file: \(reason)")
                .description
        case .noDevice(let message): message
        case .backend(let error): error.description
        case .write(let error): error.description
        case .incomplete(.durationElapsed):
            "libinput did not deliver the whole recording in time (umockdev hung?)"
        case .incomplete(let stop): "the replay through libinput stopped early (\(stop))"
        }
    }
}

/// Records a live libinput session to the ClearTouch trace format: one write per event
/// (a frame is one write), so a recorder killed at any moment loses at most the event
/// being written.
public final class LiveRecorder {
    public let input: LiveInput
    public let writer: TraceWriter
    public let showKeyCodes: Bool
    /// Record only events of these device kinds (all when nil).
    public let recordedKinds: Set<DeviceKind>?
    /// The devices being recorded, in id order.
    public private(set) var devices: [DeviceDescription] = []
    public private(set) var eventCount = 0
    /// Told a line when a recorded device comes or goes while recording (hot-plug):
    /// `device 1 added: NAME (KIND WxH mm), event7 NAME: direct (…)` or `device 1 removed`.
    public var onDeviceChange: ((String) -> Void)?

    public init(
        input: LiveInput, writer: TraceWriter, showKeyCodes: Bool, recordedKinds: Set<DeviceKind>?
    ) {
        self.input = input
        self.writer = writer
        self.showKeyCodes = showKeyCodes
        self.recordedKinds = recordedKinds
    }

    /// Creates the output file with mode 0600, refusing an existing file unless `force`
    /// (which replaces it by a new file, so the mode is always 0600).
    public static func createOutput(path: String, force: Bool) throws(RecorderError) -> Int32 {
        if force { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            if errno == EEXIST { throw .outputExists(path) }
            throw .cannotCreateOutput(path, reason: String(cString: strerror(errno)))
        }
        // The umask may have taken bits away, never added any; say exactly 0600.
        fchmod(fd, 0o600)
        return fd
    }

    /// Reads the devices present at start and writes the header. Throws `.noDevice`
    /// when nothing is left to record. The header says the positions are upright for
    /// the input's rotation and calibrated when a recorded device's are.
    public func start(screen: ScreenSize, rowHeightPixels: Double?, recordedAt: String?)
        throws(RecorderError)
    {
        var added: [InputEvent] = []
        for event in input.readInitialEvents() {
            if case .deviceAdded(let device, _) = event, isRecorded(device) {
                devices.append(device)
                added.append(event)
            }
        }
        recordedDevices = Set(devices.map(\.id))
        guard !devices.isEmpty else {
            let wanted = recordedKinds == nil ? "input device" : "touch device"
            let seat: String
            if case .seat(let name) = input.context.source {
                seat = name
            } else {
                seat = "the given devices"
            }
            throw .noDevice(
                LiveInput.explainNoDevice(seat: seat, wanted: wanted, purpose: "record"))
        }
        var header = RecordingHeader(
            format: .trace, formatVersion: String(TraceWriter.formatVersion),
            recordedAt: recordedAt,
            devices: devices, screen: screen, rowHeightPixels: rowHeightPixels)
        let rotation = input.converter.rotation
        header.appliedRotation = rotation == .none ? nil : rotation
        header.appliedCalibration =
            devices.lazy.compactMap {
                self.input.converter.appliedCalibrations[$0.id]
            }.first
        do throws(RecordingError) {
            // The devices present at the start are in the header and, as in every trace,
            // also added at the start of the events.
            try writer.writeHeader(header)
            for event in added { try writer.write(event) }
        } catch {
            throw .write(error)
        }
    }

    /// One line per recorded device, `  device ID: NAME (KIND WxH mm)`, as the recorders
    /// show them on stderr once recording starts.
    public var deviceLines: [String] { devices.map { "  " + Self.describe($0) } }

    /// `device ID: NAME (KIND WxH mm)`, or with `change`, `device ID CHANGE: NAME (…)`.
    static func describe(_ device: DeviceDescription, change: String? = nil) -> String {
        func tenths(_ value: Double) -> String {
            // A device's own size: anything past Int64 prints as Swift writes it.
            guard let tenths = CheckedNumber.rounded(value * 10, in: Int64.min...Int64.max)
            else { return "\(value)" }
            return "\(tenths / 10).\(abs(tenths % 10))"
        }
        let size =
            device.sizeMillimetres.map { " \(tenths($0.width))x\(tenths($0.height)) mm" } ?? ""
        return
            "device \(device.id.rawValue)\(change.map { " " + $0 } ?? ""): \(TerminalText.escaped(device.name)) (\(device.kind.rawValue)\(size))"
    }

    /// The line `onDeviceChange` gets for a recorded hot-plug event.
    private func deviceChangeLine(_ event: InputEvent) -> String? {
        switch event {
        case .deviceAdded(let device, _):
            let added = Self.describe(device, change: "added")
            let route = input.deviceRoutes.first { $0.id == device.id }
            return route.map { added + ", \($0)" } ?? added
        case .deviceRemoved(let id, _):
            return "device \(id.rawValue) removed"
        default:
            return nil
        }
    }

    /// One line per recorded device saying which way its events come in,
    /// `  event5 NAME: direct (libinput ignores it; tablet-class touch panel)`
    /// (docs/devices.md).
    public var routeLines: [String] {
        input.deviceRoutes.filter { recordedDevices.contains($0.id) }.map { "  \($0)" }
    }

    /// Runs until a signal, `durationSeconds`, `idleSeconds` without input, or (when
    /// given) once `inputEventLimit` input events have been written (device added and
    /// removed do not count): a stop that does not depend on timing.
    public func run(durationSeconds: Double?, idleSeconds: Double?, inputEventLimit: Int? = nil)
        throws(RecorderError) -> EventLoopStop
    {
        var failure: RecordingError? = nil
        var inputEvents = 0
        let stop = input.loop.run(durationSeconds: durationSeconds, idleSeconds: idleSeconds) {
            event, _ in
            guard let recorded = self.recordable(event) else { return true }
            if let onDeviceChange = self.onDeviceChange, let line = self.deviceChangeLine(recorded)
            {
                onDeviceChange(line)
            }
            do throws(RecordingError) {
                try self.writer.write(recorded)
                self.eventCount += 1
                switch recorded {
                case .deviceAdded, .deviceRemoved: break
                default: inputEvents += 1
                }
                if let inputEventLimit, inputEvents >= inputEventLimit { return false }
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw .write(failure) }
        do throws(RecordingError) {
            try writer.close()
        } catch {
            throw .write(error)
        }
        return stop
    }

    private func isRecorded(_ device: DeviceDescription) -> Bool {
        recordedKinds.map { $0.contains(device.kind) } ?? true
    }

    private var recordedDevices: Set<DeviceID> = []

    /// The event as it goes into the file, or nil when it is not recorded.
    func recordable(_ event: InputEvent) -> InputEvent? {
        switch event {
        case .deviceAdded(let device, _):
            // Devices present at the start are in the header; these came later (hot-plug).
            guard isRecorded(device), recordedDevices.insert(device.id).inserted else { return nil }
            return event
        case .deviceRemoved(let id, _):
            return recordedDevices.remove(id) != nil ? event : nil
        case .key(let key):
            guard recordedDevices.contains(key.device) else { return nil }
            return .key(showKeyCodes ? key : obfuscated(key))
        default:
            return event.sourceDevice.map { recordedDevices.contains($0) ? event : nil } ?? event
        }
    }
}

/// Hides which key was pressed, as `libinput record` does without `--show-keycodes`:
/// every key that types a character becomes KEY_A; keys that only control editing
/// (Return, Escape, Backspace, arrows, modifiers, function keys) keep their code,
/// because replaying an editing session needs them and they reveal no text.
public func obfuscated(_ key: KeyboardKey) -> KeyboardKey {
    var result = key
    result.obfuscated = true
    if typesCharacter(key.code) { result.code = keyA }
    return result
}

let keyA = 30

/// evdev codes of keys that produce text: digits, letters, punctuation, space, keypad.
func typesCharacter(_ code: Int) -> Bool {
    switch code {
    case 2...13, 16...27, 30...41, 43...53, 55, 57, 71...83, 96, 98, 117, 121, 183...194: true
    default: false
    }
}
