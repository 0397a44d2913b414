// Counts heap allocations of the whole process, for the benchmarks only.
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

#endif
