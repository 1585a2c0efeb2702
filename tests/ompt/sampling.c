// A sampling profiler's view: SIGPROF at a high rate (setitimer, plus a
// sampler thread signalling the team's threads directly) while a parallel,
// lock-heavy program runs; the handler calls ompt_get_state,
// ompt_get_task_info and ompt_get_parallel_info (OpenMP 5.1, 4.6.1: they are
// async-signal-safe). No crash, no deadlock, and what they report is
// consistent: a known state, a wait id exactly in mutex wait states, the
// task's thread number inside its team, the task's region the one
// ompt_get_parallel_info reports, exit above enter when a task has both.
// The timer starts before the program's first OpenMP call, which is when a
// tool linked into the program is initialized (tool_init.c): a signal may come
// before the tool has its entry points, and the handler then ignores it, as a
// sampling profiler must (beside glass check, whose start-up is slower, one
// run in four called a NULL entry point at its start before it did).
// RUN: %ompt-cc %s %tool-src %ompt-link -lpthread -o %t
// RUN: env TOOL_QUIET=1 OMP_NUM_THREADS=4 %run %t | FileCheck %s
#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "tool.h"

enum { ROUNDS = 3000 };
static _Atomic unsigned long samples, in_task, inconsistent, unknown_state;
static _Atomic int stop_sampler;
static _Atomic unsigned long team_threads[4]; /* pthread_t values, 0 until known */

static int known_state(int state)
{
    switch (state) {
    case ompt_state_work_serial: case ompt_state_work_parallel: case ompt_state_work_reduction:
    case ompt_state_wait_barrier_implicit_parallel: case ompt_state_wait_barrier_implicit_workshare:
    case ompt_state_wait_barrier_explicit: case ompt_state_wait_barrier_implementation:
    case ompt_state_wait_barrier_teams: case ompt_state_wait_taskwait: case ompt_state_wait_taskgroup:
    case ompt_state_wait_lock: case ompt_state_wait_critical: case ompt_state_wait_atomic:
    case ompt_state_wait_ordered: case ompt_state_idle: case ompt_state_overhead: case ompt_state_undefined:
        return 1;
    }
    return 0;
}

/* The entry points the handler calls, looked up by the tool's initializer:
 * all there, or the tool has not started yet. */
static bool tool_ready(void)
{
    return __atomic_load_n(&tool_entry.get_state, __ATOMIC_RELAXED) &&
           __atomic_load_n(&tool_entry.get_task_info, __ATOMIC_RELAXED) &&
           __atomic_load_n(&tool_entry.get_parallel_info, __ATOMIC_RELAXED) &&
           __atomic_load_n(&tool_entry.get_thread_data, __ATOMIC_RELAXED);
}

static void on_sample(int signal)
{
    (void)signal;
    if (!tool_ready())
        return;
    atomic_fetch_add(&samples, 1);
    ompt_wait_id_t wait_id;
    int state = tool_entry.get_state(&wait_id);
    if (!known_state(state))
        atomic_fetch_add(&unknown_state, 1);
    int mutex_wait = state >= ompt_state_wait_mutex && state <= ompt_state_wait_ordered;
    if (mutex_wait != (wait_id != ompt_wait_id_none))
        atomic_fetch_add(&inconsistent, 1);

    int flags, thread_num, team_size;
    ompt_data_t *task, *task_parallel, *parallel;
    ompt_frame_t *frame;
    if (tool_entry.get_task_info(0, &flags, &task, &frame, &task_parallel, &thread_num) != 2)
        return;
    atomic_fetch_add(&in_task, 1);
    int bad = 0;
    if (tool_entry.get_parallel_info(0, &parallel, &team_size) != 2)
        bad = 1;
    else if (parallel != task_parallel || thread_num < 0 || thread_num >= team_size)
        bad = 1;
    if (frame->exit_frame.ptr && frame->enter_frame.ptr && frame->exit_frame.ptr <= frame->enter_frame.ptr)
        bad = 1;
    if (!tool_entry.get_thread_data())
        bad = 1;
    /* Ancestors are there to the initial task. */
    int level = 1;
    while (level < 16 && tool_entry.get_task_info(level, &flags, NULL, NULL, NULL, NULL) == 2)
        level++;
    if (!(flags & ompt_task_initial))
        bad = 1;
    if (bad)
        atomic_fetch_add(&inconsistent, 1);
}

enum { MANY_SAMPLES = 300, MANY_IN_TASKS = 150 };

static bool enough_samples(void)
{
    return atomic_load(&samples) > MANY_SAMPLES && atomic_load(&in_task) > MANY_IN_TASKS;
}

static void *sampler(void *arg)
{
    (void)arg;
    struct timespec pause = {0, 20000};
    for (unsigned i = 0; !atomic_load(&stop_sampler); i++) {
        pthread_t thread = (pthread_t)atomic_load(&team_threads[i % 4]);
        if (thread)
            pthread_kill(thread, SIGPROF);
        nanosleep(&pause, NULL);
    }
    return NULL;
}

int main(void)
{
    struct sigaction action = {.sa_handler = on_sample, .sa_flags = SA_RESTART};
    sigemptyset(&action.sa_mask);
    sigaction(SIGPROF, &action, NULL);
    struct itimerval timer = {{0, 100}, {0, 100}};
    setitimer(ITIMER_PROF, &timer, NULL);

    omp_lock_t lock;
    omp_init_lock(&lock);
    omp_set_max_active_levels(2);
    pthread_t sampler_thread;
    pthread_create(&sampler_thread, NULL, sampler, NULL);

    long total = 0;
    /* At least ROUNDS rounds, more (up to 10 times as many) until the samples
     * are enough to say something: on a loaded machine the program gets little
     * processor time and the timer fires less. */
    int rounds = 0;
    for (int round = 0; round < ROUNDS || (round < 10 * ROUNDS && !enough_samples()); round++, rounds++) {
#pragma omp parallel num_threads(4) reduction(+ : total)
        {
            /* The pool keeps its threads: once known, a slot stays valid. */
            atomic_store(&team_threads[omp_get_thread_num()], (unsigned long)pthread_self());
#pragma omp for schedule(dynamic, 1)
            for (int i = 0; i < 64; i++) {
                omp_set_lock(&lock);
                total += i;
                omp_unset_lock(&lock);
            }
#pragma omp critical
            total += 1;
#pragma omp single
            {
                total += 2;
                /* Tasks, nested ones too: the handler walks their ancestors. */
                for (int t = 0; t < 4; t++)
#pragma omp task
                {
#pragma omp task
                    {
                        volatile int spin = 0;
                        while (spin < 200)
                            spin++;
                    }
#pragma omp taskwait
                }
            }
            if (round % 50 == 0) {
#pragma omp parallel num_threads(2) reduction(+ : total)
                total += omp_get_thread_num();
            }
#pragma omp barrier
        }
    }
    atomic_store(&stop_sampler, 1);
    pthread_join(sampler_thread, NULL);
    struct itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_PROF, &off, NULL);
    omp_destroy_lock(&lock);

    long expected = rounds * (64L * 63 / 2 + 4 * 1 + 2) + ((rounds + 49) / 50) * 4L * 1;
    tool_log("total %s", total == expected ? "right" : "WRONG");
    tool_log("samples: %s, in tasks: %s (%lu, %lu), inconsistent=%lu unknown_states=%lu",
             atomic_load(&samples) > MANY_SAMPLES ? "many" : "few", atomic_load(&in_task) > MANY_IN_TASKS ? "many" : "few",
             atomic_load(&samples), atomic_load(&in_task),
             atomic_load(&inconsistent), atomic_load(&unknown_state));
    return 0;
}

// CHECK: total right
// CHECK: samples: many, in tasks: many ({{[0-9]+}}, {{[0-9]+}}), inconsistent=0 unknown_states=0
