/* One OpenMP workload per mode, repeated `size` times, for tests/stress/valgrind.sh:
 * each checks its result and prints "MODE size=N ok" (or exits 1). Run under
 * valgrind at two sizes, the leak totals must not grow with the size.
 * Built with -DWITH_TOOL, it carries a small OMPT tool counting events, and
 * the "ompt" mode checks that the tool saw every region and task. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef WITH_TOOL
#include <omp-tools.h>
#include <stdatomic.h>

#include "../../ompt/Inputs/frame_flags.h" /* the frames passed are checked against the rule */

static _Atomic long parallels_seen, tasks_seen, threads_seen;

static void on_parallel_begin(ompt_data_t *encountering_task_data, const ompt_frame_t *encountering_task_frame,
                              ompt_data_t *parallel_data, unsigned int requested_parallelism, int flags,
                              const void *codeptr_ra)
{
    (void)encountering_task_data, (void)requested_parallelism, (void)flags, (void)codeptr_ra;
    frame_flags_check(NULL, "parallel_begin's frame", 0, encountering_task_frame);
    parallel_data->value = (uint64_t)atomic_fetch_add(&parallels_seen, 1) + 1;
}

static void on_task_create(ompt_data_t *encountering_task_data, const ompt_frame_t *encountering_task_frame,
                           ompt_data_t *new_task_data, int flags, int has_dependences, const void *codeptr_ra)
{
    (void)encountering_task_data, (void)new_task_data, (void)has_dependences, (void)codeptr_ra;
    frame_flags_check(NULL, "task_create's frame", 0, encountering_task_frame);
    if (flags & ompt_task_explicit)
        atomic_fetch_add(&tasks_seen, 1);
}

static void on_thread_begin(ompt_thread_t thread_type, ompt_data_t *thread_data)
{
    (void)thread_type;
    thread_data->value = (uint64_t)atomic_fetch_add(&threads_seen, 1);
}

static int tool_initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)initial_device_num, (void)tool_data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    frame_flags_init(lookup);
    set_callback(ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin);
    set_callback(ompt_callback_task_create, (ompt_callback_t)on_task_create);
    set_callback(ompt_callback_thread_begin, (ompt_callback_t)on_thread_begin);
    return 1;
}

static void tool_finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {tool_initialize, tool_finalize, {0}};
    return &result;
}
#endif

static int parallel_mode(long size)
{
    for (long r = 0; r < size; r++) {
        int sum = 0, n = 0;
#pragma omp parallel reduction(+ : sum) num_threads(4)
        {
            sum += omp_get_thread_num();
#pragma omp single
            n = omp_get_num_threads();
        }
        if (sum != n * (n - 1) / 2)
            return 0;
    }
    return 1;
}

static int nested_mode(long size)
{
    omp_set_max_active_levels(3);
    for (long r = 0; r < size; r++) {
        int leaves = 0;
#pragma omp parallel num_threads(2) reduction(+ : leaves)
#pragma omp parallel num_threads(2) reduction(+ : leaves)
#pragma omp parallel num_threads(2) reduction(+ : leaves)
        leaves += omp_get_level() == 3;
        if (leaves != 8)
            return 0;
    }
    return 1;
}

static long fib(int n)
{
    if (n < 2)
        return n;
    long a, b;
#pragma omp task shared(a)
    a = fib(n - 1);
#pragma omp task shared(b)
    b = fib(n - 2);
#pragma omp taskwait
    return a + b;
}

static int tasks_mode(long size)
{
    for (long r = 0; r < size; r++) {
        long result = 0, deps = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
        {
            result = fib(12);
            /* A chain of dependent tasks: each sees its predecessor's value. */
            for (int i = 1; i <= 50; i++) {
#pragma omp task depend(inout : deps) firstprivate(i)
                deps = deps * 2 % 1000003 + i;
            }
#pragma omp taskgroup
            {
#pragma omp taskloop grainsize(8)
                for (int i = 0; i < 64; i++)
                    __atomic_fetch_add(&result, 1, __ATOMIC_RELAXED);
            }
        }
        long expected = 0;
        for (int i = 1; i <= 50; i++)
            expected = expected * 2 % 1000003 + i;
        if (result != 144 + 64 || deps != expected)
            return 0;
    }
    return 1;
}

static int locks_mode(long size)
{
    omp_lock_t lock;
    omp_nest_lock_t nest;
    omp_init_lock(&lock);
    omp_init_nest_lock(&nest);
    long a = 0, b = 0, c = 0;
#pragma omp parallel num_threads(4)
    for (long r = 0; r < size * 100; r++) {
        omp_set_lock(&lock);
        a++;
        omp_unset_lock(&lock);
        omp_set_nest_lock(&nest);
        omp_set_nest_lock(&nest);
        b++;
        omp_unset_nest_lock(&nest);
        omp_unset_nest_lock(&nest);
#pragma omp critical(count)
        c++;
    }
    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nest);
    return a == size * 400 && b == a && c == a;
}

static int loops_mode(long size)
{
    for (long r = 0; r < size; r++) {
        long sums[4] = {0};
#pragma omp parallel num_threads(4)
        {
#pragma omp for schedule(static) reduction(+ : sums[0])
            for (int i = 0; i < 1000; i++)
                sums[0] += i;
#pragma omp for schedule(dynamic, 7) reduction(+ : sums[1])
            for (int i = 0; i < 1000; i++)
                sums[1] += i;
#pragma omp for schedule(guided) reduction(+ : sums[2])
            for (int i = 0; i < 1000; i++)
                sums[2] += i;
#pragma omp for ordered schedule(dynamic) reduction(+ : sums[3])
            for (int i = 0; i < 1000; i++) {
#pragma omp ordered
                sums[3] += i;
            }
        }
        for (int k = 0; k < 4; k++)
            if (sums[k] != 499500)
                return 0;
    }
    return 1;
}

static int sections_mode(long size)
{
    for (long r = 0; r < size; r++) {
        int done[3] = {0}, copied = 0, n = 0;
#pragma omp parallel num_threads(3)
        {
#pragma omp master
            n = omp_get_num_threads();
#pragma omp sections
            {
#pragma omp section
                done[0] = 1;
#pragma omp section
                done[1] = 1;
#pragma omp section
                done[2] = 1;
            }
            int mine;
#pragma omp single copyprivate(mine)
            mine = 42;
#pragma omp atomic
            copied += mine;
        }
        if (!done[0] || !done[1] || !done[2] || copied != 42 * n)
            return 0;
    }
    return 1;
}

static int alloc_mode(long size)
{
    omp_alloctrait_t traits[] = {{omp_atk_pool_size, 1 << 20}};
    for (long r = 0; r < size; r++) {
        omp_allocator_handle_t pool = omp_init_allocator(omp_default_mem_space, 1, traits);
        int ok = 1;
#pragma omp parallel num_threads(4) reduction(&& : ok)
        {
            int *p = omp_alloc(1000 * sizeof *p, pool);
            ok = p != NULL;
            if (p) {
                memset(p, 1, 1000 * sizeof *p);
                omp_free(p, pool);
            }
        }
        omp_destroy_allocator(pool);
        if (!ok)
            return 0;
    }
    return 1;
}

static int threadprivate_counter;
#pragma omp threadprivate(threadprivate_counter)

static int threadprivate_mode(long size)
{
    for (long r = 0; r < size; r++) {
        int total = 0, n = 0;
#pragma omp parallel num_threads(4) reduction(+ : total)
        {
            total += ++threadprivate_counter > 0;
#pragma omp master
            n = omp_get_num_threads();
        }
        if (total != n)
            return 0;
    }
    return 1;
}

static int ompt_mode(long size)
{
#ifdef WITH_TOOL
    long before = atomic_load(&parallels_seen), tasks_before = atomic_load(&tasks_seen);
    if (!parallel_mode(size) || !tasks_mode(size))
        return 0;
    /* Each tasks round: fib(12) makes 2 * (fib(13) - 1) tasks, 50 chained, a taskloop. */
    return atomic_load(&parallels_seen) - before == 2 * size &&
           atomic_load(&tasks_seen) - tasks_before >= size * (2 * 232 + 50) && atomic_load(&threads_seen) >= 4;
#else
    (void)size;
    return 0;
#endif
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(long);
    } modes[] = {
        {"parallel", parallel_mode}, {"nested", nested_mode},   {"tasks", tasks_mode},
        {"locks", locks_mode},       {"loops", loops_mode},     {"sections", sections_mode},
        {"alloc", alloc_mode},       {"threadprivate", threadprivate_mode}, {"ompt", ompt_mode},
    };
    if (argc != 3)
        return 2;
    long size = atol(argv[2]);
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        if (strcmp(argv[1], modes[i].name) == 0) {
            int ok = modes[i].run(size);
            printf("%s size=%ld %s\n", argv[1], size, ok ? "ok" : "FAILED");
            return ok ? 0 : 1;
        }
    }
    return 2;
}
