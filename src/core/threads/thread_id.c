/* Thread numbers (thread_id.h). The table is a fixed array of pages that are
 * allocated once and never move, so readers index it without a lock while a
 * new thread registers. */
#include "thread_id.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "../runtime.h"

#define PAGE_SHIFT 9
#define PAGE_SIZE (1u << PAGE_SHIFT)
#define NPAGES 2048 /* room for a million threads */

typedef _Atomic(struct glass_thread *) slot;

static _Atomic(slot *) pages[NPAGES];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned next_unused;      /* numbers below it have been handed out */
static unsigned *free_numbers;    /* freed numbers, a stack */
static unsigned nfree, free_capacity;
static _Atomic unsigned live;

__thread struct glass_thread *glass_registered_self_ptr __attribute__((tls_model("initial-exec")));

static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

static slot *slot_of(unsigned number, bool create)
{
    slot *page = atomic_load_explicit(&pages[number >> PAGE_SHIFT], memory_order_acquire);
    if (!page && create) {
        page = calloc(PAGE_SIZE, sizeof *page);
        if (!page)
            glass_fatal("out of memory registering thread number %u", number);
        atomic_store_explicit(&pages[number >> PAGE_SHIFT], page, memory_order_release);
    }
    return page ? &page[number & (PAGE_SIZE - 1)] : NULL;
}

/* An initial thread's number goes back to the pool when the thread exits;
 * the key's value is the number + 1. */
static void release_number(void *value)
{
    unsigned number = (unsigned)(uintptr_t)value - 1;
    glass_registered_self_ptr = NULL; /* the exiting thread is the caller */
    pthread_mutex_lock(&table_lock);
    atomic_store_explicit(slot_of(number, false), NULL, memory_order_release);
    if (nfree == free_capacity) {
        unsigned capacity = free_capacity ? 2 * free_capacity : 16;
        unsigned *grown = realloc(free_numbers, capacity * sizeof *grown);
        if (!grown) {
            pthread_mutex_unlock(&table_lock);
            return; /* the number is lost, nothing worse */
        }
        free_numbers = grown;
        free_capacity = capacity;
    }
    free_numbers[nfree++] = number;
    atomic_fetch_sub_explicit(&live, 1, memory_order_relaxed);
    pthread_mutex_unlock(&table_lock);
}

void glass_thread_gtid_release(struct glass_thread *self)
{
    if (self->global_id != 0)
        release_number((void *)(uintptr_t)self->global_id);
    self->global_id = 0;
    glass_registered_self_ptr = NULL;
}

static void create_exit_key(void)
{
    pthread_key_create(&exit_key, release_number);
}

int glass_thread_gtid_assign(struct glass_thread *self)
{
    pthread_mutex_lock(&table_lock);
    unsigned number;
    if (nfree) {
        /* The lowest freed number, so numbers stay dense. */
        unsigned lowest = 0;
        for (unsigned i = 1; i < nfree; i++)
            if (free_numbers[i] < free_numbers[lowest])
                lowest = i;
        number = free_numbers[lowest];
        free_numbers[lowest] = free_numbers[--nfree];
    } else {
        if (next_unused >= NPAGES * PAGE_SIZE)
            glass_fatal("more than %u threads used OpenMP", NPAGES * PAGE_SIZE);
        number = next_unused++;
    }
    atomic_store_explicit(slot_of(number, true), self, memory_order_release);
    atomic_fetch_add_explicit(&live, 1, memory_order_relaxed);
    pthread_mutex_unlock(&table_lock);
    self->global_id = number + 1;
    glass_registered_self_ptr = self;

    if (!self->is_worker) {
        pthread_once(&exit_key_once, create_exit_key);
        pthread_setspecific(exit_key, (void *)(uintptr_t)(number + 1));
    }
    return (int)number;
}

struct glass_thread *glass_thread_by_gtid(int gtid)
{
    if (gtid < 0 || (unsigned)gtid >= NPAGES * PAGE_SIZE)
        return NULL;
    slot *entry = slot_of((unsigned)gtid, false);
    return entry ? atomic_load_explicit(entry, memory_order_acquire) : NULL;
}

unsigned glass_thread_gtid_count(void)
{
    return atomic_load_explicit(&live, memory_order_relaxed);
}

unsigned glass_thread_gtid_limit(void)
{
    pthread_mutex_lock(&table_lock);
    unsigned limit = next_unused;
    pthread_mutex_unlock(&table_lock);
    return limit;
}
