/* One construct run N times by a team of one thread, for counting the
 * instructions it costs (bench/ompt-instructions runs this under callgrind).
 * One thread makes the count deterministic: no spinning, no scheduling. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile long sink;

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s CONSTRUCT COUNT\n", argv[0]);
        return 2;
    }
    const char *what = argv[1];
    long n = atol(argv[2]);
    omp_lock_t lock;
    omp_init_lock(&lock);
    if (!strcmp(what, "parallel")) {
        for (long r = 0; r < n; r++) {
#pragma omp parallel
            sink++;
        }
        return 0;
    }
#pragma omp parallel
    {
        if (!strcmp(what, "for")) {
            for (long r = 0; r < n; r++) {
#pragma omp for
                for (int i = 0; i < 8; i++)
                    sink += i;
            }
        } else if (!strcmp(what, "barrier")) {
            for (long r = 0; r < n; r++) {
#pragma omp barrier
            }
        } else if (!strcmp(what, "single")) {
            for (long r = 0; r < n; r++) {
#pragma omp single
                sink++;
            }
        } else if (!strcmp(what, "critical")) {
            for (long r = 0; r < n; r++) {
#pragma omp critical
                sink++;
            }
        } else if (!strcmp(what, "lock")) {
            for (long r = 0; r < n; r++) {
                omp_set_lock(&lock);
                sink++;
                omp_unset_lock(&lock);
            }
        } else if (!strcmp(what, "dynamic1")) {
            for (long r = 0; r < n; r++) {
#pragma omp for schedule(dynamic, 1)
                for (int i = 0; i < 8; i++)
                    sink += i;
            }
        } else if (!strcmp(what, "task")) {
            for (long r = 0; r < n; r++) {
#pragma omp task
                sink++;
#pragma omp taskwait
            }
        } else if (!strcmp(what, "atomic")) {
            long double x = 0;
            for (long r = 0; r < n; r++) {
#pragma omp atomic
                x += 1.0L;
            }
            sink += (long)x;
        } else {
            fprintf(stderr, "unknown construct %s\n", what);
            exit(2);
        }
    }
    return 0;
}
