/* The operations whose OMPT cost bench/ompt-watched-instructions counts, each
 * N times inside work() on a team of one thread: a lock set and unset, a
 * critical construct, a parallel loop with a sum reduction, a parallel region
 * with a sum reduction (EPCC's REDUCTION shape). Callgrind counts
 * only inside work() (--toggle-collect), so runtime start-up and the tool's
 * initialization stay out. `watched_ops lock|critical|reduction|epcc-reduction N`. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static omp_lock_t lock;
static volatile long counter;

static __attribute__((noinline)) long work(const char *op, long n)
{
    long total = 0;
    if (strcmp(op, "lock") == 0) {
        for (long i = 0; i < n; i++) {
            omp_set_lock(&lock);
            counter++;
            omp_unset_lock(&lock);
        }
    } else if (strcmp(op, "critical") == 0) {
        for (long i = 0; i < n; i++) {
#pragma omp critical
            counter++;
        }
    } else if (strcmp(op, "epcc-reduction") == 0) {
        for (long i = 0; i < n; i++) {
            long sum = 0;
#pragma omp parallel reduction(+ : sum)
            sum += 6;
            total += sum / omp_get_max_threads();
        }
    } else {
        for (long i = 0; i < n; i++) {
            long sum = 0;
#pragma omp parallel for reduction(+ : sum)
            for (int j = 0; j < 4; j++)
                sum += j;
            total += sum;
        }
    }
    return total;
}

int main(int argc, char **argv)
{
    char *end = NULL;
    long n = argc == 3 ? strtol(argv[2], &end, 10) : -1;
    if (n < 0 || !end || *end ||
        (strcmp(argv[1], "lock") && strcmp(argv[1], "critical") && strcmp(argv[1], "reduction") &&
         strcmp(argv[1], "epcc-reduction"))) {
        fprintf(stderr, "usage: watched_ops lock|critical|reduction|epcc-reduction N (N >= 0)\n");
        return 2;
    }
    omp_init_lock(&lock);
    long total = work(argv[1], n);
    omp_destroy_lock(&lock);
    int reduction = strcmp(argv[1], "reduction") == 0 || strcmp(argv[1], "epcc-reduction") == 0;
    if (total != (reduction ? 6 * n : 0) || counter != (reduction ? 0 : n)) {
        fprintf(stderr, "watched_ops: wrong result\n");
        return 1;
    }
    return 0;
}
