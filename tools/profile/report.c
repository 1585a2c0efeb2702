/* The report: merges every thread's tables by region (codeptr) and by lock
 * (wait id), then prints regions by total time, threads, and locks by wait. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <omp-tools.h>

#include "profile.h"

struct region_total {
    const void *codeptr;
    char where[256]; /* the symbolized codeptr: regions are reported by it */
    uint64_t calls, total_ns;
    unsigned max_threads;
    uint64_t ns[ACT_COUNT];
    uint64_t tasks_created, tasks_executed, task_max_ns;
    uint64_t *busy_by_index; /* work + task time of each thread index */
    unsigned indices;
};

struct lock_total {
    uint64_t wait_id;
    int kind;
    const void *codeptr;
    uint64_t acquisitions, wait_ns;
};

static double seconds(uint64_t ns)
{
    return (double)ns / 1e9;
}

static double ms(uint64_t ns)
{
    return (double)ns / 1e6;
}

static double percent(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static struct region_total *find_region(struct region_total **all, size_t *count, const void *codeptr)
{
    for (size_t i = 0; i < *count; i++)
        if ((*all)[i].codeptr == codeptr)
            return &(*all)[i];
    struct region_total *grown = realloc(*all, (*count + 1) * sizeof **all);
    if (!grown)
        abort();
    *all = grown;
    struct region_total *region = &grown[(*count)++];
    memset(region, 0, sizeof *region);
    region->codeptr = codeptr;
    return region;
}

static void add_busy(struct region_total *region, unsigned index, uint64_t ns)
{
    if (index >= region->indices) {
        uint64_t *grown = realloc(region->busy_by_index, (index + 1) * sizeof *grown);
        if (!grown)
            abort();
        memset(grown + region->indices, 0, (index + 1 - region->indices) * sizeof *grown);
        region->busy_by_index = grown;
        region->indices = index + 1;
    }
    region->busy_by_index[index] += ns;
}

static void add_slot(struct region_total *region, const struct region_slot *slot)
{
    region->calls += slot->calls;
    region->total_ns += slot->total_ns;
    if (slot->max_threads > region->max_threads)
        region->max_threads = slot->max_threads;
    for (int a = 0; a < ACT_COUNT; a++)
        region->ns[a] += slot->ns[a];
    region->tasks_created += slot->tasks_created;
    region->tasks_executed += slot->tasks_executed;
    if (slot->task_max_ns > region->task_max_ns)
        region->task_max_ns = slot->task_max_ns;
    add_busy(region, slot->index, slot->ns[ACT_WORK] + slot->ns[ACT_TASK]);
}

/* Max over mean of the busy (work + task) time of the region's thread indices:
 * 1.00 is perfectly balanced, N means one thread of N did everything. */
static double imbalance(const struct region_total *region)
{
    unsigned n = region->max_threads > region->indices ? region->max_threads : region->indices;
    uint64_t sum = 0, max = 0;
    for (unsigned i = 0; i < region->indices; i++) {
        sum += region->busy_by_index[i];
        if (region->busy_by_index[i] > max)
            max = region->busy_by_index[i];
    }
    return sum && n ? (double)max * n / (double)sum : 1.0;
}

static int by_total_time(const void *a, const void *b)
{
    const struct region_total *x = a, *y = b;
    return (x->total_ns < y->total_ns) - (x->total_ns > y->total_ns);
}

static int by_wait_time(const void *a, const void *b)
{
    const struct lock_total *x = a, *y = b;
    return (x->wait_ns < y->wait_ns) - (x->wait_ns > y->wait_ns);
}

static const char *mutex_kind_name(int kind)
{
    switch (kind) {
    case ompt_mutex_lock: return "lock";
    case ompt_mutex_test_lock: return "lock (test)";
    case ompt_mutex_nest_lock: return "nest lock";
    case ompt_mutex_test_nest_lock: return "nest lock (test)";
    case ompt_mutex_critical: return "critical";
    case ompt_mutex_atomic: return "atomic";
    case ompt_mutex_ordered: return "ordered";
    default: return "mutex";
    }
}

/* Call sites on one source line are one region to the user (an unrolled loop
 * gives a region several call sites): fold them together. */
static size_t merge_by_location(struct region_total *regions, size_t count)
{
    for (size_t i = 0; i < count; i++)
        tool_symbolize(regions[i].codeptr, regions[i].where, sizeof regions[i].where);
    size_t kept = 0;
    for (size_t i = 0; i < count; i++) {
        struct region_total *r = &regions[i];
        size_t k = 0;
        while (k < kept && strcmp(regions[k].where, r->where))
            k++;
        if (k == kept) {
            if (k != i)
                regions[k] = *r;
            kept++;
            continue;
        }
        struct region_total *into = &regions[k];
        into->calls += r->calls;
        into->total_ns += r->total_ns;
        if (r->max_threads > into->max_threads)
            into->max_threads = r->max_threads;
        for (int act = 0; act < ACT_COUNT; act++)
            into->ns[act] += r->ns[act];
        into->tasks_created += r->tasks_created;
        into->tasks_executed += r->tasks_executed;
        if (r->task_max_ns > into->task_max_ns)
            into->task_max_ns = r->task_max_ns;
        for (unsigned index = 0; index < r->indices; index++)
            add_busy(into, index, r->busy_by_index[index]);
        free(r->busy_by_index);
    }
    return kept;
}

static void print_regions(FILE *out, struct region_total *regions, size_t count)
{
    qsort(regions, count, sizeof *regions, by_total_time);
    fprintf(out, "Parallel regions, by total time:\n");
    if (!count)
        fprintf(out, "  (none)\n");
    for (size_t i = 0; i < count; i++) {
        struct region_total *r = &regions[i];
        uint64_t threads_ns = r->ns[ACT_WORK] + r->ns[ACT_BARRIER] + r->ns[ACT_LOCK] + r->ns[ACT_TASK];
        fprintf(out, "  #%zu %s\n", i + 1, r->where);
        fprintf(out, "     calls=%llu total=%.3fs mean=%.3fms threads=%u imbalance=%.2f\n",
                (unsigned long long)r->calls, seconds(r->total_ns), r->calls ? ms(r->total_ns) / (double)r->calls : 0.0,
                r->max_threads, imbalance(r));
        fprintf(out, "     thread time: work %.1f%%  barrier %.1f%%  lock %.1f%%  tasks %.1f%%\n",
                percent(r->ns[ACT_WORK], threads_ns), percent(r->ns[ACT_BARRIER], threads_ns),
                percent(r->ns[ACT_LOCK], threads_ns), percent(r->ns[ACT_TASK], threads_ns));
        if (r->tasks_created || r->tasks_executed)
            fprintf(out, "     tasks: created=%llu executed=%llu mean=%.3fms max=%.3fms\n",
                    (unsigned long long)r->tasks_created, (unsigned long long)r->tasks_executed,
                    r->tasks_executed ? ms(r->ns[ACT_TASK]) / (double)r->tasks_executed : 0.0,
                    ms(r->task_max_ns));
    }
}

static void print_threads(FILE *out, unsigned threads)
{
    fprintf(out, "\nThreads (seconds):     work  barrier     lock    tasks  serial/idle\n");
    for (unsigned i = 0; i < threads; i++) {
        const struct profile_thread *t = profile_threads[i];
        if (!t)
            continue;
        fprintf(out, "  thread %-4u %12.3f %8.3f %8.3f %8.3f %12.3f%s\n", t->number, seconds(t->ns[ACT_WORK]),
                seconds(t->ns[ACT_BARRIER]), seconds(t->ns[ACT_LOCK]), seconds(t->ns[ACT_TASK]),
                seconds(t->ns[ACT_SERIAL] + t->ns[ACT_IDLE]), t->initial ? "  (initial)" : "");
    }
}

static void print_locks(FILE *out, unsigned threads)
{
    struct lock_total *locks = NULL;
    size_t count = 0;
    for (unsigned i = 0; i < threads; i++) {
        const struct profile_thread *t = profile_threads[i];
        for (unsigned s = 0; t && s < PROFILE_LOCK_SLOTS; s++) {
            const struct lock_slot *slot = &t->locks[s];
            if (!slot->used || !slot->acquisitions)
                continue;
            size_t k = 0;
            while (k < count && locks[k].wait_id != slot->wait_id)
                k++;
            if (k == count) {
                struct lock_total *grown = realloc(locks, (count + 1) * sizeof *locks);
                if (!grown)
                    abort();
                locks = grown;
                locks[count++] = (struct lock_total){slot->wait_id, slot->kind, slot->codeptr, 0, 0};
            }
            locks[k].acquisitions += slot->acquisitions;
            locks[k].wait_ns += slot->wait_ns;
        }
    }
    qsort(locks, count, sizeof *locks, by_wait_time);
    fprintf(out, "\nMost contended locks and criticals, by wait time:\n");
    if (!count)
        fprintf(out, "  (none)\n");
    char where[512];
    for (size_t k = 0; k < count && k < 10; k++)
        fprintf(out, "  %-10s %s  wait=%.3fms acquisitions=%llu\n", mutex_kind_name(locks[k].kind),
                tool_symbolize(locks[k].codeptr, where, sizeof where), ms(locks[k].wait_ns),
                (unsigned long long)locks[k].acquisitions);
    free(locks);
}

void profile_report(FILE *out)
{
    unsigned threads = profile_thread_count < PROFILE_MAX_THREADS ? profile_thread_count : PROFILE_MAX_THREADS;
    uint64_t now = profile_now();
    /* Threads other than the caller are parked by now; charge each the time
     * since its last event (a benign race at worst: one event's worth). */
    for (unsigned i = 0; i < threads; i++) {
        struct profile_thread *t = profile_threads[i];
        if (t && now > t->now) {
            t->ns[t->stack[t->depth - 1].activity] += now - t->now;
            t->now = now;
        }
    }
    struct region_total *regions = NULL;
    size_t count = 0;
    for (unsigned i = 0; i < threads; i++) {
        const struct profile_thread *t = profile_threads[i];
        for (unsigned s = 0; t && s < PROFILE_REGION_SLOTS; s++)
            if (t->regions[s].codeptr)
                add_slot(find_region(&regions, &count, t->regions[s].codeptr), &t->regions[s]);
    }
    fprintf(out, "\n== glass profile: pid %d, %.3f s, %u threads ==\n", (int)getpid(),
            seconds(now - profile_start_ns), threads);
    if (!tool_symbolize_has_lines())
        fprintf(out, "  (regions by function, not source line: this Glass was built without libdw;\n"
                     "   install libdw-dev (Debian) and rebuild it for file:line)\n");
    count = merge_by_location(regions, count);
    print_regions(out, regions, count);
    uint64_t outside_created = 0;
    for (unsigned i = 0; i < threads; i++)
        if (profile_threads[i])
            outside_created += profile_threads[i]->outside.tasks_created;
    if (outside_created)
        fprintf(out, "  (and %llu tasks created outside parallel regions)\n", (unsigned long long)outside_created);
    print_threads(out, threads);
    print_locks(out, threads);
    profile_report_targets(out);
    fprintf(out, "== end of glass profile ==\n");
    for (size_t i = 0; i < count; i++)
        free(regions[i].busy_by_index);
    free(regions);
}
