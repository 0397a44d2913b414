import Testing

@testable import JSON

/// The JSON module: parsing with lines, quoting, exact numbers, the two layouts.
@Suite struct JSONParserTests {
    @Test func parsesEscapesNumbersAndNesting() throws {
        let value = try JSONParser.parse(
            #"{"a": [1, -2.5e1, true, null], "b": "x\"\u00e9\ud83d\ude00\n"}"#)
        #expect(value["a"] == .array([.number(1), .number(-25), .bool(true), .null]))
        #expect(value["b"] == .string("x\"é😀\n"))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "tru", "\"abc", "[1] 2", "01x",
        String(repeating: "[", count: 500),
    ])
    func rejectsMalformedText(text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    }

    @Test func quotingRoundTrips() throws {
        let text = "tab\t \"quote\" back\\slash \u{01} é"
        #expect(try JSONParser.parse(JSONValue.string(text).encoded()) == .string(text))
    }

    /// A string with nothing to escape is written whole; one escaped character anywhere
    /// (first, last, among other scripts' characters) takes the character-by-character way.
    @Test(arguments: [
        ("plain", #""plain""#), ("", #""""#), ("é😀 ok", #""é😀 ok""#),
        ("\"first", #""\"first""#), ("last\\", #""last\\""#), ("é\n😀", #""é\n😀""#),
        ("\u{1F}\t\r", #""\u001f\t\r""#), ("a\u{7F}b", "\"a\u{7F}b\""),
    ])
    func quotingWritesWholeOrEscaped(text: String, quoted: String) {
        #expect(JSONValue.string(text).encoded() == quoted)
    }

    @Test func millisecondsAreExact() {
        #expect(JSONNumber.milliseconds(0).text == "0.000")
        #expect(JSONNumber.milliseconds(1_234_567).text == "1234.567")
        #expect(JSONNumber.milliseconds(-5).text == "-0.005")
    }
}

@Suite struct JSONWriterTests {
    static let sample = JSONValue.object(fields: [
        ("events", .integer(3)),
        ("screen", .object(fields: [("width", .integer(1080)), ("height", .integer(1920))])),
        ("row_height", .number(JSONNumber(52.5))),
        ("gestures", .array([])),
        (
            "items",
            .array([
                .object(fields: [("text", .string("a\"b")), ("completed", .bool(false))]),
                .object(fields: [("text", .string("c")), ("completed", .bool(true))]),
            ])
        ),
        ("editing", .null),
    ])

    @Test func indentedBreaksOnlyContainersOfContainers() {
        #expect(
            Self.sample.encoded(.indented) == """
                {
                  "events": 3,
                  "screen": {"width": 1080, "height": 1920},
                  "row_height": 52.5,
                  "gestures": [],
                  "items": [
                    {"text": "a\\"b", "completed": false},
                    {"text": "c", "completed": true}
                  ],
                  "editing": null
                }
                """)
    }

    @Test func oneLineSeparatesWithCommaSpace() {
        #expect(
            Self.sample.encoded()
                == #"{"events": 3, "screen": {"width": 1080, "height": 1920}, "row_height": 52.5, "#
                + #""gestures": [], "items": [{"text": "a\"b", "completed": false}, "#
                + #"{"text": "c", "completed": true}], "editing": null}"#)
    }

    @Test func numbersKeepTheirTextAndCompareByValue() throws {
        #expect(JSONNumber(169.0).text == "169")
        #expect(JSONNumber(52.5).text == "52.5")
        #expect(JSONNumber.milliseconds(1_500).text == "1.500")
        let parsed = try JSONParser.parse("[1.50, 2e0]")
        #expect(parsed.encoded() == "[1.50, 2e0]")
        #expect(parsed == .array([.number(1.5), .number(2)]))
    }

    @Test func writtenTextParsesBack() throws {
        #expect(try JSONParser.parse(Self.sample.encoded(.indented)) == Self.sample)
        #expect(try JSONParser.parse(Self.sample.encoded()) == Self.sample)
    }
}
