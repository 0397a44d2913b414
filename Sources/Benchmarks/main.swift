// The benchmarks: see docs/performance.md. `cleartouch-bench NAME...` runs only the named
import Glibc

// ones (gestures, touchpad, core, recordings, render, replay, continuous, suite, libinput).
LibinputLatencyProbe.runIfRequested()  // inside the umockdev testbed of the live-input benchmark
let benchmarks: [(name: String, run: () -> Void)] = [
    ("gestures", runGestureBenchmarks), ("touchpad", runTouchpadBenchmarks),
    ("core", runCoreBenchmarks), ("recordings", runRecordingBenchmarks),
    ("render", runRenderBenchmarks), ("replay", runReplayBenchmarks),
    // Side by side, in one run: replay of continuous touch, and `cleartouch test` -j 1 / -j 2.
    ("continuous", runContinuousTouchBenchmarks), ("suite", runRegressionSuiteBenchmarks),
    ("libinput", runLibinputLatencyBenchmarks),
]
let chosen = Set(CommandLine.arguments.dropFirst())
let unknown = chosen.subtracting(benchmarks.map(\.name))
if !unknown.isEmpty {
    print(
        "cleartouch-bench: unknown benchmark \(unknown.sorted().joined(separator: ", ")) (known: \(benchmarks.map(\.name).joined(separator: ", ")))"
    )
    exit(2)
}
for benchmark in benchmarks where chosen.isEmpty || chosen.contains(benchmark.name) {
    benchmark.run()
}
