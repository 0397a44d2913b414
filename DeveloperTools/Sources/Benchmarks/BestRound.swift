import AllocationCounter

/// The fastest of `rounds` runs of `body` on this thread's CPU clock (the machine is
/// shared: the figure wanted is the cost on one core, not the wait for it), and the heap
/// allocations of all rounds together.
func bestRound(
    rounds: Int, _ body: (_ round: Int) -> Void
) -> (cpuNanoseconds: Int64, allocations: UInt64) {
    var elapsed = Int64.max
    var allocations: UInt64 = 0
    for round in 0..<rounds {
        let allocationsBefore = cleartouch_allocation_count()
        let start = threadCPUNanoseconds()
        body(round)
        elapsed = min(elapsed, threadCPUNanoseconds() - start)
        allocations += cleartouch_allocation_count() - allocationsBefore
    }
    return (elapsed, allocations)
}
