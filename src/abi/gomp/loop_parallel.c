/* GCC ABI: combined parallel loops. The team's first worksharing construct is
 * set up by the master before any worker starts, and every thread of the
 * region then only calls the loop's _next entry point. `flags` carries the
 * proc_bind clause as in GOMP_parallel. */
#include "../../core/export.h"
#include "../../core/threads/team.h"
#include "../../ompt/events.h"
#include "loop_sched.h"

static void prepare_loop(struct glass_team *team, void *spec)
{
    glass_loop_prepare(team, spec);
}

/* Always inlined: the OMPT entry frame is that of the entry point GCC's code
 * called. */
static inline __attribute__((always_inline)) void parallel_loop(void (*fn)(void *), void *data,
                                                                unsigned num_threads, long first, long end,
                                                                long incr, int sched, long chunk,
                                                                unsigned flags, bool whole, const void *codeptr)
{
    GLASS_OMPT_ENTRY();
    struct glass_loop_spec spec = {
        .codeptr = codeptr,
        .count = glass_loop_count_signed(first, end, incr),
        .start = (uint64_t)first,
        .incr = (uint64_t)incr,
        .end = (uint64_t)end,
        .sched = sched,
        .chunk = glass_gomp_chunk(chunk),
    };
    struct glass_parallel_args args = {
        .num_threads = num_threads,
        .proc_bind = (int)(flags & 7),
        .codeptr = codeptr,
        .prepare = prepare_loop,
        .prepare_arg = &spec,
    };
    if (whole)
        glass_parallel(fn, data, &args);
    else
        glass_parallel_begin(fn, data, &args);
}

GLASS_EXPORT void GOMP_parallel_loop_static(void (*fn)(void *), void *data, unsigned num_threads, long first,
                                            long end, long incr, long chunk, unsigned flags)
{
    parallel_loop(fn, data, num_threads, first, end, incr, GLASS_SCHED_STATIC, chunk, flags, true,
                  __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_parallel_loop_dynamic(void (*fn)(void *), void *data, unsigned num_threads, long first,
                                             long end, long incr, long chunk, unsigned flags)
{
    parallel_loop(fn, data, num_threads, first, end, incr, GLASS_SCHED_DYNAMIC | GLASS_SCHED_MONOTONIC, chunk,
                  flags, true, __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_parallel_loop_guided(void (*fn)(void *), void *data, unsigned num_threads, long first,
                                            long end, long incr, long chunk, unsigned flags)
{
    parallel_loop(fn, data, num_threads, first, end, incr, GLASS_SCHED_GUIDED | GLASS_SCHED_MONOTONIC, chunk,
                  flags, true, __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_parallel_loop_runtime(void (*fn)(void *), void *data, unsigned num_threads, long first,
                                             long end, long incr, unsigned flags)
{
    parallel_loop(fn, data, num_threads, first, end, incr, GLASS_SCHED_RUNTIME | GLASS_SCHED_MONOTONIC, 0,
                  flags, true, __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_parallel_loop_nonmonotonic_dynamic(void (*fn)(void *), void *data, unsigned num_threads,
                                                          long first, long end, long incr, long chunk,
                                                          unsigned flags)
{
    parallel_loop(fn, data, num_threads, first, end, incr, GLASS_SCHED_DYNAMIC, chunk, flags, true,
                  __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_parallel_loop_nonmonotonic_guided(void (*fn)(void *), void *data, unsigned num_threads,
                                                         long first, long end, long incr, long chunk,
                                                         unsigned flags)
{
    parallel_loop(fn, data, num_threads, first, end, incr, GLASS_SCHED_GUIDED, chunk, flags, true,
                  __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_parallel_loop_nonmonotonic_runtime(void (*fn)(void *), void *data, unsigned num_threads,
                                                          long first, long end, long incr, unsigned flags)
{
    parallel_loop(fn, data, num_threads, first, end, incr, GLASS_SCHED_RUNTIME, 0, flags, true,
                  __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_parallel_loop_maybe_nonmonotonic_runtime(void (*fn)(void *), void *data,
                                                                unsigned num_threads, long first, long end,
                                                                long incr, unsigned flags)
{
    parallel_loop(fn, data, num_threads, first, end, incr, GLASS_SCHED_RUNTIME, 0, flags, true,
                  __builtin_return_address(0));
}

/* The pre-GCC 4.9 forms: start the region; the caller runs its share and
 * calls GOMP_parallel_end. */

GLASS_EXPORT void GOMP_parallel_loop_static_start(void (*fn)(void *), void *data, unsigned num_threads,
                                                  long first, long end, long incr, long chunk)
{
    parallel_loop(fn, data, num_threads, first, end, incr, GLASS_SCHED_STATIC, chunk, 0, false,
                  __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_parallel_loop_dynamic_start(void (*fn)(void *), void *data, unsigned num_threads,
                                                   long first, long end, long incr, long chunk)
{
    parallel_loop(fn, data, num_threads, first, end, incr, GLASS_SCHED_DYNAMIC | GLASS_SCHED_MONOTONIC, chunk,
                  0, false, __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_parallel_loop_guided_start(void (*fn)(void *), void *data, unsigned num_threads,
                                                  long first, long end, long incr, long chunk)
{
    parallel_loop(fn, data, num_threads, first, end, incr, GLASS_SCHED_GUIDED | GLASS_SCHED_MONOTONIC, chunk,
                  0, false, __builtin_return_address(0));
}

GLASS_EXPORT void GOMP_parallel_loop_runtime_start(void (*fn)(void *), void *data, unsigned num_threads,
                                                   long first, long end, long incr)
{
    parallel_loop(fn, data, num_threads, first, end, incr, GLASS_SCHED_RUNTIME | GLASS_SCHED_MONOTONIC, 0, 0,
                  false, __builtin_return_address(0));
}
