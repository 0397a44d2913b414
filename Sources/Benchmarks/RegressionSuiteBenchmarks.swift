import Foundation
import Replay
import ToolSupport

/// `cleartouch test` over a few hundred recordings (generated here: one-minute synthetic
/// sessions, half ClearTouch traces and half evemu, each with the expectation it meets),
/// with one job and with two: wall time, best of 3 runs each, and the speed-up.
func runRegressionSuiteBenchmarks() {
    print("## cleartouch test: -j 1 against -j 2")
    let directory = NSTemporaryDirectory() + "cleartouch-suite-bench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let count = 300
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
    var passed: [Int: String] = [:]
    for _ in 0..<3 {
        for jobs in [1, 2] {
            let start = MonotonicClock.nowNanoseconds()
            let reports = RegressionSuite.run(cases, jobs: jobs)
            let seconds = Double(MonotonicClock.nowNanoseconds() - start) / 1e9
            best[jobs] = min(best[jobs] ?? .infinity, seconds)
            passed[jobs] = RegressionSuite.summary(reports)
        }
    }
    let one = best[1]!
    let two = best[2]!
    let speedUp = one / two
    print(
        "\(cases.count) recordings (\(cyclesEach * 10) s of input each), threads, on \(ProcessInfo.processInfo.activeProcessorCount) cores:"
    )
    print("  -j 1: \(String(format: "%.3f", one)) s (\(passed[1]!))")
    print("  -j 2: \(String(format: "%.3f", two)) s (\(passed[2]!))")
    print(
        "  speed-up: \(String(format: "%.2f", speedUp))× (target >= 1.4: \(speedUp >= 1.4 ? "met" : "NOT met"))"
    )
}
