// The benchmarks: see docs/performance.md.
import Glibc

LibinputLatencyProbe.runIfRequested()  // inside the umockdev testbed of the live-input benchmark
// `cleartouch-bench render-keyboard` runs that benchmark alone.
if CommandLine.arguments.dropFirst().first == "render-keyboard" {
    runKeyboardRenderBenchmark()
    exit(0)
}
runGestureBenchmarks()
runTouchpadBenchmarks()
runCoreBenchmarks()
runRecordingBenchmarks()
runRenderBenchmarks()
runKeyboardRenderBenchmark()
runReplayBenchmarks()
runLibinputLatencyBenchmarks()
