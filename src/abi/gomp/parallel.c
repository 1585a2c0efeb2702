/* GCC ABI: parallel regions. GCC folds the if clause into num_threads (1 when
 * false) and passes the proc_bind clause in the low bits of flags. */
#include "../../core/threads/team.h"
#include "../../ompt/events.h"
#include "gomp.h"

void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags)
{
    struct glass_parallel_args args = {
        .num_threads = num_threads,
        .proc_bind = (int)(flags & 7),
        .codeptr = __builtin_return_address(0),
    };
    GLASS_OMPT_ENTRY_SPLIT(glass_parallel_unwatched(fn, data, &args), glass_parallel(fn, data, &args));
}

/* The pre-GCC 4.9 form: the program runs the master's share itself, between
 * the two calls, in its own frame. So for OMPT the encountering task keeps its
 * enter frame until GOMP_parallel_end, and the master's implicit task exits
 * to that same program frame. */
void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned num_threads)
{
    struct glass_ompt_entry region_entry = {0};
    if (GLASS_OMPT_ENTRY_WATCH())
        glass_ompt_enter_runtime(&region_entry, __builtin_dwarf_cfa());
    struct glass_parallel_args args = {
        .num_threads = num_threads,
        .codeptr = __builtin_return_address(0),
    };
    struct glass_team *team = glass_parallel_begin(fn, data, &args);
    if (GLASS_FRAMES_WANTED())
        glass_ompt_set_exit_frame(&team->master_task, __builtin_dwarf_cfa(),
                                  GLASS_FRAME_FLAGS_APPLICATION);
}

void GOMP_parallel_end(void)
{
    /* The region's code has returned: its implicit task has no frame of the
     * program's any more while it waits (and runs tasks) in the join
     * barrier, as when the runtime called the region itself. */
    GLASS_OMPT_RETURNED_FROM_USER_CODE(glass_self()->task);
    glass_parallel_end();
    if (GLASS_FRAMES_WANTED())
        glass_ompt_clear_enter_frame(glass_self()->task);
}
