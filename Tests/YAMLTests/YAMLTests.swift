import CYAML
import TestSupport
import Testing
import ToolSupport

@testable import YAML

/// The YAML module's document tree and event stream: what reads as null, the limits, and
/// the errors with their lines (the readers built on it are tested in RecordingsTests and
/// GestureServiceTests).
@Suite struct YAMLTests {
    static func document(_ text: String) throws(Diagnostic) -> YAMLNode? {
        try YAMLNode.document(bytes: Array(text.utf8), path: "x.yaml")
    }

    static func error(_ text: String) -> String? {
        do throws(Diagnostic) {
            _ = try document(text)
            return nil
        } catch {
            return error.description
        }
    }

    /// YAML 1.1 and 1.2's plain null spellings and the empty scalar; one byte more, one
    /// less, another case or quoted is a string.
    @Test(arguments: [
        ("a: ~", true), ("a: null", true), ("a: Null", true), ("a: NULL", true), ("a:", true),
        ("a: nul", false), ("a: nulls", false), ("a: nULL", false), ("a: NULl", false),
        ("a: ~~", false), ("a: \"null\"", false), ("a: '~'", false), ("a: 0", false),
    ])
    func nullIsOnlyTheNullSpellings(text: String, isNull: Bool) throws {
        let value = try #require(try Self.document(text)?["a"])
        #expect(value.isNull == isNull, "\(text)")
    }

    /// Collections nest at most `maximumDepth` levels: that many read, one more is an
    /// error naming its line.
    @Test func nestingStopsAtTheMaximumDepth() throws {
        let depth = YAMLNode.maximumDepth
        func nested(_ levels: Int) -> String {
            String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
        }
        #expect(try Self.document(nested(depth)) != nil)
        #expect(
            Self.error(nested(depth + 1)) == "x.yaml:1: YAML: nested deeper than \(depth) levels")
    }

    @Test func aDuplicateKeyAnAliasAndASecondDocumentAreErrorsAtTheirLines() {
        #expect(Self.error("a: 1\nb: 2\na: 3\n") == "x.yaml:3: YAML: duplicate key `a`")
        #expect(
            Self.error("a: &x 1\nb: *x\n")
                == "x.yaml:2: YAML aliases are not used by `libinput record`"
        )
        #expect(Self.error("a: 1\n---\nb: 2\n") == "x.yaml:2: YAML: more than one document (`---`)")
        #expect(Self.error("a: [1\n") != nil)
    }

    @Test func textWithoutADocumentIsNoDocument() throws {
        #expect(try Self.document("") == nil)
        #expect(try Self.document("# only a comment\n") == nil)
    }

    @Test func theEventStreamKnowsWhetherTextParses() {
        func parses(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { YAMLEventStream.parses($0) }
        }
        #expect(parses("a: [1, 2]\n"))
        #expect(!parses("a: [1, 2\n"))
    }

    /// A file is read through the stream with the line cap: a line of exactly the cap
    /// reads, one byte more fails on that line.
    @Test func aLineLongerThanTheCapFailsOnItsLine() throws {
        func read(_ text: String, cap: Int) throws(Diagnostic) {
            let path = TestFiles.scratch(text, name: "lines.yml")
            let stream = try YAMLEventStream(path: path, maximumLineBytes: cap)
            while try stream.next() != YAML_STREAM_END_EVENT {}
        }
        let line = "a: " + String(repeating: "b", count: 13)  // 16 bytes
        try read("x: 1\n" + line + "\n", cap: 16)
        #expect {
            try read("x: 1\n" + line + "\n", cap: 15)
        } throws: { error in
            "\(error)".hasSuffix(":2: line longer than 15 bytes")
        }
    }
}
