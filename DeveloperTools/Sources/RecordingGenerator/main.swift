// cleartouch-make-recordings: writes the bundled recordings of Recordings/ from their
// scripts (Tests/RecordingScripts; see Recordings/README.md). Deterministic: the same
// program writes the same bytes. Usage: cleartouch-make-recordings [OUTPUT-DIR]
import Foundation
import RecordingScripts

let outputDirectory = CommandLine.arguments.dropFirst().first ?? "Recordings"
do {
    for path in try BundledRecordings.write(into: outputDirectory) { print("wrote \(path)") }
} catch {
    FileHandle.standardError.write(Data("cleartouch-make-recordings: \(error)\n".utf8))
    exit(2)
}
