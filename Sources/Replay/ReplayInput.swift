import DescriptorIO
import Foundation
import Recordings
import TouchInput

/// Where a replay's events come from: a recording file read as it goes, or events
/// produced another way (the command's `--via-libinput` runs real libinput first).
public protocol ReplayInput: AnyObject {
    /// What the recording says before its first event (devices, app context).
    var header: RecordingHeader { get }
    /// The next event, or nil at the end.
    func next() throws(ReplayError) -> InputEvent?
    /// The next events in bulk, into `batch` (emptied first; `RecordingBatch`): what the
    /// replay reads. `next` and `nextBatch` are two ways to read, one per input.
    func nextBatch(_ batch: inout RecordingBatch)
    /// The share of the input consumed so far, when known (progress bars).
    var progress: Double? { get }
    /// What the reader warned about so far (complete once `next` has returned nil).
    var warnings: [ReplayError] { get }
}

extension ReplayInput {
    /// No warnings, for inputs that have none.
    public var warnings: [ReplayError] { [] }

    /// `next`, up to `replayBatchEvents` times, for inputs that read no batch of their own.
    public func nextBatch(_ batch: inout RecordingBatch) {
        batch.removeAll()
        do throws(ReplayError) {
            while batch.events.count < replayBatchEvents {
                guard let event = try next() else {
                    batch.isLast = true
                    break
                }
                batch.events.append(event)
            }
        } catch {
            batch.failure = error
            batch.isLast = true
        }
        batch.progress = progress
    }
}

/// Events in a batch a replay reads at once: enough that handing one over costs nothing
/// beside them, few enough that the first arrives soon (docs/performance.md).
let replayBatchEvents = 4096

/// A recording file, opened with `Recording.open` and read one event at a time.
public final class RecordingInput: ReplayInput {
    private let recording: Recording
    private let fileBytes: Int?

    public init(_ source: ReplaySource) throws(ReplayError) {
        recording = try Recording.open(
            path: source.path, descPath: source.descPath,
            format: source.format.flatMap(RecordingFormat.init(rawValue:)),
            screen: source.screen, calibration: source.calibration, rotation: source.rotation)
        let size = FileCall.status(source.path)?.st_size ?? 0
        fileBytes = size > 0 ? Int(size) : nil
    }

    public var header: RecordingHeader { recording.header }

    public func next() throws(ReplayError) -> InputEvent? {
        try recording.next()
    }

    public func nextBatch(_ batch: inout RecordingBatch) {
        recording.readBatch(into: &batch, limit: replayBatchEvents)
        batch.progress = progress
    }

    public var progress: Double? { fileBytes.map { Double(recording.bytesConsumed) / Double($0) } }

    public var warnings: [ReplayError] { recording.warnings }
}

/// Events already in memory.
public final class EventListInput: ReplayInput {
    public let header: RecordingHeader
    private let events: [InputEvent]
    private var index = 0

    public init(header: RecordingHeader, events: [InputEvent]) {
        self.header = header
        self.events = events
    }

    public func next() throws(ReplayError) -> InputEvent? {
        guard index < events.count else { return nil }
        index += 1
        return events[index - 1]
    }

    public var progress: Double? { events.isEmpty ? nil : Double(index) / Double(events.count) }
}
