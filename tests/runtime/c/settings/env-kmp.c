// libomp's KMP_* variables, honoured as libomp 19 honours them where they have
// a meaning in Glass, and a clear line for the others (never silence, unless
// the user asked for it with KMP_WARNINGS=0, as libomp lets them):
// KMP_AFFINITY (type, granularity, proclist; it wins over OMP_PROC_BIND, with
// libomp's warning), KMP_BLOCKTIME with its units (kmp_get_blocktime answers
// in the unit given; ms when none), KMP_LIBRARY=serial, KMP_DEVICE_THREAD_LIMIT
// and its old name KMP_ALL_THREADS (the thread limit: a team asked for 8
// gets 3), KMP_TEAMS_THREAD_LIMIT, KMP_STACKSIZE (a worker's stack; it wins
// over OMP_STACKSIZE), KMP_SETTINGS (OMP_DISPLAY_ENV's output),
// KMP_TASKING=0 (every task runs when created), KMP_ENABLE_TASK_THROTTLING=0
// (a thread whose queue is full still defers its tasks),
// KMP_DUPLICATE_LIB_OK (nothing to do: one Glass serves every runtime name,
// so it is accepted without a line), KMP_WARNINGS, and an unknown
// KMP_HW_SUBSET. Invalid values are named and ignored. KMP_BLOCKTIME=5s is
// one: libomp 19 says "ignored" too but then takes 5 ms; Glass does what it
// says.
// RUN: %omp-cc %s -o %t -ldl
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: env KMP_AFFINITY=compact OMP_PROC_BIND=spread %run %t 2>&1 | FileCheck %s --check-prefix=COMPACT
// RUN: env KMP_AFFINITY=scatter,granularity=fine %run %t 2>&1 | FileCheck %s --check-prefix=SCATTER
// RUN: env 'KMP_AFFINITY=explicit,proclist=[{0,1}]' %run %t 2>&1 | FileCheck %s --check-prefix=EXPLICIT
// RUN: env KMP_AFFINITY=none %run %t 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: env KMP_AFFINITY=bogus KMP_BLOCKTIME=5s %run %t 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: env KMP_BLOCKTIME=2500us %run %t 2>&1 | FileCheck %s --check-prefix=MICRO
// RUN: env KMP_BLOCKTIME=infinite %run %t 2>&1 | FileCheck %s --check-prefix=INFINITE
// RUN: env KMP_LIBRARY=serial KMP_DEVICE_THREAD_LIMIT=3 %run %t 2>&1 | FileCheck %s --check-prefix=SERIAL
// RUN: env KMP_TASKING=0 %run %t 2>&1 | FileCheck %s --check-prefix=TASKING
// RUN: env KMP_HW_SUBSET=1s %run %t 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: env KMP_WARNINGS=0 KMP_HW_SUBSET=1s %run %t 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: env KMP_WARNINGS=0 KMP_BLOCKTIME=5s %run %t 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: env KMP_WARNINGS=1 KMP_HW_SUBSET=1s %run %t 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: env KMP_WARNINGS=maybe KMP_HW_SUBSET=1s %run %t 2>&1 | FileCheck %s --check-prefix=WARNINGS-INVALID
// RUN: for v in 3ms 7 3MS; do env KMP_BLOCKTIME=$v %run %t; done 2>&1 | FileCheck %s --check-prefix=MILLI
// RUN: env KMP_ENABLE_TASK_THROTTLING=0 %run %t 2>&1 | FileCheck %s --check-prefix=NO-THROTTLE
// RUN: env KMP_ENABLE_TASK_THROTTLING=maybe %run %t 2>&1 | FileCheck %s --check-prefix=THROTTLE-INVALID
// RUN: env KMP_STACKSIZE=3000k %run %t 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: env KMP_STACKSIZE=3000k OMP_STACKSIZE=5000k %run %t 2>&1 | FileCheck %s --check-prefix=STACK-WINS
// RUN: env KMP_SETTINGS=1 KMP_STACKSIZE=3000k %run %t 2>&1 | FileCheck %s --check-prefix=SETTINGS
// RUN: env KMP_SETTINGS=0 %run %t 2>&1 | FileCheck %s --check-prefix=NO-SETTINGS
// RUN: env KMP_TEAMS_THREAD_LIMIT=2 KMP_ALL_THREADS=3 %run %t 2>&1 | FileCheck %s --check-prefix=LIMITS
// RUN: env KMP_DUPLICATE_LIB_OK=TRUE %run %t 2>&1 | FileCheck %s --check-prefix=DUPLICATE

// DEFAULT-NOT: glass:
// DEFAULT: blocktime=200 bind=0 places=0 limit=2147483647 max_threads={{[0-9]+}} teams_limit=0
// DEFAULT-NEXT: team=8 worker stack=
// DEFAULT-NEXT: tasks: some deferred; in a team of one: some deferred

// COMPACT: glass: OMP_PROC_BIND: ignored because KMP_AFFINITY has been defined
// COMPACT-NEXT: blocktime=200 bind=3 places={{[1-9][0-9]*}}

// SCATTER-NOT: glass:
// SCATTER: bind=4 places={{[1-9][0-9]*}} place0=1

// EXPLICIT-NOT: glass:
// EXPLICIT: bind=3 places=1 place0=2

// NONE-NOT: glass:
// NONE: bind=0 places=0

// INVALID-DAG: glass: KMP_AFFINITY="bogus" is invalid: expected a type (none, compact, scatter, balanced, explicit, disabled) with modifiers; ignored
// INVALID-DAG: glass: KMP_BLOCKTIME="5s" is invalid: expected a number of milliseconds (optionally with the unit ms or us) or infinite; ignored
// INVALID: blocktime=200 bind=0 places=0

// MICRO: blocktime=2500 bind=0
// INFINITE: blocktime=2147483647 bind=0

// SERIAL: limit=3 max_threads=1

// TASKING: tasks: none deferred; in a team of one: none deferred

// UNKNOWN: glass: KMP_HW_SUBSET="1s": a libomp setting that Glass does not honour; ignored
// QUIET-NOT: glass:
// QUIET: blocktime=200
// WARNINGS-INVALID: glass: KMP_WARNINGS="maybe" is invalid: expected true or false (or 1 or 0); ignored
// WARNINGS-INVALID: glass: KMP_HW_SUBSET="1s": a libomp setting that Glass does not honour; ignored

// MILLI-NOT: glass:
// MILLI: blocktime=3 bind=0
// MILLI: blocktime=7 bind=0
// MILLI: blocktime=3 bind=0

// NO-THROTTLE-NOT: glass:
// NO-THROTTLE: in a team of one: all deferred
// THROTTLE-INVALID: glass: KMP_ENABLE_TASK_THROTTLING="maybe" is invalid: expected true or false (or 1 or 0); ignored
// THROTTLE-INVALID: in a team of one: some deferred

// STACK-NOT: glass:
// STACK: team=8 worker stack=3000K
// STACK-WINS: glass: OMP_STACKSIZE: ignored because KMP_STACKSIZE has been defined
// STACK-WINS: team=8 worker stack=3000K

// SETTINGS-NOT: glass:
// SETTINGS: OPENMP DISPLAY ENVIRONMENT BEGIN
// SETTINGS: OMP_STACKSIZE = '3072000'
// SETTINGS: OPENMP DISPLAY ENVIRONMENT END
// SETTINGS: blocktime=200
// NO-SETTINGS-NOT: OPENMP DISPLAY ENVIRONMENT
// NO-SETTINGS-NOT: glass:
// NO-SETTINGS: blocktime=200

// LIMITS-NOT: glass:
// LIMITS: limit=3 max_threads={{[0-9]+}} teams_limit=2
// LIMITS-NEXT: team=3 worker stack=

// DUPLICATE-NOT: glass:
// DUPLICATE: blocktime=200
// DUPLICATE-NOT: glass:
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

enum { TASKS = 200 };

/* How many of TASKS tasks, made by one thread, had not run when made: all,
 * some or none. */
static const char *deferred_tasks(int threads)
{
    static _Atomic int done[TASKS];
    int deferred = 0;
#pragma omp parallel num_threads(threads)
#pragma omp single
    for (int i = 0; i < TASKS; i++) {
        done[i] = 0;
#pragma omp task
        {
            usleep(50);
            done[i] = 1;
        }
        deferred += !done[i];
    }
    return deferred == TASKS ? "all" : deferred ? "some" : "none";
}

int main(void)
{
    /* A gcc-built program does not link libomp's kmp_* names: look it up. */
    int (*get_blocktime)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "kmp_get_blocktime");
    printf("blocktime=%d bind=%d places=%d", get_blocktime ? get_blocktime() : -1, (int)omp_get_proc_bind(),
           omp_get_num_places());
    if (omp_get_num_places() > 0)
        printf(" place0=%d", omp_get_place_num_procs(0));
    printf(" limit=%d max_threads=%d teams_limit=%d\n", omp_get_thread_limit(), omp_get_max_threads(),
           omp_get_teams_thread_limit());

    /* A team asked for 8 threads, and the stack a worker got. */
    int team = 0;
    size_t worker_stack = 0;
#pragma omp parallel num_threads(8)
    {
#pragma omp single
        team = omp_get_num_threads();
        pthread_attr_t attr;
        if (omp_get_thread_num() == 1 && pthread_getattr_np(pthread_self(), &attr) == 0) {
            pthread_attr_getstacksize(&attr, &worker_stack);
            pthread_attr_destroy(&attr);
        }
    }
    printf("team=%d worker stack=%zuK\n", team, worker_stack / 1024);

    /* Tasks made by one thread: in a team of two another thread may run them
     * as they come; in a team of one the maker's queue fills up, and when it
     * holds the throttling limit the maker runs each next task at once. */
    printf("tasks: %s deferred; in a team of one: %s deferred\n", deferred_tasks(2), deferred_tasks(1));
    return 0;
}
