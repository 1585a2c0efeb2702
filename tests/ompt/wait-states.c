// Thread states and wait ids as a thread sees them from a signal handler
// while it waits (OpenMP 5.1, 4.4.4.27, 4.6.1.11): one thread holds a lock, a
// critical region, the ordered turn, or stays out of a barrier, and signals
// the other until the other reports the matching wait state; the wait id is
// the awaited object. Also the state of a thread running user code (no wait
// id) and of an idle pool worker (no task, no region).
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env TOOL_QUIET=1 %run %t | FileCheck %s
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>

#include "tool.h"

static pthread_t waiter;
static _Atomic int sampled_state = -1;
static _Atomic uint64_t sampled_wait_id;
static _Atomic int sampled_has_task, sampled_team_size;

static void on_signal(int signal)
{
    (void)signal;
    ompt_wait_id_t wait_id = 12345;
    int team_size = 0;
    int state = tool_entry.get_state(&wait_id);
    atomic_store(&sampled_has_task, tool_entry.get_task_info(0, NULL, NULL, NULL, NULL, NULL) == 2);
    if (tool_entry.get_parallel_info(0, NULL, &team_size) != 2)
        team_size = 0;
    atomic_store(&sampled_team_size, team_size);
    atomic_store(&sampled_wait_id, wait_id);
    atomic_store(&sampled_state, state);
}

/* Signals the waiter until it reports `state` (for 10 s at most). */
static void observe(const char *what, int state, uint64_t wait_id)
{
    for (int attempt = 0; attempt < 10000; attempt++) {
        atomic_store(&sampled_state, -1);
        pthread_kill(waiter, SIGUSR1);
        /* The handler runs at once unless the signal is held back (a
           sanitizer's runtime may defer it while the thread sleeps): then
           the test fails, it does not hang. */
        for (int spin = 0; spin < 1000000 && atomic_load(&sampled_state) == -1; spin++)
            sched_yield();
        if (atomic_load(&sampled_state) == -1) {
            tool_log("%s: the signal handler did not run", what);
            return;
        }
        if (atomic_load(&sampled_state) == state) {
            tool_log("%s: state observed, wait id %s, task %s, team size %d", what,
                     atomic_load(&sampled_wait_id) == wait_id ? "right" : "WRONG",
                     atomic_load(&sampled_has_task) ? "yes" : "no", atomic_load(&sampled_team_size));
            return;
        }
        usleep(1000);
    }
    tool_log("%s: state 0x%x never observed (last 0x%x)", what, state, atomic_load(&sampled_state));
}

int main(void)
{
    struct sigaction action = {.sa_handler = on_signal, .sa_flags = SA_RESTART};
    sigemptyset(&action.sa_mask);
    sigaction(SIGUSR1, &action, NULL);
    omp_lock_t lock;
    omp_init_lock(&lock);
    _Atomic int release_user_code = 0;

#pragma omp parallel num_threads(2)
    {
        int me = omp_get_thread_num();
        if (me == 1)
            waiter = pthread_self();
        if (me == 0)
            omp_set_lock(&lock);
#pragma omp barrier
        if (me == 1) {
            omp_set_lock(&lock);
            omp_unset_lock(&lock);
        } else {
            observe("lock", ompt_state_wait_lock, (uintptr_t)&lock);
            omp_unset_lock(&lock);
        }
#pragma omp barrier
        if (me == 0) {
#pragma omp critical
            observe("critical", ompt_state_wait_critical, tool_last_wait_id());
        } else {
            usleep(20000);
#pragma omp critical
            me = me;
        }
#pragma omp barrier
        if (me == 0)
            observe("barrier", ompt_state_wait_barrier_explicit, ompt_wait_id_none);
#pragma omp barrier
#pragma omp for ordered schedule(static, 1)
        for (int i = 0; i < 2; i++) {
#pragma omp ordered
            if (i == 0)
                observe("ordered", ompt_state_wait_ordered, tool_last_wait_id());
        }
        if (me == 1)
            while (!atomic_load(&release_user_code))
                sched_yield();
        else {
            observe("user code", ompt_state_work_parallel, ompt_wait_id_none);
            atomic_store(&release_user_code, 1);
        }
    }
    observe("idle worker", ompt_state_idle, ompt_wait_id_none);
    omp_destroy_lock(&lock);
    return 0;
}

// CHECK: lock: state observed, wait id right, task yes, team size 2
// The critical and ordered wait ids are those the holder's mutex events gave.
// CHECK: critical: state observed, wait id right, task yes, team size 2
// CHECK: barrier: state observed, wait id right, task yes, team size 2
// CHECK: ordered: state observed, wait id right, task yes, team size 2
// CHECK: user code: state observed, wait id right, task yes, team size 2
// CHECK: idle worker: state observed, wait id right, task no, team size 0
// CHECK-NOT: never observed
