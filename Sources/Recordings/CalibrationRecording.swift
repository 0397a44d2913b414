import TouchInput

/// A recorded calibration session (`cleartouch calibrate --replay FILE`): the touches of
/// the first device that touched, one per touch in order (its position the median of its
/// samples), device-normalized (0…1 across each axis, uncalibrated).
public struct CalibrationRecording: Hashable, Sendable {
    /// Each touch's device-normalized position, in the order the touches began.
    public var touches: [Point]
    /// The screen the session was shown on (for residuals in pixels).
    public var screen: ScreenSize
    /// The name of the device that was touched, when any.
    public var deviceName: String?

    /// Reads the session in `path` (any format `Recording.open` reads). `screen`: the
    /// screen the targets were shown on (default: the recording's, else 1080x1920).
    /// A trace's positions are taken back through the calibration and rotation its
    /// header says they went through.
    public static func read(
        path: String, descPath: String? = nil, format: RecordingFormat? = nil,
        screen: ScreenSize? = nil
    ) throws(RecordingError) -> CalibrationRecording {
        let recording = try Recording.open(
            path: path, descPath: descPath, format: format, screen: screen)
        var devices: [DeviceID: DeviceDescription] = [:]
        for device in recording.header.devices { devices[device.id] = device }
        var chosen: DeviceID?
        var open: [Int: Int] = [:]  // seat slot → index in `samples`
        var samples: [[Point]] = []
        var cancelled = Set<Int>()
        while let event = try recording.next() {
            switch event {
            case .deviceAdded(let device, _): devices[device.id] = device
            case .touchFrame(let frame):
                if chosen == nil, frame.contacts.contains(where: { $0.phase == .down }) {
                    chosen = frame.device
                }
                guard frame.device == chosen else { continue }
                for contact in frame.contacts {
                    switch contact.phase {
                    case .down:
                        open[contact.seatSlot] = samples.count
                        samples.append([contact.positionPixels])
                    case .move, .up:
                        if let index = open[contact.seatSlot] {
                            samples[index].append(contact.positionPixels)
                        }
                        if contact.phase == .up { open[contact.seatSlot] = nil }
                    case .cancel:
                        if let index = open.removeValue(forKey: contact.seatSlot) {
                            cancelled.insert(index)
                        }
                    }
                }
            default: continue
            }
        }
        let device = chosen.flatMap { devices[$0] }
        let deviceScreen = device?.screen ?? screen ?? .defaultKiosk
        let rotation = recording.header.appliedRotation ?? .none
        let uncalibrate = recording.header.appliedCalibration?.inverse ?? .identity
        let native = rotation.nativeSize(ofUpright: deviceScreen)
        let touches = samples.indices.filter { !cancelled.contains($0) }.map { index in
            let upright = CalibrationFit.position(ofSamples: samples[index])
            let pixel = rotation.native(fromUpright: upright, upright: deviceScreen)
            return uncalibrate.apply(
                Point(
                    x: pixel.x / Double(native.widthPixels),
                    y: pixel.y / Double(native.heightPixels)))
        }
        return CalibrationRecording(
            touches: touches,
            screen: screen ?? recording.header.screen ?? native,
            deviceName: device?.name)
    }
}
