/* Task memory: blocks of a few size classes on per-thread free lists.
 *
 * A thread takes blocks from its own lists without synchronization. A block
 * freed by another thread goes back to the thread that allocated it, through
 * a lock-free stack that the owner empties in one exchange when its own list
 * of that size runs dry; so blocks circulate between producers and consumers
 * instead of piling up where tasks complete, and memory stays bounded by the
 * largest number of tasks alive at once.
 *
 * Blocks are never given back to the system: a thief may read a task that
 * was freed an instant earlier (task_deque.h), which must stay harmless. The
 * allocator of a thread that exits is kept and adopted by a later thread. */
#include <pthread.h>
#include <stdlib.h>

#include "runtime.h"
#include "task_internal.h"

#define NCLASSES 6
#define SMALLEST_CLASS 256
#define BLOCK_ALIGN 64

struct task_allocator;

/* Precedes the task in its block; kept apart from the task's fields because
 * a thief may read a free block as a task. */
struct block_header {
    struct task_allocator *owner;
    struct block_header *next_free;
    unsigned size_class;
};

#define HEADER_SIZE 64 /* keeps the task on its own cache line */
_Static_assert(sizeof(struct block_header) <= HEADER_SIZE, "block header fits");
_Static_assert(GLASS_TASK_BLOCK_EXTRA_MAX + sizeof(struct glass_task) + HEADER_SIZE ==
                   (size_t)SMALLEST_CLASS << (NCLASSES - 1),
               "the largest extra fits the largest class");

struct task_allocator {
    struct block_header *free[NCLASSES];
    _Atomic(struct block_header *) remote; /* freed by other threads */
    struct task_allocator *next_orphan;
};

static __thread struct task_allocator *local_allocator __attribute__((tls_model("initial-exec")));
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t orphans_lock = PTHREAD_MUTEX_INITIALIZER;
static struct task_allocator *orphans;

static void orphan_allocator(void *arg)
{
    struct task_allocator *allocator = arg;
    pthread_mutex_lock(&orphans_lock);
    allocator->next_orphan = orphans;
    orphans = allocator;
    pthread_mutex_unlock(&orphans_lock);
}

static void create_exit_key(void)
{
    if (pthread_key_create(&exit_key, orphan_allocator))
        glass_fatal("cannot create the task allocator's thread key");
}

static struct task_allocator *my_allocator(void)
{
    struct task_allocator *allocator = local_allocator;
    if (__builtin_expect(allocator != NULL, 1))
        return allocator;
    pthread_once(&exit_key_once, create_exit_key);
    pthread_mutex_lock(&orphans_lock);
    allocator = orphans;
    if (allocator)
        orphans = allocator->next_orphan;
    pthread_mutex_unlock(&orphans_lock);
    if (!allocator) {
        allocator = calloc(1, sizeof *allocator);
        if (!allocator)
            glass_fatal("out of memory for the task allocator");
    }
    local_allocator = allocator;
    pthread_setspecific(exit_key, allocator);
    return allocator;
}

static unsigned size_class(size_t bytes)
{
    unsigned cls = 0;
    while (((size_t)SMALLEST_CLASS << cls) < bytes)
        cls++;
    return cls;
}

static void take_remote_frees(struct task_allocator *allocator)
{
    struct block_header *block = atomic_exchange_explicit(&allocator->remote, NULL, memory_order_acquire);
    while (block) {
        struct block_header *next = block->next_free;
        block->next_free = allocator->free[block->size_class];
        allocator->free[block->size_class] = block;
        block = next;
    }
}

struct glass_task *glass_task_alloc(size_t extra)
{
    if (extra > GLASS_TASK_BLOCK_EXTRA_MAX)
        glass_fatal("task block of %zu bytes requested (largest: %zu)", extra,
                    (size_t)GLASS_TASK_BLOCK_EXTRA_MAX);
    struct task_allocator *allocator = my_allocator();
    unsigned cls = size_class(HEADER_SIZE + sizeof(struct glass_task) + extra);
    struct block_header *block = allocator->free[cls];
    if (!block && atomic_load_explicit(&allocator->remote, memory_order_relaxed)) {
        take_remote_frees(allocator);
        block = allocator->free[cls];
    }
    if (block) {
        allocator->free[cls] = block->next_free;
    } else {
        block = aligned_alloc(BLOCK_ALIGN, (size_t)SMALLEST_CLASS << cls);
        if (!block)
            glass_fatal("out of memory for a task (%zu bytes)", (size_t)SMALLEST_CLASS << cls);
        block->owner = allocator;
        block->size_class = cls;
    }
    return (struct glass_task *)((char *)block + HEADER_SIZE);
}

void glass_task_free(struct glass_task *task)
{
    struct block_header *block = (struct block_header *)((char *)task - HEADER_SIZE);
    struct task_allocator *owner = block->owner;
    if (owner == local_allocator) {
        block->next_free = owner->free[block->size_class];
        owner->free[block->size_class] = block;
        return;
    }
    struct block_header *head = atomic_load_explicit(&owner->remote, memory_order_relaxed);
    do
        block->next_free = head;
    while (!atomic_compare_exchange_weak_explicit(&owner->remote, &head, block, memory_order_release,
                                                  memory_order_relaxed));
}
