/* Clang ABI: parallel and teams regions, and the thread queries around them.
 *
 * Clang outlines a parallel region into a "microtask"
 * fn(int32_t *gtid, int32_t *bound_tid, shared_1, ..., shared_argc) and calls
 * __kmpc_fork_call with the shared variables' addresses as variadic
 * arguments. Clauses come before the fork, pushed by separate calls. An if
 * clause that is false makes Clang call the microtask itself between
 * __kmpc_serialized_parallel and __kmpc_end_serialized_parallel. */
#include <stdarg.h>
#include <string.h>

#include "../../core/runtime.h"
#include "../../core/tasks/tasking.h"
#include "../../ompt/events.h"
#include "../../platform/microtask.h"
#include "kmp.h"
#include "microtask_frame.h"

__thread struct kmp_thread_state kmp_state __attribute__((tls_model("initial-exec")));

typedef void (*kmp_microtask)(int32_t *gtid, int32_t *bound_tid, ...);

/* What each thread of the team needs to call the microtask. A region with
 * few shared variables carries them in `inline_args` (args NULL) and is
 * copied into the team descriptor at the fork (glass_parallel_args.payload),
 * where the workers find it beside the rest of the team. */
#define INLINE_ARGS 5

struct region {
    kmp_microtask fn;
    unsigned nargs;
    void **args;
    void *inline_args[INLINE_ARGS];
};

_Static_assert(sizeof(struct region) <= GLASS_FORK_PAYLOAD, "a region fits in the team descriptor");

static inline void **region_args(const struct region *region)
{
    return region->args ? region->args : (void **)region->inline_args;
}

/* Calls the outlined region. With a tool or OMPD, the implicit task's exit frame
 * becomes the invoker's frame, the one the outlined code returns to (the
 * core set it to its own caller's frame; it clears it afterwards). */
static void invoke(const struct region *region, struct glass_task *task, int32_t *gtid, int32_t *tid)
{
    if (GLASS_FRAMES_WANTED()) {
        __atomic_store_n(&task->frame.exit_frame_flags, GLASS_FRAME_FLAGS_RUNTIME, __ATOMIC_RELAXED);
        atomic_signal_fence(memory_order_release);
        kmp_invoke_microtask_framed(&task->frame.exit_frame.ptr, (void (*)(void))region->fn, gtid, tid,
                                    region->nargs, region_args(region));
        return;
    }
    glass_invoke_microtask((void (*)(void))region->fn, gtid, tid, region->nargs, region_args(region));
}

/* Each thread of the team, the master included, runs this. */
static void run_microtask(void *data)
{
    const struct region *region = data;
    struct glass_thread *self = glass_self();
    int32_t gtid = glass_thread_gtid(self);
    int32_t tid = (int32_t)self->num;
    invoke(region, self->task, &gtid, &tid);
    /* A loop left by a cancelled region may still be recorded. */
    if (__builtin_expect(kmp_state.nopen_loops != 0, 0))
        kmp_loops_forget_task(self->task);
}

static void collect_args(unsigned nargs, void **args, va_list ap)
{
    for (unsigned i = 0; i < nargs; i++)
        args[i] = va_arg(ap, void *);
}

/* Forks the region with the clauses pushed before it (or, `serialized`, as a
 * region whose if clause is false: the runtime still runs it, on this
 * thread alone). */
static void fork_region(struct region *region, bool serialized, const void *codeptr)
{
    struct glass_parallel_args parallel = {
        .proc_bind = kmp_state.push_proc_bind,
        .codeptr = codeptr,
        .entry = (const void *)region->fn,
        .payload = region->args ? NULL : region,
        .payload_size = sizeof *region,
    };
    struct kmp_strict strict;
    if (serialized) {
        kmp_clear_push();
        parallel.if_false = true;
    } else {
        kmp_take_num_threads(&parallel, &strict, codeptr);
        kmp_state.push_proc_bind = GLASS_BIND_FALSE;
    }
    glass_parallel(run_microtask, region, &parallel);
}

GLASS_EXPORT void __kmpc_fork_call(struct kmp_ident *loc, int32_t argc, kmp_microtask microtask, ...)
{
    GLASS_OMPT_ENTRY();
    (void)loc;
    unsigned nargs = argc > 0 ? (unsigned)argc : 0;
    /* Zeroed whole, padding included: the fork compares it with the copy
     * the team holds from the last region. */
    struct region region;
    memset(&region, 0, sizeof region);
    region.fn = microtask;
    region.nargs = nargs;
    void *spilled[nargs > INLINE_ARGS ? nargs : 1];
    if (nargs > INLINE_ARGS)
        region.args = spilled;
    va_list ap;
    va_start(ap, microtask);
    collect_args(nargs, region_args(&region), ap);
    va_end(ap);
    fork_region(&region, false, __builtin_return_address(0));
}

/* parallel if(cond) as OpenMPIRBuilder emits it (clang -fopenmp-enable-
 * irbuilder, flang): the shared variables travel in one aggregate, `args`
 * (NULL: none), passed as the microtask's only argument; a false condition
 * runs the microtask on the calling thread. */
GLASS_EXPORT void __kmpc_fork_call_if(struct kmp_ident *loc, int32_t argc, kmp_microtask microtask, int32_t cond,
                                      void *args)
{
    GLASS_OMPT_ENTRY();
    (void)loc, (void)argc;
    void *list[1] = {args};
    struct region region = {microtask, args ? 1 : 0, list, {0}};
    fork_region(&region, !cond, __builtin_return_address(0));
}

static void empty_region(void *data)
{
    (void)data;
}

/* As GCC's GOMP_parallel_start: the program runs the region in its own frame
 * between the two calls, so for OMPT the encountering task keeps its enter
 * frame until __kmpc_end_serialized_parallel, and the implicit task exits to
 * that same program frame. */
GLASS_EXPORT void __kmpc_serialized_parallel(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc, (void)gtid;
    struct glass_ompt_entry region_entry = {0};
    if (GLASS_OMPT_ENTRY_WATCH())
        glass_ompt_enter_runtime(&region_entry, __builtin_dwarf_cfa());
    struct glass_parallel_args parallel = {
        .if_false = true,
        .codeptr = __builtin_return_address(0),
    };
    kmp_clear_push();
    /* The compiled code runs the region itself, on this thread, between the
     * two calls. */
    struct glass_team *team = glass_parallel_begin(empty_region, NULL, &parallel);
    if (GLASS_FRAMES_WANTED())
        glass_ompt_set_exit_frame(&team->master_task, __builtin_dwarf_cfa(),
                                  GLASS_FRAME_FLAGS_APPLICATION);
}

GLASS_EXPORT void __kmpc_end_serialized_parallel(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    struct glass_thread *self = kmp_thread(gtid);
    if (__builtin_expect(kmp_state.nopen_loops != 0, 0))
        kmp_loops_forget_task(self->task);
    /* The region's code has returned: in the region's end (its tasks may run
     * there) the implicit task has no exit frame, as in a join barrier. */
    GLASS_OMPT_RETURNED_FROM_USER_CODE(self->task);
    glass_parallel_end();
    if (GLASS_FRAMES_WANTED())
        glass_ompt_clear_enter_frame(glass_self()->task);
}

GLASS_EXPORT void __kmpc_push_num_threads(struct kmp_ident *loc, int32_t gtid, int32_t num_threads)
{
    (void)loc, (void)gtid;
    kmp_state.push_num_threads = num_threads > 0 ? (unsigned)num_threads : 0;
    kmp_state.push_nthreads_rest_len = 0;
    kmp_state.push_strict = false;
}

GLASS_EXPORT void __kmpc_pop_num_threads(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc, (void)gtid;
    kmp_state.push_num_threads = 0;
    kmp_state.push_nthreads_rest_len = 0;
    kmp_state.push_strict = false;
}

/* libomp's proc_bind values 0..4 are omp_proc_bind_t's (and enum
 * glass_proc_bind's); its two private values mean "no clause". */
GLASS_EXPORT void __kmpc_push_proc_bind(struct kmp_ident *loc, int32_t gtid, int proc_bind)
{
    (void)loc, (void)gtid;
    kmp_state.push_proc_bind = proc_bind >= GLASS_BIND_FALSE && proc_bind <= GLASS_BIND_SPREAD
                                   ? proc_bind
                                   : GLASS_BIND_FALSE;
}

/* thread_limit on a target construct that runs on the host: Clang calls
 * this in the target region's task, whose thread-limit-var it sets (libomp
 * 19: the value replaces the limit for that task and the regions it forks;
 * omp_get_thread_limit reports it). Not positive: no change. */
GLASS_EXPORT void __kmpc_set_thread_limit(struct kmp_ident *loc, int32_t gtid, int32_t thread_limit)
{
    (void)loc;
    if (thread_limit > 0)
        kmp_thread(gtid)->task->icv.thread_limit = (unsigned)thread_limit;
}

/* Teams: the league runs one team after another on this thread (core
 * teams.c); each team's initial thread calls the outlined teams region. */

GLASS_EXPORT void __kmpc_push_num_teams(struct kmp_ident *loc, int32_t gtid, int32_t num_teams,
                                        int32_t thread_limit)
{
    (void)loc, (void)gtid;
    kmp_state.push_num_teams = num_teams > 0 ? (unsigned)num_teams : 0;
    kmp_state.push_teams_thread_limit = thread_limit > 0 ? (unsigned)thread_limit : 0;
}

/* num_teams(lower: upper) (OpenMP 5.1): the host makes the lower bound's
 * number of teams, the least required (more would only run one after
 * another). */
GLASS_EXPORT void __kmpc_push_num_teams_51(struct kmp_ident *loc, int32_t gtid, int32_t num_teams_lb,
                                           int32_t num_teams_ub, int32_t thread_limit)
{
    (void)num_teams_ub;
    __kmpc_push_num_teams(loc, gtid, num_teams_lb > 0 ? num_teams_lb : num_teams_ub, thread_limit);
}

/* The core gives the task its exit frame; invoke() makes it the trampoline's,
 * the outlined function's caller. */
static void run_teams_microtask(void *data)
{
    const struct region *region = data;
    struct glass_thread *self = glass_self();
    int32_t gtid = glass_thread_gtid(self);
    int32_t tid = 0;
    invoke(region, self->task, &gtid, &tid);
}

GLASS_EXPORT void __kmpc_fork_teams(struct kmp_ident *loc, int32_t argc, kmp_microtask microtask, ...)
{
    GLASS_OMPT_ENTRY();
    (void)loc;
    unsigned nargs = argc > 0 ? (unsigned)argc : 0;
    void *args[nargs ? nargs : 1];
    va_list ap;
    va_start(ap, microtask);
    collect_args(nargs, args, ap);
    va_end(ap);

    unsigned num_teams = kmp_state.push_num_teams, thread_limit = kmp_state.push_teams_thread_limit;
    kmp_state.push_num_teams = 0;
    kmp_state.push_teams_thread_limit = 0;
    struct region region = {microtask, nargs, args, {0}};
    glass_teams_run(glass_self(), run_teams_microtask, &region, num_teams, thread_limit,
                    __builtin_return_address(0));
}

/* Runs the current parallel region's microtask on the calling thread again
 * (libomp's internal entry for a team's threads). */
GLASS_EXPORT int __kmpc_invoke_task_func(int gtid)
{
    struct glass_thread *self = kmp_thread(gtid);
    struct glass_team *team = self->team;
    if (!team || team->fn != run_microtask)
        return 0;
    run_microtask(team->data);
    return 1;
}

/* Thread queries. */

GLASS_EXPORT int32_t __kmpc_global_thread_num(struct kmp_ident *loc)
{
    (void)loc;
    return glass_thread_gtid(glass_self());
}

GLASS_EXPORT int32_t __kmpc_global_num_threads(struct kmp_ident *loc)
{
    (void)loc;
    glass_thread_gtid(glass_self()); /* the caller counts too */
    return (int32_t)glass_thread_gtid_count();
}

GLASS_EXPORT int32_t __kmpc_bound_thread_num(struct kmp_ident *loc)
{
    (void)loc;
    return (int32_t)glass_self()->num;
}

GLASS_EXPORT int32_t __kmpc_bound_num_threads(struct kmp_ident *loc)
{
    (void)loc;
    return (int32_t)glass_self()->team->nthreads;
}

/* Whether the caller is inside an active parallel region. */
GLASS_EXPORT int32_t __kmpc_in_parallel(struct kmp_ident *loc)
{
    (void)loc;
    return glass_self()->team->active_level > 0;
}

GLASS_EXPORT int32_t __kmpc_ok_to_fork(struct kmp_ident *loc)
{
    (void)loc;
    return 1;
}

GLASS_EXPORT void __kmpc_begin(struct kmp_ident *loc, int32_t flags)
{
    (void)loc, (void)flags;
    glass_initialize();
}

/* The runtime shuts down with the process. */
GLASS_EXPORT void __kmpc_end(struct kmp_ident *loc)
{
    (void)loc;
}
