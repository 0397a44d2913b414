// The benchmarks: see docs/performance.md.
runGestureBenchmarks()
runCoreBenchmarks()
runRecordingBenchmarks()
