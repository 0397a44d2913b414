// The benchmarks: see docs/performance.md. With arguments, only the named groups run
// (`cleartouch-bench recordings replay`); `make bench` runs them all.
import Glibc

LibinputLatencyProbe.runIfRequested()  // inside the umockdev testbed of the live-input benchmark

let groups: KeyValuePairs<String, () -> Void> = [
    "gestures": runGestureBenchmarks,
    // The gesture service: ns per touch event with every kind bound; frame to D-Bus signal.
    "gesture-service": runGestureServiceBenchmarks,
    // Beside its peer: lisgd and the live service on 30 s of real drags through libinput.
    "lisgd": runLisgdBenchmarks,
    "touchpad": runTouchpadBenchmarks,
    "core": runCoreBenchmarks,
    "recordings": runRecordingBenchmarks,
    "render": runRenderBenchmarks,
    "render-rotated": runRotatedRenderBenchmarks,
    "render-keyboard": runKeyboardRenderBenchmark,
    "render-theme-fade": runThemeFadeRenderBenchmark,
    "render-levels": runLevelTransitionRenderBenchmark,
    "replay": runReplayBenchmarks,
    // Side by side in one run: replay of continuous touch, and `cleartouch test` -j 1 / -j 2.
    "continuous": runContinuousTouchBenchmarks,
    // `cleartouch app --replay --speed 0` of continuous touch at 1080x1920: × real time in CPU.
    "app-replay": runAppReplayBenchmarks,
    "suite": runRegressionSuiteBenchmarks,
    "live-input": runLibinputLatencyBenchmarks,
    "sound": runSoundBenchmarks,
    // A day of kiosk input through the app loop: memory, open files, allocations per frame.
    "soak": runSoakBenchmarks,
    // Not a timing: one digest per render scene, to check a change leaves the frames alike.
    "render-digest": runRenderDigest,
]
/// Groups `make bench` leaves out: they run only when named.
let namedOnly: Set<String> = ["render-digest"]
let requested = Set(CommandLine.arguments.dropFirst())
let unknown = requested.subtracting(groups.map(\.key))
if !unknown.isEmpty {
    print(
        "cleartouch-bench: unknown group \(unknown.sorted().joined(separator: ", ")); groups: \(groups.map(\.key).joined(separator: " "))"
    )
    exit(2)
}
for (name, run) in groups
where requested.contains(name) || (requested.isEmpty && !namedOnly.contains(name)) {
    run()
}
