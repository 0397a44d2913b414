// libFuzzer entry for the `libinput record` reader (tools/fuzz libinput).
import TouchInput

// Properties: never crashes or hangs; when the fast path takes a file, it reads exactly
// what libyaml reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = fuzzInputPath(data, size, suffix: ".yml")
    let slow = read(path, .libyaml)
    let fast = read(path, .automatic)
    switch (slow, fast) {
    case (.success(let a), .success(let b)): precondition(a == b, "fast path and libyaml differ")
    case (.failure, .failure): break
    case (.success, .failure(let error)): fatalError("only the fast path fails: \(error)")
    case (.failure(let error), .success): fatalError("only libyaml fails: \(error)")
    }
    return 0
}

private func read(_ path: String, _ parsing: LibinputRecordReader.Parsing) -> Result<
    [InputEvent], RecordingError
> {
    do {
        let reader = try LibinputRecordReader(
            path: path, maximumLineBytes: 1 << 16, parsing: parsing)
        var events: [InputEvent] = []
        while let event = try reader.next() {
            events.append(event)
            if events.count > 100_000 { break }
        }
        return .success(events)
    } catch {
        return .failure(error)
    }
}
