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
    checkContacts(events, devices: [DeviceID(1)])
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
