/* Choosing the next task to run: the shared queue first (priorities), then
 * the thread's own deque (newest first, which keeps the working set small),
 * then stealing the oldest task of a teammate, starting at a random one.
 *
 * Task scheduling constraint (OpenMP 5.1, 2.12.6): a thread whose current
 * task waits at a scheduling point (taskwait, taskgroup end, taskyield, a
 * dependence wait) may start only tasks that descend from it; in a barrier
 * it may start any. Untied tasks run as tied ones: they never move to
 * another thread, and they constrain their thread like tied tasks.
 *
 * The own deque needs no search: everything pushed there while the current
 * task waits comes from descendants of that task (new tasks, and successors
 * of completed descendants), so if the newest task is not eligible nothing
 * below it that the wait could run is either. */
#include <stdlib.h>

#include "../../platform/ticks.h"
#include "../runtime.h"
#include "task_deque.h"
#include "task_internal.h"

/* Steps of the ancestor walk; beyond it a task counts as not eligible (a
 * stale task can have a garbage depth). */
#define MAX_WALK 4096
/* A steal is worth it when taking the task costs at most this fraction
 * (1/STEAL_COST_RATIO) of running it. */
#define STEAL_COST_RATIO 4

/* The fields glass_task_new writes atomically for the thieves that read them. */
#define read_relaxed(field) __atomic_load_n(&(field), __ATOMIC_RELAXED)

bool glass_task_descends_from(const struct glass_task *task, const struct glass_task *ancestor)
{
    /* Only explicit tasks' fields are read: their memory always holds a task
     * (task_alloc.c), even if `task` was freed meanwhile. Implicit tasks are
     * compared by address. */
    if (!glass_task_is_explicit(ancestor))
        return read_relaxed(task->root) == ancestor;
    if (read_relaxed(task->parent_block) == ancestor)
        return true; /* the common case: a child */
    if (read_relaxed(task->root) != read_relaxed(ancestor->root))
        return false;
    unsigned depth = read_relaxed(ancestor->depth);
    for (unsigned steps = 0; task && read_relaxed(task->depth) > depth && steps < MAX_WALK; steps++)
        task = read_relaxed(task->parent_block);
    return task == ancestor;
}

static bool eligible(const struct glass_task *task, const void *constraint)
{
    return !constraint || glass_task_descends_from(task, constraint);
}

/* Shared queue: a binary heap under a lock. */

static bool heap_before(const struct glass_task *a, const struct glass_task *b)
{
    if (a->priority != b->priority)
        return a->priority > b->priority;
    return (long)(a->queue_seq - b->queue_seq) < 0;
}

static void heap_sift_up(struct glass_task_heap *heap, size_t i)
{
    struct glass_task *task = heap->items[i];
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!heap_before(task, heap->items[parent]))
            break;
        heap->items[i] = heap->items[parent];
        i = parent;
    }
    heap->items[i] = task;
}

static void heap_sift_down(struct glass_task_heap *heap, size_t i)
{
    struct glass_task *task = heap->items[i];
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= heap->count)
            break;
        if (child + 1 < heap->count && heap_before(heap->items[child + 1], heap->items[child]))
            child++;
        if (!heap_before(heap->items[child], task))
            break;
        heap->items[i] = heap->items[child];
        i = child;
    }
    heap->items[i] = task;
}

void glass_task_heap_init(struct glass_task_heap *heap)
{
    pthread_mutex_init(&heap->lock, NULL);
    heap->items = NULL;
    heap->count = 0;
    heap->capacity = 0;
    heap->next_seq = 0;
}

static void shared_push(struct glass_team_tasking *tasking, struct glass_task *task)
{
    struct glass_task_heap *heap = &tasking->shared;
    pthread_mutex_lock(&heap->lock);
    if (heap->count == heap->capacity) {
        size_t capacity = heap->capacity ? heap->capacity * 2 : 64;
        struct glass_task **items = realloc(heap->items, capacity * sizeof *items);
        if (!items)
            glass_fatal("out of memory queueing %zu tasks", capacity);
        heap->items = items;
        heap->capacity = capacity;
    }
    task->queue_seq = heap->next_seq++;
    heap->items[heap->count++] = task;
    heap_sift_up(heap, heap->count - 1);
    atomic_fetch_add_explicit(&tasking->shared_count, 1, memory_order_relaxed);
    pthread_mutex_unlock(&heap->lock);
}

/* The first eligible task in heap order: the root when unconstrained,
 * otherwise the best eligible one found by a scan. */
static struct glass_task *shared_take(struct glass_team_tasking *tasking, const struct glass_task *constraint)
{
    struct glass_task_heap *heap = &tasking->shared;
    struct glass_task *task = NULL;
    pthread_mutex_lock(&heap->lock);
    size_t best = heap->count;
    for (size_t i = 0; i < heap->count; i++) {
        if (!eligible(heap->items[i], constraint))
            continue;
        if (best == heap->count || heap_before(heap->items[i], heap->items[best]))
            best = i;
        if (!constraint)
            break; /* the root is the best */
    }
    if (best < heap->count) {
        task = heap->items[best];
        heap->items[best] = heap->items[--heap->count];
        if (best < heap->count) {
            heap_sift_down(heap, best);
            heap_sift_up(heap, best);
        }
        atomic_fetch_sub_explicit(&tasking->shared_count, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&heap->lock);
    return task;
}

void glass_task_enqueue(struct glass_thread *self, struct glass_task *task, bool foreign)
{
    struct glass_team *team = task->team;
    struct glass_team_tasking *tasking = &team->tasking;
    bool own_deque = !foreign && task->priority == 0 && self->team == team && self->num < tasking->ndeques;
    if (!own_deque || !glass_deque_push(&tasking->deques[self->num], task))
        shared_push(tasking, task);
    glass_tasking_wake(team, false);
}

static unsigned next_random(void)
{
    static __thread unsigned state __attribute__((tls_model("initial-exec")));
    if (!state)
        state = (unsigned)(uintptr_t)&state | 1u;
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}

static struct glass_task *steal(struct glass_thread *self, struct glass_team_tasking *tasking,
                                const struct glass_task *constraint)
{
    unsigned n = tasking->ndeques;
    if (n < 2)
        return NULL;
    unsigned start = next_random() % n;
    for (unsigned i = 0; i < n; i++) {
        unsigned victim = (start + i) % n;
        if (victim == self->num)
            continue;
        struct glass_task *task;
        for (int attempt = 0; attempt < 4; attempt++) {
            enum glass_steal_result result =
                glass_deque_steal(&tasking->deques[victim], eligible, constraint, &task);
            if (result == GLASS_STEAL_TAKEN)
                return task;
            if (result != GLASS_STEAL_LOST)
                break;
        }
    }
    return NULL;
}

bool glass_task_run_eligible(struct glass_thread *self, const struct glass_task *constraint)
{
    struct glass_team_tasking *tasking = &self->team->tasking;
    if (self->num >= tasking->ndeques)
        return false;
    struct glass_task *task = NULL;
    if (atomic_load_explicit(&tasking->shared_count, memory_order_relaxed))
        task = shared_take(tasking, constraint);
    if (!task) {
        struct glass_task_deque *own = &tasking->deques[self->num];
        struct glass_task *newest = glass_deque_peek(own);
        if (newest && eligible(newest, constraint))
            task = glass_deque_pop(own); /* the same task, unless a thief took it */
    }
    if (task) {
        self->steal_costly = false;
        glass_task_execute(self, task);
        return true;
    }
    uint64_t start = glass_ticks();
    task = steal(self, tasking, constraint);
    if (!task)
        return false;
    uint64_t stolen = glass_ticks();
    glass_task_execute(self, task);
    /* Taking the task from another core cost more than a quarter of what
     * running it then took (its own lines cross too): tasks this small are
     * cheaper where they are made, and a thief that keeps taking them slows
     * their producer down, each one pulling lines the producer then has to
     * take back. The waiting thread backs off before it looks again
     * (task_wait.c), so the producer runs more of them itself. */
    self->steal_costly = STEAL_COST_RATIO * (stolen - start) > glass_ticks() - stolen;
    return true;
}
