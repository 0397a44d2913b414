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
