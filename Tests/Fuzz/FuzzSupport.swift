// Shared by the fuzz entry files: compiled together with the Recordings sources
// (tools/fuzz), so internal API is visible.
import Glibc
import TouchInput

/// Writes the fuzz input to a file in /dev/shm (the readers read files) and returns its path.
func fuzzInputPath(_ data: UnsafePointer<UInt8>, _ size: Int, suffix: String) -> String {
    let path = "/dev/shm/cleartouch-fuzz-\(getpid())\(suffix)"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(fd >= 0, "cannot write \(path)")
    var written = 0
    while written < size {
        let count = write(fd, data + written, size - written)
        precondition(count > 0)
        written += count
    }
    close(fd)
    return path
}

/// Reads every event; errors are the expected outcome for most inputs. Crashes, hangs and
/// sanitizer findings are what the fuzzer looks for.
func drain(_ recording: Recording) -> [InputEvent]? {
    var events: [InputEvent] = []
    do {
        while let event = try recording.next() {
            events.append(event)
            if events.count > 100_000 { break }
        }
    } catch {
        precondition(!error.path.isEmpty && error.line >= 0)
        return nil
    }
    return events
}

/// Reading in batches of `limit` events (`Recording.readBatch`, what a replay reads) gives
/// the events, then the error or the warnings, of reading one event at a time.
func checkBatchesMatch(
    _ path: String, format: RecordingFormat = .evemu, descPath: String? = nil, limit: Int
) {
    func open() -> Recording? {
        try? Recording.open(
            path: path, descPath: descPath, format: format, maximumLineBytes: 1 << 16)
    }
    guard let one = open(), let bulk = open() else { return }
    var expected: [InputEvent] = []
    var expectedError: RecordingError?
    do throws(RecordingError) {
        while let event = try one.next(), expected.count <= 20_000 { expected.append(event) }
    } catch {
        expectedError = error
    }
    var got: [InputEvent] = []
    var gotError: RecordingError?
    var batch = RecordingBatch()
    var contacts: [TouchContact] = []
    repeat {
        bulk.readBatch(into: &batch, limit: limit)
        for index in 0..<batch.events.count {
            got.append(batch.events.event(at: index, contactsBuffer: &contacts))
        }
        gotError = batch.failure
    } while !batch.isLast && got.count <= 20_000
    let compared = min(expected.count, got.count, 20_000)
    precondition(expected.prefix(compared) == got.prefix(compared), "batched events differ")
    guard expected.count <= 20_000, got.count <= 20_000 else { return }
    precondition(expected.count == got.count, "batched event count differs")
    precondition(expectedError == gotError, "batched error differs")
    if expectedError == nil {
        precondition(one.warnings == bulk.warnings, "batched warnings differ")
    }
}

/// Frames name one of `devices`; every contact that goes down comes up or is cancelled
/// exactly once, on a seat slot not in use, by the end of the file.
func checkContacts(_ events: [InputEvent], devices: Set<DeviceID>) {
    var down = Set<Int>()
    for case .touchFrame(let frame) in events {
        precondition(devices.contains(frame.device), "a frame of a device not in the header")
        for contact in frame.contacts {
            switch contact.phase {
            case .down:
                precondition(down.insert(contact.seatSlot).inserted, "seat slot taken twice")
            case .move: precondition(down.contains(contact.seatSlot), "move of a contact not down")
            case .up, .cancel:
                precondition(down.remove(contact.seatSlot) != nil, "end of a contact not down")
            }
        }
    }
    precondition(
        down.isEmpty || events.count > 100_000, "contacts still down after the end of the file")
}
