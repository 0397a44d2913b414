import Foundation
import Recordings
import TestSupport
import Testing

@testable import Replay

/// Every file of the real-device corpus (`Tests/Corpus`) replays (they are valid
/// recordings, though not Clear sessions). Events-only files find their device's `.desc`
/// as every command finds it: by the evemu-devices naming.
@Suite struct CorpusTests {
    static let extensions = [".events", ".evemu", ".event", ".desc", ".device"]

    static func corpusFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: TestPaths.corpus) else {
            return []
        }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if extensions.contains(where: { relative.hasSuffix($0) }) { files.append(relative) }
        }
        return files.sorted()
    }

    @Test func everyCorpusFileReplays() throws {
        let files = Self.corpusFiles()
        #expect(files.count >= 100, "found \(files.count) files in \(TestPaths.corpus)")
        var events = 0
        for relative in files {
            let path = TestPaths.corpus + "/" + relative
            do {
                let result = try ReplayHarness(source: ReplaySource(path: path)).run()
                events += result.eventCount
                // The same file read directly: as many events, over the same time span.
                let recording = try Recording.open(path: path)
                var count = 0
                var first: Int64?
                var last: Int64 = 0
                while let event = try recording.next() {
                    count += 1
                    first = first ?? event.timeMicroseconds
                    last = max(last, event.timeMicroseconds)
                }
                #expect(result.eventCount == count, "\(relative)")
                #expect(result.durationMicroseconds == last - (first ?? 0), "\(relative)")
            } catch {
                Issue.record("\(relative): \(error)")
            }
        }
        #expect(events > 10_000, "replayed \(events) events from \(files.count) files")
    }
}
