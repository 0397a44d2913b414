import TouchInput

/// Counts what a recording contains: `cleartouch inspect` prints it, tests assert on it.
public struct RecordingSummary: Hashable, Sendable {
    public struct DeviceCounts: Hashable, Sendable {
        public var frames = 0
        /// Contacts that touched down.
        public var contacts = 0
        /// Contacts ended by a cancel (palm, end of file) rather than a lift.
        public var cancelledContacts = 0
        /// Most contacts down at the same time.
        public var mostContactsAtOnce = 0
        /// Most fingers at once, counting what the device reports beyond its slots (`fingerCount`).
        public var mostFingersAtOnce = 0
        var down: Set<Int> = []

        public init() {}
    }

    public var events = 0
    public var firstTimeMicroseconds: Int64?
    public var lastTimeMicroseconds: Int64?
    public var devices: [DeviceDescription] = []
    public var perDevice: [DeviceID: DeviceCounts] = [:]
    public var gestures = 0
    public var pointerEvents = 0
    public var keys = 0
    public var texts = 0

    public init() {}

    public var durationMicroseconds: Int64 {
        guard let first = firstTimeMicroseconds, let last = lastTimeMicroseconds else { return 0 }
        return last - first
    }

    public var frames: Int { perDevice.values.reduce(0) { $0 + $1.frames } }
    public var contacts: Int { perDevice.values.reduce(0) { $0 + $1.contacts } }
    public var mostFingersAtOnce: Int { perDevice.values.map(\.mostFingersAtOnce).max() ?? 0 }
    public var mostContactsAtOnce: Int { perDevice.values.map(\.mostContactsAtOnce).max() ?? 0 }

    public mutating func add(_ event: InputEvent) {
        events += 1
        let time = event.timeMicroseconds
        // The first event's time, as replay measures from it (a later event that comes
        // before it is time running backwards, which the reader warns about).
        firstTimeMicroseconds = firstTimeMicroseconds ?? time
        lastTimeMicroseconds = max(lastTimeMicroseconds ?? time, time)
        switch event {
        case .deviceAdded(let device, _):
            if !devices.contains(where: { $0.id == device.id }) { devices.append(device) }
        case .deviceRemoved: break
        case .touchFrame(let frame):
            var counts = perDevice[frame.device] ?? DeviceCounts()
            counts.frames += 1
            for contact in frame.contacts {
                switch contact.phase {
                case .down:
                    counts.contacts += 1
                    counts.down.insert(contact.seatSlot)
                case .move: break
                case .up: counts.down.remove(contact.seatSlot)
                case .cancel:
                    counts.cancelledContacts += 1
                    counts.down.remove(contact.seatSlot)
                }
            }
            counts.mostContactsAtOnce = max(counts.mostContactsAtOnce, counts.down.count)
            counts.mostFingersAtOnce = max(
                counts.mostFingersAtOnce, counts.down.count, frame.fingerCount ?? 0)
            perDevice[frame.device] = counts
        case .touchpadGesture: gestures += 1
        case .pointerMotion, .pointerButton, .pointerScroll: pointerEvents += 1
        case .key: keys += 1
        case .text: texts += 1
        }
    }
}
