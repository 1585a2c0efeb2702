// libomp's KMP_* variables, honoured as libomp 19 honours them where they have
// a meaning in Glass, and a clear line for the others (never silence):
// KMP_AFFINITY (type, granularity, proclist; it wins over OMP_PROC_BIND, with
// libomp's warning), KMP_BLOCKTIME with its units (kmp_get_blocktime answers
// in the unit given), KMP_LIBRARY=serial, KMP_DEVICE_THREAD_LIMIT,
// KMP_TASKING=0 (every task runs when created), KMP_WARNINGS=0, and an
// unknown KMP_HW_SUBSET. Invalid values are named and ignored.
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

// DEFAULT-NOT: glass:
// DEFAULT: blocktime=200 bind=0 places=0 limit=2147483647
// DEFAULT: tasks: some deferred

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

// TASKING: tasks: all ran when created

// UNKNOWN: glass: KMP_HW_SUBSET="1s": a libomp setting that Glass does not honour; ignored
// QUIET-NOT: glass:
// QUIET: blocktime=200
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
    /* A gcc-built program does not link libomp's kmp_* names: look it up. */
    int (*get_blocktime)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "kmp_get_blocktime");
    printf("blocktime=%d bind=%d places=%d", get_blocktime ? get_blocktime() : -1, (int)omp_get_proc_bind(),
           omp_get_num_places());
    if (omp_get_num_places() > 0)
        printf(" place0=%d", omp_get_place_num_procs(0));
    printf(" limit=%d max_threads=%d\n", omp_get_thread_limit(), omp_get_max_threads());

    enum { TASKS = 200 };
    static _Atomic int done[TASKS];
    int deferred = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    for (int i = 0; i < TASKS; i++) {
#pragma omp task
        {
            usleep(50);
            done[i] = 1;
        }
        deferred += !done[i];
    }
    printf("tasks: %s\n", deferred ? "some deferred" : "all ran when created");
    return 0;
}
