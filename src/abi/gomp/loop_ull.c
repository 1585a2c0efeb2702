/* GCC ABI: worksharing loops over `unsigned long long` iteration variables.
 * `up` says which way the loop runs; a downward loop's incr is the two's
 * complement of its step, and GCC runs each chunk with > instead of <. */
#include "../../core/export.h"
#include "gomp.h"
#include "../../core/runtime.h"
#include "../../core/threads/team.h"
#include "../../ompt/events.h"
#include "loop_sched.h"

typedef unsigned long long ull;

/* The helpers are always inlined: the OMPT entry frame and the call site they
 * capture are those of the entry point that GCC's code called. */
#define ENTRY_HELPER static inline __attribute__((always_inline))

ENTRY_HELPER void start_plain(bool up, ull first, ull end, ull incr, int sched, ull chunk, bool ordered,
                              void **mem)
{
    struct glass_loop_spec spec = {
        .codeptr = __builtin_return_address(0),
        .count = glass_loop_count_unsigned(up, first, end, incr),
        .start = first,
        .incr = incr,
        .end = end,
        .sched = sched,
        .chunk = chunk,
        .ordered = ordered,
        .mem_size = mem ? (size_t)(uintptr_t)*mem : 0,
    };
    glass_loop_start(glass_self(), &spec, mem);
}

ENTRY_HELPER void start(bool up, ull first, ull end, ull incr, int sched, ull chunk, bool ordered, void **mem)
{
    GLASS_OMPT_ENTRY_CALL(start_plain(up, first, end, incr, sched, chunk, ordered, mem));
}

ENTRY_HELPER bool next_plain(ull *istart, ull *iend)
{
    uint64_t first, end;
    if (!glass_loop_next_bounds(glass_self(), &first, &end))
        return false;
    *istart = first;
    *iend = end;
    return true;
}

ENTRY_HELPER bool next(ull *istart, ull *iend)
{
    GLASS_OMPT_ENTRY_RETURN(next_plain(istart, iend));
}

/* reduction(task, ...) on the loop: the construct's reduction taskgroup
 * (closed by GOMP_workshare_task_reduction_unregister, which GCC emits). */
static void task_reductions(uintptr_t *reductions)
{
    if (reductions)
        gomp_workshare_task_reduction_register(reductions);
}

GLASS_EXPORT bool GOMP_loop_ull_static_start(bool up, ull first, ull end, ull incr, ull chunk, ull *istart,
                                             ull *iend)
{
    start(up, first, end, incr, GLASS_SCHED_STATIC, chunk, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_dynamic_start(bool up, ull first, ull end, ull incr, ull chunk, ull *istart,
                                              ull *iend)
{
    start(up, first, end, incr, GLASS_SCHED_DYNAMIC | GLASS_SCHED_MONOTONIC, chunk, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_guided_start(bool up, ull first, ull end, ull incr, ull chunk, ull *istart,
                                             ull *iend)
{
    start(up, first, end, incr, GLASS_SCHED_GUIDED | GLASS_SCHED_MONOTONIC, chunk, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_runtime_start(bool up, ull first, ull end, ull incr, ull *istart, ull *iend)
{
    start(up, first, end, incr, GLASS_SCHED_RUNTIME | GLASS_SCHED_MONOTONIC, 0, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_nonmonotonic_dynamic_start(bool up, ull first, ull end, ull incr, ull chunk,
                                                           ull *istart, ull *iend)
{
    start(up, first, end, incr, GLASS_SCHED_DYNAMIC, chunk, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_nonmonotonic_guided_start(bool up, ull first, ull end, ull incr, ull chunk,
                                                          ull *istart, ull *iend)
{
    start(up, first, end, incr, GLASS_SCHED_GUIDED, chunk, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_nonmonotonic_runtime_start(bool up, ull first, ull end, ull incr,
                                                           ull *istart, ull *iend)
{
    start(up, first, end, incr, GLASS_SCHED_RUNTIME, 0, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_maybe_nonmonotonic_runtime_start(bool up, ull first, ull end, ull incr,
                                                                 ull *istart, ull *iend)
{
    start(up, first, end, incr, GLASS_SCHED_RUNTIME, 0, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_start(bool up, ull first, ull end, ull incr, long sched, ull chunk,
                                      ull *istart, ull *iend, uintptr_t *reductions, void **mem)
{
    task_reductions(reductions);
    start(up, first, end, incr, glass_gomp_sched(sched), chunk, false, mem);
    if (!istart)
        return true;
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_ordered_static_start(bool up, ull first, ull end, ull incr, ull chunk,
                                                     ull *istart, ull *iend)
{
    start(up, first, end, incr, GLASS_SCHED_STATIC, chunk, true, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_ordered_dynamic_start(bool up, ull first, ull end, ull incr, ull chunk,
                                                      ull *istart, ull *iend)
{
    start(up, first, end, incr, GLASS_SCHED_DYNAMIC | GLASS_SCHED_MONOTONIC, chunk, true, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_ordered_guided_start(bool up, ull first, ull end, ull incr, ull chunk,
                                                     ull *istart, ull *iend)
{
    start(up, first, end, incr, GLASS_SCHED_GUIDED | GLASS_SCHED_MONOTONIC, chunk, true, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_ordered_runtime_start(bool up, ull first, ull end, ull incr, ull *istart,
                                                      ull *iend)
{
    start(up, first, end, incr, GLASS_SCHED_RUNTIME | GLASS_SCHED_MONOTONIC, 0, true, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_ordered_start(bool up, ull first, ull end, ull incr, long sched, ull chunk,
                                              ull *istart, ull *iend, uintptr_t *reductions, void **mem)
{
    task_reductions(reductions);
    start(up, first, end, incr, glass_gomp_sched(sched), chunk, true, mem);
    return next(istart, iend);
}

/* Doacross: the worksharing loop runs over 0 .. counts[0]-1 upwards. */

ENTRY_HELPER void start_doacross(unsigned ncounts, const ull *counts, int sched, ull chunk, void **mem)
{
    GLASS_OMPT_ENTRY();
    uint64_t dims[ncounts ? ncounts : 1];
    for (unsigned d = 0; d < ncounts; d++)
        dims[d] = counts[d];
    struct glass_loop_spec spec = {
        .codeptr = __builtin_return_address(0),
        .count = dims[0],
        .start = 0,
        .incr = 1,
        .end = dims[0],
        .sched = sched,
        .chunk = chunk,
        .doacross_dims = ncounts,
        .doacross_counts = dims,
        .mem_size = mem ? (size_t)(uintptr_t)*mem : 0,
    };
    glass_loop_start(glass_self(), &spec, mem);
}

GLASS_EXPORT bool GOMP_loop_ull_doacross_static_start(unsigned ncounts, ull *counts, ull chunk, ull *istart,
                                                      ull *iend)
{
    start_doacross(ncounts, counts, GLASS_SCHED_STATIC, chunk, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_doacross_dynamic_start(unsigned ncounts, ull *counts, ull chunk, ull *istart,
                                                       ull *iend)
{
    start_doacross(ncounts, counts, GLASS_SCHED_DYNAMIC | GLASS_SCHED_MONOTONIC, chunk, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_doacross_guided_start(unsigned ncounts, ull *counts, ull chunk, ull *istart,
                                                      ull *iend)
{
    start_doacross(ncounts, counts, GLASS_SCHED_GUIDED | GLASS_SCHED_MONOTONIC, chunk, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_doacross_runtime_start(unsigned ncounts, ull *counts, ull *istart, ull *iend)
{
    start_doacross(ncounts, counts, GLASS_SCHED_RUNTIME | GLASS_SCHED_MONOTONIC, 0, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_doacross_start(unsigned ncounts, ull *counts, long sched, ull chunk,
                                               ull *istart, ull *iend, uintptr_t *reductions, void **mem)
{
    task_reductions(reductions);
    start_doacross(ncounts, counts, glass_gomp_sched(sched), chunk, mem);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ull_static_next(ull *istart, ull *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ull_dynamic_next(ull *istart, ull *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ull_guided_next(ull *istart, ull *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ull_runtime_next(ull *istart, ull *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ull_nonmonotonic_dynamic_next(ull *istart, ull *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ull_nonmonotonic_guided_next(ull *istart, ull *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ull_nonmonotonic_runtime_next(ull *istart, ull *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ull_maybe_nonmonotonic_runtime_next(ull *istart, ull *iend)
{
    return next(istart, iend);
}
GLASS_EXPORT bool GOMP_loop_ull_ordered_static_next(ull *istart, ull *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ull_ordered_dynamic_next(ull *istart, ull *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ull_ordered_guided_next(ull *istart, ull *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ull_ordered_runtime_next(ull *istart, ull *iend) { return next(istart, iend); }
