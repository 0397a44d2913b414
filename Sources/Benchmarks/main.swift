// The benchmarks: see docs/performance.md.
runGestureBenchmarks()
runRenderBenchmarks()
runCoreBenchmarks()
