import Evdev
import Foundation
import TestSupport
import Testing
import TouchInput

@testable import Recordings

/// `EvemuParser.parseCanonicalEventWordwise`, the evemu reader's fastest path (eight bytes at
/// a time), against the bytewise `parseCanonicalEvent(atStartOf:)`: for every line it takes,
/// the same event and length; every line it declines goes on to the bytewise parser, so
/// what the reader makes of it (an event or an error, on its line) does not change.
@Suite struct EvemuWordwiseLineTests {
    /// `body` gets `line` in a buffer with `wordwiseReadBytes` readable bytes after its
    /// start (NUL bytes past the text).
    static func padded(_ line: [UInt8], _ body: (UnsafePointer<UInt8>) -> Void) {
        var bytes = line + [UInt8](repeating: 0, count: EvemuParser.wordwiseReadBytes + 1)
        bytes.withUnsafeMutableBufferPointer { body(UnsafePointer($0.baseAddress!)) }
    }

    /// The wordwise parse of `line` (from a fresh time, or from `last`) and the bytewise one.
    static func both(
        _ line: [UInt8], last: inout EvemuParser.WordwiseTime
    ) -> (
        wordwise: (event: EvdevEvent, lineBytes: Int)?,
        bytewise: (event: EvdevEvent, lineBytes: Int)?
    ) {
        var wordwise: (event: EvdevEvent, lineBytes: Int)? = nil
        var bytewise: (event: EvdevEvent, lineBytes: Int)? = nil
        padded(line) { pointer in
            wordwise = EvemuParser.parseCanonicalEventWordwise(at: pointer, last: &last)
            bytewise = EvemuParser.parseCanonicalEvent(
                atStartOf: UnsafeBufferPointer(start: pointer, count: line.count))
        }
        return (wordwise, bytewise)
    }

    static func both(_ text: String) -> (
        wordwise: (event: EvdevEvent, lineBytes: Int)?,
        bytewise: (event: EvdevEvent, lineBytes: Int)?
    ) {
        var last = EvemuParser.WordwiseTime()
        return both(Array(text.utf8), last: &last)
    }

    /// The wordwise parser never disagrees with the bytewise one: it declines, or it gives
    /// the same event and length.
    static func expectAgreement(_ line: [UInt8], last: inout EvemuParser.WordwiseTime) {
        let (wordwise, bytewise) = both(line, last: &last)
        if let wordwise {
            #expect(wordwise.event == bytewise?.event, "\(String(decoding: line, as: UTF8.self))")
            #expect(
                wordwise.lineBytes == bytewise?.lineBytes,
                "\(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test func canonicalLinesGiveTheBytewiseEventAndLength() {
        for line in EvemuCanonicalEventTests.canonicalLines() {
            let (wordwise, bytewise) = Self.both(line + "\n")
            let fields = line.split(separator: " ")
            let secondsDigits = fields[1].split(separator: ".")[0].count
            let valueDigits = fields[4].filter(\.isNumber).count
            if secondsDigits < 8 && valueDigits < 8 {
                #expect(wordwise != nil, "\(line)")
                #expect(wordwise?.event == bytewise?.event, "\(line)")
                #expect(wordwise?.lineBytes == line.utf8.count, "\(line)")
            } else {
                // Longer numbers: the bytewise parser's.
                #expect(wordwise == nil, "\(line)")
                #expect(bytewise != nil, "\(line)")
            }
        }
    }

    /// Seconds of 1 to 7 digits and values of 1 to 7 digits (either sign) are taken, each
    /// exactly; 8 digits go to the bytewise parser.
    @Test(arguments: 1...8)
    func everyFieldWidth(digits: Int) {
        let number = String(repeating: "9", count: digits)
        let value = Int64(number)!
        let time = Self.both("E: \(number).000001 0003 0035 7\n")
        let positive = Self.both("E: 1.000001 0003 0035 \(number)\n")
        let negative = Self.both("E: 1.000001 0003 0035 -\(number)\n")
        if digits < 8 {
            #expect(time.wordwise?.event.timeMicroseconds == value * 1_000_000 + 1)
            #expect(positive.wordwise?.event.value == Int32(value))
            #expect(negative.wordwise?.event.value == Int32(-value))
            #expect(negative.wordwise?.lineBytes == 23 + digits)
        } else {
            #expect(time.wordwise == nil)
            #expect(positive.wordwise == nil)
            #expect(negative.wordwise == nil)
        }
        for parsed in [time, positive, negative] {
            #expect(parsed.bytewise != nil)
            if let wordwise = parsed.wordwise { #expect(wordwise.event == parsed.bytewise?.event) }
        }
    }

    @Test func leadingZerosAndTheLargestFieldsAreTaken() {
        let parsed = Self.both("E: 0000000.999999 FfFf fFfF -0000000\n")
        #expect(parsed.wordwise?.event.timeMicroseconds == 999_999)
        #expect(parsed.wordwise?.event.type.rawValue == 0xFFFF)
        #expect(parsed.wordwise?.event.code.rawValue == 0xFFFF)
        #expect(parsed.wordwise?.event.value == 0)
        #expect(parsed.wordwise?.event == parsed.bytewise?.event)
        let largest = Self.both("E: 9999999.999999 0000 0000 9999999\n")
        #expect(largest.wordwise?.event.timeMicroseconds == 9_999_999_999_999)
        #expect(largest.wordwise?.event.value == 9_999_999)
    }

    /// Every way a line can differ from evemu's own, and a line with no `\n` (the file's
    /// last), or `\r\n`: declined.
    @Test func otherLinesAreDeclined() {
        var lines = EvemuBufferedLineTests.otherLines.map { $0 + "\n" }
        lines += [
            "E: 0.000001 0003 0035 100", "E: 0.000001 0003 0035 100\r\n", "E: 0.000001 0003 0035\n",
            "E: 0.000001 0003 0035 -\n", "E: 0.000001 0003 0035 --1\n",
            "E: 0.000001 0003 0035 +1\n",
            "E: 1.0000001 0003 0035 1\n", "E:0.000001 0003 0035 1\n", "E: 0.000001 0003 0035 1 \n",
            "e: 0.000001 0003 0035 1\n", "E; 0.000001 0003 0035 1\n",
            "E: 12345678.000001 0003 0035 1\n",
            "E: 0.000001 0003 0035 12345678\n", "E: 0.000001 00:3 0035 1\n",
            "E: 0.000001 0003 003G 1\n",
        ]
        for line in lines {
            #expect(Self.both(line).wordwise == nil, "\(line)")
        }
    }

    /// Each byte of a line replaced by every byte value, and each byte removed or doubled:
    /// the wordwise parser never disagrees with the bytewise one, and takes every line the
    /// bytewise one takes (the numbers here are short enough for it).
    @Test func everyByteReplacedRemovedOrDoubled() {
        let base = Array("E: 12.345678 0a0F 0035 -4095\n".utf8)
        var variants: [[UInt8]] = []
        for position in 0..<base.count {
            for byte in 0...255 where UInt8(byte) != base[position] {
                var line = base
                line[position] = UInt8(byte)
                variants.append(line)
            }
            var removed = base
            removed.remove(at: position)
            variants.append(removed)
            var doubled = base
            doubled.insert(base[position], at: position)
            variants.append(doubled)
        }
        var last = EvemuParser.WordwiseTime()
        for line in variants {
            // Up to the first "\n": the line the bytewise parser reads.
            let cut = Array(line.prefix(through: line.firstIndex(of: 0x0A) ?? line.count - 1))
            var fresh = EvemuParser.WordwiseTime()
            let (wordwise, bytewise) = Self.both(cut, last: &fresh)
            if let bytewise, bytewise.lineBytes < cut.count {
                #expect(
                    wordwise?.event == bytewise.event, "\(String(decoding: cut, as: UTF8.self))")
                #expect(wordwise?.lineBytes == bytewise.lineBytes)
            } else {
                #expect(wordwise == nil, "\(String(decoding: cut, as: UTF8.self))")
            }
            // The same after the line before (the time kept from it).
            Self.expectAgreement(base, last: &last)
            Self.expectAgreement(cut, last: &last)
        }
    }

    /// The time kept from the line before is used only for a line with the very same time
    /// bytes: every pair of these lines, one after the other, parses as each line alone.
    @Test func theTimeOfTheLineBeforeIsReusedOnlyForTheSameTime() {
        let lines = [
            "E: 1.000001 0003 0035 1\n", "E: 1.000001 0003 0036 2\n", "E: 1.000002 0003 0035 1\n",
            "E: 11.000001 0003 0035 1\n", "E: 1.0000011 0003 0035 1\n",
            "E: 1.000001  0003 0035 1\n",
            "E: 1.00000 0003 0035 1\n", "E: 2.000001 0000 0000 0\n", "E: 1.000001 0000 0000 0\n",
            "E: 1.000001 0003 0035 1\r\n", "# E: 1.000001 0003 0035 1\n",
        ]
        for first in lines {
            for second in lines {
                var last = EvemuParser.WordwiseTime()
                _ = Self.both(Array(first.utf8), last: &last)
                let after = Self.both(Array(second.utf8), last: &last).wordwise
                let alone = Self.both(second).wordwise
                #expect(after?.event == alone?.event, "\(second) after \(first)")
                #expect(after?.lineBytes == alone?.lineBytes, "\(second) after \(first)")
            }
        }
    }

    /// All 65,536 values of a hex field, in both cases.
    @Test func everyHexValue() {
        for value in 0...0xFFFF {
            for format in ["%04x", "%04X"] {
                let hex = String(format: format, value)
                let parsed = Self.both("E: 0.000001 \(hex) \(hex) 1\n").wordwise
                #expect(parsed?.event.type.rawValue == UInt16(value))
                #expect(parsed?.event.code.rawValue == UInt16(value))
            }
        }
    }

    /// A file that ends in canonical lines, with and without its last `\n`: the last lines
    /// (fewer bytes left than the wordwise parser reads) go the bytewise way, and the reader
    /// reads what the line-by-line path reads.
    @Test(arguments: [true, false])
    func theLastLinesOfAFile(newline: Bool) throws {
        var text = touchscreenDescription
        for frame in 0..<200 {
            let time = String(format: "%d.%06d", frame / 120, (frame % 120) * 8333)
            if frame == 0 { text += "E: \(time) 0003 0039 1\n" }
            text += "E: \(time) 0003 0035 \(1000 + frame)\nE: \(time) 0000 0000 0\n"
        }
        text += "E: 2.000000 0003 0039 -1\nE: 2.000000 0000 0000 0"
        if newline { text += "\n" }
        let read = try EvemuBufferedLineTests.expectTheReaderReadsLineByLine(text)
        #expect(touchFrames(read).count == 201)
    }

    /// A bad line right after lines read wordwise still names its own line.
    @Test func anErrorAfterWordwiseLinesNamesItsLine() throws {
        var text = touchscreenDescription + "E: 0.000000 0003 0039 1\n"
        for frame in 0..<100 {
            text += "E: 0.\(String(format: "%06d", frame)) 0003 0035 \(frame)\n"
            text += "E: 0.\(String(format: "%06d", frame)) 0000 0000 0\n"
        }
        let lineCount = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count
        let path = TestFiles.scratch(text + "E: 1.000000 0003 0035 1x\n" + text, name: "bad.evemu")
        let recording = try Recording.open(path: path)
        let error = #expect(throws: RecordingError.self) {
            while try recording.next() != nil {}
        }
        #expect(error?.line == lineCount + 1)
        #expect(error?.path == path)
    }
}
