// libomp's extension routines and objects on Glass, as LLVM's omp.h
// declares them: kmp_* stack size, blocktime, library mode, defaults,
// memory and affinity-mask routines, the kmpc_*/ompc_* spellings, the
// allocator handle objects, lock initializers with hints, and the interop
// queries (the host has no foreign runtime: every object is
// omp_interop_none), the allocate clause and directive (__kmpc_alloc,
// __kmpc_free), and the error directive's entry point (Clang 14 has no
// error directive: called directly).
// REQUIRES: clang
// RUN: %omp-cc %s -o %t
// RUN: OMP_NUM_THREADS=4 %run %t 2>&1 | FileCheck %s
// CHECK: stacksize=ok blocktime=ok library=ok defaults=ok memory=ok affinity=ok
// CHECK: ompc=ok kmpc=ok handles=ok locks=ok interop=ok known-threads=ok allocate=ok
// CHECK: OMP: warning: error directive encountered at clang-kmp-api.c:12:3: careful
// CHECK-NEXT: after-error=ok
// CHECK: glass: kmp_set_defaults: "NO_SUCH_SETTING=1" is not a setting Glass can change now; ignored
// CHECK-NEXT: after-bad-default=ok
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Not in omp.h: the kmpc_ and ompc_ spellings and the handle objects. */
extern void kmpc_set_blocktime(int);
/* LLVM 19's omp.h no longer declares it; libomp 19 still exports it. */
extern int kmp_get_num_known_threads(void);
extern void *kmpc_malloc(size_t);
extern void kmpc_free(void *);
extern void ompc_set_num_threads(int);
extern int ompc_get_team_size(int);
extern const uintptr_t omp_null_allocator_object __asm__("omp_null_allocator");
extern const uintptr_t omp_thread_mem_alloc_object __asm__("omp_thread_mem_alloc");
extern const uintptr_t omp_low_lat_mem_space_object __asm__("omp_low_lat_mem_space");
struct ident {
    int reserved_1, flags, reserved_2, reserved_3;
    const char *psource;
};
extern void __kmpc_error(struct ident *, int severity, const char *message);

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

int main(void)
{
    kmp_set_stacksize_s(8u << 20);
    int stack_ok = kmp_get_stacksize_s() == 8u << 20 && kmp_get_stacksize() == 8 << 20;
    kmp_set_stacksize(4 << 20);
    stack_ok &= kmp_get_stacksize() == 4 << 20;

    kmp_set_blocktime(0);
    int blocktime_ok = kmp_get_blocktime() == 0;
    kmp_set_blocktime(50);
    blocktime_ok &= kmp_get_blocktime() == 50;

    kmp_set_library_serial();
    int serial_size = 0;
#pragma omp parallel
#pragma omp single
    serial_size = omp_get_num_threads();
    int library_ok = kmp_get_library() == 1 && serial_size == 1;
    kmp_set_library_throughput();
    library_ok &= kmp_get_library() == 3;

    kmp_set_defaults("OMP_NUM_THREADS=3 OMP_DYNAMIC=false");
    int team = 0;
#pragma omp parallel
#pragma omp single
    team = omp_get_num_threads();
    int defaults_ok = team == 3 && omp_get_max_threads() == 3 && !omp_get_dynamic();

    char *p = kmp_malloc(100);
    char *q = kmp_aligned_malloc(100, 256);
    char *r = kmp_calloc(10, 10);
    int memory_ok = p && q && r && (uintptr_t)q % 256 == 0 && r[99] == 0;
    memset(p, 1, 100);
    p = kmp_realloc(p, 1000);
    memory_ok &= p && p[99] == 1;
    kmp_free(p);
    kmp_free(q);
    kmp_free(r);

    kmp_affinity_mask_t mask;
    kmp_create_affinity_mask(&mask);
    int affinity_ok = kmp_get_affinity(&mask) == 0 && kmp_get_affinity_max_proc() >= 1;
    int procs = 0, first = -1;
    for (int proc = 0; proc < kmp_get_affinity_max_proc(); proc++)
        if (kmp_get_affinity_mask_proc(proc, &mask) == 1) {
            procs++;
            if (first < 0)
                first = proc;
        }
    affinity_ok &= procs == omp_get_num_procs() && kmp_get_affinity_mask_proc(-1, &mask) == -1;
    affinity_ok &= kmp_unset_affinity_mask_proc(first, &mask) == 0 && kmp_get_affinity_mask_proc(first, &mask) == 0;
    affinity_ok &= kmp_set_affinity_mask_proc(first, &mask) == 0 && kmp_set_affinity(&mask) == 0;
    kmp_destroy_affinity_mask(&mask);

    ompc_set_num_threads(2);
    int ompc_team = 0, ompc_size = 0;
#pragma omp parallel
#pragma omp single
    {
        ompc_team = omp_get_num_threads();
        ompc_size = ompc_get_team_size(1);
    }
    int ompc_ok = ompc_team == 2 && ompc_size == 2;

    kmpc_set_blocktime(7);
    void *block = kmpc_malloc(32);
    int kmpc_ok = kmp_get_blocktime() == 7 && block;
    kmpc_free(block);

    int handles_ok = omp_null_allocator_object == 0 && omp_thread_mem_alloc_object == (uintptr_t)omp_thread_mem_alloc &&
                     omp_low_lat_mem_space_object == (uintptr_t)omp_low_lat_mem_space;
    void *via_object = omp_alloc(64, (omp_allocator_handle_t)omp_thread_mem_alloc_object);
    handles_ok &= via_object != NULL;
    omp_free(via_object, omp_thread_mem_alloc);

    omp_lock_t lock;
    omp_nest_lock_t nest;
    omp_init_lock_with_hint(&lock, omp_sync_hint_contended);
    omp_init_nest_lock_with_hint(&nest, omp_sync_hint_speculative);
    omp_set_lock(&lock);
    int locks_ok = !omp_test_lock(&lock);
    omp_unset_lock(&lock);
    locks_ok &= omp_test_nest_lock(&nest) == 1 && omp_test_nest_lock(&nest) == 2;
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nest);

    int rc = 0;
    int interop_ok = omp_get_num_interop_properties(omp_interop_none) == 0;
    interop_ok &= omp_get_interop_int(omp_interop_none, omp_ipr_device_num, &rc) == 0 && rc == omp_irc_empty;
    interop_ok &= omp_get_interop_ptr(omp_interop_none, omp_ipr_device, &rc) == NULL && rc == omp_irc_empty;
    interop_ok &= omp_get_interop_str(omp_interop_none, omp_ipr_vendor_name, &rc) == NULL;
    interop_ok &= omp_get_interop_int(omp_interop_none, (omp_interop_property_t)5, &rc) == 0 &&
                  rc == omp_irc_out_of_range;
    interop_ok &= strcmp(omp_get_interop_name(omp_interop_none, omp_ipr_fr_name), "fr_name") == 0;
    interop_ok &= omp_get_interop_rc_desc(omp_interop_none, omp_irc_empty) != NULL;

    int known_ok = kmp_get_num_known_threads() >= 2;

    /* Private copies from an allocator, and a local variable placed by the
     * allocate directive: 64 ints each, written and read back. */
    int allocate_ok = 1;
    int big[64];
#pragma omp parallel private(big) allocate(omp_high_bw_mem_alloc : big)
    {
        for (int i = 0; i < 64; i++)
            big[i] = i + omp_get_thread_num();
        for (int i = 0; i < 64; i++)
            if (big[i] != i + omp_get_thread_num()) {
#pragma omp atomic write
                allocate_ok = 0;
            }
    }
    {
        long placed[64];
#pragma omp allocate(placed) allocator(omp_low_lat_mem_alloc)
        for (int i = 0; i < 64; i++)
            placed[i] = i;
        allocate_ok &= placed[63] == 63 && (uintptr_t)placed % sizeof(long) == 0;
    }

    printf("stacksize=%s blocktime=%s library=%s defaults=%s memory=%s affinity=%s\n", verdict(stack_ok),
           verdict(blocktime_ok), verdict(library_ok), verdict(defaults_ok), verdict(memory_ok),
           verdict(affinity_ok));
    printf("ompc=%s kmpc=%s handles=%s locks=%s interop=%s known-threads=%s allocate=%s\n", verdict(ompc_ok),
           verdict(kmpc_ok), verdict(handles_ok), verdict(locks_ok), verdict(interop_ok), verdict(known_ok),
           verdict(allocate_ok));
    fflush(stdout);
    struct ident where = {0, 2, 0, 0, ";clang-kmp-api.c;main;12;3;;"};
    __kmpc_error(&where, 1, "careful");
    printf("after-error=ok\n");
    fflush(stdout);
    kmp_set_defaults("NO_SUCH_SETTING=1");
    printf("after-bad-default=%s\n", verdict(omp_get_max_threads() == 2));
    return 0;
}
