/* Clang ABI: taskgroup and task reductions (OpenMP 5.1, 2.12.5, 2.21.5).
 *
 * taskgroup task_reduction(...): __kmpc_taskred_init (or the older
 * __kmpc_task_reduction_init, whose initializers take one argument) gives
 * each item one private copy per thread of the team; a task with
 * in_reduction asks __kmpc_task_reduction_get_th_data for the copy of the
 * thread running it; __kmpc_end_taskgroup waits for the tasks, then combines
 * the copies into the item. The items hang on the core's taskgroup
 * (glass_taskgroup_set_reductions); a nested taskgroup starts with the
 * enclosing one's, and each set links to the set it hides, so a lookup
 * sees every enclosing taskgroup.
 *
 * The task modifier of reduction on parallel and worksharing constructs
 * (__kmpc_taskred_modifier_init / __kmpc_task_reduction_modifier_fini):
 * every implicit task opens a taskgroup; the first thread to arrive makes the
 * per-thread copies and publishes them (the core's workshare reduction
 * slot); each thread's set names its own private item. When every thread has
 * ended its taskgroup (so no task uses a copy any more), the last one
 * combines all the copies into its own item, which the construct's ordinary
 * reduction then combines with the others. */
#include <stdlib.h>
#include <string.h>

#include "../../core/runtime.h"
#include "../../core/threads/team.h"
#include "../../ompt/events.h"
#include "task.h"

/* libomp's kmp_taskred_input_t and the older kmp_task_red_input_t. */
struct kmp_taskred_input {
    void *reduce_shar;
    void *reduce_orig;
    size_t reduce_size;
    void *reduce_init;
    void *reduce_fini;
    void *reduce_comb;
    uint32_t flags;
};

struct kmp_task_red_input {
    void *reduce_shar;
    size_t reduce_size;
    void *reduce_init;
    void *reduce_fini;
    void *reduce_comb;
    uint32_t flags;
};

/* The copies of one item, shared by the team. */
struct item_copies {
    char *copies;    /* nthreads copies, `stride` bytes apart */
    size_t stride;
    void (*fini)(void *);
    void (*comb)(void *, void *);
};

struct shared_copies {
    unsigned nthreads;
    unsigned nitems;
    _Atomic unsigned finished; /* threads done with the modifier's taskgroup */
    struct item_copies items[];
};

/* A taskgroup's items as one thread sees them. */
struct reduction_set {
    struct reduction_set *hidden; /* the enclosing taskgroup's set */
    struct shared_copies *shared; /* NULL in a team of one: items are used in place */
    bool modifier;
    unsigned nitems;
    void *item[];                 /* the items' addresses, as this thread knows them */
};

/* What an initializer gets, whichever input form. */
struct item_input {
    void *shar, *orig;
    size_t size;
    void *init, *fini, *comb;
    bool two_argument_init;
};

static struct item_input input_of(const void *data, int i, bool new_form)
{
    if (new_form) {
        const struct kmp_taskred_input *in = (const struct kmp_taskred_input *)data + i;
        return (struct item_input){in->reduce_shar, in->reduce_orig ? in->reduce_orig : in->reduce_shar,
                                   in->reduce_size, in->reduce_init, in->reduce_fini, in->reduce_comb, true};
    }
    const struct kmp_task_red_input *in = (const struct kmp_task_red_input *)data + i;
    return (struct item_input){in->reduce_shar, in->reduce_shar, in->reduce_size, in->reduce_init,
                               in->reduce_fini, in->reduce_comb, false};
}

static struct shared_copies *make_copies(unsigned nthreads, int num, const void *data, bool new_form)
{
    struct shared_copies *shared = malloc(sizeof *shared + (size_t)num * sizeof shared->items[0]);
    if (!shared)
        glass_fatal("out of memory for task reductions");
    shared->nthreads = nthreads;
    shared->nitems = (unsigned)num;
    atomic_init(&shared->finished, 0);
    for (int i = 0; i < num; i++) {
        struct item_input in = input_of(data, i, new_form);
        struct item_copies *item = &shared->items[i];
        /* A cache line apart, so threads do not share lines. */
        item->stride = (in.size + 63) & ~(size_t)63;
        item->fini = (void (*)(void *))in.fini;
        item->comb = (void (*)(void *, void *))in.comb;
        size_t bytes = item->stride * nthreads;
        item->copies = aligned_alloc(64, bytes ? bytes : 64);
        if (!item->copies)
            glass_fatal("out of memory for %u copies of a %zu-byte task reduction item", nthreads, in.size);
        memset(item->copies, 0, bytes);
        if (in.init)
            for (unsigned j = 0; j < nthreads; j++) {
                void *copy = item->copies + j * item->stride;
                if (in.two_argument_init)
                    ((void (*)(void *, void *))in.init)(copy, in.orig);
                else
                    ((void (*)(void *))in.init)(copy);
            }
    }
    return shared;
}

static struct reduction_set *make_set(struct glass_thread *self, struct shared_copies *shared, int num,
                                      const void *data, bool new_form, bool modifier)
{
    struct reduction_set *set = malloc(sizeof *set + (size_t)num * sizeof set->item[0]);
    if (!set)
        glass_fatal("out of memory for task reductions");
    set->hidden = glass_taskgroup_reductions(self);
    set->shared = shared;
    set->modifier = modifier;
    set->nitems = (unsigned)num;
    for (int i = 0; i < num; i++)
        set->item[i] = input_of(data, i, new_form).shar;
    glass_taskgroup_set_reductions(self, set);
    return set;
}

/* Combines every copy into `target` (one address per item) and frees them. */
static void combine_into(struct shared_copies *shared, void *const *target)
{
    for (unsigned i = 0; i < shared->nitems; i++) {
        struct item_copies *item = &shared->items[i];
        for (unsigned j = 0; j < shared->nthreads; j++) {
            void *copy = item->copies + j * item->stride;
            item->comb(target[i], copy);
            if (item->fini)
                item->fini(copy);
        }
        free(item->copies);
    }
    free(shared);
}

static void *reduction_init(int32_t gtid, int num, void *data, bool new_form)
{
    struct glass_thread *self = kmp_thread(gtid);
    unsigned nthreads = self->team->nthreads;
    struct shared_copies *shared = nthreads > 1 ? make_copies(nthreads, num, data, new_form) : NULL;
    return make_set(self, shared, num, data, new_form, false);
}

GLASS_EXPORT void *__kmpc_taskred_init(int32_t gtid, int num, void *data)
{
    return reduction_init(gtid, num, data, true);
}

GLASS_EXPORT void *__kmpc_task_reduction_init(int32_t gtid, int num, void *data)
{
    return reduction_init(gtid, num, data, false);
}

/* The calling thread's copy of the item at `data` (its original, or any
 * thread's copy), in taskgroup `tskgrp` or, when NULL, the innermost one
 * with such an item. */
GLASS_EXPORT void *__kmpc_task_reduction_get_th_data(int32_t gtid, void *tskgrp, void *data)
{
    struct glass_thread *self = kmp_thread(gtid);
    struct reduction_set *set = tskgrp ? tskgrp : glass_taskgroup_reductions(self);
    for (; set; set = set->hidden) {
        if (!set->shared) {
            for (unsigned i = 0; i < set->nitems; i++)
                if (set->item[i] == data)
                    return data; /* a team of one works on the item itself */
            continue;
        }
        for (unsigned i = 0; i < set->nitems; i++) {
            struct item_copies *item = &set->shared->items[i];
            char *end = item->copies + item->stride * set->shared->nthreads;
            if (set->item[i] == data || ((char *)data >= item->copies && (char *)data < end)) {
                if (self->num >= set->shared->nthreads)
                    glass_fatal("task reduction item used by thread %u of a team of %u", self->num,
                                set->shared->nthreads);
                return item->copies + self->num * item->stride;
            }
        }
    }
    glass_fatal("in_reduction of %p: no enclosing taskgroup reduces it", data);
}

GLASS_EXPORT void __kmpc_taskgroup(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    GLASS_OMPT_ENTRY_CALL(glass_taskgroup_start_at(kmp_thread(gtid), __builtin_return_address(0)));
}

GLASS_EXPORT void __kmpc_end_taskgroup(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = kmp_thread(gtid);
    struct reduction_set *set = glass_taskgroup_reductions(self);
    glass_taskgroup_end_at(self, __builtin_return_address(0));
    /* A nested taskgroup starts with the enclosing one's set: only a set
     * this taskgroup registered differs from what is current now. */
    if (!set || set == glass_taskgroup_reductions(self) || set->modifier)
        return;
    if (set->shared)
        combine_into(set->shared, set->item);
    free(set);
}

/* The task modifier. */

static void *modifier_init(int32_t gtid, int is_ws, int num, void *data, bool new_form)
{
    (void)is_ws;
    struct glass_thread *self = kmp_thread(gtid);
    unsigned nthreads = self->team->nthreads;
    /* Not a taskgroup region of the program: cancel taskgroup skips it. */
    glass_workshare_taskgroup_start(self);
    struct shared_copies *shared = NULL;
    if (nthreads > 1) {
        if (glass_workshare_reduction_claim(self)) {
            shared = make_copies(nthreads, num, data, new_form);
            glass_workshare_reduction_publish(self, shared);
        } else {
            shared = glass_workshare_reduction_await(self);
        }
    }
    return make_set(self, shared, num, data, new_form, true);
}

GLASS_EXPORT void *__kmpc_taskred_modifier_init(struct kmp_ident *loc, int32_t gtid, int is_ws, int num,
                                                void *data)
{
    (void)loc;
    return modifier_init(gtid, is_ws, num, data, true);
}

GLASS_EXPORT void *__kmpc_task_reduction_modifier_init(struct kmp_ident *loc, int32_t gtid, int is_ws, int num,
                                                       void *data)
{
    (void)loc;
    return modifier_init(gtid, is_ws, num, data, false);
}

GLASS_EXPORT void __kmpc_task_reduction_modifier_fini(struct kmp_ident *loc, int32_t gtid, int is_ws)
{
    (void)loc, (void)is_ws;
    struct glass_thread *self = kmp_thread(gtid);
    struct reduction_set *set = glass_taskgroup_reductions(self);
    glass_taskgroup_end(self);
    if (!set || !set->modifier)
        return;
    struct shared_copies *shared = set->shared;
    /* nthreads is read before arriving: the last thread to arrive frees `shared`. */
    unsigned nthreads = shared ? shared->nthreads : 0;
    if (shared && atomic_fetch_add_explicit(&shared->finished, 1, memory_order_acq_rel) == nthreads - 1)
        combine_into(shared, set->item);
    free(set);
}
