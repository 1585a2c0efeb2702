/* threadprivate copies kept by the runtime (threadprivate.h).
 *
 * Every thread has a small open-addressing table from original addresses to
 * its copies, touched by that thread alone, so a lookup takes no lock. The
 * process-wide registry (constructors, initial images) is only consulted
 * when a thread makes a copy. */
#include "threadprivate.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../runtime.h"

struct variable {
    struct variable *next;
    void *original;
    size_t size;    /* 0 until a lookup tells */
    void *image;    /* the original's initial contents, for copies without a constructor */
    struct glass_threadprivate_ops ops;
    bool registered;
};

struct copy {
    void *original; /* NULL: free slot */
    void *copy;
    const struct variable *variable;
};

/* One thread's copies. */
struct copies {
    struct copy *slots;
    size_t capacity; /* a power of two */
    size_t count;
    bool uses_originals; /* the program's initial thread */
    struct copies *next, *prev; /* in `all_threads` */
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct variable *variables;
static struct copies *all_threads;

static __thread struct copies *thread_copies __attribute__((tls_model("initial-exec")));
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

/* Needs registry_lock. */
static struct variable *find_variable(void *original)
{
    for (struct variable *v = variables; v; v = v->next)
        if (v->original == original)
            return v;
    return NULL;
}

/* Needs registry_lock. */
static struct variable *add_variable(void *original)
{
    struct variable *v = calloc(1, sizeof *v);
    if (!v)
        glass_fatal("out of memory registering a threadprivate variable");
    v->original = original;
    v->next = variables;
    variables = v;
    return v;
}

void glass_threadprivate_register(void *original, const struct glass_threadprivate_ops *ops)
{
    pthread_mutex_lock(&registry_lock);
    struct variable *v = find_variable(original);
    if (!v)
        v = add_variable(original);
    v->ops = *ops;
    v->registered = true;
    pthread_mutex_unlock(&registry_lock);
}

static void destroy_copy(const struct copy *c)
{
    const struct glass_threadprivate_ops *ops = &c->variable->ops;
    if (ops->vector_length ? ops->dtor_vec != NULL : ops->dtor != NULL) {
        if (ops->vector_length)
            ops->dtor_vec(c->copy, ops->vector_length);
        else
            ops->dtor(c->copy);
    }
    free(c->copy);
}

static void destroy_copies(struct copies *copies)
{
    for (size_t i = 0; i < copies->capacity; i++)
        if (copies->slots[i].original && copies->slots[i].copy != copies->slots[i].original)
            destroy_copy(&copies->slots[i]);
    free(copies->slots);
    free(copies);
}

static void unlink_copies(struct copies *copies)
{
    if (copies->prev)
        copies->prev->next = copies->next;
    else
        all_threads = copies->next;
    if (copies->next)
        copies->next->prev = copies->prev;
}

static void thread_exit(void *arg)
{
    struct copies *copies = arg;
    pthread_mutex_lock(&registry_lock);
    unlink_copies(copies);
    pthread_mutex_unlock(&registry_lock);
    thread_copies = NULL;
    destroy_copies(copies);
}

static void create_exit_key(void)
{
    pthread_key_create(&exit_key, thread_exit);
}

/* The copies of the threads still alive (the pool's workers never exit). */
__attribute__((destructor)) static void process_exit(void)
{
    glass_mark_unloading();
    /* Destructors run outside the lock: they may use threadprivate data. */
    for (;;) {
        pthread_mutex_lock(&registry_lock);
        struct copies *copies = all_threads;
        if (copies)
            unlink_copies(copies);
        pthread_mutex_unlock(&registry_lock);
        if (!copies)
            return;
        if (copies == thread_copies)
            thread_copies = NULL;
        destroy_copies(copies);
    }
}

static struct copies *my_copies(void)
{
    struct copies *copies = thread_copies;
    if (copies)
        return copies;
    copies = calloc(1, sizeof *copies);
    if (!copies || !(copies->slots = calloc(16, sizeof *copies->slots)))
        glass_fatal("out of memory for threadprivate copies");
    copies->capacity = 16;
    copies->uses_originals = syscall(SYS_gettid) == getpid();
    pthread_mutex_lock(&registry_lock);
    copies->next = all_threads;
    if (all_threads)
        all_threads->prev = copies;
    all_threads = copies;
    pthread_mutex_unlock(&registry_lock);
    pthread_once(&exit_key_once, create_exit_key);
    pthread_setspecific(exit_key, copies);
    thread_copies = copies;
    return copies;
}

static size_t slot_index(const void *original, size_t capacity)
{
    uintptr_t key = (uintptr_t)original;
    key ^= key >> 17;
    key *= 0x9e3779b97f4a7c15ull;
    return (size_t)(key >> 32) & (capacity - 1);
}

static struct copy *slot_of(struct copies *copies, const void *original)
{
    size_t i = slot_index(original, copies->capacity);
    while (copies->slots[i].original && copies->slots[i].original != original)
        i = (i + 1) & (copies->capacity - 1);
    return &copies->slots[i];
}

static void grow(struct copies *copies)
{
    struct copy *old = copies->slots;
    size_t old_capacity = copies->capacity;
    copies->capacity *= 2;
    copies->slots = calloc(copies->capacity, sizeof *copies->slots);
    if (!copies->slots)
        glass_fatal("out of memory for threadprivate copies");
    for (size_t i = 0; i < old_capacity; i++)
        if (old[i].original)
            *slot_of(copies, old[i].original) = old[i];
    free(old);
}

/* The variable's registry entry, with its size and initial image known. */
static const struct variable *describe(void *original, size_t size)
{
    pthread_mutex_lock(&registry_lock);
    struct variable *v = find_variable(original);
    if (!v)
        v = add_variable(original);
    if (!v->size) {
        v->size = size;
        if (!(v->image = malloc(size ? size : 1)))
            glass_fatal("out of memory for a threadprivate variable's initial value");
        memcpy(v->image, original, size);
    }
    pthread_mutex_unlock(&registry_lock);
    return v;
}

static void *make_copy(const struct variable *v, size_t size)
{
    void *copy = aligned_alloc(64, (size + 63) & ~(size_t)63);
    if (!copy)
        glass_fatal("out of memory for a threadprivate copy of %zu bytes", size);
    const struct glass_threadprivate_ops *ops = &v->ops;
    if (ops->vector_length && ops->ctor_vec)
        ops->ctor_vec(copy, ops->vector_length);
    else if (ops->vector_length && ops->cctor_vec)
        ops->cctor_vec(copy, v->original, ops->vector_length);
    else if (!ops->vector_length && ops->ctor)
        ops->ctor(copy);
    else if (!ops->vector_length && ops->cctor)
        ops->cctor(copy, v->original);
    else
        memcpy(copy, v->image, size);
    return copy;
}

void *glass_threadprivate_get(void *original, size_t size)
{
    struct copies *copies = my_copies();
    struct copy *slot = slot_of(copies, original);
    if (__builtin_expect(slot->original != NULL, 1))
        return slot->copy;

    const struct variable *v = describe(original, size);
    if (2 * (copies->count + 1) > copies->capacity) {
        grow(copies);
        slot = slot_of(copies, original);
    }
    slot->original = original;
    slot->variable = v;
    slot->copy = copies->uses_originals ? original : make_copy(v, size);
    copies->count++;
    return slot->copy;
}
