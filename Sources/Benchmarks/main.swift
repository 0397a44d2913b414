// The benchmarks: see docs/performance.md.
runRecordingBenchmarks()
