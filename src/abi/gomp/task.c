/* GCC ABI: explicit tasks, taskwait, taskyield, taskgroup. GCC's flags
 * (GOMP_TASK_FLAG_* in gomp-constants.h) and its depend array layout are
 * translated here into core options. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/runtime.h"
#include "../../core/tasks/tasking.h"
#include "../../ompt/events.h"
#include "depend.h"
#include "gomp.h"

enum {
    TASK_FLAG_UNTIED = 1 << 0,
    TASK_FLAG_FINAL = 1 << 1,
    TASK_FLAG_MERGEABLE = 1 << 2,
    TASK_FLAG_DEPEND = 1 << 3,
    TASK_FLAG_PRIORITY = 1 << 4,
    TASK_FLAG_DETACH = 1 << 13,
};

/* GCC's depend array has two layouts:
 * - depend[0] = n != 0: depend[1] = number of out/inout entries, then n
 *   addresses, out/inout first, then in;
 * - depend[0] = 0 (OpenMP 5.0): depend[1] = n, depend[2] = out/inout,
 *   depend[3] = mutexinoutset, depend[4] = in counts, then the addresses in
 *   that order, then pointers to omp_depend_t objects (depobj), each an
 *   address and a GOMP_DEPEND_* type. */
size_t gomp_depend_count(void **depend)
{
    return (uintptr_t)(depend[0] ? depend[0] : depend[1]);
}

void gomp_depend_decode(void **depend, struct glass_depend *out)
{
    if (depend[0]) {
        size_t n = (uintptr_t)depend[0], nout = (uintptr_t)depend[1];
        for (size_t i = 0; i < n; i++)
            out[i] = (struct glass_depend){depend[2 + i], i < nout ? GLASS_DEPEND_INOUT : GLASS_DEPEND_IN};
        return;
    }
    size_t n = (uintptr_t)depend[1];
    size_t nout = (uintptr_t)depend[2];
    size_t nmutex = nout + (uintptr_t)depend[3];
    size_t nplain = nmutex + (uintptr_t)depend[4];
    for (size_t i = 0; i < n; i++) {
        void *entry = depend[5 + i];
        if (i < nout)
            out[i] = (struct glass_depend){entry, GLASS_DEPEND_INOUT};
        else if (i < nmutex)
            out[i] = (struct glass_depend){entry, GLASS_DEPEND_MUTEXINOUTSET};
        else if (i < nplain)
            out[i] = (struct glass_depend){entry, GLASS_DEPEND_IN};
        else {
            if (!gomp_depobj_decode(entry, &out[i]))
                glass_fatal("depend(depobj: ...) with an unknown dependence type %lu (an omp_depend_t not "
                            "initialized by a depobj construct?)",
                            (unsigned long)((uintptr_t *)entry)[1]);
        }
    }
}

/* Argument blocks are mostly a few words: copying them inline beats a call. */
static void copy_args(void *to, const void *from, size_t size)
{
    if (size > 64) {
        memcpy(to, from, size);
        return;
    }
    char *dst = to;
    const char *src = from;
    for (; size >= 8; size -= 8, dst += 8, src += 8)
        __builtin_memcpy(dst, src, 8);
    for (; size; size--)
        *dst++ = *src++;
}

/* Dependences decoded on the stack, or on the heap when there are many. */
#define LOCAL_DEPENDS 16

GLASS_EXPORT void GOMP_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
                            long arg_align, bool if_clause, unsigned flags, void **depend, int priority,
                            void *detach)
{
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = glass_self();
    size_t ndeps = (flags & TASK_FLAG_DEPEND) ? gomp_depend_count(depend) : 0;
    struct glass_task_options opts = {
        .codeptr = __builtin_return_address(0),
        .fn = fn,
        .arg_size = arg_size > 0 ? (size_t)arg_size : 0,
        .arg_align = arg_align > 0 ? (size_t)arg_align : 1,
        .ndepend = ndeps,
        .priority = (flags & TASK_FLAG_PRIORITY) ? priority : 0,
        .undeferred = !if_clause,
        .untied = flags & TASK_FLAG_UNTIED,
        .final = flags & TASK_FLAG_FINAL,
        .mergeable = flags & TASK_FLAG_MERGEABLE,
        .detach = flags & TASK_FLAG_DETACH,
        .copy_args = cpyfn != NULL,
        .run_in_place = true,
    };
    struct glass_task *task = glass_task_new(self, &opts, data);
    if (!task)
        return;
    if (flags & TASK_FLAG_DETACH) {
        /* GCC reads the event from `detach` and, in the task, from the start
         * of the argument block: both get it before the block is copied. */
        uintptr_t event = glass_task_event(task);
        *(uintptr_t *)detach = event;
        if (data)
            *(uintptr_t *)data = event;
    }
    void *args = glass_task_args(task);
    if (args != data) {
        if (cpyfn)
            cpyfn(args, data);
        else
            copy_args(args, data, opts.arg_size);
    }
    struct glass_depend local[LOCAL_DEPENDS], *deps = local;
    if (ndeps > LOCAL_DEPENDS && !(deps = malloc(ndeps * sizeof *deps)))
        glass_fatal("out of memory for %zu task dependences", ndeps);
    if (ndeps)
        gomp_depend_decode(depend, deps);
    glass_task_submit(self, task, deps, ndeps);
    if (deps != local)
        free(deps);
}

GLASS_EXPORT void GOMP_taskwait(void)
{
    GLASS_OMPT_ENTRY_CALL(glass_task_wait_children_at(glass_self(), __builtin_return_address(0)));
}

GLASS_EXPORT void GOMP_taskwait_depend(void **depend)
{
    GLASS_OMPT_ENTRY();
    size_t ndeps = gomp_depend_count(depend);
    struct glass_depend local[LOCAL_DEPENDS], *deps = local;
    if (ndeps > LOCAL_DEPENDS && !(deps = malloc(ndeps * sizeof *deps)))
        glass_fatal("out of memory for %zu task dependences", ndeps);
    gomp_depend_decode(depend, deps);
    glass_task_wait_depend_at(glass_self(), deps, ndeps, __builtin_return_address(0));
    if (deps != local)
        free(deps);
}

GLASS_EXPORT void GOMP_taskyield(void)
{
    GLASS_OMPT_ENTRY_CALL(glass_task_yield(glass_self()));
}

GLASS_EXPORT void GOMP_taskgroup_start(void)
{
    GLASS_OMPT_ENTRY_CALL(glass_taskgroup_start_at(glass_self(), __builtin_return_address(0)));
}

GLASS_EXPORT void GOMP_taskgroup_end(void)
{
    GLASS_OMPT_ENTRY_CALL(glass_taskgroup_end_at(glass_self(), __builtin_return_address(0)));
}
