// OMP_NUM_THREADS: a number or a list (one element per nesting level, the
// last one staying in force), read back through omp_get_max_threads at each
// level; a list turns nesting on. Invalid values are reported and the default
// (one thread per processor) stays.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n $n $n 1; done | FileCheck %s --check-prefix=ONE
// RUN: OMP_NUM_THREADS=" 3 , 2 " %run %t 3 2 2 255 | FileCheck %s --check-prefix=LIST
// RUN: OMP_NUM_THREADS=2,3,1 %run %t 2 3 1 255 | FileCheck %s --check-prefix=LIST3
// RUN: for v in "" "0" "-2" "two" "4," "4,,2" "4 2" "99999999999999999999" "2000000" "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17"; do OMP_NUM_THREADS="$v" %run %t procs procs procs 1; done 2>&1 | FileCheck %s --check-prefix=BAD
// ONE: max=1,1,1 team=1,1 max-active-levels=1
// ONE: max=2,2,2 team=2,1 max-active-levels=1
// ONE: max=4,4,4 team=4,1 max-active-levels=1
// ONE: max=8,8,8 team=8,1 max-active-levels=1
// LIST: max=3,2,2 team=3,2 max-active-levels=255
// LIST3: max=2,3,1 team=2,3 max-active-levels=255
// BAD: glass: OMP_NUM_THREADS="" is invalid: expected a positive integer (at most 1048576) or a comma-separated list of at most 16 of them; using the default
// BAD-NEXT: max=procs,procs,procs team=procs,1 max-active-levels=1
// BAD-NEXT: glass: OMP_NUM_THREADS="0" is invalid
// BAD-NEXT: max=procs
// BAD-NEXT: glass: OMP_NUM_THREADS="-2" is invalid
// BAD-NEXT: max=procs
// BAD-NEXT: glass: OMP_NUM_THREADS="two" is invalid
// BAD-NEXT: max=procs
// BAD-NEXT: glass: OMP_NUM_THREADS="4," is invalid
// BAD-NEXT: max=procs
// BAD-NEXT: glass: OMP_NUM_THREADS="4,,2" is invalid
// BAD-NEXT: max=procs
// BAD-NEXT: glass: OMP_NUM_THREADS="4 2" is invalid
// BAD-NEXT: max=procs
// BAD-NEXT: glass: OMP_NUM_THREADS="99999999999999999999" is invalid
// BAD-NEXT: max=procs
// BAD-NEXT: glass: OMP_NUM_THREADS="2000000" is invalid
// BAD-NEXT: max=procs
// BAD-NEXT: glass: OMP_NUM_THREADS="1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17" is invalid
// BAD-NEXT: max=procs
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "procs" stands for omp_get_num_procs(), so the expectations hold on any machine. */
static int expected(const char *arg)
{
    return strcmp(arg, "procs") == 0 ? omp_get_num_procs() : atoi(arg);
}

static const char *show(int value, int procs_value)
{
    static char buffers[8][16];
    static int next;
    char *b = buffers[next++ % 8];
    if (value == procs_value)
        snprintf(b, 16, "procs");
    else
        snprintf(b, 16, "%d", value);
    return b;
}

int main(int argc, char **argv)
{
    if (argc < 5)
        return 1;
    int want[3] = {expected(argv[1]), expected(argv[2]), expected(argv[3])};
    int want_levels = atoi(argv[4]);
    int max[3] = {0}, team[2] = {0};
    max[0] = omp_get_max_threads();
#pragma omp parallel
    {
#pragma omp master
        {
            team[0] = omp_get_num_threads();
            max[1] = omp_get_max_threads();
        }
#pragma omp parallel
#pragma omp master
        {
#pragma omp critical
            {
                team[1] = omp_get_num_threads();
                max[2] = omp_get_max_threads();
            }
        }
    }
    int levels = omp_get_max_active_levels();
    int inner_team = levels > 1 ? want[1] : 1;
    if (max[0] != want[0] || max[1] != want[1] || max[2] != want[2] || team[0] != want[0] ||
        team[1] != inner_team || levels != want_levels) {
        printf("FAIL: max=%d,%d,%d team=%d,%d levels=%d\n", max[0], max[1], max[2], team[0], team[1], levels);
        return 1;
    }
    int procs = strcmp(argv[1], "procs") == 0 ? omp_get_num_procs() : -1;
    printf("max=%s,%s,%s team=%s,%d max-active-levels=%d\n", show(max[0], procs), show(max[1], procs),
           show(max[2], procs), show(team[0], procs), team[1], levels);
    return 0;
}
