import Foundation
import TestSupport
import Testing

@testable import Replay

/// Every file of the shared real-device corpus replays (they are valid recordings,
/// though not Clear sessions). Events-only files are paired with their device's `.desc`.
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

    /// The description for an events-only file: the longest `.desc` in the same folder
    /// whose name (without `.desc`) begins the events file's name.
    static func description(for path: String) -> String? {
        guard
            let text = try? String(contentsOfFile: path, encoding: .utf8)
                ?? String(contentsOfFile: path, encoding: .isoLatin1)
        else { return nil }
        let hasDescription = text.split(separator: "\n", maxSplits: 200).contains {
            $0.hasPrefix("N:") || $0.hasPrefix("I:")
        }
        if hasDescription { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let descs = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasSuffix(".desc")
        }
        return descs.filter { name.hasPrefix(String($0.dropLast(".desc".count))) }.max {
            $0.count < $1.count
        }
        .map { folder + "/" + $0 }
    }

    @Test func everyCorpusFileReplays() throws {
        let files = Self.corpusFiles()
        guard !files.isEmpty else {
            print("CorpusTests: skipped, no corpus at \(TestPaths.corpus)")
            return
        }
        var events = 0
        for relative in files {
            let path = TestPaths.corpus + "/" + relative
            let desc = Self.description(for: path)
            do {
                let result = try ReplayHarness(source: ReplaySource(path: path, descPath: desc))
                    .run()
                events += result.eventCount
                #expect(result.durationMicroseconds >= 0)
            } catch {
                Issue.record("\(relative) (desc: \(desc ?? "none")): \(error)")
            }
        }
        print(
            "CorpusTests: replayed \(files.count) files, \(events) events, from \(TestPaths.corpus)"
        )
        #expect(events > 10_000, "replayed \(events) events from \(files.count) files")
    }
}
