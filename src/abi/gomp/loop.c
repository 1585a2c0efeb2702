/* GCC ABI: worksharing loops over `long` iteration variables. GCC passes the
 * bounds as [start, end) with step incr and runs each chunk it gets back as
 * `for (v = *istart; v < *iend (> for a negative step); v += incr)`. Every
 * _next entry point serves whichever schedule the loop was started with. */
#include "../../core/export.h"
#include "gomp.h"
#include "../../core/runtime.h"
#include "../../core/threads/team.h"
#include "../../ompt/events.h"
#include "loop_sched.h"

/* The helpers are always inlined: the OMPT entry frame and the call site they
 * capture are those of the entry point that GCC's code called. */
#define ENTRY_HELPER static inline __attribute__((always_inline))

ENTRY_HELPER void start_plain(long first, long end, long incr, int sched, long chunk, bool ordered, void **mem)
{
    struct glass_loop_spec spec = {
        .codeptr = __builtin_return_address(0),
        .count = glass_loop_count_signed(first, end, incr),
        .start = (uint64_t)first,
        .incr = (uint64_t)incr,
        .end = (uint64_t)end,
        .sched = sched,
        .chunk = glass_gomp_chunk(chunk),
        .ordered = ordered,
        .mem_size = mem ? (size_t)(uintptr_t)*mem : 0,
    };
    glass_loop_start(glass_self(), &spec, mem);
}

ENTRY_HELPER void start(long first, long end, long incr, int sched, long chunk, bool ordered, void **mem)
{
    GLASS_OMPT_ENTRY_CALL(start_plain(first, end, incr, sched, chunk, ordered, mem));
}

ENTRY_HELPER bool next_plain(long *istart, long *iend)
{
    uint64_t first, end;
    if (!glass_loop_next_bounds(glass_self(), &first, &end))
        return false;
    *istart = (long)first;
    *iend = (long)end;
    return true;
}

ENTRY_HELPER bool next(long *istart, long *iend)
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

/* Plain loops. The entry points without "nonmonotonic" in their names are
 * monotonic (OpenMP 5.1, 2.11.4). */

GLASS_EXPORT bool GOMP_loop_static_start(long first, long end, long incr, long chunk, long *istart, long *iend)
{
    start(first, end, incr, GLASS_SCHED_STATIC, chunk, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_dynamic_start(long first, long end, long incr, long chunk, long *istart, long *iend)
{
    start(first, end, incr, GLASS_SCHED_DYNAMIC | GLASS_SCHED_MONOTONIC, chunk, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_guided_start(long first, long end, long incr, long chunk, long *istart, long *iend)
{
    start(first, end, incr, GLASS_SCHED_GUIDED | GLASS_SCHED_MONOTONIC, chunk, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_runtime_start(long first, long end, long incr, long *istart, long *iend)
{
    start(first, end, incr, GLASS_SCHED_RUNTIME | GLASS_SCHED_MONOTONIC, 0, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_nonmonotonic_dynamic_start(long first, long end, long incr, long chunk,
                                                       long *istart, long *iend)
{
    start(first, end, incr, GLASS_SCHED_DYNAMIC, chunk, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_nonmonotonic_guided_start(long first, long end, long incr, long chunk,
                                                      long *istart, long *iend)
{
    start(first, end, incr, GLASS_SCHED_GUIDED, chunk, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_nonmonotonic_runtime_start(long first, long end, long incr, long *istart,
                                                       long *iend)
{
    start(first, end, incr, GLASS_SCHED_RUNTIME, 0, false, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_maybe_nonmonotonic_runtime_start(long first, long end, long incr, long *istart,
                                                             long *iend)
{
    start(first, end, incr, GLASS_SCHED_RUNTIME, 0, false, NULL);
    return next(istart, iend);
}

/* The general form (GCC 9+): schedule code, task reductions and scratch
 * memory (*mem holds the size wanted and receives the address). A NULL istart
 * only sets the loop up. */
GLASS_EXPORT bool GOMP_loop_start(long first, long end, long incr, long sched, long chunk, long *istart,
                                  long *iend, uintptr_t *reductions, void **mem)
{
    task_reductions(reductions);
    start(first, end, incr, glass_gomp_sched(sched), chunk, false, mem);
    if (!istart)
        return true;
    return next(istart, iend);
}

/* Ordered loops. */

GLASS_EXPORT bool GOMP_loop_ordered_static_start(long first, long end, long incr, long chunk, long *istart,
                                                 long *iend)
{
    start(first, end, incr, GLASS_SCHED_STATIC, chunk, true, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ordered_dynamic_start(long first, long end, long incr, long chunk, long *istart,
                                                  long *iend)
{
    start(first, end, incr, GLASS_SCHED_DYNAMIC | GLASS_SCHED_MONOTONIC, chunk, true, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ordered_guided_start(long first, long end, long incr, long chunk, long *istart,
                                                 long *iend)
{
    start(first, end, incr, GLASS_SCHED_GUIDED | GLASS_SCHED_MONOTONIC, chunk, true, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ordered_runtime_start(long first, long end, long incr, long *istart, long *iend)
{
    start(first, end, incr, GLASS_SCHED_RUNTIME | GLASS_SCHED_MONOTONIC, 0, true, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_ordered_start(long first, long end, long incr, long sched, long chunk,
                                          long *istart, long *iend, uintptr_t *reductions, void **mem)
{
    task_reductions(reductions);
    start(first, end, incr, glass_gomp_sched(sched), chunk, true, mem);
    return next(istart, iend);
}

/* Doacross loops: GCC runs the worksharing loop over 0 .. counts[0]-1;
 * counts[] holds the iteration counts of the ordered(n) loop nest. */

ENTRY_HELPER void start_doacross(unsigned ncounts, const long *counts, int sched, long chunk, void **mem)
{
    GLASS_OMPT_ENTRY();
    uint64_t dims[ncounts ? ncounts : 1];
    for (unsigned d = 0; d < ncounts; d++)
        dims[d] = counts[d] > 0 ? (uint64_t)counts[d] : 0;
    struct glass_loop_spec spec = {
        .codeptr = __builtin_return_address(0),
        .count = dims[0],
        .start = 0,
        .incr = 1,
        .end = dims[0],
        .sched = sched,
        .chunk = glass_gomp_chunk(chunk),
        .doacross_dims = ncounts,
        .doacross_counts = dims,
        .mem_size = mem ? (size_t)(uintptr_t)*mem : 0,
    };
    glass_loop_start(glass_self(), &spec, mem);
}

GLASS_EXPORT bool GOMP_loop_doacross_static_start(unsigned ncounts, long *counts, long chunk, long *istart,
                                                  long *iend)
{
    start_doacross(ncounts, counts, GLASS_SCHED_STATIC, chunk, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_doacross_dynamic_start(unsigned ncounts, long *counts, long chunk, long *istart,
                                                   long *iend)
{
    start_doacross(ncounts, counts, GLASS_SCHED_DYNAMIC | GLASS_SCHED_MONOTONIC, chunk, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_doacross_guided_start(unsigned ncounts, long *counts, long chunk, long *istart,
                                                  long *iend)
{
    start_doacross(ncounts, counts, GLASS_SCHED_GUIDED | GLASS_SCHED_MONOTONIC, chunk, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_doacross_runtime_start(unsigned ncounts, long *counts, long *istart, long *iend)
{
    start_doacross(ncounts, counts, GLASS_SCHED_RUNTIME | GLASS_SCHED_MONOTONIC, 0, NULL);
    return next(istart, iend);
}

GLASS_EXPORT bool GOMP_loop_doacross_start(unsigned ncounts, long *counts, long sched, long chunk,
                                           long *istart, long *iend, uintptr_t *reductions, void **mem)
{
    task_reductions(reductions);
    start_doacross(ncounts, counts, glass_gomp_sched(sched), chunk, mem);
    return next(istart, iend);
}

/* Next chunk, whatever the schedule. */

GLASS_EXPORT bool GOMP_loop_static_next(long *istart, long *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_dynamic_next(long *istart, long *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_guided_next(long *istart, long *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_runtime_next(long *istart, long *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_nonmonotonic_dynamic_next(long *istart, long *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_nonmonotonic_guided_next(long *istart, long *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_nonmonotonic_runtime_next(long *istart, long *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_maybe_nonmonotonic_runtime_next(long *istart, long *iend)
{
    return next(istart, iend);
}
GLASS_EXPORT bool GOMP_loop_ordered_static_next(long *istart, long *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ordered_dynamic_next(long *istart, long *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ordered_guided_next(long *istart, long *iend) { return next(istart, iend); }
GLASS_EXPORT bool GOMP_loop_ordered_runtime_next(long *istart, long *iend) { return next(istart, iend); }

/* End of a loop, for long and unsigned long long loops alike. */

GLASS_EXPORT void GOMP_loop_end(void)
{
    GLASS_OMPT_ENTRY_CALL(glass_ws_end_at(glass_self(), false, __builtin_return_address(0)));
}

GLASS_EXPORT void GOMP_loop_end_nowait(void)
{
    GLASS_OMPT_ENTRY_CALL(glass_ws_end_at(glass_self(), true, __builtin_return_address(0)));
}

GLASS_EXPORT bool GOMP_loop_end_cancel(void)
{
    GLASS_OMPT_ENTRY_RETURN(glass_ws_end_cancellable_at(glass_self(), __builtin_return_address(0)));
}
