import Evdev
import Foundation
import Testing

@testable import Recordings

/// `EvemuParser.parseCanonicalEvent`, the fast path for lines exactly as evemu writes
/// them, against the general `parseAnyEvent`: the same event for every line it takes, and
/// nil (so the general reader decides, with its errors) for every other.
@Suite struct EvemuCanonicalEventTests {
    /// A reader the general parser can name in its errors.
    static func lineReader() throws -> LineReader {
        let path = NSTemporaryDirectory() + "cleartouch-canonical-\(getpid()).evemu"
        try "E: 0.000000 0000 0000 0\n".write(toFile: path, atomically: true, encoding: .utf8)
        return try LineReader(path: path)
    }

    static func bytes(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { body(UnsafeBufferPointer($0)) }
    }

    /// Lines as evemu writes them: seconds of 1 to 12 digits, both cases of hex, values
    /// across the whole Int32 range.
    static func canonicalLines() -> [String] {
        var generator = SystemRandomNumberGenerator()
        let values: [Int32] = [0, 1, -1, 9, 10, 99, 4095, -4095, .max, .min, .max - 1, .min + 1]
        let seconds: [UInt64] = [0, 1, 9, 10, 1234, 999_999_999_999, 100_000_000_000]
        var lines: [String] = []
        for second in seconds {
            for value in values {
                let micros = Int32.random(in: 0...999_999, using: &generator)
                let type = Int32.random(in: 0...0xFFFF, using: &generator)
                let code = Int32.random(in: 0...0xFFFF, using: &generator)
                let lower = String(
                    format: "E: %llu.%06d %04x %04x %d", second, micros, type, code, value)
                let upper = String(
                    format: "E: %llu.%06d %04X %04X %d", second, micros, type, code, value)
                lines += [lower, upper]
            }
        }
        lines.append("E: 0.000000 0000 0000 0")
        return lines
    }

    @Test func canonicalLinesGiveTheGeneralReadersEvent() throws {
        let reader = try Self.lineReader()
        for line in Self.canonicalLines() {
            try Self.bytes(line) { bytes in
                let fast = EvemuParser.parseCanonicalEvent(bytes)
                #expect(fast != nil, "\(line) is canonical")
                #expect(fast == (try? EvemuParser.parseAnyEvent(bytes, reader)), "\(line)")
            }
        }
    }

    /// Every way a line can differ from evemu's own: the fast path declines it, and what
    /// the reader makes of it (an event or an error) is the general reader's.
    @Test(arguments: [
        "E:  0.000001 0003 0035 100", "E:\t0.000001 0003 0035 100", "E: 0.000001  0003 0035 100",
        "E: 0.000001 0003 0035  100", "E: 0.000001 0003 0035 100 ", "E: 0.000001 0003 0035 100 # x",
        "E: 0.000001 0003 0035 100\r", "E: 0.00001 0003 0035 100", "E: 0.0000011 0003 0035 100",
        "E: 0.000001 003 0035 100", "E: 0.000001 00003 0035 100", "E: 0.000001 0x03 0035 100",
        "E: 0.000001 0003 0035 +100", "E: 0.000001 0003 0035 00000000100",
        "E: 0.000001 0003 0035 2147483648", "E: 0.000001 0003 0035 -2147483649",
        "E: 0.000001 0003 0035 -", "E: 0.000001 0003 0035 1x",
        "E: 1234567890123.000001 0003 0035 1",
        "E: .000001 0003 0035 1", "E: 0,000001 0003 0035 1", "E: 0.000001 00g3 0035 1",
        "e: 0.000001 0003 0035 1", "E: 0.000001 0003 0035",
    ])
    func otherLinesAreLeftToTheGeneralReader(line: String) throws {
        let reader = try Self.lineReader()
        Self.bytes(line) { bytes in
            #expect(EvemuParser.parseCanonicalEvent(bytes) == nil, "\(line)")
            let general = Result { () throws(RecordingError) in
                try EvemuParser.parseAnyEvent(bytes, reader)
            }
            let through = Result { () throws(RecordingError) in
                try EvemuParser.parseEvent(bytes, reader)
            }
            #expect(
                "\(general)" == "\(through)", "parseEvent must read \(line) as parseAnyEvent does")
        }
    }
}
