import Testing
import TouchInput

@testable import Replay

@Suite struct OptionsTests {
    @Test func parsesEveryReplayOption() throws {
        let options = try ReplayOptions.parse([
            "r.evemu", "--desc", "d.desc", "--format=evemu", "--screen", "800x1280", "--row-height",
            "60",
            "--list",
            "l.json", "--expect", "e.json", "--write-expect", "w.json", "--json", "--speed", "4",
        ])
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
        #expect(throws: UsageError.self) { try ReplayOptions.parse(arguments) }
    }

    @Test func helpNeedsNoFile() throws {
        #expect(try ReplayOptions.parse(["--help"]).help)
        #expect(try RenderOptions.parse(["-h"]).help)
    }

    @Test func renderNeedsAnOutput() throws {
        #expect(throws: UsageError.self) { try RenderOptions.parse(["r.trace"]) }
        let options = try RenderOptions.parse(["r.trace", "-o", "out.svg", "--screen", "1080x1920"])
        #expect(options.outputPath == "out.svg")
        #expect(options.source.screen == .defaultKiosk)
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
