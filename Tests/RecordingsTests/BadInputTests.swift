import Foundation
import TestSupport
import Testing

@testable import Recordings

/// Malformed files end in `FILE:LINE: what is wrong`, never a crash or a hang.
@Suite struct BadInputTests {
    static let formats: [RecordingFormat?] = [nil, .trace, .evemu, .libinput, .getevent]

    func expectError(_ path: String, format: RecordingFormat?, line: Int, _ message: String) {
        expectRecordingError(path: path, line: line, containing: message) {
            try readToEnd(path, format: format)
        }
    }

    @Test(arguments: formats)
    func anEmptyFile(format: RecordingFormat?) {
        expectError(TestFiles.scratch(""), format: format, line: 1, "empty file")
    }

    @Test(arguments: formats)
    func aBinaryFile(format: RecordingFormat?) {
        var bytes: [UInt8] = []
        var state: UInt32 = 12345
        for _ in 0..<5000 {
            state = state &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        bytes[10] = 0
        expectError(TestFiles.scratch(bytes: bytes), format: format, line: 1, "binary file")
    }

    @Test func aMissingFileAndADirectory() {
        expectError("/nonexistent/recording.trace", format: nil, line: 0, "cannot open")
        expectError(
            FileManager.default.temporaryDirectory.path, format: nil, line: 0, "is a directory")
    }

    @Test func anUnknownFormat() {
        expectError(TestFiles.scratch("hello world\n"), format: nil, line: 1, "unknown format")
        expectError(TestFiles.scratch("# just a comment\n\n"), format: nil, line: 3, "no content")
    }

    /// A 2 GB line (a sparse file: no disk, no time) is cut off at the 1 MiB line cap.
    @Test(arguments: [
        ("cleartouch-trace 1\nevents\n", RecordingFormat.trace, 3),
        (touchscreenDescription + "E: 0.000001 0000 0000 0000\n", .evemu, 21),
        (
            smallLibinputRecord.components(separatedBy: "  events:")[0] + "  events:\n  - evdev:\n",
            .libinput, 35
        ),
    ])
    func aTwoGigabyteLine(prefix: String, format: RecordingFormat, firstPaddingLine: Int) throws {
        // Pad with comment lines past the binary sniffing window, then one endless line.
        var text = prefix
        while text.utf8.count < 8192 {
            text += "# padding padding padding padding padding padding\n"
        }
        #expect(prefix.filter { $0 == "\n" }.count + 1 == firstPaddingLine)
        let longLine = text.filter { $0 == "\n" }.count + 1
        text += "    - [0, 0, 0, 0, 0] # "
        let path = TestFiles.scratch(text)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(text.utf8.count) + (2 << 30))
        try handle.close()
        expectError(path, format: format, line: longLine, "line longer than 1048576 bytes")
        if format == .libinput {
            #expect(throws: RecordingError.self) {
                let reader = try LibinputRecordReader(path: path, parsing: .libyaml)
                while try reader.next() != nil {}
            }
        }
    }

    @Test func aLongLineIsCappedAndReported() throws {
        let text = "cleartouch-trace 1\nevents\n" + String(repeating: "1", count: 3 << 20) + "\n"
        let path = TestFiles.scratch(text)
        expectError(path, format: nil, line: 3, "line longer than")
        // A smaller cap applies too.
        #expect(throws: RecordingError.self) {
            let recording = try Recording.open(
                path: TestFiles.scratch(
                    "cleartouch-trace 1\n# " + String(repeating: "x", count: 100) + "\nevents\n"),
                maximumLineBytes: 64)
            while try recording.next() != nil {}
        }
    }
}
