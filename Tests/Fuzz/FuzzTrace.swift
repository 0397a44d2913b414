// libFuzzer entry for the ClearTouch trace reader (tools/fuzz trace).
import TouchInput

// Property: never crashes; whatever it reads, written again and read back, is equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = fuzzInputPath(data, size, suffix: ".trace")
    guard
        let recording = try? Recording.open(path: path, format: .trace, maximumLineBytes: 1 << 16),
        let events = drain(recording)
    else { return 0 }
    var bytes: [UInt8] = []
    TraceWriter.encodeHeader(recording.header, into: &bytes)
    for event in events { TraceWriter.encode(event, into: &bytes) }
    let again = bytes.withUnsafeBufferPointer {
        fuzzInputPath($0.baseAddress!, $0.count, suffix: ".again")
    }
    guard let reread = try? Recording.open(path: again, format: .trace), let events2 = drain(reread)
    else {
        fatalError("a written trace does not read back")
    }
    // Re-encoding quantises numbers once; a second round trip must be exact.
    var bytes2: [UInt8] = []
    TraceWriter.encodeHeader(reread.header, into: &bytes2)
    for event in events2 { TraceWriter.encode(event, into: &bytes2) }
    precondition(bytes == bytes2, "trace round trip differs")
    return 0
}
