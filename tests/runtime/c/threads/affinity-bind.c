// Thread binding (OpenMP 5.1, 2.6.2) over the places {0},{1}: each policy puts
// thread i of a team of T on the place the specification gives, the thread
// really runs there (sched_getcpu), and each implicit task gets the place
// partition the policy gives it. Nested: spread then close keeps every inner
// team inside its outer thread's subpartition; the proc_bind clause overrides
// bind-var.
// REQUIRES: gcc
// RUN: %omp-cc -D_GNU_SOURCE %s -o %t
// RUN: for n in %threads; do OMP_PLACES="{0},{1}" OMP_PROC_BIND=close OMP_NUM_THREADS=$n taskset -c 0,1 %run %t 3; done | FileCheck %s --check-prefix=CLOSE
// RUN: for n in %threads; do OMP_PLACES="{0},{1}" OMP_PROC_BIND=spread OMP_NUM_THREADS=$n taskset -c 0,1 %run %t 4; done | FileCheck %s --check-prefix=SPREAD
// RUN: for n in %threads; do OMP_PLACES="{0},{1}" OMP_PROC_BIND=primary OMP_NUM_THREADS=$n taskset -c 0,1 %run %t 2; done | FileCheck %s --check-prefix=PRIMARY
// RUN: for n in %threads; do OMP_PLACES="{0},{1}" OMP_NUM_THREADS=$n taskset -c 0,1 %run %t 1; done | FileCheck %s --check-prefix=TRUE
// RUN: OMP_PLACES="{0},{1}" OMP_PROC_BIND=spread,close OMP_NUM_THREADS=2,3 taskset -c 0,1 %run %t nested | FileCheck %s --check-prefix=NESTED
// RUN: OMP_PLACES="{0},{1}" OMP_PROC_BIND=primary OMP_NUM_THREADS=2 taskset -c 0,1 %run %t clause | FileCheck %s --check-prefix=CLAUSE
// CLOSE: policy=3 threads=1 places=0 partitions=2 cpus=ok
// CLOSE: policy=3 threads=2 places=0,1 partitions=2,2 cpus=ok
// CLOSE: policy=3 threads=4 places=0,0,1,1 partitions=2,2,2,2 cpus=ok
// CLOSE: policy=3 threads=8 places=0,0,0,0,1,1,1,1 partitions=2,2,2,2,2,2,2,2 cpus=ok
// SPREAD: policy=4 threads=1 places=0 partitions=2 cpus=ok
// SPREAD: policy=4 threads=2 places=0,1 partitions=1,1 cpus=ok
// SPREAD: policy=4 threads=4 places=0,0,1,1 partitions=1,1,1,1 cpus=ok
// SPREAD: policy=4 threads=8 places=0,0,0,0,1,1,1,1 partitions=1,1,1,1,1,1,1,1 cpus=ok
// PRIMARY: policy=2 threads=1 places=0 partitions=2 cpus=ok
// PRIMARY: policy=2 threads=2 places=0,0 partitions=2,2 cpus=ok
// PRIMARY: policy=2 threads=4 places=0,0,0,0 partitions=2,2,2,2 cpus=ok
// PRIMARY: policy=2 threads=8 places=0,0,0,0,0,0,0,0 partitions=2,2,2,2,2,2,2,2 cpus=ok
// TRUE: policy=1 threads=1 places=0 partitions=2 cpus=ok
// TRUE: policy=1 threads=2 places=0,1 partitions=2,2 cpus=ok
// TRUE: policy=1 threads=4 places=0,0,1,1 partitions=2,2,2,2 cpus=ok
// TRUE: policy=1 threads=8 places=0,0,0,0,1,1,1,1 partitions=2,2,2,2,2,2,2,2 cpus=ok
// NESTED: outer 0: place 0 partition [0]; inner places 0,0,0 partitions [0],[0],[0] cpus=ok
// NESTED: outer 1: place 1 partition [1]; inner places 1,1,1 partitions [1],[1],[1] cpus=ok
// CLAUSE: spread: places=0,1 partitions=1,1 cpus=ok
// CLAUSE: close: places=0,1 partitions=2,2 cpus=ok
// CLAUSE: default: places=0,0 partitions=2,2 cpus=ok
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX 16

/* The place and partition length thread i of T should get over two places,
 * computed from the specification's wording (master on place 0). */
static void expected(int policy, int T, int i, int *place, int *partition)
{
    const int P = 2;
    *partition = P;
    if (policy == omp_proc_bind_primary) {
        *place = 0;
        return;
    }
    /* T > P: S = T / P threads (one more for the first T % P places) per place,
     * consecutive thread numbers together. */
    int group = i;
    if (T > P) {
        int base = T / P, extra = T % P;
        group = i < extra * (base + 1) ? i / (base + 1) : extra + (i - extra * (base + 1)) / base;
    }
    *place = group % P;
    if (policy == omp_proc_bind_spread && T > 1)
        *partition = 1;
}

struct member {
    int place, cpu, partition, partition_first;
};

static void record(struct member *m)
{
    int nums[MAX];
    m->place = omp_get_place_num();
    m->cpu = sched_getcpu();
    m->partition = omp_get_partition_num_places();
    omp_get_partition_place_nums(nums);
    m->partition_first = m->partition > 0 ? nums[0] : -1;
}

/* Runs on the recorded CPU only if that CPU is the place's one processor. */
static int cpu_matches(const struct member *m)
{
    int id;
    return omp_get_place_num_procs(m->place) == 1 && (omp_get_place_proc_ids(m->place, &id), id == m->cpu);
}

static int run_team(const char *label, int policy, int (*region)(struct member *))
{
    struct member members[MAX];
    int T = region(members);
    char places[128] = "", partitions[128] = "";
    int ok = 1;
    for (int i = 0; i < T; i++) {
        int place, partition;
        expected(policy, T, i, &place, &partition);
        ok &= members[i].place == place && members[i].partition == partition && cpu_matches(&members[i]);
        sprintf(places + strlen(places), "%s%d", i ? "," : "", members[i].place);
        sprintf(partitions + strlen(partitions), "%s%d", i ? "," : "", members[i].partition);
    }
    printf("%s places=%s partitions=%s cpus=%s\n", label, places, partitions, ok ? "ok" : "WRONG");
    return ok;
}

static int default_region(struct member *members)
{
    int T = 0;
#pragma omp parallel
    {
        record(&members[omp_get_thread_num()]);
#pragma omp single
        T = omp_get_num_threads();
    }
    return T;
}

static int spread_region(struct member *members)
{
    int T = 0;
#pragma omp parallel proc_bind(spread)
    {
        record(&members[omp_get_thread_num()]);
#pragma omp single
        T = omp_get_num_threads();
    }
    return T;
}

static int close_region(struct member *members)
{
    int T = 0;
#pragma omp parallel proc_bind(close)
    {
        record(&members[omp_get_thread_num()]);
#pragma omp single
        T = omp_get_num_threads();
    }
    return T;
}

static int nested(void)
{
    struct member outer[2], inner[2][MAX];
    int inner_size[2] = {0, 0};
#pragma omp parallel
    {
        int o = omp_get_thread_num();
        record(&outer[o]);
#pragma omp parallel
        {
            record(&inner[o][omp_get_thread_num()]);
#pragma omp single
            inner_size[o] = omp_get_num_threads();
        }
    }
    int ok = 1;
    for (int o = 0; o < 2; o++) {
        char places[64] = "", partitions[64] = "";
        int cpus_ok = cpu_matches(&outer[o]) && outer[o].place == o && outer[o].partition == 1;
        for (int i = 0; i < inner_size[o]; i++) {
            /* close inside a one-place partition: everyone stays there. */
            cpus_ok &= inner[o][i].place == o && inner[o][i].partition == 1 &&
                       inner[o][i].partition_first == o && cpu_matches(&inner[o][i]);
            sprintf(places + strlen(places), "%s%d", i ? "," : "", inner[o][i].place);
            sprintf(partitions + strlen(partitions), "%s[%d]", i ? "," : "", inner[o][i].partition_first);
        }
        ok &= cpus_ok && inner_size[o] == 3;
        printf("outer %d: place %d partition [%d]; inner places %s partitions %s cpus=%s\n", o, outer[o].place,
               outer[o].partition_first, places, partitions, cpus_ok ? "ok" : "WRONG");
    }
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc < 2 || omp_get_num_places() != 2)
        return 1;
    if (strcmp(argv[1], "nested") == 0)
        return nested();
    if (strcmp(argv[1], "clause") == 0) {
        int ok = run_team("spread:", omp_proc_bind_spread, spread_region);
        ok &= run_team("close:", omp_proc_bind_close, close_region);
        ok &= run_team("default:", omp_proc_bind_primary, default_region);
        return ok ? 0 : 1;
    }
    int policy = atoi(argv[1]);
    if (omp_get_proc_bind() != policy)
        return 2;
    char label[64];
    snprintf(label, sizeof label, "policy=%d threads=%d", policy, omp_get_max_threads());
    /* true behaves as close (libgomp's reading of an implementation-defined policy). */
    return run_team(label, policy == omp_proc_bind_true ? omp_proc_bind_close : policy, default_region) ? 0 : 1;
}
