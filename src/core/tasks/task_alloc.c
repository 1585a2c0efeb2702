/* Task memory: blocks of a few size classes on per-thread free lists.
 *
 * A thread takes blocks from its own lists without synchronization. A block
 * freed by another thread goes back to the thread that allocated it, through
 * a lock-free stack that the owner empties in one exchange when its own list
 * of that size runs dry; so blocks circulate between producers and consumers
 * instead of piling up where tasks complete, and memory stays bounded by the
 * largest number of tasks alive at once.
 *
 * Two kinds of blocks never share memory: core tasks, and the blocks an ABI
 * keeps beside a task (the Clang ABI's kmp task; tasking.h). Task blocks are
 * never given back to the system and never become anything else, because a
 * thief may read a task that was freed an instant earlier (task_deque.h),
 * which must stay harmless. The allocators of a thread that exits are kept
 * and adopted by a later thread. */
#include <pthread.h>
#include <stdlib.h>

#include "../runtime.h"
#include "task_internal.h"
#include "../sync/tsan.h"

#define NCLASSES 6
#define SMALLEST_CLASS 256
#define BLOCK_ALIGN 64
/* A task and a small argument block; larger blocks are rare. */
#define PREFETCH_MAX 512

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
_Static_assert(GLASS_TASK_MEMORY_MAX + HEADER_SIZE == (size_t)SMALLEST_CLASS << (NCLASSES - 1),
               "the largest ABI block fits the largest class");

/* `remote` has a cache line of its own: other threads push onto it while the
 * owner works its free lists. One stack per size class, so that the owner
 * takes a whole stack as its free list in one exchange, without walking it:
 * the blocks come back from other cores, and a walk would wait for each in
 * turn. */
struct task_allocator {
    _Alignas(64) struct block_header *free[NCLASSES];
    _Alignas(64) _Atomic(struct block_header *) remote[NCLASSES]; /* freed by other threads */
};

enum block_kind { TASK_BLOCKS, ABI_BLOCKS, BLOCK_KINDS };

/* A thread's allocators, one per kind. */
struct thread_blocks {
    struct task_allocator kinds[BLOCK_KINDS];
    struct thread_blocks *next_orphan;
};

static __thread struct thread_blocks *local_blocks __attribute__((tls_model("initial-exec")));
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t orphans_lock = PTHREAD_MUTEX_INITIALIZER;
static struct thread_blocks *orphans;

static void orphan_blocks(void *arg)
{
    struct thread_blocks *blocks = arg;
    /* Its blocks serve another thread later (tsan.h). */
    glass_tsan_handover_release(&orphans);
    pthread_mutex_lock(&orphans_lock);
    blocks->next_orphan = orphans;
    orphans = blocks;
    pthread_mutex_unlock(&orphans_lock);
}

static void create_exit_key(void)
{
    if (pthread_key_create(&exit_key, orphan_blocks))
        glass_fatal("cannot create the task allocator's thread key");
}

static struct thread_blocks *adopt_blocks(void)
{
    pthread_once(&exit_key_once, create_exit_key);
    pthread_mutex_lock(&orphans_lock);
    struct thread_blocks *blocks = orphans;
    if (blocks)
        orphans = blocks->next_orphan;
    pthread_mutex_unlock(&orphans_lock);
    if (blocks)
        glass_tsan_handover_acquire(&orphans);
    if (!blocks) {
        blocks = aligned_alloc(_Alignof(struct thread_blocks), sizeof *blocks);
        if (!blocks)
            glass_fatal("out of memory for the task allocator");
        *blocks = (struct thread_blocks){0};
    }
    local_blocks = blocks;
    pthread_setspecific(exit_key, blocks);
    return blocks;
}

static struct task_allocator *my_allocator(enum block_kind kind)
{
    struct thread_blocks *blocks = local_blocks;
    if (__builtin_expect(blocks == NULL, 0))
        blocks = adopt_blocks();
    return &blocks->kinds[kind];
}

/* The smallest class whose blocks hold `bytes`: the power of two at or
 * above it, counted from SMALLEST_CLASS (one bit scan, not a loop: this is
 * on every task's path). */
static unsigned size_class(size_t bytes)
{
    if (bytes <= SMALLEST_CLASS)
        return 0;
    return (unsigned)(64 - __builtin_clzll((unsigned long long)bytes - 1)) - __builtin_ctz(SMALLEST_CLASS);
}

/* Asks for the lines of the block the next allocation will hand out, for
 * writing: a block freed on another core is still in that core's cache, and
 * its lines then move while this task is being set up rather than when the
 * next one is. */
static void prefetch_block(const struct block_header *block, size_t bytes)
{
    for (size_t offset = 0; offset < bytes && offset < PREFETCH_MAX; offset += BLOCK_ALIGN)
        __builtin_prefetch((const char *)block + offset, 1, 3);
}

static void *block_alloc(enum block_kind kind, size_t bytes)
{
    struct task_allocator *allocator = my_allocator(kind);
    unsigned cls = size_class(HEADER_SIZE + bytes);
    struct block_header *block = allocator->free[cls];
    if (!block && atomic_load_explicit(&allocator->remote[cls], memory_order_relaxed)) {
        block = atomic_exchange_explicit(&allocator->remote[cls], NULL, memory_order_acquire);
        /* What the other threads did with these blocks, as TSan must see it. */
        glass_tsan_handover_acquire(&allocator->remote[cls]);
    }
    if (block) {
        struct block_header *next = block->next_free;
        allocator->free[cls] = next;
        if (next)
            prefetch_block(next, HEADER_SIZE + bytes);
    } else {
        block = aligned_alloc(BLOCK_ALIGN, (size_t)SMALLEST_CLASS << cls);
        if (!block)
            glass_fatal("out of memory for a task (%zu bytes)", (size_t)SMALLEST_CLASS << cls);
        block->owner = allocator;
        block->size_class = cls;
    }
    return (char *)block + HEADER_SIZE;
}

static void block_free(void *memory)
{
    struct block_header *block = (struct block_header *)((char *)memory - HEADER_SIZE);
    struct task_allocator *owner = block->owner;
    struct thread_blocks *mine = local_blocks;
    if (mine && owner >= mine->kinds && owner < mine->kinds + BLOCK_KINDS) {
        block->next_free = owner->free[block->size_class];
        owner->free[block->size_class] = block;
        return;
    }
    _Atomic(struct block_header *) *remote = &owner->remote[block->size_class];
    /* The block may go to a new task at once, while the task that had it
     * may still be incomplete (detached): its body's accesses are over, and
     * TSan is told so (tsan.h). */
    glass_tsan_handover_release(remote);
    struct block_header *head = atomic_load_explicit(remote, memory_order_relaxed);
    do
        block->next_free = head;
    while (!atomic_compare_exchange_weak_explicit(remote, &head, block, memory_order_release,
                                                  memory_order_relaxed));
}

struct glass_task *glass_task_alloc(size_t extra)
{
    if (extra > GLASS_TASK_BLOCK_EXTRA_MAX)
        glass_fatal("task block of %zu bytes requested (largest: %zu)", extra,
                    (size_t)GLASS_TASK_BLOCK_EXTRA_MAX);
    return block_alloc(TASK_BLOCKS, sizeof(struct glass_task) + extra);
}

void glass_task_free(struct glass_task *task)
{
    block_free(task);
}

void *glass_task_memory_alloc(size_t bytes)
{
    if (bytes > GLASS_TASK_MEMORY_MAX)
        return NULL;
    return block_alloc(ABI_BLOCKS, bytes);
}

void glass_task_memory_free(void *memory)
{
    block_free(memory);
}
