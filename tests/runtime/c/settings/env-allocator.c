// OMP_ALLOCATOR: a predefined allocator name sets def-allocator-var, read back
// with omp_get_default_allocator (handles 1..8 as omp.h numbers them).
// RUN: %omp-cc %s -o %t
// RUN: %run %t 1 | FileCheck %s --check-prefix=DEFAULT
// RUN: OMP_ALLOCATOR=omp_thread_mem_alloc %run %t 8 | FileCheck %s --check-prefix=THREAD
// RUN: OMP_ALLOCATOR=" OMP_LARGE_CAP_MEM_ALLOC " %run %t 2 | FileCheck %s --check-prefix=LARGE
// RUN: OMP_ALLOCATOR=omp_low_lat_mem_alloc %run %t 5 | FileCheck %s --check-prefix=LOWLAT
// RUN: for v in "" "malloc" "omp_null_allocator" "omp_default_mem_alloc,omp_thread_mem_alloc"; do OMP_ALLOCATOR="$v" %run %t 1; done 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: OMP_ALLOCATOR="omp_default_mem_space:alignment=64" %run %t custom 2>&1 | FileCheck %s --check-prefix=TRAITS
// RUN: OMP_ALLOCATOR="omp_large_cap_mem_space" %run %t 2 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: OMP_ALLOCATOR="omp_default_mem_space:alignment=3" %run %t 1 2>&1 | FileCheck %s --check-prefix=BADTRAIT
// DEFAULT: default-allocator=1
// THREAD: default-allocator=8
// LARGE: default-allocator=2
// LOWLAT: default-allocator=5
// BAD: glass: OMP_ALLOCATOR="" is invalid: expected a predefined allocator such as omp_default_mem_alloc, or a memory space optionally followed by :trait=value,...; using the default
// BAD-NEXT: default-allocator=1
// BAD-NEXT: glass: OMP_ALLOCATOR="malloc" is invalid
// BAD-NEXT: default-allocator=1
// BAD-NEXT: glass: OMP_ALLOCATOR="omp_null_allocator" is invalid
// BAD-NEXT: default-allocator=1
// BAD-NEXT: glass: OMP_ALLOCATOR="omp_default_mem_alloc,omp_thread_mem_alloc" is invalid
// BAD-NEXT: default-allocator=1
// TRAITS: default-allocator=custom aligned64=1
// SPACE: default-allocator=2
// BADTRAIT: glass: OMP_ALLOCATOR="omp_default_mem_space:alignment=3" is invalid
// BADTRAIT-NEXT: default-allocator=1
#include <omp.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    int custom = argv[1][0] == 'c';
    omp_allocator_handle_t want = custom ? omp_get_default_allocator()
                                         : (omp_allocator_handle_t)atoi(argv[1]);
    omp_allocator_handle_t inside = omp_null_allocator;
#pragma omp parallel num_threads(2)
#pragma omp single
    inside = omp_get_default_allocator();
    if (omp_get_default_allocator() != want || inside != want)
        return 2;
    if (custom) {
        /* An allocator built from OMP_ALLOCATOR's memory space and traits. */
        if ((uintptr_t)want <= 8)
            return 3;
        void *p = omp_alloc(24, omp_null_allocator);
        if (!p)
            return 4;
        printf("default-allocator=custom aligned64=%d\n", (int)((uintptr_t)p % 64 == 0));
        omp_free(p, omp_null_allocator);
    } else {
        printf("default-allocator=%d\n", (int)omp_get_default_allocator());
    }
    return 0;
}
