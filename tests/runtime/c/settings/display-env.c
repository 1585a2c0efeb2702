// OMP_DISPLAY_ENV and omp_display_env (OpenMP 5.1, 6.12 and 3.15): the block
// printed to stderr once at start-up (true, verbose) or not at all (false),
// with one line per ICV showing the values the environment set; the routine
// shows the calling task's values, including ones the program changed.
// RUN: %omp-cc %s -o %t
// RUN: OMP_DISPLAY_ENV=true OMP_NUM_THREADS=3,2 OMP_SCHEDULE=guided,4 OMP_PROC_BIND=spread,close OMP_PLACES="{0},{1}" OMP_STACKSIZE=1M OMP_WAIT_POLICY=active OMP_THREAD_LIMIT=6 OMP_CANCELLATION=true OMP_DEFAULT_DEVICE=2 OMP_MAX_TASK_PRIORITY=7 OMP_DISPLAY_AFFINITY=false OMP_AFFINITY_FORMAT="%n/%N" OMP_ALLOCATOR=omp_pteam_mem_alloc OMP_NUM_TEAMS=3 OMP_TEAMS_THREAD_LIMIT=5 OMP_DYNAMIC=true taskset -c 0,1 %run %t 2>&1 | FileCheck %s --check-prefix=TRUE
// RUN: OMP_DISPLAY_ENV=" VERBOSE " %run %t 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: OMP_DISPLAY_ENV=false %run %t 2>&1 | FileCheck %s --check-prefix=FALSE
// RUN: OMP_DISPLAY_ENV=loud %run %t 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %run %t api 2>&1 | FileCheck %s --check-prefix=API
// TRUE:      OPENMP DISPLAY ENVIRONMENT BEGIN
// TRUE-NEXT:   _OPENMP = '202011'
// TRUE-NEXT:   [host] OMP_DYNAMIC = 'TRUE'
// TRUE-NEXT:   [host] OMP_NESTED = 'TRUE'
// TRUE-NEXT:   [host] OMP_NUM_THREADS = '3,2'
// TRUE-NEXT:   [host] OMP_SCHEDULE = 'GUIDED,4'
// TRUE-NEXT:   [host] OMP_PROC_BIND = 'SPREAD,CLOSE'
// TRUE-NEXT:   [host] OMP_PLACES = '{0},{1}'
// TRUE-NEXT:   [host] OMP_STACKSIZE = '1048576'
// TRUE-NEXT:   [host] OMP_WAIT_POLICY = 'ACTIVE'
// TRUE-NEXT:   [host] OMP_THREAD_LIMIT = '6'
// TRUE-NEXT:   [host] OMP_MAX_ACTIVE_LEVELS = '255'
// TRUE-NEXT:   [host] OMP_NUM_TEAMS = '3'
// TRUE-NEXT:   [host] OMP_TEAMS_THREAD_LIMIT = '5'
// TRUE-NEXT:   [host] OMP_CANCELLATION = 'TRUE'
// TRUE-NEXT:   [host] OMP_DEFAULT_DEVICE = '2'
// TRUE-NEXT:   [host] OMP_MAX_TASK_PRIORITY = '7'
// TRUE-NEXT:   [host] OMP_DISPLAY_AFFINITY = 'FALSE'
// TRUE-NEXT:   [host] OMP_AFFINITY_FORMAT = '%n/%N'
// TRUE-NEXT:   [host] OMP_ALLOCATOR = 'omp_pteam_mem_alloc'
// TRUE-NEXT:   [host] OMP_TARGET_OFFLOAD = 'DEFAULT'
// TRUE-NEXT:   [host] OMP_DEBUG = 'disabled'
// TRUE-NEXT: OPENMP DISPLAY ENVIRONMENT END
// TRUE-NOT: OPENMP DISPLAY ENVIRONMENT
// TRUE: main done
// VERBOSE:      OPENMP DISPLAY ENVIRONMENT BEGIN
// VERBOSE:        [host] OMP_DYNAMIC = 'FALSE'
// VERBOSE-NEXT:   [host] OMP_NESTED = 'FALSE'
// VERBOSE-NEXT:   [host] OMP_NUM_THREADS = '{{[0-9]+}}'
// VERBOSE-NEXT:   [host] OMP_SCHEDULE = 'DYNAMIC'
// VERBOSE-NEXT:   [host] OMP_PROC_BIND = 'FALSE'
// VERBOSE-NEXT:   [host] OMP_PLACES = ''
// VERBOSE-NEXT:   [host] OMP_STACKSIZE = '0'
// VERBOSE-NEXT:   [host] OMP_WAIT_POLICY = 'PASSIVE'
// VERBOSE-NEXT:   [host] OMP_THREAD_LIMIT = '2147483647'
// VERBOSE-NEXT:   [host] OMP_MAX_ACTIVE_LEVELS = '1'
// VERBOSE:        [host] OMP_AFFINITY_FORMAT = 'OMP: pid %P tid %i thread %n bound to OS proc set {%A}'
// VERBOSE-NEXT:   [host] OMP_ALLOCATOR = 'omp_default_mem_alloc'
// VERBOSE:        [host] GOMP_SPINCOUNT = '300000'
// VERBOSE:      OPENMP DISPLAY ENVIRONMENT END
// VERBOSE-NOT: OPENMP DISPLAY ENVIRONMENT
// VERBOSE: main done
// FALSE-NOT: OPENMP
// FALSE: main done
// BAD: glass: OMP_DISPLAY_ENV="loud" is invalid: expected true, false or verbose; using the default
// BAD-NOT: OPENMP
// BAD: main done
// API:      OPENMP DISPLAY ENVIRONMENT BEGIN
// API:        [host] OMP_DYNAMIC = 'TRUE'
// API:        [host] OMP_NUM_THREADS = '5'
// API-NEXT:   [host] OMP_SCHEDULE = 'MONOTONIC:STATIC,3'
// API:        [host] OMP_MAX_ACTIVE_LEVELS = '4'
// API-NOT:    GOMP_SPINCOUNT
// API:      OPENMP DISPLAY ENVIRONMENT END
// API:      OPENMP DISPLAY ENVIRONMENT BEGIN
// API:        [host] GOMP_SPINCOUNT =
// API:      OPENMP DISPLAY ENVIRONMENT END
// API: main done
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "api") == 0) {
        omp_set_dynamic(1);
        omp_set_num_threads(5);
        omp_set_schedule(omp_sched_static | omp_sched_monotonic, 3);
        omp_set_max_active_levels(4);
        omp_display_env(0);
        omp_display_env(1);
    }
    fprintf(stderr, "main done\n");
    return 0;
}
