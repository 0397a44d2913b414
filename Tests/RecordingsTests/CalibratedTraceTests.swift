import Evdev
import Foundation
import TestSupport
import Testing
import TouchInput

@testable import Recordings

/// The trace header's `calibration` and `rotation` lines (format version 2), and how a
/// replay applies a calibration or a rotation once and never twice (issue 11, part 3).
@Suite struct CalibratedTraceTests {
    static let swapped = CalibrationMatrix(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0)

    static func trace(header extra: String, version: Int = 1) -> String {
        """
        cleartouch-trace \(version)
        screen 1080 1920
        \(extra)
        events
        0 added 1 touchscreen 1080 1920 - - - - - - - - 10 Panel
        1000 down 1 0 0 108 480 - -
        1000 frame 1
        2000 up 1 0 0 108 480 - -
        2000 frame 1

        """
    }

    static func firstPosition(_ recording: Recording) throws -> Point? {
        try touchFrames(readAll(recording)).first?.contacts.first?.positionPixels
    }

    @Test func aTransformedHeaderIsVersion2AndReadsBack() throws {
        var header = RecordingHeader(
            format: .trace, formatVersion: "1",
            screen: ScreenSize(widthPixels: 1080, heightPixels: 1920))
        var plain: [UInt8] = []
        TraceWriter.encodeHeader(header, into: &plain)
        #expect(String(decoding: plain, as: UTF8.self).hasPrefix("cleartouch-trace 1\n"))
        header.appliedCalibration = CalibrationMatrix(
            a: 1.05, b: 0, c: -0.025, d: 0, e: 0.98, f: 0.01)
        header.appliedRotation = .clockwise90
        var bytes: [UInt8] = []
        TraceWriter.encodeHeader(header, into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("cleartouch-trace 2\n"))
        #expect(text.contains("\ncalibration 1.05 0 -0.025 0 0.98 0.01\n"))
        #expect(text.contains("\nrotation 90\n"))
        let reader = try TraceReader(path: TestFiles.scratch(text, name: "v2.trace"))
        #expect(reader.header.formatVersion == "2")
        #expect(reader.header.appliedCalibration == header.appliedCalibration)
        #expect(reader.header.appliedRotation == .clockwise90)
    }

    @Test func anOldTraceIsNotCalibratedAndAReplayCalibratesIt() throws {
        let path = TestFiles.scratch(Self.trace(header: "row-height 169"), name: "old.trace")
        let plain = try Recording.open(path: path)
        #expect(plain.header.appliedCalibration == nil)
        #expect(try Self.firstPosition(plain) == Point(x: 108, y: 480))
        // Swapped axes: x = 480/1920 of the width, y = 108/1080 of the height.
        let calibrated = try Recording.open(path: path, calibration: Self.swapped)
        #expect(calibrated.header.appliedCalibration == Self.swapped)
        #expect(try Self.firstPosition(calibrated) == Point(x: 270, y: 192))
    }

    @Test func aCalibratedTraceIsNeverCalibratedTwice() throws {
        let path = TestFiles.scratch(
            Self.trace(header: "calibration 0 1 0 1 0 0", version: 2), name: "calibrated.trace")
        let recording = try Recording.open(path: path, calibration: Self.swapped)
        #expect(try Self.firstPosition(recording) == Point(x: 108, y: 480))
        #expect(recording.warnings.contains { $0.message.contains("already calibrated") })
        // A rotation is still applied: the calibration and the rotation are separate.
        let turned = try Recording.open(path: path, rotation: .clockwise180)
        #expect(try Self.firstPosition(turned) == Point(x: 972, y: 1440))
    }

    @Test func anUprightTraceIsNeverTurnedTwice() throws {
        let path = TestFiles.scratch(
            Self.trace(header: "rotation 90", version: 2), name: "turned.trace")
        let recording = try Recording.open(path: path, rotation: .clockwise90)
        #expect(recording.header.screen == ScreenSize(widthPixels: 1080, heightPixels: 1920))
        #expect(try Self.firstPosition(recording) == Point(x: 108, y: 480))
        #expect(
            recording.warnings.contains { $0.message.contains("--rotate is not applied again") })
    }

    /// An unrotated trace of a landscape panel replayed `--rotate 90`: the layout and the
    /// device turn upright, the touch lands at docs/product-decisions.md's inverse mapping.
    @Test func aNativeTraceIsTurnedUpright() throws {
        let text = """
            cleartouch-trace 1
            screen 1920 1080
            events
            0 added 1 touchscreen 1920 1080 - - - - - - - - 10 Panel
            1000 down 1 0 0 300 100 - -
            1000 frame 1

            """
        let recording = try Recording.open(
            path: TestFiles.scratch(text, name: "native.trace"), rotation: .clockwise90)
        #expect(recording.header.screen == ScreenSize(widthPixels: 1080, heightPixels: 1920))
        let events = try readAll(recording)
        guard case .deviceAdded(let device, _) = events.first else {
            Issue.record("no device")
            return
        }
        #expect(device.screen == ScreenSize(widthPixels: 1080, heightPixels: 1920))
        // Native (p, q) = (300, 100) → upright (W − q, p) = (980, 300).
        #expect(touchFrames(events).first?.contacts.first?.positionPixels == Point(x: 980, y: 300))
    }

    @Test(arguments: [
        ("calibration 1 0 0 0 1", 2, "bad calibration: a calibration matrix is six numbers"),
        ("calibration 1 2 0 2 4 0", 2, "singular"),
        ("rotation 45", 2, "bad rotation"),
        ("calibration 1 0 0 0 1 0", 1, "unknown header line `calibration`"),
        ("rotation 90", 1, "unknown header line `rotation`"),
    ])
    func badLinesAreReportedWithTheirLine(line: String, version: Int, message: String) {
        let path = TestFiles.scratch(Self.trace(header: line, version: version), name: "bad.trace")
        do {
            _ = try Recording.open(path: path)
            Issue.record("accepted `\(line)`")
        } catch {
            #expect(error.line == 3)
            #expect(error.message.contains(message), "\(error)")
        }
    }

    /// A `libinput record` device's LIBINPUT_CALIBRATION_MATRIX udev property is applied
    /// by the decoder, as libinput would; `--calibration` replaces it.
    @Test func theUdevPropertyCalibratesAnEvdevRecording() throws {
        var device = EvdevDevice()
        device.udev[CalibrationMatrix.udevProperty] = "0 1 0 1 0 0"
        #expect(device.udevCalibration == Self.swapped)
        device.udev[CalibrationMatrix.udevProperty] = "0 0 0 0 0 0"
        #expect(device.udevCalibration == nil)
    }
}
