/* libomp's kmp_* extension routines (omp.h of LLVM declares them), the
 * kmpc_* spellings of some of them, and their Fortran bindings (trailing
 * underscore, arguments by reference). Affinity masks are in
 * kmp_affinity.c. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/sync/cancel.h"
#include "../../core/settings/env.h"
#include "../../core/settings/settings.h"
#include "../../core/settings/env_parse.h"
#include "../../core/globals.h"
#include "../../core/runtime.h"
#include "../../core/sync/wait.h"
#include "kmp.h"

void omp_set_num_threads(int num_threads);
void omp_set_dynamic(int dynamic);
void omp_set_nested(int nested);
void omp_set_max_active_levels(int levels);
void omp_set_schedule(int kind, int chunk);

/* Stack size of threads created from now on (libomp applies it only before
 * the first parallel region; here threads the pool creates later get it). */

static size_t default_stacksize(void)
{
    if (glass_globals.stacksize)
        return glass_globals.stacksize;
    pthread_attr_t attr;
    size_t size = 0;
    if (pthread_attr_init(&attr) == 0) {
        pthread_attr_getstacksize(&attr, &size);
        pthread_attr_destroy(&attr);
    }
    return size;
}

GLASS_EXPORT void kmp_set_stacksize_s(size_t size)
{
    glass_globals.stacksize = size;
}

GLASS_EXPORT void kmp_set_stacksize(int size)
{
    if (size > 0)
        kmp_set_stacksize_s((size_t)size);
}

GLASS_EXPORT size_t kmp_get_stacksize_s(void)
{
    return default_stacksize();
}

GLASS_EXPORT int kmp_get_stacksize(void)
{
    size_t size = default_stacksize();
    return size > (size_t)__INT_MAX__ ? __INT_MAX__ : (int)size;
}

/* Blocktime: how long a waiting thread stays awake before sleeping, in
 * milliseconds; the core counts pause instructions (GLASS_PAUSES_PER_MS).
 * -1: not set, then KMP_BLOCKTIME's value (in its own unit, as libomp 19
 * answers) or derived from OMP_WAIT_POLICY as libomp does (200 ms, 0 when
 * passive). */
static int blocktime = -1;

GLASS_EXPORT void kmp_set_blocktime(int milliseconds)
{
    if (milliseconds < 0)
        milliseconds = 0;
    blocktime = milliseconds;
    glass_wait_configure((unsigned long long)milliseconds * GLASS_PAUSES_PER_MS, milliseconds == 0,
                         glass_globals.wait_policy != GLASS_WAIT_ACTIVE);
}

GLASS_EXPORT int kmp_get_blocktime(void)
{
    if (blocktime >= 0)
        return blocktime;
    if (glass_globals.kmp_blocktime >= 0)
        return glass_globals.kmp_blocktime;
    return glass_globals.wait_policy == GLASS_WAIT_PASSIVE ? 0 : 200;
}

/* Execution modes: serial runs parallel regions with one thread;
 * turnaround keeps waiting threads spinning; throughput (the default) lets
 * them sleep after a while. */
enum { LIBRARY_SERIAL = 1, LIBRARY_TURNAROUND = 2, LIBRARY_THROUGHPUT = 3 };
static int library = LIBRARY_THROUGHPUT;

GLASS_EXPORT void kmp_set_library(int mode)
{
    switch (mode) {
    case LIBRARY_SERIAL:
        omp_set_num_threads(1);
        break;
    case LIBRARY_TURNAROUND:
        glass_wait_configure(GLASS_SPIN_COUNT_ACTIVE, false, false);
        break;
    case LIBRARY_THROUGHPUT:
        glass_wait_configure(glass_globals.spin_count, glass_globals.wait_policy == GLASS_WAIT_PASSIVE,
                             glass_globals.wait_policy != GLASS_WAIT_ACTIVE);
        break;
    default:
        glass_warn("kmp_set_library(%d): unknown library mode; ignored", mode);
        return;
    }
    library = mode;
}

GLASS_EXPORT int kmp_get_library(void)
{
    return library;
}

GLASS_EXPORT void kmp_set_library_serial(void)
{
    kmp_set_library(LIBRARY_SERIAL);
}

GLASS_EXPORT void kmp_set_library_turnaround(void)
{
    kmp_set_library(LIBRARY_TURNAROUND);
}

GLASS_EXPORT void kmp_set_library_throughput(void)
{
    kmp_set_library(LIBRARY_THROUGHPUT);
}

/* The ring of worksharing descriptors has a fixed size (workshare.h); the
 * number of dispatch buffers is a tuning knob of libomp's own design. */
GLASS_EXPORT void kmp_set_disp_num_buffers(int buffers)
{
    (void)buffers;
}

/* One "NAME=value" setting of kmp_set_defaults: an entry of the settings
 * table that may change after start-up, or one of libomp's own modes. */
static void apply_default(const char *name, size_t name_len, const char *value)
{
#define IS(text) (name_len == sizeof(text) - 1 && strncmp(name, text, name_len) == 0)
    unsigned long long number;
    static const char *const libraries[] = {"serial", "turnaround", "throughput", NULL};
    int index;
    const struct glass_setting *entry = glass_setting_find(name, name_len);
    if (entry && entry->change && entry->change(value))
        return;
    if (IS("KMP_BLOCKTIME") && glass_parse_uint(value, 0, __INT_MAX__, &number))
        kmp_set_blocktime((int)number);
    else if (IS("KMP_LIBRARY") && glass_parse_keyword(value, libraries, &index))
        kmp_set_library(index + 1);
    else
        glass_warn("kmp_set_defaults: \"%.*s=%s\" is not a setting Glass can change now; ignored",
                   (int)name_len, name, value);
#undef IS
}

/* kmp_set_defaults("NAME=value NAME=value ..."): settings as the environment
 * would give them, applied to the calling task and the runtime. */
GLASS_EXPORT void kmp_set_defaults(const char *settings)
{
    if (!settings)
        return;
    char *copy = strdup(settings), *save = NULL;
    if (!copy)
        return;
    for (char *item = strtok_r(copy, " \t\n", &save); item; item = strtok_r(NULL, " \t\n", &save)) {
        char *equals = strchr(item, '=');
        if (!equals) {
            glass_warn("kmp_set_defaults: \"%s\" is not NAME=value; ignored", item);
            continue;
        }
        apply_default(item, (size_t)(equals - item), equals + 1);
    }
    free(copy);
}

/* Warnings cannot be switched off: the core reports misuse it detects. */
GLASS_EXPORT void kmp_set_warnings_on(void)
{
}

GLASS_EXPORT void kmp_set_warnings_off(void)
{
}

/* Memory routines: libomp's thread-local fast allocator; the C library's
 * is thread-caching already. kmp_free accepts every block of the others. */
GLASS_EXPORT void *kmp_malloc(size_t size)
{
    return malloc(size);
}

GLASS_EXPORT void *kmp_aligned_malloc(size_t size, size_t alignment)
{
    void *block;
    if (alignment < sizeof(void *))
        alignment = sizeof(void *);
    return posix_memalign(&block, alignment, size) == 0 ? block : NULL;
}

GLASS_EXPORT void *kmp_calloc(size_t nelem, size_t elsize)
{
    return calloc(nelem, elsize);
}

GLASS_EXPORT void *kmp_realloc(void *ptr, size_t size)
{
    return realloc(ptr, size);
}

GLASS_EXPORT void kmp_free(void *ptr)
{
    free(ptr);
}

/* Threads the runtime has given a number (thread_id.h). */
GLASS_EXPORT int kmp_get_num_known_threads(void)
{
    return (int)glass_thread_gtid_count();
}

/* Whether cancellation of the innermost `kind` region (libomp's cancel
 * kinds: 1 parallel, 2 loop, 3 sections, 4 taskgroup) has been requested. */
GLASS_EXPORT int kmp_get_cancellation_status(int kind)
{
    static const enum glass_cancel_kind kinds[] = {0, GLASS_CANCEL_PARALLEL, GLASS_CANCEL_LOOP,
                                                   GLASS_CANCEL_SECTIONS, GLASS_CANCEL_TASKGROUP};
    if (kind < 1 || kind > 4)
        return 0;
    return glass_cancellation_point(glass_self(), kinds[kind]);
}

/* The kmpc_* spellings. */

GLASS_EXPORT void kmpc_set_stacksize(int size)
{
    kmp_set_stacksize(size);
}

GLASS_EXPORT void kmpc_set_stacksize_s(size_t size)
{
    kmp_set_stacksize_s(size);
}

GLASS_EXPORT void kmpc_set_blocktime(int milliseconds)
{
    kmp_set_blocktime(milliseconds);
}

GLASS_EXPORT void kmpc_set_library(int mode)
{
    kmp_set_library(mode);
}

GLASS_EXPORT void kmpc_set_defaults(const char *settings)
{
    kmp_set_defaults(settings);
}

GLASS_EXPORT void kmpc_set_disp_num_buffers(int buffers)
{
    kmp_set_disp_num_buffers(buffers);
}

GLASS_EXPORT void *kmpc_malloc(size_t size)
{
    return kmp_malloc(size);
}

GLASS_EXPORT void *kmpc_aligned_malloc(size_t size, size_t alignment)
{
    return kmp_aligned_malloc(size, alignment);
}

GLASS_EXPORT void *kmpc_calloc(size_t nelem, size_t elsize)
{
    return kmp_calloc(nelem, elsize);
}

GLASS_EXPORT void *kmpc_realloc(void *ptr, size_t size)
{
    return kmp_realloc(ptr, size);
}

GLASS_EXPORT void kmpc_free(void *ptr)
{
    kmp_free(ptr);
}

/* Fortran bindings. */

GLASS_EXPORT void kmp_set_stacksize_(const int *size)
{
    kmp_set_stacksize(*size);
}

GLASS_EXPORT void kmp_set_stacksize_s_(const size_t *size)
{
    kmp_set_stacksize_s(*size);
}

GLASS_EXPORT int kmp_get_stacksize_(void)
{
    return kmp_get_stacksize();
}

GLASS_EXPORT size_t kmp_get_stacksize_s_(void)
{
    return kmp_get_stacksize_s();
}

GLASS_EXPORT void kmp_set_blocktime_(const int *milliseconds)
{
    kmp_set_blocktime(*milliseconds);
}

GLASS_EXPORT int kmp_get_blocktime_(void)
{
    return kmp_get_blocktime();
}

GLASS_EXPORT void kmp_set_library_(const int *mode)
{
    kmp_set_library(*mode);
}

GLASS_EXPORT int kmp_get_library_(void)
{
    return kmp_get_library();
}

GLASS_EXPORT void kmp_set_library_serial_(void)
{
    kmp_set_library_serial();
}

GLASS_EXPORT void kmp_set_library_turnaround_(void)
{
    kmp_set_library_turnaround();
}

GLASS_EXPORT void kmp_set_library_throughput_(void)
{
    kmp_set_library_throughput();
}

GLASS_EXPORT void kmp_set_disp_num_buffers_(const int *buffers)
{
    kmp_set_disp_num_buffers(*buffers);
}

/* A Fortran character argument: its length comes as a hidden argument. */
GLASS_EXPORT void kmp_set_defaults_(const char *settings, int length)
{
    char *copy = strndup(settings, length > 0 ? (size_t)length : 0);
    if (copy) {
        kmp_set_defaults(copy);
        free(copy);
    }
}

GLASS_EXPORT void kmp_set_warnings_on_(void)
{
}

GLASS_EXPORT void kmp_set_warnings_off_(void)
{
}

GLASS_EXPORT void *kmp_malloc_(const size_t *size)
{
    return kmp_malloc(*size);
}

GLASS_EXPORT void *kmp_aligned_malloc_(const size_t *size, const size_t *alignment)
{
    return kmp_aligned_malloc(*size, *alignment);
}

GLASS_EXPORT void *kmp_calloc_(const size_t *nelem, const size_t *elsize)
{
    return kmp_calloc(*nelem, *elsize);
}

GLASS_EXPORT void *kmp_realloc_(void **ptr, const size_t *size)
{
    return kmp_realloc(*ptr, *size);
}

GLASS_EXPORT void kmp_free_(void **ptr)
{
    kmp_free(*ptr);
}

GLASS_EXPORT int kmp_get_num_known_threads_(void)
{
    return kmp_get_num_known_threads();
}

/* Takes its argument by value in libomp's Fortran binding too. */
GLASS_EXPORT int kmp_get_cancellation_status_(int kind)
{
    return kmp_get_cancellation_status(kind);
}

/* libomp's debug levels and diagnostics switch (exported variables). */
GLASS_EXPORT int kmp_a_debug, kmp_b_debug, kmp_c_debug, kmp_d_debug, kmp_e_debug, kmp_f_debug, kmp_diag;

/* The lock implementations OMPT reports (kmp_mutex_impl_t): all of Glass's
 * locks are futex words, which libomp calls queuing. */
struct kmp_mutex_impl_info {
    const char *name;
    long id;
};
GLASS_EXPORT const struct kmp_mutex_impl_info kmp_mutex_impl_info[] = {
    {"kmp_mutex_impl_none", 0},
    {"kmp_mutex_impl_spin", 1},
    {"kmp_mutex_impl_queuing", 2},
    {"kmp_mutex_impl_speculative", 3},
};
