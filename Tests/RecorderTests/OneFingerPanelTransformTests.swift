import Foundation
import Recordings
import TestSupport
import Testing
import TouchInput
import Umockdev

/// `record` with `--calibration` and `--rotate` on the one-finger panels under umockdev
/// (docs/devices.md, docs/calibration.md): the eGalax read directly (the decoder applies
/// both, as for a recording) and the PenMount through libinput (an absolute pointer: libinput
/// maps it onto the native panel, the converter turns it upright like a touch).
@Suite(.enabled(if: UmockdevHarness.runs, "\(UmockdevHarness.unavailableReason ?? "")"))
struct OneFingerPanelTransformTests {
    static let egalax = UmockdevHarness.Device.egalaxSwipe
    static let penmount = UmockdevHarness.Device.penmountSwipe
    /// Trace positions have 2 decimals.
    static let tolerancePixels = 0.02

    /// Records `device` from the seat with `extra` options; the trace's header and every
    /// contact position in order.
    static func record(_ device: UmockdevHarness.Device, _ extra: [String]) throws -> (
        header: RecordingHeader, positions: [Point], standardError: String
    ) {
        let output = RecordUmockdevTests.temporaryPath("transform.trace")
        defer { unlink(output) }
        let run = try UmockdevHarness.run(
            [device],
            command: [
                UmockdevHarness.cleartouch, "record", "-o", output, "--duration", "20",
            ] + extra)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.endedWithTheScripts, "\(run.standardError)")
        let (header, positions) = try read(output)
        return (header, positions, run.standardError)
    }

    /// A trace's header and every contact position in order.
    static func read(_ path: String) throws -> (RecordingHeader, [Point]) {
        let recording = try Recording.open(path: path)
        var positions: [Point] = []
        while let event = try recording.next() {
            if case .touchFrame(let frame) = event {
                positions += frame.contacts.map(\.positionPixels)
            }
        }
        return (recording.header, positions)
    }

    static func expectClose(_ actual: [Point], _ expected: [Point]) {
        #expect(actual.count == expected.count)
        #expect(actual.count > 2)
        for (a, e) in zip(actual, expected) {
            #expect(
                abs(a.x - e.x) <= tolerancePixels && abs(a.y - e.y) <= tolerancePixels,
                "\(a) vs \(e)")
        }
    }

    @Test func theDirectPathAppliesCalibrationSwappingTheAxes() throws {
        let screen = ["--screen", "1000x1000"]
        let plain = try Self.record(Self.egalax, screen)
        let swapped = try Self.record(
            Self.egalax, screen + ["--calibration", "0 1 0 1 0 0"])
        #expect(swapped.standardError.contains("direct"))
        #expect(plain.header.appliedCalibration == nil)
        #expect(
            swapped.header.appliedCalibration
                == CalibrationMatrix(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0))
        #expect(swapped.header.formatVersion == "2")
        // On a square screen swapping the normalized axes swaps the pixels.
        Self.expectClose(swapped.positions, plain.positions.map { Point(x: $0.y, y: $0.x) })
        #expect(swapped.positions != plain.positions)
    }

    /// The eGalax with a `LIBINPUT_CALIBRATION_MATRIX` udev property swapping the axes:
    /// the direct path honours it as libinput would, and `--calibration` replaces it.
    @Test func theDirectPathHonoursTheUdevCalibrationProperty() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-umockdev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var description = try UmockdevTestbed.parseFile(
            UmockdevHarness.fixtures.appendingPathComponent("egalax.evemu").path
        ).0
        description.udev[UmockdevFiles.calibrationProperty] = "0 1 0 1 0 0"
        let events = try UmockdevTestbed.parseFile(
            UmockdevHarness.fixtures.appendingPathComponent("egalax-swipe.evemu").path
        ).1
        let testbed = try UmockdevTestbed.write(
            [UmockdevTestbed.Device(description: description, eventNumber: 61, events: events)],
            into: directory.path)
        func record(_ extra: [String]) throws -> (RecordingHeader, [Point]) {
            let output = RecordUmockdevTests.temporaryPath("udev-calibration.trace")
            defer { unlink(output) }
            let run = try runCommand(
                executable: UmockdevHarness.umockdevRun,
                arguments: testbed + ["--"]
                    + UmockdevHarness.withBarrier(
                        [
                            UmockdevHarness.cleartouch, "record", "-o", output, "--duration", "20",
                            "--screen",
                            "1000x1000",
                        ] + extra, [Self.egalax]),
                environment: UmockdevHarness.environment)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.endedWithTheScripts, "\(run.standardError)")
            return try Self.read(output)
        }
        let (header, swapped) = try record([])
        #expect(
            header.appliedCalibration == CalibrationMatrix(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0))
        let (overridden, plain) = try record(["--calibration", "1 0 0 0 1 0"])
        #expect(overridden.appliedCalibration == nil)
        Self.expectClose(swapped, plain.map { Point(x: $0.y, y: $0.x) })
        #expect(swapped != plain)
    }

    @Test(arguments: ["egalax", "penmount"])
    func rotate90TurnsEveryPathUpright(panel: String) throws {
        let device = panel == "egalax" ? Self.egalax : Self.penmount
        let upright = ScreenSize(widthPixels: 1080, heightPixels: 1920)
        let native = try Self.record(device, ["--screen", "1920x1080"])
        let turned = try Self.record(device, ["--screen", "1080x1920", "--rotate", "90"])
        #expect(turned.header.appliedRotation == .clockwise90)
        #expect(turned.header.screen == upright)
        let rotation = Rotation.clockwise90
        Self.expectClose(
            turned.positions,
            native.positions.map { rotation.upright(fromNative: $0, upright: upright) })
    }
}
