import DescriptorIO
import Glibc
import Recordings
import TouchInput

/// A recording read on a thread of its own, a batch or two ahead of the replay: the
/// reader reads, parses and decodes the next batch while the replay handles the one
/// before (`BatchHandOff`), so on two cores a replay takes about as long as the longer of
/// the two, not their sum; on one core they take turns (docs/replay.md, "Reading ahead").
/// The same events, warnings and errors as `RecordingInput`, in the same order.
public final class ReadAheadInput: ReplayInput {
    public let header: RecordingHeader
    private let handOff: BatchHandOff
    private var thread = pthread_t()
    private var threadStarted = false
    /// The batch `next` reads from (one reads either with `next` or with `nextBatch`).
    private var current = RecordingBatch()
    private var currentIndex = 0
    private var currentContacts: [TouchContact] = []
    private var latestProgress: Double?
    /// Set when no thread could be started: `nextBatch` reads on the replay's thread.
    private var inline: ReaderWork?

    /// Opens the recording of `source` (its errors thrown here, as `RecordingInput`'s) and
    /// starts reading it: batches of `batchEvents` events (the first one smaller, so the
    /// replay starts soon), `batches` of them filled ahead at most.
    public convenience init(_ source: ReplaySource) throws(ReplayError) {
        try self.init(source, batchEvents: replayBatchEvents, batches: 2)
    }

    /// See `init(_:)`; tests choose small batches to put their edges anywhere, and
    /// `onThread: false` reads on the caller's thread, as when no thread can be started.
    init(
        _ source: ReplaySource, batchEvents: Int, batches: Int, firstBatchEvents: Int? = nil,
        onThread: Bool = true
    ) throws(ReplayError) {
        let recording = try Recording.open(
            path: source.path, descPath: source.descPath,
            format: source.format.flatMap(RecordingFormat.init(rawValue:)),
            screen: source.screen, calibration: source.calibration, rotation: source.rotation)
        header = recording.header
        let size = FileCall.status(source.path)?.st_size ?? 0
        handOff = BatchHandOff(emptyBatches: batches)
        let work = ReaderWork(
            recording: recording, handOff: handOff, fileBytes: size > 0 ? Int(size) : nil,
            batchEvents: max(1, batchEvents),
            firstBatchEvents: max(1, firstBatchEvents ?? min(batchEvents, Self.firstBatchEvents)))
        // pthread passes the thread one raw pointer: `work`, retained once for the thread,
        // which takes that retain back as it starts (and drops it when it ends).
        let context = Unmanaged.passRetained(work).toOpaque()
        threadStarted =
            onThread
            && pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<ReaderWork>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context) == 0
        if !threadStarted {
            // No thread to be had: read on this one, batch by batch, as the reader would.
            Unmanaged<ReaderWork>.fromOpaque(context).release()
            inline = work
        }
    }

    /// Events in the first batch: the replay waits for it while its session starts.
    static let firstBatchEvents = 512

    deinit {
        handOff.stop()
        if threadStarted { pthread_join(thread, nil) }
    }

    public func nextBatch(_ batch: inout RecordingBatch) {
        if let inline {
            inline.readOne(into: &batch)
        } else {
            handOff.exchange(&batch)
        }
        latestProgress = batch.progress
    }

    public func next() throws(ReplayError) -> InputEvent? {
        while currentIndex == current.events.count {
            if let failure = current.failure { throw failure }
            if current.isLast { return nil }
            nextBatch(&current)
            currentIndex = 0
        }
        currentIndex += 1
        return current.events.event(at: currentIndex - 1, contactsBuffer: &currentContacts)
    }

    public var progress: Double? { latestProgress }

    public var warnings: [ReplayError] { inline?.recording.warnings ?? handOff.warnings }
}

/// What the reader thread does, and what it needs.
///
/// `@unchecked Sendable`: once the thread starts, only it touches `recording` (the replay
/// reads its header before, and its warnings through the hand-off after); the rest is
/// constant.
private final class ReaderWork: @unchecked Sendable {
    let recording: Recording
    let handOff: BatchHandOff
    let fileBytes: Int?
    let batchEvents: Int
    var nextLimit: Int

    init(
        recording: Recording, handOff: BatchHandOff, fileBytes: Int?, batchEvents: Int,
        firstBatchEvents: Int
    ) {
        self.recording = recording
        self.handOff = handOff
        self.fileBytes = fileBytes
        self.batchEvents = batchEvents
        nextLimit = firstBatchEvents
    }

    /// Fills one batch.
    func readOne(into batch: inout RecordingBatch) {
        recording.readBatch(into: &batch, limit: nextLimit)
        nextLimit = batchEvents
        batch.progress = fileBytes.map { Double(recording.bytesConsumed) / Double($0) }
    }

    /// Fills batches until the recording ends or fails, or the replay goes away.
    func run() {
        while var batch = handOff.takeEmpty() {
            readOne(into: &batch)
            let isLast = batch.isLast
            handOff.putFull(batch, warnings: isLast ? recording.warnings : nil)
            if isLast { return }
        }
    }
}
