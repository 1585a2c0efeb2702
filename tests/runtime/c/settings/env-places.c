// OMP_PLACES: abstract names and explicit lists (intervals, place intervals,
// exclusions), read back through omp_get_num_places, omp_get_place_num_procs
// and omp_get_place_proc_ids. Processors outside the process's mask are
// dropped with a warning; invalid values are reported and leave no places.
// Uses CPUs 0 and 1, which `taskset` guarantees to the process.
// RUN: %omp-cc %s -o %t
// RUN: OMP_PLACES="{0},{1}" taskset -c 0,1 %run %t | FileCheck %s --check-prefix=TWO
// RUN: OMP_PLACES=" { 0 : 2 } " taskset -c 0,1 %run %t | FileCheck %s --check-prefix=ONE
// RUN: OMP_PLACES="{0:2:1},{1},{0}" taskset -c 0,1 %run %t | FileCheck %s --check-prefix=THREE
// RUN: OMP_PLACES="{0}:2" taskset -c 0,1 %run %t | FileCheck %s --check-prefix=TWO
// RUN: OMP_PLACES="{0}:2:1" taskset -c 0,1 %run %t | FileCheck %s --check-prefix=TWO
// RUN: OMP_PLACES="0,1" taskset -c 0,1 %run %t | FileCheck %s --check-prefix=TWO
// RUN: OMP_PLACES="{0,1,!1},{1}" taskset -c 0,1 %run %t | FileCheck %s --check-prefix=TWO
// RUN: OMP_PLACES="{0},{0,1},{1},!{0,1}" taskset -c 0,1 %run %t | FileCheck %s --check-prefix=TWO
// RUN: OMP_PLACES="{0:2:4}" taskset -c 0,1 %run %t | FileCheck %s --check-prefix=FIRST
// RUN: OMP_PLACES="{0},{4000}" taskset -c 0,1 %run %t 2>&1 | FileCheck %s --check-prefix=DROP
// RUN: OMP_PLACES="{4000},{4001}" OMP_PROC_BIND=spread,close taskset -c 0,1 %run %t 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: OMP_PLACES="threads" taskset -c 0,1 %run %t | FileCheck %s --check-prefix=TWO
// RUN: OMP_PLACES="THREADS(1)" taskset -c 0,1 %run %t | FileCheck %s --check-prefix=FIRST
// RUN: OMP_PLACES="cores" taskset -c 0,1 %run %t cover | FileCheck %s --check-prefix=COVER
// RUN: OMP_PLACES="sockets" taskset -c 0,1 %run %t cover | FileCheck %s --check-prefix=COVER
// RUN: OMP_PLACES="ll_caches" taskset -c 0,1 %run %t cover | FileCheck %s --check-prefix=COVER
// RUN: OMP_PLACES="numa_domains (1)" taskset -c 0,1 %run %t cover | FileCheck %s --check-prefix=COVER
// RUN: taskset -c 1 env OMP_PLACES="threads" %run %t | FileCheck %s --check-prefix=MASK
// RUN: for v in "" "{}" "{0" "{0}}" "cores(0)" "cores(x)" "bogus" "{-1}" "{0:0}" "{1,!1}" "!{0}" "{99999999999}" "{0:2000000}" "{0:2}:2:-1" "{0},,{1}" "{!0:2}"; do OMP_PLACES="$v" taskset -c 0,1 %run %t; done 2>&1 | FileCheck %s --check-prefix=BAD
// TWO: places=2 [0] [1] partition=2 bind=1
// ONE: places=1 [0,1] partition=1 bind=1
// THREE: places=3 [0,1] [1] [0] partition=3 bind=1
// FIRST: places=1 [0] partition=1
// DROP: glass: OMP_PLACES="{0},{4000}": place {4000} has no processor this process may use; ignored
// DROP: places=1 [0] partition=1
// NONE: glass: OMP_PLACES="{4000},{4001}": place {4000} has no processor this process may use; ignored
// NONE-NEXT: glass: OMP_PLACES="{4000},{4001}": place {4001} has no processor this process may use; ignored
// NONE-NEXT: glass: OMP_PLACES="{4000},{4001}" leaves no place this process may use; threads are not bound
// NONE-NEXT: places=0 partition=0 bind=0 inner-bind=0
// COVER: covers=0,1 distinct=1
// MASK: places=1 [1] partition=1
// BAD: glass: OMP_PLACES="" is invalid: expected threads, cores, ll_caches, numa_domains or sockets with an optional (count), or a list of places such as {0,1},{2:2},{0:4:2} or {0:2}:4:2; using the default
// BAD-NEXT: places=0 partition=0 bind=0
// BAD-NEXT: glass: OMP_PLACES="{}" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="{0" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="{0}}" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="cores(0)" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="cores(x)" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="bogus" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="{-1}" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="{0:0}" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="{1,!1}" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="!{0}" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="{99999999999}" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="{0:2000000}" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="{0:2}:2:-1" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="{0},,{1}" is invalid
// BAD-NEXT: places=0
// BAD-NEXT: glass: OMP_PLACES="{!0:2}" is invalid
// BAD-NEXT: places=0
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int n = omp_get_num_places();
    int covers[2] = {0, 0}, distinct = 1, seen[1024] = {0};
    char list[512] = "";
    for (int p = 0; p < n; p++) {
        int count = omp_get_place_num_procs(p), ids[1024];
        if (count <= 0 || count > 1024)
            return 2;
        omp_get_place_proc_ids(p, ids);
        strcat(list, " [");
        for (int i = 0; i < count; i++) {
            if (ids[i] < 0 || ids[i] >= 1024)
                return 3;
            if (ids[i] < 2)
                covers[ids[i]] = 1;
            distinct &= !seen[ids[i]]++;
            if (strlen(list) < sizeof list - 16)
                sprintf(list + strlen(list), "%s%d", i ? "," : "", ids[i]);
        }
        strcat(list, "]");
    }
    /* Out-of-range place numbers have no processors. */
    if (omp_get_place_num_procs(-1) != 0 || omp_get_place_num_procs(n) != 0)
        return 4;
    /* The initial task's partition is the whole list. */
    int partition = omp_get_partition_num_places(), nums[1024];
    omp_get_partition_place_nums(nums);
    for (int i = 0; i < partition; i++)
        if (nums[i] != i)
            return 5;
    if (partition != n)
        return 6;
    if (argc > 1 && strcmp(argv[1], "cover") == 0)
        printf("covers=%s distinct=%d\n", covers[0] && covers[1] ? "0,1" : "partial", distinct);
    else if (n == 0) {
        /* No places: no binding at any level, and no thread has a place. */
        int inner = -1, place = 0;
#pragma omp parallel num_threads(2) reduction(max : inner, place)
        {
            inner = omp_get_proc_bind();
            place = omp_get_place_num() + 1;
        }
        printf("places=0 partition=%d bind=%d inner-bind=%d%s\n", partition, omp_get_proc_bind(), inner,
               place || omp_get_place_num() != -1 ? " BOUND" : "");
    } else
        printf("places=%d%s partition=%d bind=%d\n", n, list, partition, omp_get_proc_bind());
    return 0;
}
