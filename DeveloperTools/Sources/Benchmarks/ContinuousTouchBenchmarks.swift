import Evdev
import Foundation
import Recordings
import Replay
import ToolSupport
import TouchScript

/// Continuous touch: one finger down the whole time, moving, at 120 Hz, as evemu records
/// it (an events line per axis change and SYN_REPORT) — the hardest input for replay,
/// since every frame goes through the reader, the decoder, the arena and the controller
/// with a gesture open. Replayed through `ReplayHarness`; the figure is the whole
/// process's CPU time (every thread, user and system), best of 3.
func runContinuousTouchBenchmarks() {
    print("## Replay of continuous touch")
    let directory = NSTemporaryDirectory() + "cleartouch-continuous-bench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/continuous-10min.evemu"
    do {
        try ContinuousTouch.write(minutes: 10, to: path)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        var best = Double.infinity
        var bestWall = Double.infinity
        var result = ReplayResult()
        for _ in 0..<3 {
            let cpuStart = processCPUSeconds()
            let wallStart = MonotonicClock.nowNanoseconds()
            result = try ReplayHarness(
                source: ReplaySource(path: path), keepListsAfterActions: false
            ).run()
            bestWall = min(bestWall, Double(MonotonicClock.nowNanoseconds() - wallStart) / 1e9)
            best = min(best, processCPUSeconds() - cpuStart)
        }
        let recorded = Double(result.durationMicroseconds) / 1e6
        let times = recorded / best
        print(
            "evemu, 10 min, 1 finger at 120 Hz: \(result.eventCount) events, \(String(format: "%.1f", Double(bytes) / 1e6)) MB, "
                + "\(result.gestures.count) gestures; process CPU \(String(format: "%.3f", best)) s "
                + "(wall \(String(format: "%.3f", bestWall)) s), \(String(format: "%.0f", best * 1e9 / Double(result.eventCount))) ns/event"
        )
        print(
            "× real time (process CPU, one core): \(String(format: "%.0f", times)) (target >= 20000: \(times >= 20_000 ? "met" : "NOT met"))"
        )
        printWholeProcessReplay(path: path, recordedSeconds: recorded)
    } catch {
        print("continuous touch: failed: \(error)")
    }
}

/// The same file replayed by the command as a user runs it, `cleartouch replay FILE
/// --json` (start-up, reading, the core, the threshold ticks, the JSON): the child's CPU
/// time and its wall time, best of 5 each; and, to tell start-up from the replay, `cleartouch --version`'s (the
/// dynamic loader binding the libraries the lean front links, and nothing else). The
/// binary is CLEARTOUCH_BENCH_FRONT's, the static-stdlib release build `make bench`
/// makes (the one the package ships), else the dynamic release build beside the benchmark.
func printWholeProcessReplay(path: String, recordedSeconds: Double) {
    let given = getenv("CLEARTOUCH_BENCH_FRONT").map { String(cString: $0) }
    guard let cleartouch = given ?? siblingExecutable("cleartouch") else {
        print("whole process: no release cleartouch beside the benchmark (make bench builds it)")
        return
    }
    let build =
        given == nil
        ? "the dynamic release build beside the benchmark"
        : "the --static-swift-stdlib release build, as packaged"
    guard let (best, bestWall) = bestChildSeconds([cleartouch, "replay", path, "--json"]),
        let (startUp, _) = bestChildSeconds([cleartouch, "--version"])
    else {
        print("whole process: cleartouch replay --json failed")
        return
    }
    let times = recordedSeconds / best
    let wallTimes = recordedSeconds / bestWall
    // CPU counts both threads (the reader reads ahead on the second core); the issue's
    // figure is the wall time.
    print(
        "whole process, cleartouch replay --json (\(build)): CPU \(String(format: "%.3f", best)) s, "
            + "× real time by CPU \(String(format: "%.0f", times)); wall \(String(format: "%.3f", bestWall)) s, "
            + "× real time by wall \(String(format: "%.0f", wallTimes)) (target >= 20000: \(wallTimes >= 20_000 ? "met" : "NOT met"))"
    )
    print(
        "  of which start-up (cleartouch --version): CPU \(String(format: "%.3f", startUp)) s; "
            + "without it × real time \(String(format: "%.0f", recordedSeconds / max(best - startUp, 1e-6)))"
    )
}

/// The least CPU time and the least wall time of 5 runs of `arguments`, nil when one fails.
func bestChildSeconds(_ arguments: [String]) -> (cpu: Double, wall: Double)? {
    var best = (cpu: Double.infinity, wall: Double.infinity)
    for _ in 0..<5 {
        guard let run = childProcessCPUSeconds(arguments), run.status == 0 else { return nil }
        best = (min(best.cpu, run.seconds), min(best.wall, run.wallSeconds))
    }
    return best
}

/// The CPU time of the whole process so far (user + system, every thread), in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// One finger put down at the start and lifted at the end, moving all the time: down
/// and up the list by 600 px every 4 s (a scroll that never ends), a frame every 1/120 s.
enum ContinuousTouch {
    static let frameIntervalMicroseconds: Int64 = 8_333

    static func script(minutes: Int) -> [ScriptEvent] {
        var s = Script(startMicroseconds: 0, frameIntervalMicroseconds: frameIntervalMicroseconds)
        s.down(x: 540, y: 500)
        let legs = minutes * 60 / 2
        for leg in 0..<legs {
            s.move(dx: leg % 2 == 0 ? 3 : -3, dy: leg % 2 == 0 ? 600 : -600, steps: 240)
        }
        s.up()
        return s.events
    }

    /// Writes the session as an evemu 1.3 file of the synthetic touchscreen.
    static func write(minutes: Int, to path: String) throws {
        let device = SyntheticTouchscreen.evdevDevice
        var encoder = SyntheticTouchscreen.encoder(timeOffsetMicroseconds: 1)
        let frames = encoder.encode(script(minutes: minutes))
        let text =
            EvemuWriter.description(device, comment: "ClearTouch continuous-touch benchmark")
            + EvemuWriter.eventLines(frames.flatMap { $0 })
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }
}
