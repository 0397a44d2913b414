import Foundation
import Testing
import ToolSupport
import TouchInput

/// calibration.conf after the merge with the hostile-input work: written through
/// `OutputFile` (atomic, a link written through, the config folders created), device
/// names that cannot be a line refused, and matrices beyond ±1000 refused on reading.
@Suite struct CalibrationFileOutputTests {
    static func scratch() -> String {
        NSTemporaryDirectory() + "calibration-output-\(UUID().uuidString)"
    }

    @Test func writingCreatesTheConfigFoldersAndReadsBack() throws {
        let home = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = CalibrationFile.defaultPath(environment: ["XDG_CONFIG_HOME": home])
        var file = CalibrationFile()
        file.set(CalibrationMatrix(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0), for: "Panel")
        try file.write(path: path)
        #expect(try CalibrationFile.read(path: path).matrix(for: "Panel")?.b == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
        #expect((mode as? Int).map { $0 & 0o022 } == 0)
    }

    @Test func aLinkIsWrittenThroughNotReplaced() throws {
        let home = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(
            atPath: home + "/cleartouch", withIntermediateDirectories: true)
        let real = home + "/real.conf"
        try "".write(toFile: real, atomically: false, encoding: .utf8)
        let path = home + "/cleartouch/calibration.conf"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: real)
        var file = CalibrationFile()
        file.set(.identity, for: "Panel")
        try file.write(path: path)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: path) == real)
        #expect(
            try String(contentsOfFile: real, encoding: .utf8).contains("matrix 1 0 0 0 1 0 Panel"))
    }

    @Test(arguments: [
        ("Panel", true), ("eGalax Inc. USB  Touch", true), ("Ünïcode", true), ("", false),
        ("two\nlines", false), (" leading", false), ("\tleading", false), ("esc\u{1B}[2J", false),
        ("c1\u{85}", false),
    ])
    func onlyNamesThatSurviveALineAreStored(name: String, storable: Bool) {
        #expect(CalibrationFile.canStore(deviceName: name) == storable)
    }

    @Test func aMatrixBeyondTheRangeIsAnErrorWithItsLine() {
        do {
            _ = try CalibrationFile.parse("# c\nmatrix 1 0 0 0 1 1001 Panel\n", path: "cal.conf")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.contains("out of range"), "\(error)")
        }
    }
}
