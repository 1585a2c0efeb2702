// Clang compiles programs against Glass's omp.h: the C checks of header-c.c,
// and the constructs whose code generation depends on the header's types
// (depobj needs omp_depend_t, detach omp_event_handle_t, the allocate clause
// and directive omp_allocator_handle_t, uses_allocators omp_alloctrait_t).
// REQUIRES: clang
// RUN: clang -fopenmp -std=c11 -Wall -Wextra -pedantic -Werror -I%srcroot/include -fsyntax-only %S/header-c.c
// RUN: clang -fopenmp -fopenmp-version=51 -Wall -Wextra -Werror -I%srcroot/include -c %s -o %t.o
// RUN: clang++ -fopenmp -x c++ -std=c++17 -Wall -Wextra -Werror -I%srcroot/include -c %s -o %t.cxx.o
// RUN: clang -Wall -Wextra -Werror -I%srcroot/include -c %s -o %t.serial.o
// exit() with only <omp.h> included (libomp's omp.h includes <stdlib.h>;
// clang 16 and later reject an implicit declaration):
// RUN: printf '#include <omp.h>\nvoid f(void) { exit(0); }\n' | clang -fopenmp -x c -Werror -I%srcroot/include -fsyntax-only -
// The clang-compiled code runs on Glass when it only calls omp_* routines.
// RUN: clang -DRUN_SERIAL -Wall -I%srcroot/include %s -L%libdir -lgomp -o %t && %run %t | FileCheck %s
// CHECK: clang: alloc ok, default allocator ok, lock ok
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#ifndef GLASS_OMP_H
#error "not compiled against Glass's omp.h"
#endif

#ifndef RUN_SERIAL
int constructs(void);
int constructs(void)
{
    int x = 0, y = 1, z = 2;
    omp_depend_t obj;
    (void)obj;
    omp_event_handle_t event = (omp_event_handle_t)0;
    omp_alloctrait_t traits[1] = {{omp_atk_alignment, 64}};
    omp_allocator_handle_t custom = omp_init_allocator(omp_default_mem_space, 1, traits);
#pragma omp depobj(obj) depend(inout : x)
#pragma omp task depend(depobj : obj) detach(event)
    x++;
    omp_fulfill_event(event);
#pragma omp depobj(obj) destroy
#pragma omp parallel firstprivate(y) allocate(custom : y)
    y++;
#pragma omp parallel private(z) allocate(omp_low_lat_mem_alloc : z)
    z = 3;
    static int w;
#pragma omp allocate(w) allocator(omp_thread_mem_alloc)
#pragma omp target uses_allocators(omp_pteam_mem_alloc) map(tofrom : w)
    w = 4;
    omp_destroy_allocator(custom);
    return x + y + z + w;
}
#endif

int main(void)
{
    omp_allocator_handle_t custom;
    omp_alloctrait_t trait = {omp_atk_alignment, 512};
    custom = omp_init_allocator(omp_default_mem_space, 1, &trait);
    char *p = (char *)omp_aligned_alloc(64, 1000, custom);
    if (custom == omp_null_allocator || p == NULL || (uintptr_t)p % 512 != 0)
        return 1;
    omp_free(p, custom);
    printf("clang: alloc ok");
    omp_set_default_allocator(custom);
    if (omp_get_default_allocator() != custom)
        return 2;
    omp_set_default_allocator(omp_default_mem_alloc);
    omp_destroy_allocator(custom);
    printf(", default allocator ok");
    omp_lock_t lock;
    omp_init_lock(&lock);
    omp_set_lock(&lock);
    int held = omp_test_lock(&lock);
    omp_unset_lock(&lock);
    omp_destroy_lock(&lock);
    printf(", lock %s\n", held ? "broken" : "ok");
    return 0;
}
