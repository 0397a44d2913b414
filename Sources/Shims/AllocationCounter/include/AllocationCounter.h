// Counts heap allocations of the whole process, for the benchmarks and tests only.
//
// Linking this target into an executable interposes malloc, calloc, realloc,
// posix_memalign, aligned_alloc and memalign (forwarding to glibc's __libc_*
// entry points) so `cleartouch_allocation_count()` can tell how many blocks were
// allocated between two points of a benchmark. Never link it into the app.
#ifndef CLEARTOUCH_ALLOCATION_COUNTER_H
#define CLEARTOUCH_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Allocations (malloc, calloc, realloc, aligned variants) since the process started.
uint64_t cleartouch_allocation_count(void);

/// The same, made by the calling thread only (the app's loop, apart from the list
/// writer's thread).
uint64_t cleartouch_thread_allocation_count(void);

/// Those of them that Swift code made (through the Swift runtime's allocator,
/// swift_slowAlloc: objects, the storage of arrays, sets and strings); the rest were made
/// by C libraries (Cairo, SDL, Mesa) for their own use.
uint64_t cleartouch_thread_swift_allocation_count(void);

#endif
