/* Small OpenMP constructs, one per name, for comparing the OMPT event streams
 * of Glass and LLVM's libomp (tests/ompt/libomp-diff.sh). Each construct runs
 * alone: `constructs NAME`. Threads write nothing of their own; the tool's
 * event lines are the output. A call follows each construct's last runtime
 * call, which would otherwise be a tail call whose codeptr_ra is the
 * runtime's own caller. Schedules and team sizes are fixed so that the
 * streams are the same from run to run up to thread interleaving. */
#include <omp.h>
#include <stdio.h>
#include <string.h>

static volatile int sink;

static void work(int i)
{
    sink += i;
}

static void parallel(void)
{
#pragma omp parallel num_threads(2)
    work(omp_get_thread_num());
}

static void nested(void)
{
    omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
    work(omp_get_thread_num());
}

static void serialized(void)
{
    int one = sink < 1000;
#pragma omp parallel if (!one)
    work(1);
}

/* The primary thread makes and runs the tasks; the other thread waits in
 * the program, where it cannot take any (no task scheduling point), so that
 * which thread runs which task is the same in every run. */
static void tasks_deps(void)
{
    int a = 0, b = 0;
    _Atomic int done = 0;
#pragma omp parallel num_threads(2) shared(done)
    {
#pragma omp masked
        {
#pragma omp task depend(out : a)
            a = 1;
#pragma omp task depend(in : a) depend(out : b)
            b = a + 1;
#pragma omp task depend(inout : b)
            b++;
#pragma omp taskwait
            done = 1;
        }
        while (!done)
            ;
    }
    sink = a + b;
}

static void taskwait(void)
{
#pragma omp parallel num_threads(1)
    {
#pragma omp task
        work(1);
#pragma omp taskwait
        work(2);
    }
}

static void taskwait_depend(void)
{
    int a = 0;
#pragma omp parallel num_threads(1)
    {
#pragma omp task depend(out : a)
        a = 1;
#pragma omp taskwait depend(in : a)
        work(a);
    }
}

static void taskgroup(void)
{
#pragma omp parallel num_threads(1)
    {
#pragma omp taskgroup
        {
#pragma omp task
            work(1);
        }
        work(2);
    }
}

static void taskloop(void)
{
#pragma omp parallel num_threads(1)
#pragma omp single
#pragma omp taskloop grainsize(4)
    for (int i = 0; i < 8; i++)
        work(i);
}

static void task_if0(void)
{
#pragma omp parallel num_threads(1)
    {
        int zero = sink > 1000000;
#pragma omp task if (zero)
        work(1);
    }
}

static void teams(void)
{
#pragma omp teams num_teams(2) thread_limit(1)
    work(omp_get_team_num());
}

static void loop_static(void)
{
#pragma omp parallel for num_threads(2) schedule(static)
    for (int i = 0; i < 8; i++)
        work(i);
}

static void loop_static_chunk(void)
{
#pragma omp parallel for num_threads(2) schedule(static, 2)
    for (int i = 0; i < 8; i++)
        work(i);
}

static void loop_dynamic(void)
{
#pragma omp parallel for num_threads(1) schedule(dynamic, 3)
    for (int i = 0; i < 8; i++)
        work(i);
}

static void doacross(void)
{
#pragma omp parallel for num_threads(2) ordered(1)
    for (int i = 1; i < 4; i++) {
#pragma omp ordered depend(sink : i - 1)
        work(i);
#pragma omp ordered depend(source)
    }
}

static void locks(void)
{
    omp_lock_t lock;
    omp_init_lock(&lock);
#pragma omp parallel num_threads(1)
    {
        omp_set_lock(&lock);
        work(1);
        omp_unset_lock(&lock);
#pragma omp critical
        work(2);
    }
    omp_destroy_lock(&lock);
}

static const struct {
    const char *name;
    void (*run)(void);
} constructs[] = {
    {"parallel", parallel},       {"nested", nested},
    {"serialized", serialized},   {"tasks_deps", tasks_deps},
    {"taskwait", taskwait},       {"taskwait_depend", taskwait_depend},
    {"taskgroup", taskgroup},     {"taskloop", taskloop},
    {"task_if0", task_if0},       {"teams", teams},
    {"loop_static", loop_static}, {"loop_static_chunk", loop_static_chunk},
    {"loop_dynamic", loop_dynamic}, {"doacross", doacross},
    {"locks", locks},
};

int main(int argc, char **argv)
{
    size_t count = sizeof constructs / sizeof *constructs;
    for (size_t i = 0; i < count; i++)
        if (argc > 1 && strcmp(argv[1], constructs[i].name) == 0) {
            constructs[i].run();
            return 0;
        }
    fprintf(stderr, "usage: %s CONSTRUCT, one of:", argv[0]);
    for (size_t i = 0; i < count; i++)
        fprintf(stderr, " %s", constructs[i].name);
    fprintf(stderr, "\n");
    return 2;
}
