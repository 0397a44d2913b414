// The benchmarks: see docs/performance.md.
LibinputLatencyProbe.runIfRequested()  // inside the umockdev testbed of the live-input benchmark
// `cleartouch-bench NAME...` runs only those (gestures, touchpad, core, recordings, render,
// render-rotated, replay, libinput); without a name, all of them.
let selectedBenchmarks = Set(CommandLine.arguments.dropFirst())
func benchmark(_ name: String, _ body: () -> Void) {
    if selectedBenchmarks.isEmpty || selectedBenchmarks.contains(name) { body() }
}
benchmark("gestures", runGestureBenchmarks)
benchmark("touchpad", runTouchpadBenchmarks)
benchmark("core", runCoreBenchmarks)
benchmark("recordings", runRecordingBenchmarks)
benchmark("render", runRenderBenchmarks)
benchmark("render-rotated", runRotatedRenderBenchmarks)
benchmark("replay", runReplayBenchmarks)
benchmark("libinput", runLibinputLatencyBenchmarks)
