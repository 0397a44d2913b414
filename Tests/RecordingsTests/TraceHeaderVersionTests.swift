import Foundation
import TestSupport
import Testing
import TouchInput

@testable import Recordings

/// The trace header after the merge of the `keyboard` line (both versions) with the
/// `calibration` and `rotation` lines (version 2): the writer writes the lowest version
/// that holds the lines present, and every new number is range checked (RecordingLimits).
@Suite struct TraceHeaderVersionTests {
    static func encoded(_ header: RecordingHeader) -> String {
        var out: [UInt8] = []
        TraceWriter.encodeHeader(header, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func header() -> RecordingHeader {
        RecordingHeader(
            format: .trace, formatVersion: "1",
            screen: ScreenSize(widthPixels: 1080, heightPixels: 1920))
    }

    @Test func aKeyboardLineAloneStaysVersion1() throws {
        var header = Self.header()
        header.keyboard = RecordedKeyboard(mode: "auto", layout: "de")
        let text = Self.encoded(header)
        #expect(text.hasPrefix("cleartouch-trace 1\n"))
        #expect(text.contains("keyboard auto de\n"))
        let read = try Recording.open(path: TestFiles.scratch(text, name: "kb1.trace")).header
        #expect(read.keyboard == header.keyboard)
        #expect(read.formatVersion == "1")
    }

    @Test func keyboardWithRotationAndCalibrationIsVersion2AndReadsBackWhole() throws {
        var header = Self.header()
        header.keyboard = RecordedKeyboard(mode: "on", layout: "fr")
        header.appliedRotation = .clockwise270
        header.appliedCalibration = CalibrationMatrix(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1)
        let text = Self.encoded(header)
        #expect(text.hasPrefix("cleartouch-trace 2\n"))
        let read = try Recording.open(path: TestFiles.scratch(text, name: "kb2.trace")).header
        #expect(read.keyboard == header.keyboard)
        #expect(read.appliedRotation == .clockwise270)
        #expect(read.appliedCalibration == header.appliedCalibration)
        #expect(read.formatVersion == "2")
    }

    static func trace(_ line: String) -> String {
        "cleartouch-trace 2\nscreen 1080 1920\n\(line)\nevents\n"
    }

    @Test func theCalibrationRangeIsTheParsersRange() {
        #expect(RecordingLimits.calibrationEntry == -1000...1000)
    }

    @Test(arguments: [
        "calibration 1000 0 0 0 1 -1000", "calibration -1000 0 1000 0 1000 0", "rotation 0",
        "rotation 270", "keyboard off us",
    ])
    func valuesAtTheLimitsAreRead(line: String) throws {
        _ = try Recording.open(path: TestFiles.scratch(Self.trace(line), name: "ok.trace"))
    }

    @Test(arguments: [
        ("calibration 1000.000001 0 0 0 1 0", "out of range"),
        ("calibration 1 0 -1000.5 0 1 0", "out of range"),
        ("calibration 1 0 0 0 1 1e300", "out of range"),
        ("calibration 1 0 0 0 1 nan", "not a finite number"),
        ("calibration 1 0 0 0 1 inf", "not a finite number"),
        ("rotation -90", "bad rotation"), ("rotation 360", "bad rotation"),
        ("rotation 271", "bad rotation"), ("rotation 99999999999999999999", "bad rotation"),
        ("rotation 90 extra", "bad rotation"),
    ])
    func valuesOutsideTheirRangeAreReportedWithTheirLine(line: String, message: String) {
        let path = TestFiles.scratch(Self.trace(line), name: "bad.trace")
        do {
            _ = try Recording.open(path: path)
            Issue.record("accepted `\(line)`")
        } catch {
            #expect(error.line == 3)
            #expect(error.message.contains(message), "\(error)")
        }
    }
}
