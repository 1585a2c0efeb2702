/* Command line, measurement loop and report of the micro-benchmarks.
 *
 *   bench --list
 *   bench CONSTRUCT [--chunk N] [--delay-us D] [--outer N] [--target-us T]
 *                   [--warmup-us W] [--series]
 *                   [--iters-per-thread N] [--taskloop-tasks N]
 *                   [--inner-threads N] [--chains N] [--tree-depth N] [--app-n N]
 *
 * The team size is the runtime's default (set it with OMP_NUM_THREADS). One
 * line of key=value pairs is printed on success (with --series, a second:
 * every measurement in the order taken); exit status 2 means a wrong
 * result, 1 a usage error. */
#define _GNU_SOURCE
#include "bench.h"

#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct bench *const bench_tables[] = {bench_sync, bench_schedule, bench_tasks, bench_target,
                                                  bench_app};
#define TABLE_COUNT (sizeof bench_tables / sizeof bench_tables[0])

struct options {
    const char *construct;
    double delay_us;
    int outer;
    double target_us;
    double warmup_us;
    int series; /* print every measurement too, in the order taken */
    struct bench_params params;
};

void bench_check(int ok, const char *what)
{
    if (ok)
        return;
    fprintf(stderr, "bench: check failed: %s\n", what);
    exit(2);
}

static void usage(void)
{
    fprintf(stderr,
            "usage: bench --list\n"
            "       bench CONSTRUCT [--chunk N] [--delay-us D] [--outer N] [--target-us T]\n"
            "                       [--warmup-us W] [--series]\n"
            "                       [--iters-per-thread N] [--taskloop-tasks N]\n"
            "                       [--inner-threads N] [--chains N] [--tree-depth N] [--app-n N]\n");
    exit(1);
}

static const struct bench *find_bench(const char *name)
{
    for (size_t t = 0; t < TABLE_COUNT; t++)
        for (const struct bench *b = bench_tables[t]; b->name; b++)
            if (strcmp(b->name, name) == 0)
                return b;
    return NULL;
}

static void list_benches(void)
{
    for (size_t t = 0; t < TABLE_COUNT; t++)
        for (const struct bench *b = bench_tables[t]; b->name; b++)
            printf("%s\t%s\t%s\t%s\n", b->name, b->unit, b->params, b->summary);
}

static long positive_arg(const char *flag, const char *value)
{
    char *end;
    long v = value ? strtol(value, &end, 10) : 0;
    if (!value || *end || v <= 0) {
        fprintf(stderr, "bench: %s needs a positive integer\n", flag);
        exit(1);
    }
    return v;
}

static double positive_real_arg(const char *flag, const char *value)
{
    char *end;
    double v = value ? strtod(value, &end) : 0;
    if (!value || *end || !(v > 0)) {
        fprintf(stderr, "bench: %s needs a positive number\n", flag);
        exit(1);
    }
    return v;
}

static void parse_args(int argc, char **argv, struct options *o)
{
    /* Defaults: a 0.1 us delay body, as small as the construct cost it is
     * compared with, and 21 outer repetitions of about 2 ms each. */
    *o = (struct options){
        .delay_us = 0.1,
        .outer = 21,
        .target_us = 2000,
        .warmup_us = 100000,
        .params = {.chunk = 1, .iters_per_thread = 1024, .taskloop_tasks = 4,
                   .inner_threads = 2, .chains = 0, .tree_depth = 4,
                   .app_n = 250000},
    };
    if (argc < 2)
        usage();
    if (strcmp(argv[1], "--list") == 0) {
        list_benches();
        exit(0);
    }
    o->construct = argv[1];
    for (int i = 2; i < argc; i += 2) {
        const char *flag = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        struct bench_params *p = &o->params;
        if (strcmp(flag, "--series") == 0) {
            o->series = 1;
            i--; /* a flag without a value */
        } else if (strcmp(flag, "--chunk") == 0)
            p->chunk = positive_arg(flag, value);
        else if (strcmp(flag, "--delay-us") == 0)
            o->delay_us = positive_real_arg(flag, value);
        else if (strcmp(flag, "--outer") == 0)
            o->outer = (int)positive_arg(flag, value);
        else if (strcmp(flag, "--target-us") == 0)
            o->target_us = positive_real_arg(flag, value);
        else if (strcmp(flag, "--warmup-us") == 0)
            o->warmup_us = positive_real_arg(flag, value);
        else if (strcmp(flag, "--iters-per-thread") == 0)
            p->iters_per_thread = positive_arg(flag, value);
        else if (strcmp(flag, "--taskloop-tasks") == 0)
            p->taskloop_tasks = positive_arg(flag, value);
        else if (strcmp(flag, "--inner-threads") == 0)
            p->inner_threads = (int)positive_arg(flag, value);
        else if (strcmp(flag, "--chains") == 0)
            p->chains = (int)positive_arg(flag, value);
        else if (strcmp(flag, "--tree-depth") == 0)
            p->tree_depth = (int)positive_arg(flag, value);
        else if (strcmp(flag, "--app-n") == 0) {
            p->app_n = positive_arg(flag, value);
            /* The sums of app_loops stay exact in doubles (below 2^53) up to
             * about 1.3e8 elements. */
            if (p->app_n < 3 || p->app_n > 100000000) {
                fprintf(stderr, "bench: --app-n needs 3 to 100000000 (the stencil's two ends and one inner "
                                "point; sums exact in doubles)\n");
                exit(1);
            }
        } else
            usage();
    }
}

/* The file the OpenMP runtime was loaded from, so the driver can tell that
 * the library path selected the runtime it meant to measure. */
static const char *runtime_library(void)
{
    Dl_info info;
    void *symbol = dlsym(RTLD_DEFAULT, "omp_get_max_threads");
    if (symbol && dladdr(symbol, &info) && info.dli_fname)
        return info.dli_fname;
    return "unknown";
}

/* Compiler name and version as one word. */
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
static const char *compiler(void)
{
#if defined(__clang__)
    return "clang-" STRINGIFY(__clang_major__) "." STRINGIFY(__clang_minor__) "." STRINGIFY(
        __clang_patchlevel__);
#elif defined(__GNUC__)
    return "gcc-" STRINGIFY(__GNUC__) "." STRINGIFY(__GNUC_MINOR__) "." STRINGIFY(__GNUC_PATCHLEVEL__);
#else
    return "unknown";
#endif
}

/* Every later figure assumes a team of the requested size. Uses nothing
 * but a parallel region, so that it works on a runtime that has nothing
 * else yet. */
static void check_team_size(int threads)
{
    int size = 0;
#pragma omp parallel
    if (omp_get_thread_num() == 0)
        size = omp_get_num_threads();
    bench_check(size == threads, "team size differs from omp_get_max_threads()");
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Runs the construct for warmup_us before anything is measured: the pool
 * starts its threads and the kernel spreads them over the processors (until
 * it does, two threads of the team can share one and every hand-over waits
 * for a time slice). */
static void warm_up(const struct bench *b, const struct options *o)
{
    struct bench_sample s;
    long reps = 1;
    double start = bench_now();
    while ((bench_now() - start) * 1e6 < o->warmup_us) {
        b->run(reps, &o->params, &s);
        if (reps < (1L << 20))
            reps *= 2;
    }
}

/* Doubles the repetitions until one execution lasts target_us. Each step
 * keeps the faster of two executions, so one preemption cannot stop the
 * doubling early. */
static long calibrate_reps(const struct bench *b, const struct options *o)
{
    struct bench_sample s;
    long reps = 1;
    for (;;) {
        b->run(reps, &o->params, &s);
        double t = s.seconds;
        b->run(reps, &o->params, &s);
        if (s.seconds < t)
            t = s.seconds;
        if (t * 1e6 >= o->target_us || reps >= (1L << 30))
            return reps;
        reps *= 2;
    }
}

static double reference_seconds(long delays, int outer, long delay_loops)
{
    double *t = malloc((size_t)outer * sizeof *t);
    for (int k = 0; k < outer; k++) {
        double t0 = bench_now();
        for (long i = 0; i < delays; i++)
            delay(delay_loops);
        t[k] = bench_now() - t0;
    }
    double m = median(t, outer);
    free(t);
    return m;
}

int main(int argc, char **argv)
{
    struct options o;
    parse_args(argc, argv, &o);
    const struct bench *b = find_bench(o.construct);
    if (!b) {
        fprintf(stderr, "bench: unknown construct '%s' (see --list)\n", o.construct);
        return 1;
    }

    struct bench_params *p = &o.params;
    p->threads = omp_get_max_threads();
    if (p->chains == 0)
        p->chains = p->threads;
    p->delay_loops = (long)(o.delay_us * delay_loops_per_us() + 0.5);
    if (p->delay_loops < 1)
        p->delay_loops = 1;
    check_team_size(p->threads);

    warm_up(b, &o);
    long reps = calibrate_reps(b, &o);
    double *overhead = malloc((size_t)o.outer * sizeof *overhead);
    double *test = malloc((size_t)o.outer * sizeof *test);
    struct bench_sample s = {0};
    for (int k = 0; k < o.outer; k++) {
        b->run(reps, p, &s);
        test[k] = s.seconds;
    }
    double ref = reference_seconds(s.ref_delays, o.outer, p->delay_loops);
    for (int k = 0; k < o.outer; k++)
        overhead[k] = (test[k] - ref) * 1e6 / (double)s.instances;

    /* The mean is the time a program of the same regions takes, where the
     * median is the typical measurement: on a busy machine, whose scheduler
     * alternates fast and slow phases longer than one measurement, the two
     * differ (bench/RESULTS.md). With --series, each measurement too, in the
     * order taken (before the median sorts them). */
    char *series = NULL;
    size_t series_len = 0;
    FILE *out = o.series ? open_memstream(&series, &series_len) : NULL;
    double sum = 0;
    for (int k = 0; k < o.outer; k++) {
        sum += overhead[k];
        if (out)
            fprintf(out, "%s%.4f", k ? "," : "", overhead[k]);
    }
    if (out)
        fclose(out);
    double mean = sum / o.outer;
    double mid = median(overhead, o.outer); /* sorts overhead */
    printf("construct=%s threads=%d unit=%s", b->name, p->threads, b->unit);
    if (strcmp(b->params, "chunk") == 0)
        printf(" chunk=%ld iters_per_thread=%ld", p->chunk, p->iters_per_thread);
    if (strcmp(b->name, "app_loops") == 0)
        printf(" app_n=%ld", p->app_n);
    printf(" overhead_us=%.4f mean_us=%.4f min_us=%.4f max_us=%.4f test_us=%.4f ref_us=%.4f"
           " inner=%ld instances=%ld outer=%d delay_us=%.3f delay_loops=%ld"
           " compiler=%s runtime_lib=%s\n",
           mid, mean, overhead[0], overhead[o.outer - 1], median(test, o.outer) * 1e6 / (double)s.instances,
           ref * 1e6 / (double)s.instances, reps, s.instances, o.outer, o.delay_us, p->delay_loops,
           compiler(), runtime_library());
    /* A line of its own: the driver reads only the line above. */
    if (series)
        printf("series_us=%s\n", series);
    free(series);
    free(overhead);
    free(test);
    return 0;
}
