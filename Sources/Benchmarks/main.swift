// The benchmarks: see docs/performance.md.
runReplayBenchmarks()
