import Evdev
import EvdevDecoding
import Foundation
import TestSupport
import Testing
import TouchInput

@testable import Recordings

/// The evemu reader's fastest path: a canonical `E:` line parsed where it lies in the line
/// reader's buffer (`parseCanonicalEvent(atStartOf:)`, `LineReader.skipLine`), without
/// finding its end first. It must read what the line-by-line path reads, wherever the
/// buffer's end falls, and leave every other line (and its errors) to that path.
@Suite struct EvemuBufferedLineTests {
    /// Lines the fast path must decline, each followed by more bytes as in the buffer.
    static let otherLines = [
        "E:  0.000001 0003 0035 100", "E: 0.000001 0003 0035 100 ", "E: 0.000001 0003 0035 100\r",
        "E: 0.000001 0003 0035 100 # x", "E: 0.00001 0003 0035 100", "E: 0.000001 003 0035 100",
        "E: 0.000001 0003 0035 +100", "E: 0.000001 0003 0035 00000000100",
        "E: 0.000001 0003 0035 2147483648", "E: 0.000001 0003 0035 -", "E: 0.000001 0003 0035 1x",
        "E: 0.000001 0003 0035", "# E: 0.000001 0003 0035 1", "",
    ]

    @Test func aCanonicalLineInTheBufferGivesTheLinesEventAndLength() {
        for line in EvemuCanonicalEventTests.canonicalLines() {
            EvemuCanonicalEventTests.bytes(line + "\nE: 0.000002 0000 0000 0\n") { bytes in
                let parsed = EvemuParser.parseCanonicalEvent(atStartOf: bytes)
                #expect(parsed?.lineBytes == line.utf8.count, "\(line)")
                EvemuCanonicalEventTests.bytes(line) { alone in
                    #expect(parsed?.event == EvemuParser.parseCanonicalEvent(alone), "\(line)")
                }
            }
        }
    }

    /// Where the buffer ends inside a line, the fast path never claims a line that ends in
    /// a newline: the reader then reads more before parsing it.
    @Test func aLineCutByTheBufferEndIsNeverTakenAsWhole() {
        for line in EvemuCanonicalEventTests.canonicalLines().prefix(40) {
            let bytes = Array(line.utf8)
            for cut in 0..<bytes.count {
                var prefix = Array(bytes[..<cut])
                prefix.withUnsafeMutableBufferPointer { buffer in
                    let parsed = EvemuParser.parseCanonicalEvent(
                        atStartOf: UnsafeBufferPointer(buffer))
                    #expect(parsed == nil || parsed?.lineBytes == cut, "\(line) cut at \(cut)")
                }
            }
        }
    }

    @Test func otherLinesInTheBufferAreLeftToTheLineReader() {
        for line in Self.otherLines {
            EvemuCanonicalEventTests.bytes(line + "\nE: 0.000002 0000 0000 0\n") { bytes in
                #expect(EvemuParser.parseCanonicalEvent(atStartOf: bytes) == nil, "\(line)")
            }
        }
    }

    /// A description and about 1.5 MB of event lines (the line reader's buffer ends inside
    /// a line several times), canonical lines mixed with comments, `\r\n` endings, trailing
    /// comments and unpadded values.
    static func generatedRecording(frames: Int) -> String {
        var text = touchscreenDescription
        var generator = SystemRandomNumberGenerator()
        var x = 2000
        for frame in 0..<frames {
            let time = String(format: "%d.%06d", frame / 120, (frame % 120) * 8333)
            x = max(0, min(4095, x + Int.random(in: -40...40, using: &generator)))
            var lines: [String] = []
            if frame % 500 == 0 { lines.append("E: \(time) 0003 0039 \(frame / 500)") }
            lines.append("E: \(time) 0003 0035 \(x)")
            lines.append("E: \(time) 0003 0036 \(2303 - x / 2)")
            lines.append("E: \(time) 0000 0000 0000")
            if frame % 500 == 499 {
                lines.append("E: \(time) 0003 0039 -1")
                lines.append("E: \(time) 0000 0000 0")
            }
            switch frame % 97 {
            case 3: lines[0] += "\t# EV_ABS"
            case 5: lines[0] += "\r"
            case 7: lines.insert("# a comment", at: 0)
            case 11: lines[0] = lines[0].replacingOccurrences(of: " 0003 ", with: " 3 ")
            default: break
            }
            text += lines.joined(separator: "\n") + "\n"
        }
        return text
    }

    @Test func theReaderReadsWhatTheLineByLinePathReads() throws {
        let text = Self.generatedRecording(frames: 40_000)
        #expect(text.utf8.count > 3 * LineReader.chunkBytes)
        let read = try Self.expectTheReaderReadsLineByLine(text)
        #expect(read.count > 40_000)
    }

    /// The events the reader reads from an evemu file of `text`, having checked that they
    /// are what the line-by-line path reads, that every byte was read and nothing warned.
    static func expectTheReaderReadsLineByLine(_ text: String) throws -> [InputEvent] {
        let path = TestFiles.scratch(text, name: "generated.evemu")
        let recording = try Recording.open(path: path)
        var read: [InputEvent] = []
        while let event = try recording.next() { read.append(event) }
        #expect(recording.bytesConsumed == text.utf8.count)
        #expect(recording.warnings.isEmpty)
        let expected = try readLineByLine(path: path)
        #expect(read.count == expected.count)
        #expect(read == expected)
        return read
    }

    /// The events of the evemu file at `path` read the slow way: each line found by
    /// `nextLine` and parsed on its own, then decoded.
    static func readLineByLine(path: String) throws -> [InputEvent] {
        let (device, events) = try EvemuParser.read(path: path)
        let description = try #require(device)
        let decoder = EvdevTouchDecoder(
            id: DeviceID(1), device: description, screen: .defaultKiosk, seat: SeatSlots())
        var expected: [InputEvent] = [
            .deviceAdded(
                description.description(id: DeviceID(1), screen: .defaultKiosk),
                timeMicroseconds: 0)
        ]
        let first = try #require(events.first).timeMicroseconds
        for var event in events {
            event.timeMicroseconds -= first
            decoder.handle(event, into: &expected)
        }
        decoder.finish(time: decoder.lastTime, into: &expected)
        expected.append(.deviceRemoved(DeviceID(1), timeMicroseconds: decoder.lastTime))
        return expected
    }

    /// Lines taken where they lie still count: an error after them names its own line.
    @Test func anErrorAfterBufferedLinesNamesItsLine() throws {
        let good = Self.generatedRecording(frames: 30_000)
        // Counted as bytes: a Character "\r\n" is not a "\n".
        let lineCount = good.utf8.filter { $0 == UInt8(ascii: "\n") }.count
        let path = TestFiles.scratch(good + "E: 1.000000 0003 zz 5\n", name: "bad.evemu")
        let recording = try Recording.open(path: path)
        let error = #expect(throws: RecordingError.self) {
            while try recording.next() != nil {}
        }
        #expect(error?.line == lineCount + 1)
        #expect(error?.path == path)
    }
}
