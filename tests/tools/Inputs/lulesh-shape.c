/* An event-heavy program with the OpenMP shape of LULESH (a hydrodynamics
 * proxy app: many short `parallel for` loops per time step over a cube mesh,
 * most of them per material region, and a min-reduction for the time step),
 * for measuring `glass trace` (bench/RESULTS.md) and for testing it on many
 * regions at once (trace-heavy.test). It is not LULESH: the arithmetic is a
 * stand-in, only the count and kind of OpenMP constructs follow it.
 *
 *   lulesh-shape [-s SIDE] [-i CYCLES]    (defaults: -s 15 -i 100)
 *
 * Per cycle: 12 loops over the nodes ((SIDE+1)^3), 10 over the elements
 * (SIDE^3), 11 regions x 14 loops over each region's elements, and one
 * parallel region with a worksharing loop and a min-reduction. Prints a
 * checksum that does not depend on the number of threads. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REGIONS 11
#define REGION_LOOPS 14
#define NODE_LOOPS 12
#define ELEMENT_LOOPS 10

static void node_loop(double *restrict a, const double *restrict b, int n, double c)
{
#pragma omp parallel for firstprivate(n)
    for (int i = 0; i < n; i++)
        a[i] = a[i] * 0.999 + b[i] * c;
}

static void element_loop(double *restrict a, const double *restrict b, int n)
{
#pragma omp parallel for firstprivate(n)
    for (int i = 0; i < n; i++)
        a[i] = sqrt(fabs(a[i] + b[i])) * 0.5;
}

/* One region's equation-of-state step: loops over its share of the elements. */
static void region_loops(double *restrict e, const double *restrict p, const int *list, int count)
{
    for (int k = 0; k < REGION_LOOPS; k++) {
#pragma omp parallel for firstprivate(count)
        for (int i = 0; i < count; i++) {
            int at = list[i];
            e[at] = e[at] * 0.99 + p[at] * 0.01 * (k + 1);
        }
    }
}

static double time_step(const double *v, int n)
{
    double smallest = 1e30;
#pragma omp parallel
    {
        double mine = 1e30;
#pragma omp for nowait
        for (int i = 0; i < n; i++)
            mine = fmin(mine, 1.0 / (1.0 + fabs(v[i])));
#pragma omp critical
        smallest = fmin(smallest, mine);
    }
    return smallest;
}

static int number(const char *text, const char *what, long most)
{
    char *end;
    long value = strtol(text, &end, 10);
    if (*end || end == text || value < 1 || value > most) {
        fprintf(stderr, "lulesh-shape: %s must be a number from 1 to %ld, not '%s'\n", what, most, text);
        exit(2);
    }
    return (int)value;
}

int main(int argc, char **argv)
{
    int side = 15, cycles = 100;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-s") && i + 1 < argc)
            side = number(argv[++i], "-s", 1000);
        else if (!strcmp(argv[i], "-i") && i + 1 < argc)
            cycles = number(argv[++i], "-i", 1000000);
        else {
            fprintf(stderr, "usage: lulesh-shape [-s SIDE] [-i CYCLES]\n");
            return 2;
        }
    }
    int elements = side * side * side, nodes = (side + 1) * (side + 1) * (side + 1);
    double *x = calloc((size_t)nodes, sizeof *x), *f = calloc((size_t)nodes, sizeof *f);
    double *e = calloc((size_t)elements, sizeof *e), *p = calloc((size_t)elements, sizeof *p);
    int *lists = malloc((size_t)elements * sizeof *lists), starts[REGIONS + 1];
    if (!x || !f || !e || !p || !lists)
        return 1;
    for (int i = 0; i < nodes; i++)
        f[i] = (i % 17) * 0.25;
    for (int i = 0; i < elements; i++)
        p[i] = (i % 13) * 0.5;
    /* Region r owns the elements i with i % REGIONS == r, listed in order. */
    int at = 0;
    for (int r = 0; r < REGIONS; r++) {
        starts[r] = at;
        for (int i = r; i < elements; i += REGIONS)
            lists[at++] = i;
    }
    starts[REGIONS] = at;
    double dt = 0;
    for (int c = 0; c < cycles; c++) {
        for (int k = 0; k < NODE_LOOPS; k++)
            node_loop(x, f, nodes, 0.001 * (k + 1));
        for (int k = 0; k < ELEMENT_LOOPS; k++)
            element_loop(e, p, elements);
        for (int r = 0; r < REGIONS; r++)
            region_loops(e, p, lists + starts[r], starts[r + 1] - starts[r]);
        dt += time_step(x, nodes);
    }
    double sum = dt;
    for (int i = 0; i < elements; i++)
        sum += e[i];
    for (int i = 0; i < nodes; i++)
        sum += x[i];
    printf("lulesh-shape: side %d, %d cycles, %d parallel regions, checksum %.9e\n", side, cycles,
           cycles * (NODE_LOOPS + ELEMENT_LOOPS + REGIONS * REGION_LOOPS + 1), sum);
    free(x), free(f), free(e), free(p), free(lists);
    return 0;
}
