/* Task dependences between sibling tasks (OpenMP 5.1, 2.19.11).
 *
 * Every task that has children with dependences owns a map (struct
 * glass_depend_map) from addresses to records, under one lock: children are
 * created by their parent's thread but complete anywhere.
 *
 * For each address the record keeps the incomplete tasks of the current
 * group and of the group before it. A group is a run of tasks that do not
 * conflict with each other: a single out/inout/mutexinoutset task, or
 * consecutive in tasks, or consecutive inoutset tasks. A new task that can
 * join the current group depends on the previous group; otherwise it depends
 * on the current group and starts a new one, the current becoming previous.
 * Older groups need no tracking: a group's tasks cannot complete before the
 * group before it has.
 *
 * mutexinoutset is handled as inout: mutually exclusive, as required, but
 * also ordered, which the specification permits.
 *
 * omp_all_memory: a task with depend(out/inout: omp_all_memory) depends on
 * the current group of every address in the map, and becomes the exclusive
 * group of a record of its own (`all_memory_key`). From then on the map knows
 * it (`all_memory_used`), and every later task with dependences also joins
 * that record as an `in` member, so it follows the last such task and the
 * next one follows it. Maps that never see omp_all_memory pay nothing.
 *
 * A task counts its incomplete predecessors (`pending`) and lists its
 * successors; when it completes it unlinks itself and decrements its
 * successors' counts, scheduling those that reach zero. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../ompt/events.h"
#include "../runtime.h"
#include "task_internal.h"

enum entry_kind { KIND_EXCLUSIVE, KIND_IN, KIND_INOUTSET };

struct depend_record;

struct depend_entry {
    struct depend_record *record; /* NULL: the address repeats in the same task */
    struct depend_entry *prev, *next;
    struct glass_depend_node *node;
    unsigned group;               /* record's group number when the entry joined */
    unsigned char kind;           /* enum entry_kind */
};

struct depend_record {
    void *addr;
    struct depend_record *hash_next;
    struct depend_entry *current;  /* incomplete tasks of group `group` */
    struct depend_entry *previous; /* incomplete tasks of group `group - 1` */
    unsigned group;                /* 0: no group yet */
    unsigned char kind;            /* kind of the current group */
};

struct glass_depend_node {
    struct glass_task *task;       /* the task the node belongs to */
    _Atomic unsigned pending;      /* incomplete predecessors */
    unsigned nentries;
    unsigned nsuccessors;
    unsigned successors_capacity;
    struct glass_task **successors;
    struct glass_task *inline_successors[4];
    struct depend_entry entries[];
};

struct glass_depend_map {
    pthread_mutex_t lock;
    struct depend_record **buckets;
    size_t mask;                       /* buckets - 1 */
    size_t count;                      /* records in the map */
    struct depend_record *free_records; /* kept for reuse */
    bool all_memory_used;              /* a task of this map had depend(omp_all_memory) */
};

/* The address of the omp_all_memory record: no program variable has it. */
static char all_memory_key;

size_t glass_depend_node_size(size_t ndeps)
{
    /* One more entry: the omp_all_memory record's (see above). */
    return sizeof(struct glass_depend_node) + (ndeps + 1) * sizeof(struct depend_entry);
}

static bool all_memory(enum glass_depend_kind kind)
{
    return kind == GLASS_DEPEND_OUT_ALL_MEMORY || kind == GLASS_DEPEND_INOUT_ALL_MEMORY;
}

static enum entry_kind entry_kind(enum glass_depend_kind kind)
{
    switch (kind) {
    case GLASS_DEPEND_IN:
        return KIND_IN;
    case GLASS_DEPEND_INOUTSET:
        return KIND_INOUTSET;
    case GLASS_DEPEND_OUT:
    case GLASS_DEPEND_INOUT:
    case GLASS_DEPEND_MUTEXINOUTSET:
    case GLASS_DEPEND_OUT_ALL_MEMORY:
    case GLASS_DEPEND_INOUT_ALL_MEMORY:
        break;
    }
    return KIND_EXCLUSIVE;
}

static struct glass_depend_map *new_map(void)
{
    struct glass_depend_map *map = calloc(1, sizeof *map);
    if (!map)
        glass_fatal("out of memory for a task dependence map");
    pthread_mutex_init(&map->lock, NULL);
    return map;
}

void glass_depend_map_destroy(struct glass_depend_map *map)
{
    if (!map)
        return;
    struct depend_record *record = map->free_records;
    while (record) {
        struct depend_record *next = record->hash_next;
        free(record);
        record = next;
    }
    free(map->buckets);
    pthread_mutex_destroy(&map->lock);
    free(map);
}

/* The map of `task`'s children. An implicit task uses the one its team keeps
 * for its thread number, so that worker threads (whose implicit tasks live
 * on their stacks) reuse it from region to region. */
static struct glass_depend_map *map_of(struct glass_task *task)
{
    if (task->depend_map)
        return task->depend_map;
    struct glass_team *team = task->team;
    if (!glass_task_is_explicit(task) && team && task->thread_num < team->tasking.ndeques &&
        team->tasking.member_maps) {
        struct glass_depend_map **slot = &team->tasking.member_maps[task->thread_num];
        if (!*slot)
            *slot = new_map();
        task->depend_map = *slot;
    } else {
        task->depend_map = new_map();
    }
    return task->depend_map;
}

static size_t hash_address(const void *addr, size_t mask)
{
    uint64_t h = (uint64_t)(uintptr_t)addr * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> 32) & mask;
}

static void grow(struct glass_depend_map *map)
{
    size_t nbuckets = map->buckets ? (map->mask + 1) * 2 : 16;
    struct depend_record **buckets = calloc(nbuckets, sizeof *buckets);
    if (!buckets)
        glass_fatal("out of memory for a task dependence map of %zu buckets", nbuckets);
    if (map->buckets) {
        for (size_t i = 0; i <= map->mask; i++) {
            struct depend_record *record = map->buckets[i];
            while (record) {
                struct depend_record *next = record->hash_next;
                size_t b = hash_address(record->addr, nbuckets - 1);
                record->hash_next = buckets[b];
                buckets[b] = record;
                record = next;
            }
        }
        free(map->buckets);
    }
    map->buckets = buckets;
    map->mask = nbuckets - 1;
}

static struct depend_record *find_or_add(struct glass_depend_map *map, void *addr)
{
    if (map->buckets) {
        for (struct depend_record *r = map->buckets[hash_address(addr, map->mask)]; r; r = r->hash_next)
            if (r->addr == addr)
                return r;
    }
    if (!map->buckets || map->count >= 2 * (map->mask + 1))
        grow(map);
    struct depend_record *record = map->free_records;
    if (record)
        map->free_records = record->hash_next;
    else if (!(record = malloc(sizeof *record)))
        glass_fatal("out of memory for a task dependence");
    *record = (struct depend_record){.addr = addr};
    size_t b = hash_address(addr, map->mask);
    record->hash_next = map->buckets[b];
    map->buckets[b] = record;
    map->count++;
    return record;
}

static void remove_record(struct glass_depend_map *map, struct depend_record *record)
{
    struct depend_record **link = &map->buckets[hash_address(record->addr, map->mask)];
    while (*link != record)
        link = &(*link)->hash_next;
    *link = record->hash_next;
    map->count--;
    record->hash_next = map->free_records;
    map->free_records = record;
}

/* `node` (a task) depends on `pred`. */
static void add_edge(struct glass_depend_node *pred, struct glass_depend_node *node, struct glass_task *task)
{
    if (pred == node)
        return;
    /* Several shared addresses make the same edge; the latest is the one to
     * check, as a task's entries are added together. */
    if (pred->nsuccessors && pred->successors[pred->nsuccessors - 1] == task)
        return;
    if (pred->nsuccessors == pred->successors_capacity) {
        unsigned capacity = pred->successors_capacity * 2;
        struct glass_task **successors = malloc(capacity * sizeof *successors);
        if (!successors)
            glass_fatal("out of memory for task dependences");
        memcpy(successors, pred->successors, pred->nsuccessors * sizeof *successors);
        if (pred->successors != pred->inline_successors)
            free(pred->successors);
        pred->successors = successors;
        pred->successors_capacity = capacity;
    }
    pred->successors[pred->nsuccessors++] = task;
    atomic_fetch_add_explicit(&node->pending, 1, memory_order_relaxed);
    /* An unfulfilled dependence (5.1 4.5.2.9); under the map's lock, which
     * keeps the predecessor from completing meanwhile. */
    GLASS_OMPT_EMIT(task_dependence, &pred->task->tool_data, &task->tool_data);
}

static void add_entry(struct glass_depend_map *map, struct glass_task *task, struct depend_entry *entry,
                      void *addr, enum entry_kind kind)
{
    struct glass_depend_node *node = task->depend;
    struct depend_record *record = find_or_add(map, addr);
    /* The task's own earlier entry for this address is the newest one. An
     * exclusive kind comes first (glass_depend_register), so it wins. */
    if (record->current && record->current->node == node) {
        entry->record = NULL;
        return;
    }
    *entry = (struct depend_entry){.record = record, .node = node, .kind = (unsigned char)kind};
    if (kind != KIND_EXCLUSIVE && record->group && record->kind == kind) {
        for (struct depend_entry *e = record->previous; e; e = e->next)
            add_edge(e->node, node, task);
        entry->group = record->group;
        entry->next = record->current;
        if (entry->next)
            entry->next->prev = entry;
        record->current = entry;
        return;
    }
    for (struct depend_entry *e = record->current; e; e = e->next)
        add_edge(e->node, node, task);
    /* The previous group is dropped: its tasks stay linked to each other,
     * and unlinking them no longer touches the record's lists. */
    record->previous = record->current;
    record->current = entry;
    record->group++;
    record->kind = (unsigned char)kind;
    entry->group = record->group;
}

bool glass_depend_register(struct glass_task *task, const struct glass_depend *deps, size_t ndeps)
{
    struct glass_depend_node *node = task->depend;
    *node = (struct glass_depend_node){
        .task = task,
        .nentries = (unsigned)ndeps,
        .successors_capacity = 4,
    };
    node->successors = node->inline_successors;
    struct glass_depend_map *map = map_of(task->parent);
    pthread_mutex_lock(&map->lock);
    bool on_all_memory = false;
    for (size_t i = 0; i < ndeps && !on_all_memory; i++)
        on_all_memory = all_memory(deps[i].kind);
    if (on_all_memory) {
        /* After every incomplete sibling with dependences. */
        map->all_memory_used = true;
        for (size_t b = 0; map->buckets && b <= map->mask; b++)
            for (struct depend_record *r = map->buckets[b]; r; r = r->hash_next)
                for (struct depend_entry *e = r->current; e; e = e->next)
                    add_edge(e->node, node, task);
    }
    /* Exclusive kinds first, so an address listed twice keeps the stronger. */
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < ndeps; i++) {
            enum entry_kind kind = entry_kind(deps[i].kind);
            void *addr = all_memory(deps[i].kind) ? &all_memory_key : deps[i].addr;
            if ((kind == KIND_EXCLUSIVE) == (pass == 0))
                add_entry(map, task, &node->entries[n++], addr, kind);
        }
    /* Ordered with the omp_all_memory tasks before and after it. */
    if (map->all_memory_used && !on_all_memory)
        add_entry(map, task, &node->entries[n++], &all_memory_key, KIND_IN);
    node->nentries = (unsigned)n;
    bool ready = atomic_load_explicit(&node->pending, memory_order_relaxed) == 0;
    pthread_mutex_unlock(&map->lock);
    return ready;
}

bool glass_depend_ready(const struct glass_task *task)
{
    return atomic_load_explicit(&task->depend->pending, memory_order_seq_cst) == 0;
}

static void unlink_entry(struct glass_depend_map *map, struct depend_entry *entry)
{
    struct depend_record *record = entry->record;
    if (entry->prev)
        entry->prev->next = entry->next;
    else if (entry->group == record->group)
        record->current = entry->next;
    else if (entry->group + 1 == record->group)
        record->previous = entry->next;
    if (entry->next)
        entry->next->prev = entry->prev;
    /* Both lists empty means no older task is left either: forget the address. */
    if (!record->current && !record->previous)
        remove_record(map, record);
}

void glass_depend_release(struct glass_thread *self, struct glass_task *task, bool foreign)
{
    struct glass_depend_node *node = task->depend;
    struct glass_depend_map *map = task->parent->depend_map;
    unsigned nready = 0;
    pthread_mutex_lock(&map->lock);
    for (unsigned i = 0; i < node->nentries; i++)
        if (node->entries[i].record)
            unlink_entry(map, &node->entries[i]);
    /* The ready successors to queue are gathered at the front of the same
     * array. An included one is run by its encountering thread, which waits
     * for it and may free it as soon as the count is 0: decide before. */
    bool wake_included = false;
    for (unsigned i = 0; i < node->nsuccessors; i++) {
        struct glass_task *successor = node->successors[i];
        bool included = successor->included;
        if (atomic_fetch_sub_explicit(&successor->depend->pending, 1, memory_order_seq_cst) == 1) {
            if (included)
                wake_included = true;
            else
                node->successors[nready++] = successor;
        }
    }
    pthread_mutex_unlock(&map->lock);

    for (unsigned i = 0; i < nready; i++)
        glass_task_enqueue(self, node->successors[i], foreign);
    if (wake_included)
        glass_tasking_wake(task->team, true);
    if (node->successors != node->inline_successors)
        free(node->successors);
    node->nsuccessors = 0;
}
