// The benchmarks: see docs/performance.md.
LibinputLatencyProbe.runIfRequested()  // inside the umockdev testbed of the live-input benchmark
runGestureBenchmarks()
runTouchpadBenchmarks()
runCoreBenchmarks()
runRecordingBenchmarks()
runRenderBenchmarks()
runReplayBenchmarks()
runLibinputLatencyBenchmarks()
