/* GCC's entry points for the allocate clause (OpenMP 5.1, 2.13.4): GCC 12
 * allocates each listed private variable with GOMP_alloc and releases it with
 * GOMP_free at the end of the construct. */
#include <stddef.h>
#include <stdint.h>

#include "../../core/memory/alloc.h"
#include "../../core/export.h"

GLASS_EXPORT void *GOMP_alloc(size_t alignment, size_t size, uintptr_t allocator);
GLASS_EXPORT void GOMP_free(void *ptr, uintptr_t allocator);

/* The program has no way to test the result, so a failed allocation aborts
 * whatever the fallback trait says (2.13.4: null_fb behaves as abort_fb). */
void *GOMP_alloc(size_t alignment, size_t size, uintptr_t allocator)
{
    return glass_alloc_or_abort(alignment, size, allocator, "the allocate clause");
}

void GOMP_free(void *ptr, uintptr_t allocator)
{
    glass_free(ptr, allocator);
}
