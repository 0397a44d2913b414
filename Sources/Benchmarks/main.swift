// The benchmarks: see docs/performance.md.
runRenderBenchmarks()
