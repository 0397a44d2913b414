import Foundation
import GestureServiceCommand
import Testing
import ToolSupport
import TouchInput

@testable import CleartouchCommands
@testable import cleartouch_devices

/// The per-device calibration file `cleartouch calibrate` saves and the tools read.
@Suite struct CalibrationFileTests {
    static func configHome() -> String {
        let path = NSTemporaryDirectory() + "calibration-file-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(
            atPath: path + "/cleartouch", withIntermediateDirectories: true)
        return path
    }

    @Test func aSavedFileReadsBackPerDevice() throws {
        let home = Self.configHome()
        let path = CalibrationFile.defaultPath(environment: ["XDG_CONFIG_HOME": home])
        #expect(path == home + "/cleartouch/calibration.conf")
        var file = CalibrationFile()
        file.set(
            CalibrationMatrix(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0), for: "eGalax Inc. USB  Touch")
        file.set(.identity, for: "Other")
        file.set(CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0), for: "Other")
        try file.write(path: path)
        let read = try CalibrationFile.read(path: path)
        #expect(read.deviceNames == ["eGalax Inc. USB  Touch", "Other"])
        #expect(read.matrix(for: "eGalax Inc. USB  Touch")?.b == 1)
        #expect(read.matrix(for: "Other")?.a == -1)
        let lookup = LiveInputOptions.calibrations(
            explicit: nil, environment: ["XDG_CONFIG_HOME": home], warn: { Issue.record("\($0)") })
        #expect(lookup("Other")?.c == 1)
        #expect(lookup("Unknown") == nil)
        // --calibration wins over the file, for every device.
        let explicit = LiveInputOptions.calibrations(
            explicit: .identity, environment: ["XDG_CONFIG_HOME": home], warn: { _ in })
        #expect(explicit("Other") == .identity)
        // No file: nothing, no warning.
        #expect(try CalibrationFile.read(path: home + "/none.conf") == CalibrationFile())
    }

    @Test(arguments: [
        ("matrix 1 0 0 0 1 0 Panel\nmatrix 1 0 0 Panel", 2, "six numbers and a device name"),
        ("# c\n\nmatrix 1 0 nan 0 1 0 Panel", 3, "'nan' is not a finite number"),
        ("matrix 1 2 0 2 4 0 Panel", 1, "singular"),
        ("calibrate 1 0 0 0 1 0 Panel", 1, "expected `matrix a b c d e f DEVICE NAME`"),
    ])
    func anUnreadableFileIsItsPathAndLineAndToolsCarryOnUncalibrated(
        text: String, line: Int, message: String
    ) throws {
        let home = Self.configHome()
        let path = home + "/cleartouch/calibration.conf"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var warnings: [String] = []
        let lookup = LiveInputOptions.calibrations(
            explicit: nil, environment: ["XDG_CONFIG_HOME": home], warn: { warnings.append($0) })
        #expect(lookup("Panel") == nil)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("\(path):\(line): ") == true, "\(warnings)")
        #expect(warnings.first?.contains(message) == true, "\(warnings)")
        #expect(warnings.first?.hasSuffix("carrying on uncalibrated") == true)
    }
}
