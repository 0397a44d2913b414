import Foundation
import Testing

@testable import Recordings

/// Inputs the fuzzers found; each once made the readers disagree or fail.
@Suite struct FuzzFindingsTests {
  /// A non-UTF-8 byte in an events comment: libyaml rejects the file, so must the fast path.
  @Test func invalidUTF8InAnEventsCommentIsRejectedByBothPaths() throws {
    var text = Array(smallLibinputRecord.utf8)
    let marker = Array("# Touch device in neutral state".utf8)
    let index = try #require(text.indices.first { text[$0...].starts(with: marker) })
    text[index + 2] = 0xFF
    let path = TestFiles.scratch(bytes: text, name: "bad-utf8.yml")
    for parsing in [LibinputRecordReader.Parsing.libyaml, .automatic] {
      #expect(throws: RecordingError.self) {
        let reader = try LibinputRecordReader(path: path, parsing: parsing)
        while try reader.next() != nil {}
      }
    }
  }
}
