/* GCC ABI: task reductions (taskgroup task_reduction, in_reduction, and the
 * task modifier of reduction on parallel and worksharing constructs).
 *
 * GCC describes the reduction items of a construct with an array of
 * uintptr_t (libgomp's task.c documents it):
 *   d[0] number of items       d[1] bytes of one thread's private copies
 *   d[2] alignment; the runtime replaces it with the copies' base address
 *   d[3] allocator (-1: malloc) d[4] next array of the construct, or NULL
 *   d[5], d[6] the runtime's own (here: d[5] != 0 marks the first array of
 *        a registration, d[6] the end of the copies)
 *   then per item: address of the original, offset of its private copy
 *   in a thread's chunk, one word for the runtime.
 * The runtime allocates nthreads zeroed chunks; the compiled code initializes
 * a chunk on first use, and combines the chunks itself at the end. The runtime
 * chains a registration to the enclosing taskgroup's (the last array's d[4]),
 * so a lookup sees the items of all enclosing taskgroups. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/runtime.h"
#include "../../core/tasks/tasking.h"
#include "../../ompt/events.h"
#include "gomp.h"

enum { COUNT, CHUNK, BASE, ALLOCATOR, NEXT, FIRST, END, ITEMS };

static uintptr_t *next_array(const uintptr_t *d)
{
    return (uintptr_t *)d[NEXT];
}

/* Allocates the private copies of every array of `data` (or, for a thread
 * joining a worksharing construct, takes those of `first`, the registration
 * of the thread that arrived first) and chains `data` to `enclosing`. */
static void register_reductions(uintptr_t *data, uintptr_t *enclosing, uintptr_t *first, unsigned nthreads)
{
    for (uintptr_t *d = data;; d = next_array(d)) {
        if (first) {
            d[BASE] = first[BASE];
            d[END] = first[END];
            first = next_array(first);
        } else {
            size_t size = d[CHUNK] * nthreads;
            size_t align = d[BASE] < sizeof(void *) ? sizeof(void *) : d[BASE];
            void *copies;
            if (posix_memalign(&copies, align, size ? size : 1))
                glass_fatal("out of memory for task reductions (%zu bytes)", size);
            memset(copies, 0, size);
            d[BASE] = (uintptr_t)copies;
            d[END] = d[BASE] + size;
        }
        d[FIRST] = d == data;
        if (!d[NEXT]) {
            d[NEXT] = (uintptr_t)enclosing;
            break;
        }
    }
}

static void free_reductions(uintptr_t *data)
{
    uintptr_t *d = data;
    do {
        free((void *)d[BASE]);
        d = next_array(d);
    } while (d && !d[FIRST]);
}

GLASS_EXPORT void GOMP_taskgroup_reduction_register(uintptr_t *data)
{
    struct glass_thread *self = glass_self();
    register_reductions(data, glass_taskgroup_reductions(self), NULL, self->team->nthreads);
    glass_taskgroup_set_reductions(self, data);
}

GLASS_EXPORT void GOMP_taskgroup_reduction_unregister(uintptr_t *data)
{
    free_reductions(data);
}

static bool find_item(uintptr_t *data, uintptr_t original, uintptr_t **array, uintptr_t **item)
{
    for (uintptr_t *d = data; d; d = next_array(d))
        for (uintptr_t j = 0; j < d[COUNT]; j++)
            if (d[ITEMS + 3 * j] == original) {
                *array = d;
                *item = &d[ITEMS + 3 * j];
                return true;
            }
    return false;
}

/* The original address of the item whose copy is at `offset` (items are
 * sorted by offset). */
static void *original_at(const uintptr_t *d, uintptr_t offset)
{
    size_t lo = 0, hi = d[COUNT];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        uintptr_t at = d[ITEMS + 3 * mid + 1];
        if (at == offset)
            return (void *)d[ITEMS + 3 * mid];
        if (at < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* ptrs[i] is the address of an original item, or of some thread's private
 * copy of one (a task nested in another in_reduction task); it becomes the
 * address of the calling thread's copy. For i < cntorig, ptrs[cnt + i] gets
 * the original's address. */
GLASS_EXPORT void GOMP_task_reduction_remap(size_t cnt, size_t cntorig, void **ptrs)
{
    struct glass_thread *self = glass_self();
    uintptr_t *data = glass_taskgroup_reductions(self);
    uintptr_t id = self->num;
    for (size_t i = 0; i < cnt; i++) {
        uintptr_t address = (uintptr_t)ptrs[i], *d, *item;
        if (find_item(data, address, &d, &item)) {
            ptrs[i] = (void *)(d[BASE] + id * d[CHUNK] + item[1]);
            if (i < cntorig)
                ptrs[cnt + i] = (void *)item[0];
            continue;
        }
        for (d = data; d; d = next_array(d))
            if (address >= d[BASE] && address < d[END])
                break;
        if (!d)
            glass_fatal("in_reduction on %p, which no enclosing taskgroup reduces", (void *)address);
        uintptr_t offset = (address - d[BASE]) % d[CHUNK];
        ptrs[i] = (void *)(d[BASE] + id * d[CHUNK] + offset);
        if (i < cntorig && !(ptrs[cnt + i] = original_at(d, offset)))
            glass_fatal("in_reduction on %p, which no enclosing taskgroup reduces", (void *)address);
    }
}

/* parallel reduction(task, ...): data's first word points to the reduction
 * array. Returns the number of private copies the compiled code combines. */
GLASS_EXPORT unsigned GOMP_parallel_reductions(void (*fn)(void *), void *data, unsigned num_threads,
                                               unsigned flags)
{
    GLASS_OMPT_ENTRY(); /* the encountering task's enter frame, as GOMP_parallel */
    struct glass_thread *self = glass_self();
    struct glass_parallel_args args = {
        .num_threads = num_threads,
        .proc_bind = (int)(flags & 7),
        .codeptr = __builtin_return_address(0),
    };
    unsigned nthreads = glass_parallel_team_size(self, &args);
    args.num_threads = nthreads;
    uintptr_t *reductions = *(uintptr_t **)data;
    register_reductions(reductions, NULL, NULL, nthreads);
    struct glass_taskgroup *taskgroup = glass_taskgroup_create(reductions);
    glass_parallel_in_taskgroup(fn, data, &args, taskgroup);
    glass_taskgroup_destroy(taskgroup);
    return nthreads;
}

/* Called by GOMP_loop_start, GOMP_loop_ull_start, GOMP_sections2_start (and
 * their ordered/doacross forms) when `reductions` is not NULL, before they
 * return: opens the construct's reduction taskgroup and registers the items,
 * sharing the private copies the first thread to arrive allocated. */
void gomp_workshare_task_reduction_register(uintptr_t *reductions)
{
    struct glass_thread *self = glass_self();
    glass_workshare_taskgroup_start(self);
    uintptr_t *enclosing = glass_taskgroup_reductions(self);
    if (glass_workshare_reduction_claim(self)) {
        register_reductions(reductions, enclosing, NULL, self->team->nthreads);
        glass_workshare_reduction_publish(self, reductions);
    } else {
        uintptr_t *first = glass_workshare_reduction_await(self);
        register_reductions(reductions, enclosing, first, self->team->nthreads);
    }
    glass_taskgroup_set_reductions(self, reductions);
}

/* End of such a construct: its tasks complete, thread 0 frees the copies
 * (the compiled code has combined them), then the construct's barrier. */
GLASS_EXPORT void GOMP_workshare_task_reduction_unregister(bool cancelled)
{
    struct glass_thread *self = glass_self();
    uintptr_t *data = glass_taskgroup_reductions(self);
    glass_taskgroup_end(self);
    if (!cancelled)
        glass_team_barrier(self, GLASS_STATE_WAIT_BARRIER_IMPLICIT_WORKSHARE);
    if (self->num == 0 && data)
        free_reductions(data);
}
