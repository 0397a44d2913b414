import Foundation
import Recordings
import TestSupport
import Testing
import TouchInput

/// The trace header's `keyboard MODE LAYOUT` line (docs/trace-format.md).
@Suite struct TraceKeyboardLineTests {
    @Test func theKeyboardLineReadsBack() throws {
        var header = TraceFormatTests.header
        for mode in RecordedKeyboard.modes {
            header.keyboard = RecordedKeyboard(mode: mode, layout: "de")
            let path = try TraceFormatTests.write([], header: header)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("\nkeyboard \(mode) de\n"))
            #expect(try TraceReader(path: path).header.keyboard == header.keyboard)
        }
    }

    @Test func aTraceWithoutTheLineSaysNothing() throws {
        let path = try TraceFormatTests.write([])
        #expect(try TraceReader(path: path).header.keyboard == nil)
    }

    @Test(arguments: ["keyboard", "keyboard maybe us", "keyboard on", "keyboard on us extra"])
    func aBadKeyboardLineIsAnErrorAtItsLine(line: String) throws {
        let path = TestFiles.scratchPath(name: "k.trace")
        try "cleartouch-trace 1\nscreen 10 10\n\(line)\nevents\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try TraceReader(path: path)
            Issue.record("\(line) was accepted")
        } catch {
            #expect(error.description.contains(":3: bad keyboard"))
        }
    }
}
