/* GCC ABI: sections. Section numbers are 1-based; 0 means no more work. */
#include "../../core/export.h"
#include "gomp.h"
#include "../../core/runtime.h"
#include "../../core/loops/sections.h"
#include "../../core/threads/team.h"
#include "../../ompt/events.h"

GLASS_EXPORT unsigned GOMP_sections_start(unsigned count)
{
    GLASS_OMPT_ENTRY_RETURN(glass_sections_start(glass_self(), count, 0, NULL, __builtin_return_address(0)));
}

/* GCC 9+: task reductions and scratch memory (*mem holds the size wanted and
 * receives the address), as in GOMP_loop_start. */
GLASS_EXPORT unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem)
{
    GLASS_OMPT_ENTRY();
    if (reductions)
        gomp_workshare_task_reduction_register(reductions);
    return glass_sections_start(glass_self(), count, mem ? (size_t)(uintptr_t)*mem : 0, mem,
                                __builtin_return_address(0));
}

GLASS_EXPORT unsigned GOMP_sections_next(void)
{
    GLASS_OMPT_ENTRY_RETURN(glass_sections_next(glass_self(), __builtin_return_address(0)));
}

GLASS_EXPORT void GOMP_sections_end(void)
{
    GLASS_OMPT_ENTRY_CALL(glass_ws_end_at(glass_self(), false, __builtin_return_address(0)));
}

GLASS_EXPORT void GOMP_sections_end_nowait(void)
{
    GLASS_OMPT_ENTRY_CALL(glass_ws_end_at(glass_self(), true, __builtin_return_address(0)));
}

GLASS_EXPORT bool GOMP_sections_end_cancel(void)
{
    GLASS_OMPT_ENTRY_RETURN(glass_ws_end_cancellable_at(glass_self(), __builtin_return_address(0)));
}

static void prepare_sections(struct glass_team *team, void *count)
{
    glass_sections_prepare(team, *(unsigned *)count);
}

static void parallel_sections(void (*fn)(void *), void *data, unsigned num_threads, unsigned count,
                              unsigned flags, bool whole, const void *codeptr)
{
    struct glass_parallel_args args = {
        .num_threads = num_threads,
        .proc_bind = (int)(flags & 7),
        .codeptr = codeptr,
        .prepare = prepare_sections,
        .prepare_arg = &count,
    };
    if (whole)
        glass_parallel(fn, data, &args);
    else
        glass_parallel_begin(fn, data, &args);
}

GLASS_EXPORT void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned num_threads, unsigned count,
                                         unsigned flags)
{
    GLASS_OMPT_ENTRY_CALL(parallel_sections(fn, data, num_threads, count, flags, true, __builtin_return_address(0)));
}

GLASS_EXPORT void GOMP_parallel_sections_start(void (*fn)(void *), void *data, unsigned num_threads,
                                               unsigned count)
{
    GLASS_OMPT_ENTRY_CALL(parallel_sections(fn, data, num_threads, count, 0, false, __builtin_return_address(0)));
}
