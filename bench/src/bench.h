/* Shared definitions of the Glass micro-benchmarks.
 *
 * Method (the EPCC one): a construct is executed `reps` times around a small
 * delay body; the same delay run sequentially is the reference. The overhead of
 * one construct instance is (test time - reference time) / instances. Each
 * benchmark states how many delays its reference runs and how many instances
 * the difference is divided by, because that differs between constructs (a
 * critical section serialises its bodies, a parallel region runs them side by
 * side). */
#ifndef BENCH_H
#define BENCH_H

struct bench_params {
    int threads;            /* team size: omp_get_max_threads() at start-up */
    long delay_loops;       /* delay() argument that lasts --delay-us */
    long chunk;             /* schedule_*: chunk size */
    long iters_per_thread;  /* schedule_*: loop iterations per thread */
    long taskloop_tasks;    /* taskloop: tasks per thread per taskloop */
    int inner_threads;      /* nested_parallel: size of each inner team */
    int chains;             /* task_depend: independent dependence chains */
    int tree_depth;         /* task_nested: depth of each binary task tree */
    long app_n;             /* app_loops: doubles per array */
};

/* What one timed execution of `reps` repetitions produced. */
struct bench_sample {
    double seconds;         /* elapsed wall time of the construct loop */
    long ref_delays;        /* delay() calls of the sequential reference */
    long instances;         /* construct instances the difference is divided by */
};

struct bench {
    const char *name;
    const char *unit;       /* what one instance is: "region", "task", ... */
    const char *params;     /* parameters the driver sweeps ("chunk") or "" */
    const char *summary;
    void (*run)(long reps, const struct bench_params *p, struct bench_sample *out);
};

/* Each file's benchmarks, terminated by an entry with a null name. */
extern const struct bench bench_sync[];
extern const struct bench bench_schedule[];
extern const struct bench bench_tasks[];
extern const struct bench bench_target[];
extern const struct bench bench_app[];

/* Seconds from a monotonic clock. */
double bench_now(void);

/* The delay body: `loops` dependent additions the compiler cannot remove. It
 * lives in its own translation unit so that it is never inlined into a
 * construct and costs the same in the test and in the reference. */
void delay(long loops);

/* Calibrated delay() loops per microsecond. */
double delay_loops_per_us(void);

/* Reports a wrong result and exits with status 2: a runtime that computes the
 * wrong answer has no meaningful overhead. */
void bench_check(int ok, const char *what);

/* A counter alone on its cache line, so per-thread counters do not share one. */
struct padded_long {
    long value;
    char pad[64 - sizeof(long)];
};

#endif
