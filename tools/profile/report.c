/* The report: merges every thread's tables by region (codeptr), by construct
 * (region, kind, codeptr) and by lock (wait id), then prints the program's
 * summary, each region with its breakdown, the threads, the locks, and what
 * every number means. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <omp-tools.h>

#include "profile.h"
#include "report.h"

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

const char *const profile_category_name[CAT_COUNT] = {
    "work", "tasks", "imbalance", "late start", "lock contention", "atomics", "reduction", "task wait",
    "scheduling", "creation (fork/join)",
};

static const char *const kind_name[K_COUNT] = {
    "loop", "sections", "single", "single (skipped)", "workshare", "distribute", "taskloop", "scope", "masked",
    "implicit barrier (end of parallel)", "implicit barrier (end of worksharing)", "implicit barrier", "barrier",
    "barrier (runtime)", "taskwait", "taskgroup", "reduction", "task", "critical", "lock", "atomic", "ordered",
};

const char *profile_kind_name(unsigned kind)
{
    return kind < K_COUNT ? kind_name[kind] : "construct";
}

enum profile_category profile_kind_category(unsigned kind)
{
    switch (kind) {
    case K_BARRIER_PARALLEL:
    case K_BARRIER_WORKSHARE:
    case K_BARRIER_IMPLICIT:
    case K_BARRIER_EXPLICIT:
    case K_BARRIER_RUNTIME: return CAT_IMBALANCE;
    case K_TASKWAIT:
    case K_TASKGROUP: return CAT_TASK_WAIT;
    case K_REDUCTION: return CAT_REDUCTION;
    case K_TASK: return CAT_TASKS;
    case K_CRITICAL:
    case K_LOCK:
    case K_ORDERED: return CAT_LOCK;
    case K_ATOMIC: return CAT_ATOMIC;
    default: return CAT_WORK;
    }
}

/* ---- merging ---- */

static void grow_index(uint64_t **by_index, unsigned *indices, unsigned index)
{
    if (index < *indices)
        return;
    uint64_t *grown = realloc(*by_index, (index + 1) * sizeof *grown);
    if (!grown)
        abort();
    memset(grown + *indices, 0, (index + 1 - *indices) * sizeof *grown);
    *by_index = grown;
    *indices = index + 1;
}

static struct region_total *find_region(struct profile_totals *all, const void *codeptr)
{
    for (size_t i = 0; i < all->region_count; i++)
        if (all->regions[i].codeptr == codeptr)
            return &all->regions[i];
    struct region_total *grown = realloc(all->regions, (all->region_count + 1) * sizeof *grown);
    if (!grown)
        abort();
    all->regions = grown;
    struct region_total *region = &grown[all->region_count++];
    memset(region, 0, sizeof *region);
    region->codeptr = codeptr;
    return region;
}

static void add_region(struct region_total *region, const struct region_slot *slot)
{
    region->calls += slot->calls;
    region->total_ns += slot->total_ns;
    region->team_ns += slot->team_ns;
    region->late_waits += slot->late_waits;
    region->join_waits += slot->join_waits;
    if (slot->max_threads > region->max_threads)
        region->max_threads = slot->max_threads;
    for (int a = 0; a < ACT_COUNT; a++)
        region->ns[a] += slot->ns[a];
    for (int c = 0; c < CAT_COUNT; c++)
        region->category[c] += slot->category[c];
    region->tasks_created += slot->tasks_created;
    region->tasks_executed += slot->tasks_executed;
    if (slot->task_max_ns > region->task_max_ns)
        region->task_max_ns = slot->task_max_ns;
    grow_index(&region->busy_by_index, &region->indices, slot->index);
    region->busy_by_index[slot->index] += slot->ns[ACT_WORK] + slot->ns[ACT_TASK];
    grow_index(&region->ns_by_index, &region->ns_indices, (slot->index + 1) * ACT_COUNT - 1);
    for (int a = 0; a < ACT_COUNT; a++)
        region->ns_by_index[slot->index * ACT_COUNT + a] += slot->ns[a];
}

static void add_construct(struct profile_totals *all, const struct construct_slot *slot)
{
    struct construct_total *c = NULL;
    for (size_t i = 0; i < all->construct_count && !c; i++)
        if (all->constructs[i].codeptr == slot->codeptr && all->constructs[i].region == slot->region &&
            all->constructs[i].kind == slot->kind)
            c = &all->constructs[i];
    if (!c) {
        struct construct_total *grown = realloc(all->constructs, (all->construct_count + 1) * sizeof *grown);
        if (!grown)
            abort();
        all->constructs = grown;
        c = &grown[all->construct_count++];
        memset(c, 0, sizeof *c);
        c->codeptr = slot->codeptr;
        c->region = slot->region;
        c->kind = slot->kind;
    }
    if (!c->wait_id)
        c->wait_id = slot->wait_id;
    c->calls += slot->calls;
    c->ns += slot->ns;
    c->late_waits += slot->late_waits;
    c->join_waits += slot->join_waits;
    c->created += slot->created;
    if (slot->max_ns > c->max_ns)
        c->max_ns = slot->max_ns;
    grow_index(&c->ns_by_index, &c->indices, slot->index);
    c->ns_by_index[slot->index] += slot->ns;
    grow_index(&c->calls_by_index, &c->call_indices, slot->index);
    c->calls_by_index[slot->index] += slot->calls;
}

static int by_total_time(const void *a, const void *b)
{
    const struct region_total *x = a, *y = b;
    return (x->total_ns < y->total_ns) - (x->total_ns > y->total_ns);
}

static int by_time(const void *a, const void *b)
{
    const struct construct_total *x = a, *y = b;
    return (x->ns < y->ns) - (x->ns > y->ns);
}

unsigned profile_threads_seen(void)
{
    return profile_thread_count < PROFILE_MAX_THREADS ? profile_thread_count : PROFILE_MAX_THREADS;
}

void profile_totals_make(struct profile_totals *all)
{
    memset(all, 0, sizeof *all);
    unsigned threads = profile_threads_seen();
    for (unsigned i = 0; i < threads; i++) {
        const struct profile_thread *t = profile_threads[i];
        if (!t)
            continue;
        for (unsigned s = 0; s < PROFILE_REGION_SLOTS; s++)
            if (t->regions[s].codeptr)
                add_region(find_region(all, t->regions[s].codeptr), &t->regions[s]);
        for (unsigned s = 0; s < PROFILE_CONSTRUCT_SLOTS; s++)
            if (t->constructs[s].codeptr && (t->constructs[s].ns || t->constructs[s].calls || t->constructs[s].created))
                add_construct(all, &t->constructs[s]);
        all->serial_ns += t->initial ? t->ns[ACT_SERIAL] : 0;
        all->outside_created += t->outside.tasks_created;
    }
    qsort(all->regions, all->region_count, sizeof *all->regions, by_total_time);
    qsort(all->constructs, all->construct_count, sizeof *all->constructs, by_time);
    for (size_t i = 0; i < all->region_count; i++)
        profile_names_add(all->regions[i].codeptr);
    for (size_t i = 0; i < all->construct_count; i++)
        profile_names_add(all->constructs[i].codeptr);
}

void profile_totals_free(struct profile_totals *all)
{
    for (size_t i = 0; i < all->region_count; i++) {
        free(all->regions[i].busy_by_index);
        free(all->regions[i].ns_by_index);
    }
    for (size_t i = 0; i < all->construct_count; i++) {
        free(all->constructs[i].ns_by_index);
        free(all->constructs[i].calls_by_index);
    }
    free(all->regions);
    free(all->constructs);
}

/* ---- figures ---- */

double profile_region_imbalance(const struct region_total *region)
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

double profile_construct_imbalance(const struct construct_total *c, unsigned team)
{
    unsigned n = team > c->indices ? team : c->indices;
    uint64_t max = 0;
    for (unsigned i = 0; i < c->indices; i++)
        if (c->ns_by_index[i] > max)
            max = c->ns_by_index[i];
    return c->ns && n ? (double)max * n / (double)c->ns : 1.0;
}

void profile_region_categories(const struct region_total *r, uint64_t category[CAT_COUNT])
{
    memcpy(category, r->category, sizeof r->category);
    uint64_t moved = r->late_waits < category[CAT_IMBALANCE] ? r->late_waits : category[CAT_IMBALANCE];
    category[CAT_IMBALANCE] -= moved;
    category[CAT_LATE_START] += moved;
    moved = r->join_waits < category[CAT_IMBALANCE] ? r->join_waits : category[CAT_IMBALANCE];
    category[CAT_IMBALANCE] -= moved;
    category[CAT_CREATION] += moved;
}

/* A category's thread time as elapsed time: what the region would save
 * if that time were work spread over its team. */
double profile_gain(const struct region_total *r, uint64_t ns)
{
    return r->team_ns ? seconds(ns) * (double)r->total_ns / (double)r->team_ns : 0.0;
}

/* "critical (contended)", "lock hot_lock": the name of a lock construct's
 * lock, from the symbol of its wait id (the variable gcc and clang make
 * per critical name, or a global lock variable). */
const char *profile_lock_name(unsigned kind, uint64_t wait_id, char *buf, size_t size)
{
    char symbol[256];
    const char *name = wait_id ? tool_symbolize_data((const void *)(uintptr_t)wait_id, symbol, sizeof symbol) : NULL;
    static const char prefix[] = ".gomp_critical_user_";
    if (kind == K_CRITICAL) {
        if (name && !strncmp(name, prefix, sizeof prefix - 1)) {
            name += sizeof prefix - 1;
            size_t length = strlen(name);
            if (length > 4 && !strcmp(name + length - 4, ".var"))
                length -= 4; /* clang's */
            snprintf(buf, size, "critical (%.*s)", (int)length, name);
        } else {
            snprintf(buf, size, "critical (unnamed)");
        }
    } else if (kind == K_LOCK && name) {
        snprintf(buf, size, "lock %s", name);
    } else {
        snprintf(buf, size, "%s", profile_kind_name(kind));
    }
    return buf;
}

/* ---- the text report ---- */

static void print_categories(FILE *out, const struct region_total *r)
{
    uint64_t category[CAT_COUNT], sum = 0;
    profile_region_categories(r, category);
    for (int c = 0; c < CAT_COUNT; c++)
        sum += category[c];
    uint64_t team = r->team_ns > sum ? r->team_ns : sum;
    fprintf(out, "     team time %.3fs:", seconds(team));
    for (int c = 0; c < CAT_COUNT; c++)
        if (category[c] || c <= CAT_IMBALANCE)
            fprintf(out, "  %s %.1f%%", profile_category_name[c], percent(category[c], team));
    if (team > sum && percent(team - sum, team) >= 0.05)
        fprintf(out, "  unaccounted %.1f%%", percent(team - sum, team));
    fputc('\n', out);
    fprintf(out, "     potential gain:");
    int any = 0;
    for (int c = CAT_IMBALANCE; c < CAT_COUNT; c++)
        if (category[c] && profile_gain(r, category[c]) >= 0.0000005) {
            fprintf(out, "  %s %.3fms", profile_category_name[c], profile_gain(r, category[c]) * 1e3);
            any = 1;
        }
    fprintf(out, "%s\n", any ? "" : "  none measured");
}

static void print_construct(FILE *out, const struct construct_total *c, const struct region_total *r)
{
    char what[300];
    if (c->kind == K_CRITICAL || c->kind == K_LOCK)
        profile_lock_name(c->kind, c->wait_id, what, sizeof what);
    else
        snprintf(what, sizeof what, "%s", profile_kind_name(c->kind));
    unsigned team = r ? r->max_threads : 1;
    uint64_t calls = 0;
    for (unsigned i = 0; i < c->call_indices; i++)
        if (c->calls_by_index[i] > calls)
            calls = c->calls_by_index[i];
    enum profile_category category = profile_kind_category(c->kind);
    fprintf(out, "       %-38s %s\n", what, profile_name(c->codeptr));
    if (c->kind == K_TASK) {
        fprintf(out, "         [tasks] created=%llu executed=%llu time=%.3fms max=%.3fms\n",
                (unsigned long long)c->created, (unsigned long long)c->calls, ms(c->ns), ms(c->max_ns));
        return;
    }
    int waits = category == CAT_IMBALANCE || category == CAT_TASK_WAIT;
    int lock = category == CAT_LOCK || category == CAT_ATOMIC; /* counted by acquisitions, all threads' */
    fprintf(out, "         [%s] ", profile_category_name[category]);
    if (!lock)
        fprintf(out, "%s=%llu ", waits ? "waits" : "calls", (unsigned long long)calls);
    fprintf(out, "time=%.3fms", ms(c->ns));
    if (category == CAT_WORK && team > 1)
        fprintf(out, " imbalance=%.2f", profile_construct_imbalance(c, team));
    /* A barrier's wait that was not imbalance: the parts said in 0.001 ms. */
    uint64_t late = c->late_waits < c->ns ? c->late_waits : c->ns, join = c->join_waits;
    if (late >= 1000 && join >= 1000)
        fprintf(out, " (of it late start %.3fms, join %.3fms)", ms(late), ms(join));
    else if (late >= 1000)
        fprintf(out, " (of it late start %.3fms)", ms(late));
    else if (join >= 1000)
        fprintf(out, " (of it join %.3fms)", ms(join));
    if (lock)
        fprintf(out, " acquisitions=%llu", (unsigned long long)c->calls);
    fputc('\n', out);
}

static void print_regions(FILE *out, const struct profile_totals *all)
{
    fprintf(out, "\nParallel regions, by total time (each with its constructs, by time):\n");
    if (!all->region_count)
        fprintf(out, "  (none)\n");
    for (size_t i = 0; i < all->region_count; i++) {
        const struct region_total *r = &all->regions[i];
        fprintf(out, "  #%zu %s\n", i + 1, profile_name(r->codeptr));
        fprintf(out, "     calls=%llu total=%.3fs mean=%.3fms threads=%u imbalance=%.2f\n",
                (unsigned long long)r->calls, seconds(r->total_ns),
                r->calls ? ms(r->total_ns) / (double)r->calls : 0.0, r->max_threads, profile_region_imbalance(r));
        print_categories(out, r);
        if (r->tasks_created || r->tasks_executed)
            fprintf(out, "     tasks: created=%llu executed=%llu mean=%.3fms max=%.3fms\n",
                    (unsigned long long)r->tasks_created, (unsigned long long)r->tasks_executed,
                    r->tasks_executed ? ms(r->ns[ACT_TASK]) / (double)r->tasks_executed : 0.0, ms(r->task_max_ns));
        /* The work outside worksharing constructs: gcc computes a static
         * loop's chunks inline, so such a loop is the region's body here. */
        uint64_t body = r->category[CAT_WORK];
        for (size_t k = 0; k < all->construct_count; k++)
            if (all->constructs[k].region == r->codeptr &&
                profile_kind_category(all->constructs[k].kind) == CAT_WORK)
                body -= body > all->constructs[k].ns ? all->constructs[k].ns : body;
        fprintf(out, "       %-38s %s\n         [work] time=%.3fms\n", "region body (outside constructs)",
                profile_name(r->codeptr), ms(body));
        for (size_t k = 0; k < all->construct_count; k++)
            if (all->constructs[k].region == r->codeptr)
                print_construct(out, &all->constructs[k], r);
    }
    int outside = 0;
    for (size_t k = 0; k < all->construct_count; k++)
        if (all->constructs[k].region == (const void *)1 && all->constructs[k].kind != K_BARRIER_IMPLICIT) {
            if (!outside++)
                fprintf(out, "  Outside parallel regions:\n");
            print_construct(out, &all->constructs[k], NULL);
        }
    if (all->outside_created)
        fprintf(out, "  (and %llu tasks created outside parallel regions)\n", (unsigned long long)all->outside_created);
}

static void print_summary(FILE *out, const struct profile_totals *all, uint64_t run_ns)
{
    uint64_t elapsed = 0, category[CAT_COUNT] = {0};
    double gain[CAT_COUNT] = {0};
    for (size_t i = 0; i < all->region_count; i++) {
        const struct region_total *r = &all->regions[i];
        uint64_t c[CAT_COUNT];
        profile_region_categories(r, c);
        elapsed += r->total_ns;
        for (int k = 0; k < CAT_COUNT; k++) {
            category[k] += c[k];
            gain[k] += profile_gain(r, c[k]);
        }
    }
    fprintf(out, "Serial time: %.3fs (%.1f%% of the run): the initial thread outside parallel regions\n",
            seconds(all->serial_ns), percent(all->serial_ns, run_ns));
    fprintf(out, "Parallel regions: %.3fs (%.1f%% of the run, nested ones counted again); potential gain:",
            seconds(elapsed), percent(elapsed, run_ns));
    int any = 0;
    for (int k = CAT_IMBALANCE; k < CAT_COUNT; k++)
        if (gain[k] >= 0.0000005) {
            fprintf(out, " %s %.3fs", profile_category_name[k], gain[k]);
            any = 1;
        }
    fprintf(out, "%s\n", any ? "" : " none measured");
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

struct lock_total {
    uint64_t wait_id;
    int kind;
    const void *codeptr;
    uint64_t acquisitions, wait_ns;
};

static int by_wait_time(const void *a, const void *b)
{
    const struct lock_total *x = a, *y = b;
    return (x->wait_ns < y->wait_ns) - (x->wait_ns > y->wait_ns);
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
    for (size_t k = 0; k < count && k < 10; k++) {
        char lock[300], name[320];
        unsigned kind = locks[k].kind == ompt_mutex_critical ? K_CRITICAL
                        : locks[k].kind == ompt_mutex_atomic ? K_ATOMIC
                        : locks[k].kind == ompt_mutex_ordered ? K_ORDERED
                                                               : K_LOCK;
        profile_lock_name(kind, locks[k].wait_id, lock, sizeof lock);
        if (kind == K_LOCK && strncmp(lock, "lock ", 5) == 0)
            snprintf(name, sizeof name, "%s %s", mutex_kind_name(locks[k].kind), lock + 5);
        else if (kind == K_LOCK)
            snprintf(name, sizeof name, "%s", mutex_kind_name(locks[k].kind));
        else
            snprintf(name, sizeof name, "%s", lock);
        fprintf(out, "  %-10s %s  wait=%.3fms acquisitions=%llu\n", name, profile_name(locks[k].codeptr),
                ms(locks[k].wait_ns), (unsigned long long)locks[k].acquisitions);
    }
    free(locks);
}

const char *const profile_definitions[] = {
    "total        the region's wall time on the thread that started it (parallel begin to end), summed over its calls",
    "team time    each call's wall time times its team's size: the threads' time the region held",
    "imbalance=   (region and loop lines) the busiest thread's work over the team's mean work: 1.00 is balanced, N "
    "means one of N threads did it all",
    "work         time in the region's code and its worksharing constructs, outside every wait below",
    "tasks        time running explicit task bodies",
    "imbalance    time waiting in barriers (implicit and explicit) for the other threads to arrive, less the late "
    "start share",
    "late start   a worker's delay in starting its implicit task after the master started its own, plus the part "
    "of its first barrier wait that the threads' work does not explain and that the others' later start does",
    "lock contention  time waiting to enter critical constructs, ordered regions and locks",
    "atomics      time waiting to enter atomic updates the runtime does with a lock (hardware atomics are not seen)",
    "reduction    time the runtime reports combining reductions",
    "task wait    time waiting in taskwait and taskgroup for child tasks, while running none",
    "scheduling   time between two tasks a thread ran back to back inside a wait: the runtime finding the next task",
    "creation (fork/join)  the master's time in the runtime from the region's begin to its own implicit task, and "
    "from its end to the region's end (the whole team waits for it, so it counts once per thread); and the join: "
    "each thread's time in the region's last barrier after the last thread reached it (waking up), and a worker's "
    "time from the end of its implicit task to the region's end",
    "potential gain  a category's team time divided by the team's size: the elapsed time the region would save if "
    "that time were work",
    "Time a thread spends waiting for a CPU (oversubscribed or busy machine) is wall time: it shows in the category "
    "the thread was in",
    NULL,
};

static void print_definitions(FILE *out)
{
    fprintf(out, "\nWhat the numbers mean:\n");
    for (int i = 0; profile_definitions[i]; i++)
        fprintf(out, "  %s\n", profile_definitions[i]);
}

int profile_pid;
static char line[1024];

void profile_set_command_line(const char *command)
{
    snprintf(line, sizeof line, "%s", command && *command ? command : "(unknown program)");
}

const char *profile_command_line(void)
{
    if (line[0])
        return line;
    FILE *f = fopen("/proc/self/cmdline", "r");
    size_t used = 0;
    int c, start = 1;
    while (f && (c = fgetc(f)) != EOF && used + 8 < sizeof line) {
        if (c == 0) {
            line[used++] = ' ';
            start = 1;
            continue;
        }
        (void)start;
        start = 0;
        line[used++] = (char)(c >= 32 && c < 127 ? c : '?');
    }
    if (f)
        fclose(f);
    while (used && line[used - 1] == ' ')
        used--;
    line[used] = '\0';
    if (!used)
        snprintf(line, sizeof line, "(unknown program)");
    return line;
}

void profile_report(FILE *out)
{
    unsigned threads = profile_threads_seen();
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
    struct profile_totals all;
    profile_totals_make(&all);
    fprintf(out, "\n== glass profile: pid %d, %.3f s, %u threads ==\n", profile_pid ? profile_pid : (int)getpid(),
            seconds(now - profile_start_ns),
            threads);
    if (!tool_symbolize_has_lines())
        fprintf(out, "  (regions by function, not source line: this Glass was built without libdw;\n"
                     "   install libdw-dev (Debian) and rebuild it for file:line)\n");
    fprintf(out, "Program: %s\nRuntime: %s; profiled by glass profile %s\n", profile_command_line(),
            profile_runtime_version[0] ? profile_runtime_version : "(not given)", GLASS_VERSION_STRING);
    profile_machine_report(out, threads, 0);
    print_summary(out, &all, now - profile_start_ns);
    print_regions(out, &all);
    print_threads(out, threads);
    print_locks(out, threads);
    profile_report_targets(out);
    print_definitions(out);
    fprintf(out, "== end of glass profile ==\n");
    profile_totals_free(&all);
}
