// libFuzzer entry for the getevent reader and the evdev decoder (tools/fuzz getevent).
import TouchInput

// Properties: never crashes or hangs; errors are `FILE:LINE` of the capture or its
// description; frames name a device of the header; every contact that goes down comes up
// or is cancelled exactly once, on a seat slot not in use; reading in batches gives what
// reading one event at a time gives. Bytes before a 0x1E byte (if any) are the `--desc`
// file (`getevent -lp` output), the rest the capture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGetevent(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var descPath: String?
    var capture = bytes[...]
    if let separator = bytes.firstIndex(of: 0x1E) {
        descPath = fuzzInputPath(data, separator, suffix: ".desc")
        capture = bytes[(separator + 1)...]
    }
    let path = fuzzInputPath(data + capture.startIndex, capture.count, suffix: ".getevent")
    checkBatchesMatch(path, format: .getevent, descPath: descPath, limit: 1 + size % 5)
    let recording: Recording
    do throws(RecordingError) {
        recording = try Recording.open(
            path: path, descPath: descPath, format: .getevent, maximumLineBytes: 1 << 16)
    } catch {
        precondition(error.path == path || error.path == descPath, "an error of another file")
        return 0
    }
    guard let events = drain(recording) else { return 0 }
    checkContacts(events, devices: Set(recording.header.devices.map(\.id)))
    return 0
}
