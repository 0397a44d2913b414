import Evdev
import Foundation
import JSON
import TestSupport
import Testing
import TouchInput
import TouchScript

@testable import CleartouchCommands
@testable import cleartouch_devices

/// `--calibration`, `--rotate` and `cleartouch calibrate` as the command line sees them
/// (issue 11, parts 3 and 4, and its "Bad input").
@Suite struct CalibrationRotationCommandTests {
    static var recordings: String { PackagePaths.root.path + "/Recordings" }

    static func run(_ command: any Subcommand.Type, _ arguments: [String]) -> (
        status: Int32, output: String, error: String
    ) {
        let captured = CapturedOutput()
        let status = command.main(arguments: arguments, output: captured.streams)
        return (status, captured.standardOutput, captured.standardError)
    }

    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "calibration-tests-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    // MARK: bad input

    @Test(arguments: [
        ("1 0 0 0 1", "six numbers"), ("1 0 0 0 1 0 0", "six numbers"),
        ("1 0 nan 0 1 0", "'nan' is not a finite number"),
        ("1 0 inf 0 1 0", "'inf' is not a finite number"), ("1 0 x 0 1 0", "'x' is not"),
        ("1 2 0 2 4 0", "singular"), ("0 0 0 0 0 0", "singular"), ("", "got 0"),
        ("1 0 0 0 1 1000.001", "out of range"), ("-1000.5 0 0 0 1 0", "out of range"),
    ])
    func aBadCalibrationIsExit2WithTheReason(text: String, reason: String) {
        let commands: [(any Subcommand.Type, [String])] = [
            (ReplayCommand.self, ["r.evemu"]), (RecordCommand.self, []),
            (DebugGesturesCommand.self, []), (AppCommand.self, []),
            (RenderCommand.self, ["r", "-o", "o"]),
        ]
        for (command, arguments) in commands {
            let run = Self.run(command, arguments + ["--calibration", text])
            #expect(run.status == 2, "\(command.name)")
            #expect(run.error.contains("--calibration"), "\(command.name): \(run.error)")
            #expect(run.error.contains(reason), "\(command.name): \(run.error)")
        }
    }

    @Test(arguments: ["45", "-90", "360", "90.0", "ninety", ""])
    func aRotationOutsideTheFourAnglesIsExit2(text: String) {
        for (command, arguments): (any Subcommand.Type, [String]) in [
            (ReplayCommand.self, ["r.evemu"]), (RecordCommand.self, []), (AppCommand.self, []),
        ] {
            let run = Self.run(command, arguments + ["--rotate", text])
            #expect(run.status == 2, "\(command.name)")
            #expect(run.error.contains("--rotate needs 0, 90, 180 or 270"), "\(run.error)")
        }
        // debug-gestures has no display to turn.
        #expect(Self.run(DebugGesturesCommand.self, ["--rotate", "90"]).status == 2)
    }

    @Test func theFlagsReachEveryCommandsOptions() throws {
        let replay = try #require(
            try ReplayCommand.options([
                "r.evemu", "--rotate", "270", "--calibration", "0 1 0 1 0 0",
            ]))
        #expect(replay.source.rotation == .clockwise270)
        #expect(replay.source.calibration == CalibrationMatrix(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0))
        let app = try #require(
            try AppCommand.options(["--rotate=90", "--calibration=1 0 0.1 0 1 0"]))
        #expect(app.rotation == .clockwise90)
        #expect(app.calibration?.c == 0.1)
        let record = try #require(try RecordCommand.options(["--rotate", "180"]))
        #expect(record.input.rotation == .clockwise180)
        let debug = try #require(
            try DebugGesturesCommand.options(["--calibration", "1 0 0 0 1 0"]))
        #expect(debug.input.shared.calibration == .identity)
    }

    @Test func viaLibinputTakesNeither() {
        for extra in [["--rotate", "90"], ["--calibration", "0 1 0 1 0 0"]] {
            let run = Self.run(ReplayCommand.self, ["r.evemu", "--via-libinput"] + extra)
            #expect(run.status == 2)
            #expect(run.error.contains("do not go with --via-libinput"))
        }
    }

    @Test func calibrateHasHelpAndRefusesBadUsage() {
        let help = Self.run(CalibrateCommand.self, ["--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: cleartouch calibrate"))
        #expect(
            Self.run(CalibrateCommand.self, ["--json"]).error.contains("--json goes with --replay"))
        #expect(
            Self.run(CalibrateCommand.self, ["--replay", "f", "/dev/input/event3"]).status == 2)
        #expect(Self.run(CalibrateCommand.self, ["--replay", "f", "--rotate", "90"]).status == 2)
        #expect(Self.run(CalibrateCommand.self, ["--replay"]).status == 2)
    }

    // MARK: calibrate --replay

    /// The bundled session was made on a layer reporting (u, v) as
    /// (0.96 u + 0.015 v + 0.02, −0.01 u + 1.03 v − 0.025): the fit is that matrix's inverse.
    static let layer = CalibrationMatrix(a: 0.96, b: 0.015, c: 0.02, d: -0.01, e: 1.03, f: -0.025)

    @Test func calibrateReplayFitsTheBundledSession() throws {
        let run = Self.run(
            CalibrateCommand.self,
            ["--replay", Self.recordings + "/calibrate-session.evemu", "--json"])
        #expect(run.status == 0, "\(run.error)")
        let json = try JSONParser.parse(run.output)
        guard case .array(let numbers) = json["matrix"],
            case .number(let residual) = json["residual_px"]
        else {
            Issue.record("not {matrix, residual_px}: \(run.output)")
            return
        }
        let values = numbers.compactMap { value -> Double? in
            if case .number(let number) = value { return number.value }
            return nil
        }
        let expected = try #require(Self.layer.inverse)
        #expect(values.count == 6)
        for (value, wanted) in zip(values, expected.values) {
            #expect(abs(value - wanted) < 0.002, "\(values) vs \(expected)")
        }
        // Whole pixels and a one-pixel wobble: well under a pixel off.
        #expect(residual.value < 1)

        let text = Self.run(
            CalibrateCommand.self, ["--replay", Self.recordings + "/calibrate-session.evemu"])
        #expect(text.status == 0)
        #expect(text.output.contains("LIBINPUT_CALIBRATION_MATRIX=1.04"))
        #expect(text.output.contains("ATTRS{name}==\"ClearTouch Synthetic Touchscreen\""))
        #expect(text.output.contains("ENV{LIBINPUT_CALIBRATION_MATRIX}=\""))
    }

    /// Replayed with the fitted matrix, the session's touches land on their targets: the
    /// first target (y = 192 px) is on row 1, where the raw touch (y = 148) was on row 0.
    @Test func replayWithTheFittedCalibrationHitsTheTargets() throws {
        let path = Self.recordings + "/calibrate-session.evemu"
        let fit = Self.run(CalibrateCommand.self, ["--replay", path])
        let line = try #require(
            fit.output.split(separator: "\n").first { $0.hasPrefix("LIBINPUT_CALIBRATION_MATRIX=") }
        )
        let matrix = String(line.dropFirst("LIBINPUT_CALIBRATION_MATRIX=".count))
        let raw = Self.run(ReplayCommand.self, [path, "--json"])
        let calibrated = Self.run(ReplayCommand.self, [path, "--json", "--calibration", matrix])
        #expect(raw.status == 0 && calibrated.status == 0)
        #expect(raw.output.contains("\"action\": \"edit-begin\", \"index\": 0"))
        #expect(calibrated.output.contains("\"action\": \"edit-begin\", \"index\": 1"))
        #expect(!calibrated.output.contains("\"index\": 0"))
    }

    /// An evemu file of five taps of the synthetic touchscreen at `points` (pixels).
    static func tapSession(_ points: [(Int, Int)]) throws -> String {
        var script = Script()
        for (x, y) in points {
            script.tap(x: x, y: y)
            script.wait(milliseconds: 500)
        }
        let path = temporaryDirectory() + "/session.evemu"
        try SyntheticTouchscreen.evemuText(script.events, comment: "test session")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func calibrateRefusesDegenerateAndMissedSessions() throws {
        let samePlace = try Self.tapSession(Array(repeating: (500, 900), count: 5))
        let degenerate = Self.run(CalibrateCommand.self, ["--replay", samePlace])
        #expect(degenerate.status == 1)
        #expect(degenerate.error.contains("degenerate session"))
        let collinear = try Self.tapSession([
            (100, 100), (300, 300), (500, 500), (700, 700), (900, 900),
        ])
        #expect(
            Self.run(CalibrateCommand.self, ["--replay", collinear]).error.contains("degenerate"))
        // The fourth target touched 150 px off: refused, naming the bound.
        let missed = try Self.tapSession([
            (108, 192), (972, 192), (972, 1728), (258, 1728), (540, 960),
        ])
        let refused = Self.run(CalibrateCommand.self, ["--replay", missed, "--json"])
        #expect(refused.status == 1)
        #expect(refused.error.contains("px from where the fitted calibration puts its touch"))
        #expect(refused.output.isEmpty)
        let four = try Self.tapSession([(108, 192), (972, 192), (972, 1728), (108, 1728)])
        #expect(
            Self.run(CalibrateCommand.self, ["--replay", four]).error.contains("got 4 touches"))
        let unreadable = Self.run(
            CalibrateCommand.self, ["--replay", "/nonexistent/session.evemu"])
        #expect(unreadable.status == 2)
        #expect(unreadable.error.hasPrefix("/nonexistent/session.evemu:"))
    }

    // MARK: replay --rotate

    /// The synthetic touchscreen as mounted on a panel turned `rotation`: its axes span the
    /// native panel (ten units a pixel).
    static func nativeDevice(_ rotation: Rotation) -> EvdevDevice {
        var device = SyntheticTouchscreen.evdevDevice
        let native = rotation.nativeSize(ofUpright: SyntheticTouchscreen.screen)
        for code in [EventCode.absX, .absMTPositionX] {
            device.absinfo[code] = AbsoluteAxisInfo(
                minimum: 0, maximum: Int32(native.widthPixels * 10 - 1), resolution: 40)
        }
        for code in [EventCode.absY, .absMTPositionY] {
            device.absinfo[code] = AbsoluteAxisInfo(
                minimum: 0, maximum: Int32(native.heightPixels * 10 - 1), resolution: 40)
        }
        return device
    }

    /// A right swipe of 600 px on row 1 of the upright layout, as the panel turned
    /// `rotation` reports it (native pixels), in an evemu file.
    static func rotatedSwipe(_ rotation: Rotation) throws -> String {
        let upright = SyntheticTouchscreen.screen
        let start = rotation.native(fromUpright: Point(x: 300, y: 254), upright: upright)
        let end = rotation.native(fromUpright: Point(x: 900, y: 254), upright: upright)
        var script = Script()
        script.drag(
            x: Int(start.x), y: Int(start.y), dx: Int(end.x - start.x), dy: Int(end.y - start.y))
        var encoder = SyntheticTouchscreen.encoder(timeOffsetMicroseconds: 1)
        let path = temporaryDirectory() + "/swipe-\(rotation.degrees).evemu"
        try
            (EvemuWriter.description(nativeDevice(rotation), comment: "rotated swipe")
            + EvemuWriter.eventLines(encoder.events(script.events)))
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: Rotation.allCases)
    func replayRotateReadsARecordingMadeOnATurnedPanel(rotation: Rotation) throws {
        let path = try Self.rotatedSwipe(rotation)
        let run = Self.run(ReplayCommand.self, [path, "--json", "--rotate", "\(rotation.degrees)"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("\"action\": \"complete\", \"index\": 1"), "\(run.output)")
        if rotation != .none {
            // Read as if upright, the same file does something else.
            let unturned = Self.run(ReplayCommand.self, [path, "--json"])
            #expect(!unturned.output.contains("\"action\": \"complete\", \"index\": 1"))
        }
    }

    // MARK: the udev property

    /// A `libinput record` file whose device carries LIBINPUT_CALIBRATION_MATRIX: the
    /// decoder applies it as libinput would, and `--calibration` replaces it.
    @Test func aRecordedUdevCalibrationIsHonouredAndTheFlagWins() throws {
        var device = SyntheticTouchscreen.evdevDevice
        // Mirrored x: the touch at x = 100 px lands at 980 px.
        device.udev[CalibrationMatrix.udevProperty] = "-1 0 1 0 1 0"
        var script = Script()
        script.drag(x: 100, y: 254, dx: 600, dy: 0)
        var encoder = SyntheticTouchscreen.encoder()
        let path = Self.temporaryDirectory() + "/mirrored.yml"
        try
            (LibinputRecordWriter.header(
                device: device, node: SyntheticTouchscreen.node, comment: "mirrored")
            + LibinputRecordWriter.events(encoder.encode(script.events)))
            .write(toFile: path, atomically: true, encoding: .utf8)
        // Mirrored, the right swipe is a left swipe: row 1 is deleted.
        let udev = Self.run(ReplayCommand.self, [path, "--json"])
        #expect(udev.output.contains("\"action\": \"delete\", \"index\": 1"), "\(udev.output)")
        let flag = Self.run(ReplayCommand.self, [path, "--json", "--calibration", "1 0 0 0 1 0"])
        #expect(flag.output.contains("\"action\": \"complete\", \"index\": 1"), "\(flag.output)")
    }
}
