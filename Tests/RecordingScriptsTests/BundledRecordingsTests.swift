import Foundation
import RecordingScripts
import TestSupport
import Testing

/// The bundled recordings are exactly what their scripts write (tools/make-recordings).
@Suite struct BundledRecordingsTests {
    @Test func theScriptsWriteTheBundledRecordings() throws {
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let paths = try BundledRecordings.write(into: dir)
        let written = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(paths.map { String($0.dropFirst(dir.count + 1)) }.sorted() == written)
        #expect(written == TestPaths.bundledRecordings)
        for name in written {
            #expect(
                FileManager.default.contents(atPath: dir + "/" + name)
                    == FileManager.default.contents(atPath: TestPaths.recordings + "/" + name),
                "\(name) differs")
        }
    }
}
