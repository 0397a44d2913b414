import Foundation
import Replay
import TestSupport
import Testing
import TouchInput

@testable import CleartouchCommands
@testable import cleartouch_devices

@Suite struct OptionsTests {
    @Test func parsesEveryReplayOption() throws {
        let options = try #require(
            try ReplayCommand.options([
                "r.evemu", "--desc", "d.desc", "--format=evemu", "--screen", "800x1280",
                "--row-height",
                "60",
                "--list",
                "l.json", "--expect", "e.json", "--write-expect", "w.json", "--json", "--speed",
                "4",
            ]))
        #expect(options.source.path == "r.evemu")
        #expect(options.source.descPath == "d.desc")
        #expect(options.source.format == "evemu")
        #expect(options.source.screen == ScreenSize(widthPixels: 800, heightPixels: 1280))
        #expect(options.source.rowHeightPixels == 60)
        #expect(options.source.listPath == "l.json")
        #expect(options.expectPath == "e.json")
        #expect(options.writeExpectPath == "w.json")
        #expect(options.json)
        #expect(options.speed == 4)
    }

    @Test(arguments: [
        [], ["a", "b"], ["a", "--format", "pcap"], ["a", "--screen", "800"],
        ["a", "--screen", "0x5"],
        ["a", "--speed", "0"], ["a", "--speed", "-1"], ["a", "--speed", "fast"],
        ["a", "--row-height", "0"],
        ["a", "--bogus"], ["a", "--expect"], ["a", "--json=yes"],
    ])
    func rejectsBadUsage(arguments: [String]) {
        #expect(throws: UsageError.self) { try ReplayCommand.options(arguments) }
    }

    @Test func helpNeedsNoFile() throws {
        #expect(try ReplayCommand.options(["--help"]) == nil)
        #expect(try RenderCommand.options(["-h"]) == nil)
    }

    @Test func renderNeedsAnOutput() throws {
        #expect(throws: UsageError.self) { try RenderCommand.options(["r.trace"]) }
        let options = try #require(
            try RenderCommand.options(["r.trace", "-o", "out.svg", "--screen", "1080x1920"]))
        #expect(options.outputPath == "out.svg")
        #expect(options.source.screen == .defaultKiosk)
    }
}

/// The one option parser and the shared options, as every subcommand sees them.
@Suite struct OptionParserTests {
    @Test(arguments: [
        ["--help"], ["-h"], ["--bogus", "--help"], ["--help", "--bogus", "x", "y"],
        ["--screen", "nonsense", "-h"],
    ])
    func helpWinsWhateverElseIsGiven(arguments: [String]) throws {
        for command: any Subcommand.Type in [
            AppCommand.self, RecordCommand.self, DebugGesturesCommand.self, InspectCommand.self,
            ConvertCommand.self, ReplayCommand.self, RenderCommand.self, TestCommand.self,
        ] {
            let output = CapturedOutput()
            #expect(command.main(arguments: arguments, output: output.streams) == 0)
            #expect(output.standardOutput.hasPrefix("usage: cleartouch \(command.name)"))
            #expect(output.standardError.isEmpty)
        }
    }

    @Test func aDoubleDashEndsTheOptions() throws {
        let options = try #require(try ReplayCommand.options(["--json", "--", "--odd-name"]))
        #expect(options.source.path == "--odd-name")
        #expect(options.json)
        // After `--`, `--help` is a file name too.
        let file = try #require(try InspectCommand.options(["--", "--help"]))
        #expect(file.files.paths == ["--help"])
    }

    @Test func valuesComeAfterASpaceOrAnEqualsSign() throws {
        let spaced = try #require(try ReplayCommand.options(["r", "--screen", "800x600"]))
        let joined = try #require(try ReplayCommand.options(["r", "--screen=800x600"]))
        #expect(spaced == joined)
        // Both read the value (equal because both are right, not because both missed it).
        #expect(spaced.source.screen == ScreenSize(widthPixels: 800, heightPixels: 600))
        #expect(joined.source.screen == ScreenSize(widthPixels: 800, heightPixels: 600))
        #expect(joined.source.path == "r")
        let list = try #require(try ReplayCommand.options(["--list=a=b.json", "r"]))
        #expect(list.source.listPath == "a=b.json")
        #expect(list.source.path == "r")
    }

    @Test(arguments: [("800x600", 800, 600), ("800X600", 800, 600), ("1x100000", 1, 100_000)])
    func screenIsWidthByHeightWithEitherX(text: String, width: Int, height: Int) {
        #expect(
            SharedOptions.screenSize(text) == ScreenSize(widthPixels: width, heightPixels: height))
    }

    @Test(arguments: ["800", "0x5", "x600", "800x", "800x600x2", "-1x5", "100001x5", "axb", ""])
    func screenRejectsEverythingElse(text: String) {
        #expect(SharedOptions.screenSize(text) == nil)
    }

    /// One way for every command: one line saying what is wrong, one saying where to
    /// read more, exit status 2.
    @Test func aUsageErrorIsOneLinePlusWhereToReadMore() {
        for (command, arguments): (any Subcommand.Type, [String]) in [
            (ReplayCommand.self, ["r", "--bogus"]), (InspectCommand.self, ["--bogus", "a"]),
            (AppCommand.self, ["--bogus"]), (RecordCommand.self, ["--bogus"]),
        ] {
            let output = CapturedOutput()
            #expect(command.main(arguments: arguments, output: output.streams) == 2)
            #expect(
                output.standardError
                    == "cleartouch \(command.name): unknown option --bogus\ntry 'cleartouch \(command.name) --help'\n"
            )
            #expect(output.standardOutput.isEmpty)
        }
    }

    @Test func theTestHookIsAnOptionNotTheEnvironment() throws {
        let record = try #require(
            try RecordCommand.options([
                "--umockdev-barrier", "/dev/input/event50:/dev/input/event51",
            ]))
        #expect(record.input.barrierNodes == ["/dev/input/event50", "/dev/input/event51"])
        let app = try #require(try AppCommand.options(["--umockdev-barrier=/dev/input/event50"]))
        #expect(app.umockdevBarrierNodes == ["/dev/input/event50"])
    }
}

/// Collects what a command prints.
final class CapturedOutput: @unchecked Sendable {
    var standardOutput = ""
    var standardError = ""

    var streams: CommandOutput {
        CommandOutput(
            standardOutput: { self.standardOutput += $0 },
            standardError: { self.standardError += $0 })
    }
}

@Suite struct PacingTests {
    /// A clock that moves only when the pacer sleeps (or the test says so).
    final class FakeClock: PacingClock {
        var now: Int64 = 5_000_000
        var sleeps: [Int64] = []
        func nowMicroseconds() -> Int64 { now }
        func sleep(microseconds: Int64) {
            sleeps.append(microseconds)
            now += microseconds
        }
    }

    @Test(arguments: [
        (1.0, [100_000, 400_000]), (4.0, [25_000, 100_000]), (0.5, [200_000, 800_000]),
    ])
    func sleepsTheRecordedGapsDividedBySpeed(speed: Double, expected: [Int64]) {
        let clock = FakeClock()
        var pacer = Pacer(speed: speed, clock: clock)
        for time: Int64 in [0, 100_000, 500_000] { pacer.wait(untilRecordingMicroseconds: time) }
        #expect(clock.sleeps == expected)
    }

    @Test func doesNotSleepWhenBehind() {
        let clock = FakeClock()
        var pacer = Pacer(speed: 1, clock: clock)
        pacer.wait(untilRecordingMicroseconds: 0)
        clock.now += 1_000_000  // the replay fell behind
        pacer.wait(untilRecordingMicroseconds: 500_000)
        #expect(clock.sleeps.isEmpty)
    }
}

@Suite struct ProgressBarTests {
    @Test func drawsAFractionOfTheBar() {
        #expect(
            ProgressBar.line(label: "replay", fraction: 0)
                == "replay [------------------------------] 0%"
        )
        #expect(
            ProgressBar.line(label: "replay", fraction: 0.5)
                == "replay [###############---------------] 50%")
        #expect(
            ProgressBar.line(label: "replay", fraction: 2)
                == "replay [##############################] 100%")
        #expect(
            ProgressBar.line(label: "r", fraction: .nan) == "r [------------------------------] 0%")
    }

    @Test func isOffWhenNotATerminal() {
        // Tests run with stderr redirected or not; an explicitly disabled bar writes nothing.
        var bar = ProgressBar(label: "x", enabled: false)
        bar.update(fraction: 0.5)
        bar.finish()
        #expect(!bar.enabled)
    }
}

/// Pacing only delays the feeding of events: with an injected clock (no real sleeping)
/// the result at speeds 1, 4 and 1000 equals the unpaced one, and the pacer slept exactly
/// the recorded duration divided by the speed.
@Suite struct PacedReplayTests {
    @Test(arguments: [1.0, 4.0, 1000.0])
    func pacedReplayGivesTheSameResult(speed: Double) throws {
        let path = PackagePaths.root.path + "/Recordings/pan-complete-above.trace"
        let unpaced = try ReplayHarness(source: ReplaySource(path: path)).run()
        let clock = PacingTests.FakeClock()
        var pacer = Pacer(speed: speed, clock: clock)
        let paced = try ReplayHarness(source: ReplaySource(path: path)).run { time, _ in
            pacer.wait(untilRecordingMicroseconds: time)
        }
        #expect(paced == unpaced)
        let slept = clock.sleeps.reduce(0, +)
        #expect(
            abs(Double(slept) - Double(unpaced.durationMicroseconds) / speed)
                <= Double(clock.sleeps.count))
    }
}
