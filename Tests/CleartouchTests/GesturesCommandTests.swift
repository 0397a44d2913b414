import Foundation
import TestSupport
import Testing

@testable import RegressionSuites
@testable import Replay

/// `cleartouch gestures --replay`: the gesture service offline, run as a command
/// (docs/gesture-service.md).
@Suite struct GesturesCommandTests {
    static let example = TestPaths.recordings + "/gestures.example.yaml"
    /// No default configuration file is found through these.
    static let noDefaults = ["XDG_CONFIG_HOME": "/nonexistent", "HOME": "/nonexistent"]

    static func gestures(_ arguments: [String]) throws -> CommandRun {
        let binary = TestPaths.cleartouchBinary
        try #require(
            FileManager.default.isExecutableFile(atPath: binary),
            "build cleartouch first (swift build)")
        return try runCommand(
            executable: binary, arguments: ["gestures"] + arguments, environment: noDefaults)
    }

    static func recording(_ name: String) -> String { TestPaths.recordings + "/" + name }

    /// The `gestures` array of an expectation file, as the command prints it.
    static func expectedJSON(_ base: String) throws -> String {
        let path = recording("\(base).expect.json")
        let expectation = try #require(
            try GestureExpectation.parse(String(contentsOfFile: path, encoding: .utf8), path: path))
        return ServiceGestureSummaryText.json(expectation)
    }

    @Test(
        arguments: [
            "gestures-swipe-3-left.evemu", "gestures-edge-swipe-bottom.evemu",
            "gestures-pinch-out-4.yml", "gestures-tap-2.trace", "gestures-swipe-palm.evemu",
        ])
    func theJSONIsTheContractsAndMatchesTheExpectation(name: String) throws {
        let base = String(name.split(separator: ".").first!)
        let run = try Self.gestures([
            "--config", Self.example, "--replay", Self.recording(name), "--json",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == (try Self.expectedJSON(base)))
    }

    /// `--help` describes each option once, and its usage lines name every option it
    /// describes (the live limits, `--debug` and `--agent` included).
    @Test func theHelpDescribesEachOptionOnceAndTheUsageNamesThemAll() throws {
        let help = try Self.gestures(["--help"])
        #expect(help.status == 0)
        let lines = help.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let usage = lines.prefix { !$0.isEmpty }.joined(separator: "\n")
        let described = lines.filter { $0.hasPrefix("  --") }.flatMap { line in
            line.split(separator: " ").prefix { $0.hasPrefix("--") || $0.hasSuffix(",") }.map {
                String($0.filter { $0 != "," })
            }
        }
        #expect(described.count == Set(described).count, "described twice: \(described)")
        for option in described {
            #expect(usage.contains(option), "\(option) is not in the usage lines")
        }
        for option in ["--duration", "--until-idle", "--until-events", "--debug", "--agent"] {
            #expect(described.contains(option), "\(option) is not described")
        }
    }

    /// Without `--run` nothing runs, and the timeline says what would; a cancelled gesture
    /// would run nothing.
    @Test func theHumanOutputNamesTheBindingAndWhatItWouldRun() throws {
        let run = try Self.gestures([
            "--config", Self.example, "--replay", Self.recording("gestures-swipe-3-left.evemu"),
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                "3-finger swipe left  recognized  binding forward  would run xdotool key alt+Right\n"
            ),
            "\(run.standardOutput)")
        let short = try Self.gestures([
            "--config", Self.example, "--replay",
            Self.recording("gestures-swipe-too-short.evemu"),
        ])
        #expect(
            short.standardOutput.contains("3-finger swipe left  cancelled  binding forward\n"),
            "\(short.standardOutput)")
    }

    /// With `--run` the timeline says the command runs; what the command prints goes to
    /// standard error (the journal), never into the output, so `--json` stays JSON.
    @Test func aBoundCommandsOutputGoesToStandardErrorNeverIntoTheJSON() throws {
        let scratch = ScratchFolder()
        let config = scratch.file("loud.yaml")
        try """
        gestures:
          - name: loud
            gesture: swipe
            fingers: 3
            direction: left
            command: ["sh", "-c", "echo out-of-the-command; echo err-of-the-command >&2"]

        """.write(toFile: config, atomically: true, encoding: .utf8)
        let json = try Self.gestures([
            "--config", config, "--replay", Self.recording("gestures-swipe-3-left.evemu"),
            "--run", "--json",
        ])
        #expect(json.status == 0, "\(json.standardError)")
        #expect(
            json.standardOutput
                == (try Self.expectedJSON("gestures-swipe-3-left")).replacingOccurrences(
                    of: "\"forward\"", with: "\"loud\""))
        #expect(json.standardError.contains("out-of-the-command\n"), "\(json.standardError)")
        #expect(json.standardError.contains("err-of-the-command\n"), "\(json.standardError)")
        let text = try Self.gestures([
            "--config", config, "--replay", Self.recording("gestures-swipe-3-left.evemu"), "--run",
        ])
        #expect(
            text.standardOutput.contains(
                "recognized  binding loud  runs sh -c echo out-of-the-command; echo err-of-the-command >&2\n"
            ),
            "\(text.standardOutput)")
        #expect(!text.standardOutput.contains("out-of-the-command\n"), "\(text.standardOutput)")
    }

    /// A configuration of no bindings, not "none at all": no test can count on
    /// /etc/cleartouch/gestures.yaml being absent, since the packaging tests install the
    /// package (and it) while the suite runs, as a developer's machine may have it. The
    /// order of the default paths, down to none, is `theDefaultPathIsXDGThenEtc`'s.
    @Test func withAConfigurationOfNoBindingsEveryGestureIsReportedUnbound() throws {
        let folder = ScratchFolder("gestures")
        let configuration = folder.file("gestures.yaml")
        try "gestures: []\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        let run = try Self.gestures([
            "--config", configuration, "--replay", Self.recording("gestures-swipe-3-left.evemu"),
            "--json",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains(#""outcome": "recognized", "binding": null"#))
    }

    @Test func directionsFollowTheRotation() throws {
        let path = Self.recording("gestures-swipe-3-left-rotated.evemu")
        let upright = try Self.gestures(["--replay", path, "--json", "--rotate", "90"])
        #expect(upright.standardOutput.contains(#""direction": "up""#), "\(upright.standardOutput)")
        let native = try Self.gestures(["--replay", path, "--json"])
        #expect(native.standardOutput.contains(#""direction": "left""#), "\(native.standardOutput)")
    }

    /// An eGalax-class single-touch panel (libinput refuses it; the direct path reads it
    /// with the same evdev decoder as this replay): its swipe is a 1-finger swipe.
    @Test func anEGalaxSingleTouchPanelSwipesWithOneFinger() throws {
        let fixtures = TestPaths.packageRoot + "/Tests/Fixtures/umockdev/"
        let run = try Self.gestures([
            "--replay", fixtures + "egalax-swipe.evemu", "--desc", fixtures + "egalax.evemu",
            "--json",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                #"{"gesture": "swipe", "fingers": 1, "direction": "right", "edge": null"#),
            "\(run.standardOutput)")
    }

    // MARK: expectations

    @Test func aMetExpectationExitsZeroAndAnUnmetOneExitsOne() throws {
        let path = Self.recording("gestures-pinch-in-2.evemu")
        let met = try Self.gestures([
            "--replay", path, "--expect", Self.recording("gestures-pinch-in-2.expect.json"),
        ])
        #expect(met.status == 0, "\(met.standardError)")
        #expect(met.standardError.contains("expectation met"))

        let scratch = ScratchFolder()
        let text = try String(
            contentsOfFile: Self.recording("gestures-pinch-in-2.expect.json"), encoding: .utf8)
        try text.replacingOccurrences(of: "zoom-out", with: "zoom-in").write(
            toFile: scratch.file("wrong.expect.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            atPath: Self.example, toPath: scratch.file("gestures.example.yaml"))
        let unmet = try Self.gestures([
            "--replay", path, "--expect", scratch.file("wrong.expect.json"),
        ])
        #expect(unmet.status == 1)
        #expect(unmet.standardError.contains(#"- {"gesture": "pinch""#), "\(unmet.standardError)")
        #expect(unmet.standardError.contains(#""binding": "zoom-out"}"#), "\(unmet.standardError)")
    }

    @Test func replayExpectChecksAGestureExpectationToo() throws {
        let run = try ReplayRenderCommandTests.cleartouch([
            "replay", Self.recording("gestures-long-press-3.evemu"), "--expect",
            Self.recording("gestures-long-press-3.expect.json"),
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("3-finger long-press  recognized  binding menu"))
    }

    @Test func writeExpectWritesWhatTheExpectationThenChecks() throws {
        let scratch = ScratchFolder()
        try FileManager.default.copyItem(
            atPath: Self.example, toPath: scratch.file("mine.gestures.yaml"))
        let out = scratch.file("swipe.expect.json")
        let write = try Self.gestures([
            "--config", scratch.file("mine.gestures.yaml"), "--replay",
            Self.recording("gestures-swipe-too-short.evemu"), "--write-expect", out,
        ])
        #expect(write.status == 0, "\(write.standardError)")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written.contains(#""gesture_config": "mine.gestures.yaml""#), "\(written)")
        #expect(written.contains(#""outcome": "cancelled", "binding": "forward""#), "\(written)")
        let check = try Self.gestures([
            "--replay", Self.recording("gestures-swipe-too-short.evemu"), "--expect", out,
        ])
        #expect(check.status == 0, "\(check.standardError)")
    }

    // MARK: configuration errors: FILE:LINE, exit 2

    @Test(
        arguments: [
            (
                "gestures:\n  - name: a\n    gesture: tap\n    fingers: 1\n    colour: red\n",
                ":5: unknown key `colour` (expected `name`, `gesture`, `fingers`, `direction`, `edge`, `distance_mm`, `command`)"
            ),
            (
                "gestures:\n  - name: a\n    gesture: swipe\n    fingers: 9\n    direction: up\n",
                ":4: `a`: `fingers` must be a whole number from 1 to 5, got `9`"
            ),
            (
                "gestures:\n  - name: a\n    gesture: tap\n    fingers: 1\n  - name: a\n    gesture: tap\n    fingers: 2\n",
                ":5: duplicate name `a` (first at line 2)"
            ),
            ("gestures:\n  - gesture: tap\n    fingers: 1\n", ":2: missing `name`"),
            (
                "gestures:\n  - name: a\n    gesture: pinch\n    fingers: 2\n    direction: left\n",
                ":5: `a`: a pinch goes in, out, not `left`"
            ),
        ])
    func aBadConfigurationIsFileLineAndExitTwo(text: String, problem: String) throws {
        let scratch = ScratchFolder()
        let config = scratch.file("bad.yaml")
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try Self.gestures([
            "--config", config, "--replay", Self.recording("gestures-tap-2.trace"),
        ])
        #expect(run.status == 2)
        #expect(run.standardError == config + problem + "\n", "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func aConfigurationTooLargeIsRefusedNamingTheLimit() throws {
        let scratch = ScratchFolder()
        let config = scratch.file("huge.yaml")
        try ("gestures: []\n" + String(repeating: "# padding\n", count: 30_000)).write(
            toFile: config, atomically: true, encoding: .utf8)
        let run = try Self.gestures([
            "--config", config, "--replay", Self.recording("gestures-tap-2.trace"),
        ])
        #expect(run.status == 2)
        #expect(
            run.standardError.contains("\(config):0: larger than the limit of 262144 bytes"),
            "\(run.standardError)")
    }

    @Test func aMissingConfigurationIsExitTwo() throws {
        let run = try Self.gestures([
            "--config", "/nonexistent/g.yaml", "--replay", Self.recording("gestures-tap-2.trace"),
        ])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("/nonexistent/g.yaml:0: cannot read: No such file"))
    }

    @Test(
        arguments: [
            (["--json"], "--json goes with --replay RECORDING"),
            (["--bus", "tram"], "--bus needs system or session, got 'tram'"),
            (
                ["--bus", "session", "--bus-address", "unix:path=/x"],
                "--bus and --bus-address do not go together"
            ),
            (
                ["--replay", "x.trace", "--bus", "system"],
                "--bus goes with the live service; a replay takes --bus-address"
            ),
            (
                ["--replay", "x.trace", "--touchegg"],
                "--touchegg goes with the live service; a replay sends its signals with --bus-address"
            ),
            (
                ["--replay", "x.evemu", "--via-libinput", "--rotate", "90"],
                "--calibration and --rotate do not go with --via-libinput"
            ),
            (["--frobnicate"], "unknown option --frobnicate"),
            (["--debug", "--replay", "x.evemu"], "--replay does not go with it"),
            (["--debug", "--bus", "session"], "--bus does not go with it"),
            (["--debug", "--bus-address", "unix:path=/x"], "--bus-address does not go with it"),
            (["--debug", "--touchegg"], "--touchegg does not go with it"),
            (["--debug", "--run"], "--run does not go with it"),
            (["--agent", "--replay", "x.evemu"], "--replay does not go with it"),
            (["--agent", "/dev/input/event3"], "--agent reads no device ('/dev/input/event3' given)"),
            (["--agent", "--touchegg"], "--touchegg does not go with it"),
            (["--agent", "--debug"], "--debug does not go with it"),
            (["--agent", "--run"], "--run does not go with it"),
            (["--agent", "--seat", "seat1"], "--seat does not go with it"),
            (["--agent", "--duration", "3"], "--duration does not go with it"),
        ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let run = try Self.gestures(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }
}

/// The expectation's gestures as `--json` prints them.
enum ServiceGestureSummaryText {
    static func json(_ expectation: GestureExpectation) -> String {
        GestureServiceReplayResult(gestures: expectation.gestures).jsonText()
    }
}
