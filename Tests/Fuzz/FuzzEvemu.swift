// libFuzzer entry for the evemu reader and the evdev decoder (tools/fuzz evemu).
import TouchInput

// Properties: never crashes or hangs; frames name the file's one device; every contact
// that goes down comes up or is cancelled exactly once, on a seat slot not in use.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    checkWordwiseLines(data, size)
    let path = fuzzInputPath(data, size, suffix: ".evemu")
    checkBatchesMatch(path, limit: 1 + size % 5)
    guard
        let recording = try? Recording.open(path: path, format: .evemu, maximumLineBytes: 1 << 16),
        let events = drain(recording)
    else { return 0 }
    var down = Set<Int>()
    for case .touchFrame(let frame) in events {
        precondition(frame.device == DeviceID(1))
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
    return 0
}

/// The wordwise `E:` parser never disagrees with the bytewise one: on every line of the
/// input (the time of the line before kept, as the reader keeps it), it declines or gives
/// the bytewise parser's event and length.
func checkWordwiseLines(_ data: UnsafePointer<UInt8>, _ size: Int) {
    let padded =
        Array(UnsafeBufferPointer(start: data, count: size))
        + [UInt8](repeating: 0, count: EvemuParser.wordwiseReadBytes)
    var last = EvemuParser.WordwiseTime()
    padded.withUnsafeBufferPointer { buffer in
        var start = 0
        while start < size {
            let line = buffer.baseAddress! + start
            if let wordwise = EvemuParser.parseCanonicalEventWordwise(at: line, last: &last) {
                let bytewise = EvemuParser.parseCanonicalEvent(
                    atStartOf: UnsafeBufferPointer(start: line, count: size - start))
                precondition(bytewise?.event == wordwise.event, "wordwise event differs")
                precondition(bytewise?.lineBytes == wordwise.lineBytes, "wordwise length differs")
            }
            guard let newline = buffer[start..<size].firstIndex(of: UInt8(ascii: "\n")) else {
                break
            }
            start = newline + 1
        }
    }
}

/// Reading in batches of `limit` events (`Recording.readBatch`, what a replay reads) gives
/// the events, then the error or the warnings, of reading one event at a time.
func checkBatchesMatch(_ path: String, limit: Int) {
    func open() -> Recording? {
        try? Recording.open(path: path, format: .evemu, maximumLineBytes: 1 << 16)
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
