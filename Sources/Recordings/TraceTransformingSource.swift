import Evdev
import TouchInput

/// A trace read through a calibration and a rotation: touch positions (px on each
/// device's screen) are calibrated unless the trace says they already are, and turned
/// upright unless they already are, so a replay never applies either twice.
final class TraceTransformingSource: RecordingEventSource {
    private let reader: TraceReader
    /// The reader's header, with the screen turned upright and what is now applied.
    let header: RecordingHeader
    private let calibration: CalibrationMatrix
    private let rotation: Rotation
    /// Per device: its native screen (as the trace gives it), to normalize positions.
    private var deviceScreens: [DeviceID: ScreenSize] = [:]
    private var notes: [RecordingError] = []

    var warnings: [RecordingError] { notes + reader.warnings }
    var bytesConsumed: Int { reader.bytesConsumed }

    init(_ reader: TraceReader, path: String, calibration: CalibrationMatrix?, rotation: Rotation) {
        self.reader = reader
        var header = reader.header
        var applied = calibration ?? .identity
        if header.appliedCalibration != nil && !applied.isIdentity {
            notes.append(
                RecordingError(
                    path: path, line: 0,
                    message:
                        "the trace's positions are already calibrated; the calibration given is not applied again"
                ))
            applied = .identity
        }
        var turn = rotation
        if header.appliedRotation != nil && turn != .none {
            notes.append(
                RecordingError(
                    path: path, line: 0,
                    message:
                        "the trace's positions are already upright (rotation \(header.appliedRotation!.degrees)); --rotate is not applied again"
                ))
            turn = .none
        }
        self.calibration = applied
        self.rotation = turn
        if !applied.isIdentity { header.appliedCalibration = applied }
        if turn != .none {
            header.appliedRotation = turn
            header.screen = header.screen.map { turn.uprightSize(ofNative: $0) }
        }
        header.devices = header.devices.map { device in
            var upright = device
            upright.screen = turn.uprightSize(ofNative: device.screen)
            return upright
        }
        for device in reader.header.devices { deviceScreens[device.id] = device.screen }
        self.header = header
    }

    func next() throws(RecordingError) -> InputEvent? {
        guard let event = try reader.next() else { return nil }
        if calibration.isIdentity && rotation == .none { return event }
        switch event {
        case .deviceAdded(var device, let time):
            deviceScreens[device.id] = device.screen
            device.screen = rotation.uprightSize(ofNative: device.screen)
            return .deviceAdded(device, timeMicroseconds: time)
        case .touchFrame(let frame):
            let native = deviceScreens[frame.device] ?? .defaultKiosk
            let transform = TouchTransform(
                calibration: calibration, rotation: rotation,
                uprightScreen: rotation.uprightSize(ofNative: native))
            return .touchFrame(transform.apply(to: frame, deviceScreen: native))
        default:
            return event
        }
    }
}
