import Foundation
import RegressionSuites
import Replay
import ToolSupport

/// `cleartouch test` over 1,000 recordings (generated here: one-minute synthetic sessions,
/// half ClearTouch traces and half evemu, each with the expectation it meets), with one
/// job and with two: wall time, best of 3 runs each, and the speed-up (issue 23: at least
/// 1.6× on two cores).
func runRegressionSuiteBenchmarks() {
    print("## cleartouch test: -j 1 against -j 2")
    let directory = NSTemporaryDirectory() + "cleartouch-suite-bench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let count = 1000
    let cyclesEach = 6
    do {
        for index in 0..<count {
            let format = index % 2 == 0 ? "trace" : "evemu"
            let path = "\(directory)/session-\(index).\(format)"
            try SyntheticSession.write(format: format, cycles: cyclesEach, to: path)
            let result = try ReplayHarness(source: ReplaySource(path: path)).run()
            try Expectation(result: result, recording: "session-\(index).\(format)").jsonText()
                .write(
                    toFile: "\(directory)/session-\(index).expect.json", atomically: false,
                    encoding: .utf8)
        }
    } catch {
        print("failed to write the recordings: \(error)")
        return
    }
    let cases: [RegressionCase]
    do {
        cases = try RegressionSuite.discover([directory])
    } catch {
        print("failed: \(error)")
        return
    }
    var best: [Int: Double] = [:]
    var cpu: [Int: Double] = [:]
    var passed: [Int: String] = [:]
    for _ in 0..<3 {
        for jobs in [1, 2] {
            let cpuStart = processCPUSeconds()
            let start = MonotonicClock.nowNanoseconds()
            let reports = RegressionSuite.run(cases, jobs: jobs)
            let seconds = Double(MonotonicClock.nowNanoseconds() - start) / 1e9
            best[jobs] = min(best[jobs] ?? .infinity, seconds)
            cpu[jobs] = min(cpu[jobs] ?? .infinity, processCPUSeconds() - cpuStart)
            passed[jobs] = RegressionSuite.summary(reports)
        }
    }
    let one = best[1]!
    let two = best[2]!
    let speedUp = one / two
    let targetSpeedUp = 1.6
    print(
        "\(cases.count) recordings (\(cyclesEach * 10) s of input each), threads, on \(ProcessInfo.processInfo.activeProcessorCount) cores (load average \(loadAverage())):"
    )
    print(
        "  -j 1: \(String(format: "%.3f", one)) s wall, \(String(format: "%.3f", cpu[1]!)) s CPU (\(passed[1]!))"
    )
    print(
        "  -j 2: \(String(format: "%.3f", two)) s wall, \(String(format: "%.3f", cpu[2]!)) s CPU (\(passed[2]!))"
    )
    print(
        "  speed-up (wall): \(String(format: "%.2f", speedUp))× (target >= \(targetSpeedUp): \(speedUp >= targetSpeedUp ? "met" : "NOT met"))"
    )
    // On a machine other processes load, the wall figure says more about them than about
    // the suite: the CPU time says whether two jobs cost more work than one.
    let bound = 2 * cpu[1]! / cpu[2]!
    print(
        "  speed-up two free cores would give, from CPU time (2 × CPU -j 1 / CPU -j 2): \(String(format: "%.2f", bound))×"
    )
}

/// The 1-minute load average (`/proc/loadavg`), as text.
private func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first
        .map(String.init) ?? "unknown"
}
