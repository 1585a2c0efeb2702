// Glass's omp.h against GCC's: every type size and alignment and every
// constant GCC 12's omp.h defines must be the same when compiled against
// Glass's header (except the lock types, which Glass makes larger: a program
// compiled against either header hands the runtime at least the 4 and 8 bytes
// it uses).
// REQUIRES: gcc
// RUN: %gcc-omp %s -o %t.gcc && %run %t.gcc > %t.gcc.out
// RUN: %gcc-omp -I%srcroot/include -DGLASS_HEADER %s -o %t.glass && %run %t.glass > %t.glass.out
// RUN: diff %t.gcc.out %t.glass.out
// RUN: FileCheck %s --input-file %t.glass.out
// RUN: %gxx-omp -x c++ %s -o %t.gxx && %run %t.gxx > %t.gxx.out
// RUN: %gxx-omp -x c++ -I%srcroot/include -DGLASS_HEADER %s -o %t.gxx.glass && %run %t.gxx.glass > %t.gxx.glass.out
// RUN: diff %t.gxx.out %t.gxx.glass.out
// CHECK: omp_allocator_handle_t size=8 align=8 signed=0
// CHECK: omp_sched_monotonic=2147483648
// CHECK: omp_thread_mem_alloc=8
// CHECK: omp_atv_default=18446744073709551615
// CHECK: values=
#include <omp.h>
#include <stdio.h>

#ifdef GLASS_HEADER
#ifndef GLASS_OMP_H
#error "not compiled against Glass's omp.h"
#endif
#endif

#define TYPE(t) \
    printf(#t " size=%zu align=%zu signed=%d\n", sizeof(t), _Alignof(t), (t)-1 < (t)0)
#define STRUCT(t) printf(#t " size=%zu align=%zu\n", sizeof(t), _Alignof(t))
#define OPAQUE(t) printf(#t " size>=4: %d\n", (int)sizeof(t) >= 4)
#define VALUE(v) printf(#v "=%llu\n", (unsigned long long)(v)), values++

#ifdef __cplusplus
#define _Alignof alignof
#endif

int main(void)
{
    int values = 0;
    OPAQUE(omp_lock_t);
    OPAQUE(omp_nest_lock_t);
    printf("nest lock >= 8: %d\n", sizeof(omp_nest_lock_t) >= 8);
    TYPE(omp_sched_t);
    TYPE(omp_proc_bind_t);
    TYPE(omp_sync_hint_t);
    TYPE(omp_pause_resource_t);
    STRUCT(omp_depend_t);
    TYPE(omp_uintptr_t);
    TYPE(omp_memspace_handle_t);
    TYPE(omp_allocator_handle_t);
    TYPE(omp_alloctrait_key_t);
    TYPE(omp_alloctrait_value_t);
    STRUCT(omp_alloctrait_t);
    TYPE(omp_event_handle_t);
    printf("omp_alloctrait_t.value offset=%zu\n", __builtin_offsetof(omp_alloctrait_t, value));

    VALUE(omp_sched_static);
    VALUE(omp_sched_dynamic);
    VALUE(omp_sched_guided);
    VALUE(omp_sched_auto);
    VALUE(omp_sched_monotonic);
    VALUE(omp_proc_bind_false);
    VALUE(omp_proc_bind_true);
    VALUE(omp_proc_bind_primary);
    VALUE(omp_proc_bind_close);
    VALUE(omp_proc_bind_spread);
    VALUE(omp_sync_hint_none);
    VALUE(omp_sync_hint_uncontended);
    VALUE(omp_sync_hint_contended);
    VALUE(omp_sync_hint_nonspeculative);
    VALUE(omp_sync_hint_speculative);
    VALUE(omp_pause_soft);
    VALUE(omp_pause_hard);
    VALUE(omp_default_mem_space);
    VALUE(omp_large_cap_mem_space);
    VALUE(omp_const_mem_space);
    VALUE(omp_high_bw_mem_space);
    VALUE(omp_low_lat_mem_space);
    VALUE(omp_null_allocator);
    VALUE(omp_default_mem_alloc);
    VALUE(omp_large_cap_mem_alloc);
    VALUE(omp_const_mem_alloc);
    VALUE(omp_high_bw_mem_alloc);
    VALUE(omp_low_lat_mem_alloc);
    VALUE(omp_cgroup_mem_alloc);
    VALUE(omp_pteam_mem_alloc);
    VALUE(omp_thread_mem_alloc);
    VALUE(omp_atk_sync_hint);
    VALUE(omp_atk_alignment);
    VALUE(omp_atk_access);
    VALUE(omp_atk_pool_size);
    VALUE(omp_atk_fallback);
    VALUE(omp_atk_fb_data);
    VALUE(omp_atk_pinned);
    VALUE(omp_atk_partition);
    VALUE(omp_atv_default);
    VALUE(omp_atv_false);
    VALUE(omp_atv_true);
    VALUE(omp_atv_contended);
    VALUE(omp_atv_uncontended);
    VALUE(omp_atv_serialized);
    VALUE(omp_atv_private);
    VALUE(omp_atv_all);
    VALUE(omp_atv_thread);
    VALUE(omp_atv_pteam);
    VALUE(omp_atv_cgroup);
    VALUE(omp_atv_default_mem_fb);
    VALUE(omp_atv_null_fb);
    VALUE(omp_atv_abort_fb);
    VALUE(omp_atv_allocator_fb);
    VALUE(omp_atv_environment);
    VALUE(omp_atv_nearest);
    VALUE(omp_atv_blocked);
    VALUE(omp_atv_interleaved);
    printf("values=%d\n", values);
    return 0;
}
