import Testing

@testable import CleartouchCommands
@testable import cleartouch_devices

/// `--until-events N`: the live commands stop after N input events, a stop that does not
/// depend on timing (the umockdev tests use it instead of waiting for idleness).
@Suite struct UntilEventsOptionTests {
    @Test func takesAPositiveWholeNumber() throws {
        let record = try #require(try RecordCommand.options(["--until-events", "81"]))
        #expect(record.input.inputEventLimit == 81)
        let debug = try #require(try DebugGesturesCommand.options(["--until-events=1"]))
        #expect(debug.input.inputEventLimit == 1)
        #expect(try RecordCommand.options([])?.input.inputEventLimit == nil)
    }

    @Test(arguments: ["0", "-3", "2.5", "many", ""])
    func rejectsEverythingElse(value: String) {
        #expect(throws: UsageError.self) {
            try RecordCommand.options(["--until-events", value])
        }
    }
}
