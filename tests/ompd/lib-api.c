// libompd.so through the whole OMPD API, from an in-process "debugger": the
// program parks its threads in known places (a nested region, an explicit
// task, a barrier, a lock wait), loads libompd.so through the runtime's
// ompd_dll_locations, gives it memcpy/dlsym callbacks and checks what every
// API function reports against what the program knows.
// REQUIRES: ompt
// RUN: %omp-cc -fno-omit-frame-pointer -idirafter %srcroot/include %s -o %t -ldl -lpthread
// RUN: env OMP_DEBUG=enabled OMP_NUM_THREADS=3,2 OMP_MAX_ACTIVE_LEVELS=2 OMP_SCHEDULE=guided,7 OMP_MAX_TASK_PRIORITY=5 OMP_CANCELLATION=true %run %t | FileCheck %s --check-prefixes=CHECK,ON
// RUN: env OMP_NUM_THREADS=3,2 OMP_MAX_ACTIVE_LEVELS=2 OMP_SCHEDULE=guided,7 OMP_MAX_TASK_PRIORITY=5 OMP_CANCELLATION=true %run %t | FileCheck %s --check-prefixes=CHECK,OFF
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <omp.h>
#include <omp-tools.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Clang's own omp-tools.h (found before Glass's) leaves these to ompd-types.h. */
#ifndef ompd_thread_id_pthread
#define ompd_thread_id_pthread ((ompd_thread_id_t)0)
#define ompd_thread_id_lwp ((ompd_thread_id_t)1)
#define ompd_thread_id_winthread ((ompd_thread_id_t)2)
#endif
#ifndef ompd_device_kind_host
#define ompd_device_kind_host ((ompd_device_t)1)
#endif
#ifndef ompd_icv_undefined
#define ompd_icv_undefined ((ompd_icv_id_t)0)
#endif

/* ---- The debugger's side: callbacks over the process's own memory ---- */

#include "Inputs/in_process_callbacks.h"

/* The OMPD API, looked up in the loaded library. */
#define API(name) static __typeof__(name) *p_##name;
#define FOREACH_API(X)                                                                                  \
    X(ompd_initialize) X(ompd_get_api_version) X(ompd_get_version_string) X(ompd_finalize)             \
    X(ompd_process_initialize) X(ompd_device_initialize) X(ompd_rel_address_space_handle)              \
    X(ompd_get_omp_version) X(ompd_get_omp_version_string) X(ompd_get_thread_in_parallel)             \
    X(ompd_get_thread_handle) X(ompd_rel_thread_handle) X(ompd_thread_handle_compare)                  \
    X(ompd_get_thread_id) X(ompd_get_curr_parallel_handle) X(ompd_get_enclosing_parallel_handle)       \
    X(ompd_get_task_parallel_handle) X(ompd_rel_parallel_handle) X(ompd_parallel_handle_compare)       \
    X(ompd_get_curr_task_handle) X(ompd_get_generating_task_handle) X(ompd_get_scheduling_task_handle) \
    X(ompd_get_task_in_parallel) X(ompd_rel_task_handle) X(ompd_task_handle_compare)                   \
    X(ompd_get_task_function) X(ompd_get_task_frame) X(ompd_enumerate_states) X(ompd_get_state)        \
    X(ompd_get_display_control_vars) X(ompd_rel_display_control_vars) X(ompd_enumerate_icvs)           \
    X(ompd_get_icv_from_scope) X(ompd_get_icv_string_from_scope) X(ompd_get_tool_data)
FOREACH_API(API)

static int failures;
#define EXPECT(cond, ...)                                \
    do {                                                 \
        if (!(cond)) {                                   \
            failures++;                                  \
            printf("FAILED line %d: ", __LINE__);        \
            printf(__VA_ARGS__);                         \
            printf("\n");                                \
        }                                                \
    } while (0)
#define RC(call, want) EXPECT((rc = (call)) == (want), "%s = %d, expected %d", #call, (int)rc, (int)(want))

/* ---- Function names from the executable's symbol table ---------------- */

static const char *function_name(uint64_t address)
{
    static char name[256];
    struct link_map *map = dlopen(NULL, RTLD_NOW);
    uintptr_t base = map ? map->l_addr : 0;
    FILE *f = fopen("/proc/self/exe", "rb");
    if (!f)
        return "?";
    Elf64_Ehdr eh;
    snprintf(name, sizeof name, "?");
    if (fread(&eh, sizeof eh, 1, f) == 1) {
        Elf64_Shdr *sh = calloc(eh.e_shnum, sizeof *sh);
        fseek(f, (long)eh.e_shoff, SEEK_SET);
        if (fread(sh, sizeof *sh, eh.e_shnum, f) == eh.e_shnum) {
            for (int i = 0; i < eh.e_shnum; i++) {
                if (sh[i].sh_type != SHT_SYMTAB)
                    continue;
                size_t n = sh[i].sh_size / sizeof(Elf64_Sym);
                Elf64_Sym *syms = malloc(sh[i].sh_size);
                char *strs = malloc(sh[sh[i].sh_link].sh_size);
                fseek(f, (long)sh[i].sh_offset, SEEK_SET);
                if (fread(syms, sizeof *syms, n, f) != n)
                    n = 0;
                fseek(f, (long)sh[sh[i].sh_link].sh_offset, SEEK_SET);
                if (fread(strs, 1, sh[sh[i].sh_link].sh_size, f) != sh[sh[i].sh_link].sh_size)
                    n = 0;
                for (size_t s = 0; s < n; s++)
                    if (ELF64_ST_TYPE(syms[s].st_info) == STT_FUNC && syms[s].st_value + base == address)
                        snprintf(name, sizeof name, "%s", strs + syms[s].st_name);
                free(syms);
                free(strs);
            }
        }
        free(sh);
    }
    fclose(f);
    return name;
}

/* ---- The program being debugged --------------------------------------- */

static _Atomic int parked;    /* threads in their place */
static _Atomic int inspected; /* the inspection is over: everybody moves on */
static _Atomic int lock_taken;
static omp_lock_t lock;
static volatile int outer_tid[3], nested_tid[2];

static void park(void)
{
    atomic_fetch_add(&parked, 1);
    while (!atomic_load(&inspected))
        sched_yield();
}

static int wait_for(int (*ready)(void))
{
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        if (ready())
            return 1;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec - start.tv_sec > 20)
            return 0;
        sched_yield();
    }
}

static ompd_address_space_handle_t *aspace;
static ompd_thread_handle_t *thread_of_tid(int tid)
{
    ompd_thread_handle_t *handle = NULL;
    ompd_rc_t rc;
    RC(p_ompd_get_thread_handle(aspace, ompd_thread_id_lwp, sizeof(int), &tid, &handle), ompd_rc_ok);
    return handle;
}

static ompd_word_t state_of(ompd_thread_handle_t *thread, ompd_wait_id_t *wait_id)
{
    ompd_word_t state = -1;
    p_ompd_get_state(thread, &state, wait_id);
    return state;
}

static ompd_thread_handle_t *barrier_thread, *lock_thread;
static int in_barrier(void)
{
    return state_of(barrier_thread, NULL) == ompt_state_wait_barrier_explicit;
}
static int in_lock(void)
{
    return state_of(lock_thread, NULL) == ompt_state_wait_lock;
}
static int all_parked(void)
{
    return atomic_load(&parked) == 1; /* the explicit task, and nothing else parks */
}

static int compare_task(ompd_task_handle_t *a, ompd_task_handle_t *b)
{
    int cmp = 99;
    p_ompd_task_handle_compare(a, b, &cmp);
    return cmp;
}
static int compare_parallel(ompd_parallel_handle_t *a, ompd_parallel_handle_t *b)
{
    int cmp = 99;
    p_ompd_parallel_handle_compare(a, b, &cmp);
    return cmp;
}

static ompd_icv_id_t icv_ids[64];
static ompd_scope_t icv_scopes[64];
static const char *icv_names[64];
static int nicvs;

static ompd_icv_id_t icv_id(const char *name)
{
    for (int i = 0; i < nicvs; i++)
        if (strcmp(icv_names[i], name) == 0)
            return icv_ids[i];
    return 0;
}
static long long icv_value(void *handle, ompd_scope_t scope, const char *name)
{
    ompd_word_t value = -12345;
    ompd_rc_t rc = p_ompd_get_icv_from_scope(handle, scope, icv_id(name), &value);
    EXPECT(rc == ompd_rc_ok, "icv %s rc %d", name, (int)rc);
    return value;
}
static void print_icv_string(void *handle, ompd_scope_t scope, const char *name)
{
    const char *text = NULL;
    ompd_rc_t rc = p_ompd_get_icv_string_from_scope(handle, scope, icv_id(name), &text);
    EXPECT(rc == ompd_rc_ok, "icv string %s rc %d", name, (int)rc);
    printf("icv %s = '%s'\n", name, text ? text : "(none)");
    cb_free((void *)text);
}

static const char *scope_name(ompd_scope_t scope)
{
    static const char *names[] = {"?", "global", "address_space", "thread", "parallel", "implicit_task", "task"};
    return scope >= 1 && scope <= 6 ? names[scope] : "?";
}

static void *stale_thread_body(void *arg)
{
    *(int *)arg = (int)gettid();
    (void)omp_get_thread_num(); /* makes this an OpenMP (initial) thread */
    return NULL;
}

static _Atomic int alive_go, alive_ready;
static int alive_tid;
static void *alive_thread_body(void *unused)
{
    (void)unused;
    alive_tid = (int)gettid();
    (void)omp_get_thread_num(); /* an OpenMP thread until it ends */
    atomic_store(&alive_ready, 1);
    while (!atomic_load(&alive_go))
        sched_yield();
    return NULL;
}

static void inspect(int tracking)
{
    ompd_rc_t rc;
    ompd_thread_handle_t *self = thread_of_tid(outer_tid[0]);
    ompd_thread_handle_t *outer[3], *nested[2];
    for (int i = 0; i < 3; i++)
        outer[i] = thread_of_tid(outer_tid[i]);
    nested[0] = outer[1];
    nested[1] = thread_of_tid(nested_tid[1]);
    barrier_thread = nested[1];
    lock_thread = outer[2];
    EXPECT(wait_for(in_barrier), "nested thread 1 never waited in the barrier");
    EXPECT(wait_for(in_lock), "outer thread 2 never waited for the lock");
    EXPECT(wait_for(all_parked), "the explicit task never parked");

    /* ICVs: their ids, names and scopes first (used below). */
    ompd_icv_id_t id = ompd_icv_undefined;
    int more_icvs = 1;
    while (more_icvs && nicvs < 64 &&
           p_ompd_enumerate_icvs(aspace, id, &icv_ids[nicvs], &icv_names[nicvs], &icv_scopes[nicvs], &more_icvs) ==
               ompd_rc_ok) {
        printf("icv %s scope %s\n", icv_names[nicvs], scope_name(icv_scopes[nicvs]));
        id = icv_ids[nicvs++];
    }

    /* Thread handles and ids. */
    int cmp = 99;
    pthread_t me = pthread_self();
    ompd_thread_handle_t *by_pthread = NULL;
    RC(p_ompd_get_thread_handle(aspace, ompd_thread_id_pthread, sizeof me, &me, &by_pthread), ompd_rc_ok);
    RC(p_ompd_thread_handle_compare(self, by_pthread, &cmp), ompd_rc_ok);
    printf("thread by lwp == by pthread: %d\n", cmp == 0);
    int tid = 0;
    RC(p_ompd_get_thread_id(outer[2], ompd_thread_id_lwp, sizeof tid, &tid), ompd_rc_ok);
    printf("thread id round trip: %d\n", tid == outer_tid[2]);
    pthread_t back;
    RC(p_ompd_get_thread_id(self, ompd_thread_id_pthread, sizeof back, &back), ompd_rc_ok);
    printf("pthread round trip: %d\n", pthread_equal(back, me) != 0);
    int not_openmp = (int)getpid() + 1000000;
    ompd_thread_handle_t *none = NULL;
    RC(p_ompd_get_thread_handle(aspace, ompd_thread_id_lwp, sizeof not_openmp, &not_openmp, &none),
       ompd_rc_unavailable);
    RC(p_ompd_get_thread_handle(aspace, ompd_thread_id_winthread, 8, &not_openmp, &none), ompd_rc_unsupported);
    RC(p_ompd_get_thread_handle(aspace, ompd_thread_id_pthread, 3, &me, &none), ompd_rc_bad_input);
    RC(p_ompd_get_thread_id(self, ompd_thread_id_lwp, 2, &tid), ompd_rc_bad_input);

    /* Parallel regions. */
    ompd_parallel_handle_t *outer_region = NULL, *nested_region = NULL, *enclosing = NULL, *implicit_region = NULL,
                           *beyond = NULL;
    RC(p_ompd_get_curr_parallel_handle(self, &outer_region), ompd_rc_ok);
    RC(p_ompd_get_curr_parallel_handle(nested[1], &nested_region), ompd_rc_ok);
    RC(p_ompd_get_enclosing_parallel_handle(nested_region, &enclosing), ompd_rc_ok);
    printf("enclosing of nested is outer: %d\n", compare_parallel(enclosing, outer_region) == 0);
    RC(p_ompd_get_enclosing_parallel_handle(outer_region, &implicit_region), ompd_rc_ok);
    RC(p_ompd_get_enclosing_parallel_handle(implicit_region, &beyond), ompd_rc_unavailable);
    printf("outer: size %lld level %lld active %lld\n", icv_value(outer_region, ompd_scope_parallel, "team-size-var"),
           icv_value(outer_region, ompd_scope_parallel, "levels-var"),
           icv_value(outer_region, ompd_scope_parallel, "active-levels-var"));
    printf("nested: size %lld level %lld active %lld\n",
           icv_value(nested_region, ompd_scope_parallel, "team-size-var"),
           icv_value(nested_region, ompd_scope_parallel, "levels-var"),
           icv_value(nested_region, ompd_scope_parallel, "active-levels-var"));
    printf("implicit: size %lld level %lld\n", icv_value(implicit_region, ompd_scope_parallel, "team-size-var"),
           icv_value(implicit_region, ompd_scope_parallel, "levels-var"));
    int members_ok = 1;
    for (int i = 0; i < 3; i++) {
        ompd_thread_handle_t *member = NULL;
        RC(p_ompd_get_thread_in_parallel(outer_region, i, &member), ompd_rc_ok);
        members_ok &= p_ompd_thread_handle_compare(member, outer[i], &cmp) == ompd_rc_ok && cmp == 0;
        p_ompd_rel_thread_handle(member);
    }
    for (int i = 0; i < 2; i++) {
        ompd_thread_handle_t *member = NULL;
        RC(p_ompd_get_thread_in_parallel(nested_region, i, &member), ompd_rc_ok);
        members_ok &= p_ompd_thread_handle_compare(member, nested[i], &cmp) == ompd_rc_ok && cmp == 0;
        p_ompd_rel_thread_handle(member);
    }
    printf("members match their threads: %d\n", members_ok);
    ompd_thread_handle_t *member = NULL;
    RC(p_ompd_get_thread_in_parallel(outer_region, 3, &member), ompd_rc_bad_input);
    RC(p_ompd_get_thread_in_parallel(outer_region, -1, &member), ompd_rc_bad_input);

    /* Tasks. */
    ompd_task_handle_t *outer_tasks[3], *nested_tasks[2], *initial = NULL, *current = NULL, *explicit_task = NULL,
                       *generating = NULL, *scheduling = NULL, *other = NULL;
    for (int i = 0; i < 3; i++)
        RC(p_ompd_get_task_in_parallel(outer_region, i, &outer_tasks[i]), ompd_rc_ok);
    for (int i = 0; i < 2; i++)
        RC(p_ompd_get_task_in_parallel(nested_region, i, &nested_tasks[i]), ompd_rc_ok);
    RC(p_ompd_get_task_in_parallel(implicit_region, 0, &initial), ompd_rc_ok);
    RC(p_ompd_get_curr_task_handle(self, &current), ompd_rc_ok);
    printf("current task of thread 0 is its implicit task: %d\n", compare_task(current, outer_tasks[0]) == 0);
    RC(p_ompd_get_curr_task_handle(outer[1], &explicit_task), ompd_rc_ok);
    RC(p_ompd_get_generating_task_handle(explicit_task, &generating), ompd_rc_ok);
    printf("explicit task generated by nested implicit task 0: %d\n", compare_task(generating, nested_tasks[0]) == 0);
    RC(p_ompd_get_scheduling_task_handle(explicit_task, &scheduling), ompd_rc_ok);
    printf("explicit task scheduled from nested implicit task 0: %d\n", compare_task(scheduling, nested_tasks[0]) == 0);
    p_ompd_rel_task_handle(generating);
    RC(p_ompd_get_generating_task_handle(nested_tasks[0], &generating), ompd_rc_ok);
    printf("nested implicit task 0 generated by outer implicit task 1: %d\n",
           compare_task(generating, outer_tasks[1]) == 0);
    p_ompd_rel_task_handle(generating);
    RC(p_ompd_get_generating_task_handle(outer_tasks[2], &generating), ompd_rc_ok);
    printf("outer implicit task 2 generated by the initial task: %d\n", compare_task(generating, initial) == 0);
    RC(p_ompd_get_generating_task_handle(initial, &other), ompd_rc_unavailable);
    RC(p_ompd_get_scheduling_task_handle(initial, &other), ompd_rc_unavailable);
    RC(p_ompd_get_scheduling_task_handle(outer_tasks[1], &other), ompd_rc_unavailable);
    ompd_parallel_handle_t *task_region = NULL;
    RC(p_ompd_get_task_parallel_handle(explicit_task, &task_region), ompd_rc_ok);
    printf("explicit task binds to the nested region: %d\n", compare_parallel(task_region, nested_region) == 0);
    p_ompd_rel_parallel_handle(task_region);
    RC(p_ompd_get_task_parallel_handle(outer_tasks[2], &task_region), ompd_rc_ok);
    printf("outer implicit task 2 binds to the outer region: %d\n", compare_parallel(task_region, outer_region) == 0);
    p_ompd_rel_parallel_handle(task_region);

    ompd_address_t outer_fn, nested_fn, task_fn, fn;
    RC(p_ompd_get_task_function(outer_tasks[0], &outer_fn), ompd_rc_ok);
    RC(p_ompd_get_task_function(nested_tasks[1], &nested_fn), ompd_rc_ok);
    RC(p_ompd_get_task_function(explicit_task, &task_fn), ompd_rc_ok);
    RC(p_ompd_get_task_function(initial, &fn), ompd_rc_unavailable);
    int same = 1;
    for (int i = 1; i < 3; i++)
        same &= p_ompd_get_task_function(outer_tasks[i], &fn) == ompd_rc_ok && fn.address == outer_fn.address;
    printf("outer implicit tasks share one function: %d\n", same);
    printf("region, nested region and task functions differ: %d\n", outer_fn.address != nested_fn.address &&
                                                                        nested_fn.address != task_fn.address &&
                                                                        outer_fn.address != task_fn.address);
    printf("functions: outer %s,", function_name(outer_fn.address));
    printf(" nested %s,", function_name(nested_fn.address));
    printf(" task %s\n", function_name(task_fn.address));

    ompd_frame_info_t exit_frame, enter_frame, parent_exit, parent_enter;
    if (tracking) {
        RC(p_ompd_get_task_frame(explicit_task, &exit_frame, &enter_frame), ompd_rc_ok);
        RC(p_ompd_get_task_frame(nested_tasks[0], &parent_exit, &parent_enter), ompd_rc_ok);
#ifdef __clang__
        /* Clang runs an if(0) task's body from the program's own frame, between
         * two runtime calls: no runtime frame lies between the task and its
         * parent, so the task's exit frame and the parent's enter frame are
         * both that frame, the application's (as libomp sets them), below the
         * frame that called the region's body. */
        int frames_ok = exit_frame.frame_address.address != 0 &&
                        exit_frame.frame_address.address == parent_enter.frame_address.address &&
                        parent_enter.frame_address.address < parent_exit.frame_address.address &&
                        (exit_frame.frame_flag & ompt_frame_application) &&
                        (parent_enter.frame_flag & ompt_frame_application);
#else
        /* GCC: the runtime calls the task's body (exit frame) from GOMP_task,
         * which the implicit task entered (enter frame) below the frame that
         * called the region's body (exit frame). */
        int frames_ok = exit_frame.frame_address.address != 0 &&
                        exit_frame.frame_address.address < parent_enter.frame_address.address &&
                        parent_enter.frame_address.address < parent_exit.frame_address.address &&
                        (parent_enter.frame_flag & ompt_frame_application) &&
                        !(exit_frame.frame_flag & ompt_frame_application);
#endif
        printf("frames consistent: %d\n", frames_ok);
    } else {
        RC(p_ompd_get_task_frame(explicit_task, &exit_frame, &enter_frame), ompd_rc_needs_state_tracking);
        printf("frames need state tracking\n");
    }

    /* States. */
    ompd_wait_id_t wait_id = 0;
    printf("states: self %#llx, task %#llx, barrier %#llx\n", (long long)state_of(self, NULL),
           (long long)state_of(outer[1], NULL), (long long)state_of(nested[1], NULL));
    long long lock_state = (long long)state_of(outer[2], &wait_id);
    printf("lock waiter: state %#llx, waits for the lock %d\n", lock_state, wait_id == (uintptr_t)&lock);
    ompd_word_t next = 0, more = 1, current_state = ompt_state_undefined;
    const char *name;
    int nstates = 0, saw_lock = 0;
    while (more && p_ompd_enumerate_states(aspace, current_state, &next, &name, &more) == ompd_rc_ok) {
        nstates++;
        saw_lock |= next == ompt_state_wait_lock && strcmp(name, "ompt_state_wait_lock") == 0;
        current_state = next;
    }
    printf("states enumerated: %d, wait_lock named %d\n", nstates, saw_lock);
    RC(p_ompd_enumerate_states(aspace, 0x7777, &next, &name, &more), ompd_rc_bad_input);

    /* Every ICV, in its scope. */
    for (int i = 0; i < nicvs; i++) {
        void *handle = icv_scopes[i] == ompd_scope_address_space ? (void *)aspace
                       : icv_scopes[i] == ompd_scope_thread      ? (void *)outer[2]
                       : icv_scopes[i] == ompd_scope_parallel    ? (void *)nested_region
                                                                 : (void *)outer_tasks[2];
        print_icv_string(handle, icv_scopes[i], icv_names[i]);
    }
    /* A list ICV gives its first element and says that more follow. */
    ompd_word_t word;
    RC(p_ompd_get_icv_from_scope(initial, ompd_scope_task, icv_id("nthreads-var"), &word), ompd_rc_incomplete);
    printf("initial task: nthreads %lld (rc %s) max-active-levels %lld\n", (long long)word,
           rc == ompd_rc_incomplete ? "incomplete" : "other", icv_value(initial, ompd_scope_task, "max-active-levels-var"));
    print_icv_string(initial, ompd_scope_task, "nthreads-var");
    printf("explicit task: implicit-task-var %lld final-task-var %lld, initial task: implicit-task-var %lld\n",
           icv_value(explicit_task, ompd_scope_task, "implicit-task-var"),
           icv_value(explicit_task, ompd_scope_task, "final-task-var"),
           icv_value(initial, ompd_scope_task, "implicit-task-var"));
    printf("thread limit as an integer: %lld\n", icv_value(explicit_task, ompd_scope_task, "thread-limit-var"));
    /* The implicit-task ICVs also answer in Table 2.3's scope, for an implicit task's handle only. */
    RC(p_ompd_get_icv_from_scope(outer_tasks[2], ompd_scope_implicit_task, icv_id("def-allocator-var"), &word),
       ompd_rc_ok);
    RC(p_ompd_get_icv_from_scope(explicit_task, ompd_scope_task, icv_id("place-partition-var"), &word),
       ompd_rc_incompatible); /* no places: no first place */
    RC(p_ompd_get_icv_from_scope(explicit_task, ompd_scope_task, icv_id("run-sched-var"), &word),
       ompd_rc_incompatible); /* a kind and a chunk size: only as a string */
    printf("nested thread 1: thread-num %lld\n", icv_value(nested[1], ompd_scope_thread, "thread-num-var"));
    printf("priority %lld cancel %lld\n", icv_value(aspace, ompd_scope_address_space, "max-task-priority-var"),
           icv_value(aspace, ompd_scope_address_space, "cancel-var"));
    RC(p_ompd_get_icv_from_scope(aspace, ompd_scope_address_space, icv_id("affinity-format-var"), &word),
       ompd_rc_incompatible);
    /* A handle of another kind than the scope names is not a handle of that scope. */
    RC(p_ompd_get_icv_from_scope(outer_region, ompd_scope_task, icv_id("nthreads-var"), &word), ompd_rc_stale_handle);
    RC(p_ompd_get_icv_from_scope(aspace, ompd_scope_task, icv_id("nthreads-var"), &word), ompd_rc_stale_handle);
    RC(p_ompd_get_icv_from_scope(explicit_task, ompd_scope_implicit_task, icv_id("def-allocator-var"), &word),
       ompd_rc_stale_handle); /* not an implicit task's handle */
    RC(p_ompd_get_icv_from_scope(aspace, ompd_scope_parallel, icv_id("cancel-var"), &word), ompd_rc_bad_input);
    RC(p_ompd_get_icv_from_scope(aspace, ompd_scope_address_space, 999, &word), ompd_rc_bad_input);

    /* Display control variables and tool data. */
    const char *const *vars = NULL;
    RC(p_ompd_get_display_control_vars(aspace, &vars), ompd_rc_ok);
    for (int i = 0; vars && vars[i]; i++)
        if (!strncmp(vars[i], "OMP_SCHEDULE=", 13) || !strncmp(vars[i], "OMP_NUM_THREADS=", 16) ||
            !strncmp(vars[i], "OMP_DEBUG=", 10) || !strncmp(vars[i], "OMP_MAX_TASK_PRIORITY=", 22))
            printf("display %s\n", vars[i]);
    RC(p_ompd_rel_display_control_vars(&vars), ompd_rc_ok);
    ompd_word_t value = -1;
    ompd_address_t ptr;
    RC(p_ompd_get_tool_data(self, ompd_scope_thread, &value, &ptr), ompd_rc_ok);
    RC(p_ompd_get_tool_data(outer_region, ompd_scope_parallel, &value, &ptr), ompd_rc_ok);
    RC(p_ompd_get_tool_data(explicit_task, ompd_scope_task, &value, &ptr), ompd_rc_ok);
    printf("tool data without a tool: %lld\n", (long long)value);
    RC(p_ompd_get_tool_data(aspace, ompd_scope_address_space, &value, &ptr), ompd_rc_bad_input);

    /* Return codes (5.3.12): a NULL or foreign handle is stale; bad_input is
     * for the other parameters. */
    static uint64_t foreign[8];
    ompd_word_t version_word;
    RC(p_ompd_get_state(NULL, &value, NULL), ompd_rc_stale_handle);
    RC(p_ompd_get_state((ompd_thread_handle_t *)foreign, &value, NULL), ompd_rc_stale_handle);
    RC(p_ompd_get_state(self, NULL, NULL), ompd_rc_bad_input);
    RC(p_ompd_get_curr_parallel_handle(NULL, &enclosing), ompd_rc_stale_handle);
    RC(p_ompd_get_curr_parallel_handle(self, NULL), ompd_rc_bad_input);
    RC(p_ompd_get_enclosing_parallel_handle((ompd_parallel_handle_t *)foreign, &enclosing), ompd_rc_stale_handle);
    RC(p_ompd_get_task_function((ompd_task_handle_t *)foreign, &fn), ompd_rc_stale_handle);
    RC(p_ompd_get_task_frame(NULL, &exit_frame, &enter_frame), ompd_rc_stale_handle);
    RC(p_ompd_get_task_frame(current, NULL, &enter_frame), ompd_rc_bad_input);
    RC(p_ompd_task_handle_compare(current, NULL, &cmp), ompd_rc_stale_handle);
    RC(p_ompd_task_handle_compare(current, current, NULL), ompd_rc_bad_input);
    RC(p_ompd_parallel_handle_compare(outer_region, (ompd_parallel_handle_t *)foreign, &cmp), ompd_rc_stale_handle);
    RC(p_ompd_thread_handle_compare(self, NULL, &cmp), ompd_rc_stale_handle);
    RC(p_ompd_get_icv_from_scope(NULL, ompd_scope_address_space, 1, &word), ompd_rc_stale_handle);
    RC(p_ompd_enumerate_icvs(NULL, 0, &id, &name, &icv_scopes[0], &more_icvs), ompd_rc_stale_handle);
    RC(p_ompd_enumerate_icvs(aspace, 0, NULL, &name, &icv_scopes[0], &more_icvs), ompd_rc_bad_input);
    RC(p_ompd_get_tool_data(NULL, ompd_scope_thread, &value, &ptr), ompd_rc_stale_handle);
    RC(p_ompd_get_omp_version((ompd_address_space_handle_t *)foreign, &version_word), ompd_rc_stale_handle);
    RC(p_ompd_rel_task_handle(NULL), ompd_rc_stale_handle);
    RC(p_ompd_rel_thread_handle((ompd_thread_handle_t *)foreign), ompd_rc_stale_handle);
    fail_reads = 1;
    RC(p_ompd_get_state(self, &value, NULL), ompd_rc_device_read_error);
    RC(p_ompd_get_task_function(current, &fn), ompd_rc_device_read_error);
    fail_reads = 0;
    printf("return codes checked\n");

    for (int i = 0; i < 3; i++)
        RC(p_ompd_rel_task_handle(outer_tasks[i]), ompd_rc_ok);
    for (int i = 0; i < 2; i++)
        RC(p_ompd_rel_task_handle(nested_tasks[i]), ompd_rc_ok);
    p_ompd_rel_task_handle(initial), p_ompd_rel_task_handle(current), p_ompd_rel_task_handle(explicit_task);
    p_ompd_rel_task_handle(scheduling), p_ompd_rel_task_handle(generating);
    p_ompd_rel_parallel_handle(outer_region), p_ompd_rel_parallel_handle(nested_region);
    p_ompd_rel_parallel_handle(enclosing), p_ompd_rel_parallel_handle(implicit_region);
    for (int i = 0; i < 3; i++)
        p_ompd_rel_thread_handle(outer[i]);
    p_ompd_rel_thread_handle(nested[1]), p_ompd_rel_thread_handle(by_pthread);
}

static void task_body(void)
{
    park();
}

static void nested_region_body(void)
{
    #pragma omp parallel num_threads(2)
    {
        nested_tid[omp_get_thread_num()] = (int)gettid();
        #pragma omp barrier
        if (omp_get_thread_num() == 0) {
            #pragma omp task if(0)
            task_body();
        }
        #pragma omp barrier
    }
}

int main(void)
{
    const char *debug = getenv("OMP_DEBUG");
    int tracking = debug && strcmp(debug, "enabled") == 0;
    const char ***locations = dlsym(RTLD_DEFAULT, "ompd_dll_locations");
    void *library = NULL;
    for (int i = 0; locations && *locations && (*locations)[i] && !library; i++)
        library = dlopen((*locations)[i], RTLD_NOW | RTLD_LOCAL);
    printf("libompd loaded through ompd_dll_locations: %d, first absolute: %d\n", library != NULL,
           locations && *locations && (*locations)[0][0] == '/');
    if (!library)
        return 1;
#define LOOKUP(name) p_##name = (__typeof__(name) *)dlsym(library, #name);
    FOREACH_API(LOOKUP)
    int all_found = 1;
#define CHECK_FOUND(name) all_found &= p_##name != NULL;
    FOREACH_API(CHECK_FOUND)
    printf("API functions found: %d\n", all_found);

    ompd_rc_t rc;
    ompd_word_t version = 0;
    const char *text = NULL;
    RC(p_ompd_process_initialize(&process_context, &aspace), ompd_rc_error); /* before ompd_initialize */
    RC(p_ompd_initialize(202011, NULL), ompd_rc_bad_input);
    RC(p_ompd_initialize(199911, &callbacks), ompd_rc_unsupported);
    RC(p_ompd_initialize(202011, &callbacks), ompd_rc_ok);
    RC(p_ompd_get_api_version(&version), ompd_rc_ok);
    RC(p_ompd_get_version_string(&text), ompd_rc_ok);
    printf("api version %lld, version string %d\n", (long long)version, text && *text);
    RC(p_ompd_process_initialize(NULL, &aspace), ompd_rc_bad_input);
    RC(p_ompd_process_initialize(&process_context, &aspace), ompd_rc_ok);
    RC(p_ompd_get_omp_version(aspace, &version), ompd_rc_ok);
    printf("omp version %lld\n", (long long)version);
    RC(p_ompd_get_omp_version_string(aspace, &text), ompd_rc_ok);
    ompd_address_space_handle_t *device = NULL;
    uint64_t device_id = 0;
    RC(p_ompd_device_initialize(aspace, &process_context, ompd_device_kind_host, sizeof device_id, &device_id,
                                &device),
       ompd_rc_unsupported);

    /* A thread handle goes stale when its thread ends. */
    pthread_t thread;
    int stale_tid = 0;
    pthread_create(&thread, NULL, stale_thread_body, &stale_tid);
    pthread_join(thread, NULL);
    ompd_thread_handle_t *stale = NULL;
    RC(p_ompd_get_thread_handle(aspace, ompd_thread_id_lwp, sizeof stale_tid, &stale_tid, &stale),
       ompd_rc_unavailable);
    /* The same through a handle taken while the thread lived. */
    omp_init_lock(&lock);
    {
        pthread_create(&thread, NULL, alive_thread_body, NULL);
        while (!atomic_load(&alive_ready))
            sched_yield();
        RC(p_ompd_get_thread_handle(aspace, ompd_thread_id_lwp, sizeof alive_tid, &alive_tid, &stale), ompd_rc_ok);
        ompd_word_t state = -1;
        RC(p_ompd_get_state(stale, &state, NULL), ompd_rc_ok);
        atomic_store(&alive_go, 1);
        pthread_join(thread, NULL);
        RC(p_ompd_get_state(stale, &state, NULL), ompd_rc_stale_handle);
        RC(p_ompd_rel_thread_handle(stale), ompd_rc_ok);
    }

    #pragma omp parallel num_threads(3)
    {
        int me = omp_get_thread_num();
        outer_tid[me] = (int)gettid();
        if (me == 0)
            omp_set_lock(&lock), atomic_store(&lock_taken, 1);
        #pragma omp barrier
        if (me == 1) {
            nested_region_body();
        } else if (me == 2) {
            omp_set_lock(&lock);
            omp_unset_lock(&lock);
        } else {
            while (!nested_tid[1])
                sched_yield();
            inspect(tracking);
            atomic_store(&inspected, 1);
            omp_unset_lock(&lock);
        }
    }
    printf("tracking %s\n", tracking ? "on" : "off");

    RC(p_ompd_rel_address_space_handle(aspace), ompd_rc_ok);
    RC(p_ompd_finalize(), ompd_rc_ok);
    printf("failures: %d\n", failures);
    return failures != 0;
}

// CHECK: libompd loaded through ompd_dll_locations: 1, first absolute: 1
// CHECK: API functions found: 1
// CHECK: api version 202011, version string 1
// CHECK: omp version 202011
// CHECK: icv cancel-var scope address_space
// CHECK: icv thread-num-var scope thread
// CHECK: icv team-size-var scope parallel
// CHECK: icv nthreads-var scope task
// CHECK: icv thread-limit-var scope task
// CHECK: icv final-task-var scope task
// CHECK: icv implicit-task-var scope task
// CHECK: icv def-allocator-var scope task
// CHECK: icv place-partition-var scope task
// CHECK: thread by lwp == by pthread: 1
// CHECK: thread id round trip: 1
// CHECK: pthread round trip: 1
// CHECK: enclosing of nested is outer: 1
// CHECK: outer: size 3 level 1 active 1
// CHECK: nested: size 2 level 2 active 2
// CHECK: implicit: size 1 level 0
// CHECK: members match their threads: 1
// CHECK: current task of thread 0 is its implicit task: 1
// CHECK: explicit task generated by nested implicit task 0: 1
// CHECK: explicit task scheduled from nested implicit task 0: 1
// CHECK: nested implicit task 0 generated by outer implicit task 1: 1
// CHECK: outer implicit task 2 generated by the initial task: 1
// CHECK: explicit task binds to the nested region: 1
// CHECK: outer implicit task 2 binds to the outer region: 1
// CHECK: outer implicit tasks share one function: 1
// CHECK: region, nested region and task functions differ: 1
// CHECK: functions: outer {{main\._omp_fn\.[0-9]+|[^ ]*omp_outlined[^ ,]*}}, nested {{nested_region_body\._omp_fn\.[0-9]+|[^ ]*omp_outlined[^ ,]*}}, task {{nested_region_body\._omp_fn\.[0-9]+|[^ ]*omp_task_entry[^ ,]*}}
// ON: frames consistent: 1
// OFF: frames need state tracking
// CHECK: states: self 0x1, task 0x1, barrier 0x14
// CHECK: lock waiter: state 0x41, waits for the lock 1
// CHECK: states enumerated: 22, wait_lock named 1
// CHECK: icv cancel-var = 'true'
// CHECK: icv max-task-priority-var = '5'
// CHECK: icv affinity-format-var = '{{.+}}'
// ON: icv debug-var = 'true'
// OFF: icv debug-var = 'false'
// CHECK: icv thread-num-var = '2'
// CHECK: icv team-size-var = '2'
// CHECK: icv levels-var = '2'
// CHECK: icv active-levels-var = '2'
// CHECK: icv nthreads-var = '2'
// CHECK: icv dyn-var = 'false'
// CHECK: icv run-sched-var = 'guided,7'
// CHECK: icv bind-var = 'false'
// CHECK: icv max-active-levels-var = '2'
// CHECK: icv default-device-var = '0'
// CHECK: icv thread-limit-var = 'unlimited'
// CHECK: icv final-task-var = 'false'
// CHECK: icv ompd-final-task-var = 'false'
// CHECK: icv implicit-task-var = 'true'
// CHECK: icv ompd-implicit-task-var = 'true'
// CHECK: icv def-allocator-var = '1'
// CHECK: icv place-partition-var = 'none'
// CHECK: initial task: nthreads 3 (rc incomplete) max-active-levels 2
// CHECK: icv nthreads-var = '3,2'
// CHECK: explicit task: implicit-task-var 0 final-task-var 0, initial task: implicit-task-var 1
// CHECK: thread limit as an integer: 2147483647
// CHECK: nested thread 1: thread-num 1
// CHECK: priority 5 cancel 1
// CHECK-DAG: display OMP_NUM_THREADS=3,2
// CHECK-DAG: display OMP_SCHEDULE=GUIDED,7
// CHECK-DAG: display OMP_MAX_TASK_PRIORITY=5
// ON-DAG: display OMP_DEBUG=enabled
// OFF-DAG: display OMP_DEBUG=disabled
// CHECK: tool data without a tool: 0
// CHECK: return codes checked
// CHECK: tracking {{on|off}}
// CHECK: failures: 0
