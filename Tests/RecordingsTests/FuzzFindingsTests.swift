import Foundation
import TestSupport
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

extension FuzzFindingsTests {
    /// Two `devices:` keys: the fast path and libyaml took different ones. Duplicate keys
    /// are now an error on both paths.
    @Test func aDuplicateKeyIsAnErrorOnBothPaths() throws {
        let path = TestFiles.fixtures.appendingPathComponent("fuzz-duplicate-devices-key.yml").path
        for parsing in [LibinputRecordReader.Parsing.libyaml, .automatic] {
            #expect {
                let reader = try LibinputRecordReader(path: path, parsing: parsing)
                while try reader.next() != nil {}
            } throws: { error in
                (error as? RecordingError)?.description.hasSuffix(
                    ":86: YAML: duplicate key `ndevices`")
                    == true
            }
        }
    }
}

extension FuzzFindingsTests {
    /// `{type: DEVICE_ADDEDl seat: seat0, …}` in a `libinput:` list: invalid YAML that the
    /// fast path skipped. Skipped lines are now checked with libyaml too.
    @Test func anInvalidLibinputLineIsAnErrorOnBothPaths() throws {
        let path = TestFiles.fixtures.appendingPathComponent("fuzz-invalid-flow-map.yml").path
        for parsing in [LibinputRecordReader.Parsing.libyaml, .automatic] {
            expectRecordingError(
                path: path, line: 102, containing: "did not find expected ',' or '}'"
            ) {
                let reader = try LibinputRecordReader(path: path, parsing: parsing)
                while try reader.next() != nil {}
            }
        }
    }
}

extension FuzzFindingsTests {
    /// `events:` and event rows inside a multi-line quoted string: the scan took them for
    /// an events list and the header it left made no sense. libyaml reads the file; now
    /// the automatic reader falls back to it and reads the same.
    @Test func eventsLinesInsideAStringAreLeftToLibyaml() throws {
        let path = TestFiles.fixtures.appendingPathComponent("fuzz-events-inside-a-string.yml").path
        let slow = try readLibinput(path, .libyaml)
        let automatic = try readLibinput(path, .automatic)
        #expect(!automatic.fast)
        #expect(slow.raw == automatic.raw)
        #expect(slow.events == automatic.events)
        #expect(slow.events.count == 2)  // the device, added and removed
    }
}

extension FuzzFindingsTests {
    /// `- \t{…}`: libyaml rejects a tab there; the scan skipped it as a space. Events lines
    /// with tabs are now left to libyaml.
    @Test func aTabInAnEventsLineIsAnErrorOnBothPaths() throws {
        let path = TestFiles.fixtures.appendingPathComponent("fuzz-tab-before-flow-map.yml").path
        for parsing in [LibinputRecordReader.Parsing.libyaml, .automatic] {
            expectRecordingError(path: path, line: 68, containing: "cannot start any token") {
                let reader = try LibinputRecordReader(path: path, parsing: parsing)
                while try reader.next() != nil {}
            }
        }
    }
}
