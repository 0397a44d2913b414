// Interposes glibc's allocator to count allocations; see AllocationCounter.h.
#define _GNU_SOURCE
#include "AllocationCounter.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static uint64_t allocations;
// Initial-exec: the executable's own TLS block, so counting never allocates (a dynamic
// TLS block would be malloc'ed on first use, from inside malloc).
static __thread uint64_t thread_allocations __attribute__((tls_model("initial-exec")));
static __thread uint64_t thread_swift_allocations __attribute__((tls_model("initial-exec")));

// The loaded segment holding the Swift runtime's allocator (swift_slowAlloc): a call from
// there is an allocation of Swift code (an object, an array's or a string's storage).
static uintptr_t swift_allocator_start, swift_allocator_end;

static int find_segment(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    uintptr_t target = (uintptr_t)data;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD) continue;
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        if (target >= start && target < start + header->p_memsz) {
            swift_allocator_start = start;
            swift_allocator_end = start + header->p_memsz;
            return 1;
        }
    }
    return 0;
}

__attribute__((constructor)) static void find_swift_allocator(void) {
    void *allocator = dlsym(RTLD_DEFAULT, "swift_slowAlloc");
    if (allocator != NULL) dl_iterate_phdr(find_segment, allocator);
}

static void count_one(void *caller) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    thread_allocations += 1;
    uintptr_t address = (uintptr_t)caller;
    if (address >= swift_allocator_start && address < swift_allocator_end) {
        thread_swift_allocations += 1;
    }
}

uint64_t cleartouch_allocation_count(void) {
    return __atomic_load_n(&allocations, __ATOMIC_RELAXED);
}

uint64_t cleartouch_thread_allocation_count(void) { return thread_allocations; }

uint64_t cleartouch_thread_swift_allocation_count(void) { return thread_swift_allocations; }

void *malloc(size_t size) {
    count_one(__builtin_return_address(0));
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one(__builtin_return_address(0));
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_one(__builtin_return_address(0));
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    count_one(__builtin_return_address(0));
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one(__builtin_return_address(0));
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count_one(__builtin_return_address(0));
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
