import Recordings
import TouchInput

/// `cleartouch app --replay RECORDING [--speed X]`: a recording fed into the real app loop
/// instead of live input (demos, soak tests, bug reproduction). The file is read one event
/// at a time, so a recording of any length runs in the same memory.
///
/// Events keep their recorded spacing: each is shifted by one offset onto the session's
/// clock, so every decision (long-press, sleep, animations) is the replay's.
final class RecordingFeed {
    /// `--speed`: times the recorded rate; 0 feeds as fast as the loop takes it.
    let speed: Double
    /// What the recording says before its first event (its screen, its devices).
    let header: RecordingHeader
    private let recording: Recording
    /// Session time minus recording time.
    private let offsetMicroseconds: Int64
    /// The next event, already shifted; nil at the end.
    private var upcoming: InputEvent?
    /// Contacts down now: withdrawn at the end of the recording, as replay does.
    private var contactsDown: [(device: DeviceID, contact: TouchContact)] = []
    /// True once every event has been handed over.
    private(set) var isFinished = false
    /// The recording time of the first event.
    private var firstEventMicroseconds: Int64?
    /// Recording time from the first event to the last one handed over.
    private(set) var elapsedMicroseconds: Int64 = 0
    /// The session time the first event is placed at: where the recording's clock starts.
    let startMicroseconds: Int64

    /// Opens `path` (its format detected) and places its first event at `sessionStart`.
    init(path: String, screen: ScreenSize, speed: Double, sessionStartMicroseconds: Int64)
        throws(RecordingError)
    {
        recording = try Recording.open(path: path, screen: screen)
        header = recording.header
        self.speed = speed
        let first = try recording.next()
        offsetMicroseconds = sessionStartMicroseconds - (first?.timeMicroseconds ?? 0)
        startMicroseconds = sessionStartMicroseconds
        firstEventMicroseconds = first.map { $0.timeMicroseconds + offsetMicroseconds }
        upcoming = first.map { $0.at(timeMicroseconds: $0.timeMicroseconds + offsetMicroseconds) }
        contactsDown.reserveCapacity(16)
    }

    /// The devices the recording's header names, added at the session's start (a file
    /// need not carry `added` events for them).
    func initialEvents(atMicroseconds time: Int64) -> [InputEvent] {
        header.devices.map { .deviceAdded($0, timeMicroseconds: time) }
    }

    /// The session time of the next event; nil at the end.
    var nextEventMicroseconds: Int64? { upcoming?.timeMicroseconds }

    /// The frames of a 60 Hz display on the recording's clock (`--speed 0`): frame N is due
    /// N/60 s after the first event, in whole microseconds (rounded up, so no frame is
    /// early and the sixtieth is due exactly one second in).
    static let framesPerSecond: Int64 = 60

    /// The session time of the first frame due at or after `time`, and its number.
    func frame(atOrAfter time: Int64) -> (number: Int64, timeMicroseconds: Int64) {
        let (sinceStart, late) = time.subtractingReportingOverflow(startMicroseconds)
        guard !late, sinceStart > 0 else {
            return late ? (Int64.max, Int64.max) : (0, startMicroseconds)
        }
        // The least N whose time, N/60 s rounded up to a microsecond, is at or after it.
        let (product, overflow) = (sinceStart - 1).multipliedReportingOverflow(
            by: Self.framesPerSecond)
        guard !overflow else { return (Int64.max, Int64.max) }
        let number = product / 1_000_000 + 1
        let (at, past) = startMicroseconds.addingReportingOverflow(
            Self.frameTimeMicroseconds(number))
        return (number, past ? Int64.max : at)
    }

    /// Frame `number`'s time after the first event: N/60 s rounded up to a microsecond.
    static func frameTimeMicroseconds(_ number: Int64) -> Int64 {
        let (product, overflow) = number.multipliedReportingOverflow(by: 1_000_000)
        let (roundedUp, past) = product.addingReportingOverflow(framesPerSecond - 1)
        return overflow || past ? Int64.max : roundedUp / framesPerSecond
    }

    /// True while a recorded finger is down (the loop then steps frame by frame).
    var hasContactsDown: Bool { !contactsDown.isEmpty }

    /// Hands every event due at or before `time` to `deliver`, in order; at the end, the
    /// contacts still down are cancelled.
    func take(until time: Int64, _ deliver: (InputEvent) -> Void) throws(RecordingError) {
        while let event = upcoming, event.timeMicroseconds <= time {
            track(event)
            elapsedMicroseconds = event.timeMicroseconds - (firstEventMicroseconds ?? 0)
            deliver(event)
            upcoming = try recording.next().map {
                $0.at(timeMicroseconds: $0.timeMicroseconds + offsetMicroseconds)
            }
        }
        guard upcoming == nil, !isFinished else { return }
        isFinished = true
        let devices = contactsDown.map(\.device).reduce(into: [DeviceID]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        for device in devices.sorted() {
            let cancelled = contactsDown.filter { $0.device == device }.map {
                var contact = $0.contact
                contact.phase = .cancel
                return contact
            }
            deliver(
                .touchFrame(TouchFrame(device: device, timeMicroseconds: time, contacts: cancelled))
            )
        }
        contactsDown.removeAll()
    }

    private func track(_ event: InputEvent) {
        switch event {
        case .touchFrame(let frame):
            for contact in frame.contacts {
                let index = contactsDown.firstIndex {
                    $0.device == frame.device && $0.contact.seatSlot == contact.seatSlot
                }
                switch contact.phase {
                case .down, .move:
                    if let index {
                        contactsDown[index].contact = contact
                    } else {
                        contactsDown.append((frame.device, contact))
                    }
                case .up, .cancel:
                    if let index { contactsDown.remove(at: index) }
                }
            }
        case .deviceRemoved(let device, _):
            contactsDown.removeAll { $0.device == device }
        default:
            break
        }
    }
}
