/* Clang ABI: task dependences (OpenMP 5.1, 2.19.11). Clang describes each
 * dependence with a kmp_depend_info (address, length, kind bits) in two
 * lists (the second for noalias items), and expands depobj objects into
 * those lists itself, so the runtime only translates the kinds. */
#include <stdlib.h>

#include "../../core/runtime.h"
#include "../../ompt/events.h"
#include "depend.h"
#include "task.h"

enum {
    KMP_DEPEND_IN = 1,
    KMP_DEPEND_OUT = 2,
    KMP_DEPEND_MTX = 4,  /* mutexinoutset */
    KMP_DEPEND_SET = 8,  /* inoutset */
    KMP_DEPEND_ALL = 0x80, /* omp_all_memory */
};

/* omp_all_memory comes in two forms: the flag above, or an item at the
 * address (size_t)-1 with the out or inout flags, which libomp takes as all
 * memory too (its own runtime tests build both forms). */
#define KMP_ALL_MEMORY_ADDRESS ((intptr_t)-1)

enum glass_depend_kind kmp_depend_kind(const struct kmp_depend_info *item)
{
    uint8_t flags = item->flags;
    if ((flags & KMP_DEPEND_ALL) || item->base_addr == KMP_ALL_MEMORY_ADDRESS)
        return flags & KMP_DEPEND_IN ? GLASS_DEPEND_INOUT_ALL_MEMORY : GLASS_DEPEND_OUT_ALL_MEMORY;
    if (flags & KMP_DEPEND_MTX)
        return GLASS_DEPEND_MUTEXINOUTSET;
    if (flags & KMP_DEPEND_SET)
        return GLASS_DEPEND_INOUTSET;
    if (flags & KMP_DEPEND_OUT)
        return GLASS_DEPEND_INOUT; /* out and inout order alike */
    return GLASS_DEPEND_IN;
}

/* Dependences decoded on the stack, or on the heap when there are many. */
#define LOCAL_DEPENDS 16

struct decoded {
    struct glass_depend local[LOCAL_DEPENDS];
    struct glass_depend *deps;
    size_t n;
};

static void decode(struct decoded *out, int32_t ndeps, const struct kmp_depend_info *list, int32_t ndeps_noalias,
                   const struct kmp_depend_info *noalias)
{
    size_t n = (ndeps > 0 ? (size_t)ndeps : 0) + (ndeps_noalias > 0 ? (size_t)ndeps_noalias : 0);
    out->deps = out->local;
    if (n > LOCAL_DEPENDS && !(out->deps = malloc(n * sizeof *out->deps)))
        glass_fatal("out of memory for %zu task dependences", n);
    out->n = 0;
    for (int pass = 0; pass < 2; pass++) {
        const struct kmp_depend_info *items = pass ? noalias : list;
        int32_t count = pass ? ndeps_noalias : ndeps;
        for (int32_t i = 0; i < count; i++) {
            out->deps[out->n++] = (struct glass_depend){(void *)items[i].base_addr, kmp_depend_kind(&items[i])};
        }
    }
}

static void release(struct decoded *decoded)
{
    if (decoded->deps != decoded->local)
        free(decoded->deps);
}

GLASS_EXPORT int32_t __kmpc_omp_task_with_deps(struct kmp_ident *loc, int32_t gtid, struct kmp_task *task,
                                               int32_t ndeps, const struct kmp_depend_info *dep_list,
                                               int32_t ndeps_noalias, const struct kmp_depend_info *noalias_dep_list)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    struct kmp_task_block *block = kmp_block_of(task);
    if (block->running) {
        block->again = true;
        return 0;
    }
    struct decoded decoded;
    decode(&decoded, ndeps, dep_list, ndeps_noalias, noalias_dep_list);
    kmp_task_submit(kmp_thread(gtid), block, decoded.deps, decoded.n, __builtin_return_address(0));
    release(&decoded);
    return 0;
}

/* The encountering task waits until the listed dependences are met. */
static void wait_deps(struct glass_thread *self, int32_t ndeps, const struct kmp_depend_info *dep_list,
                      int32_t ndeps_noalias, const struct kmp_depend_info *noalias_dep_list, const void *codeptr)
{
    struct decoded decoded;
    decode(&decoded, ndeps, dep_list, ndeps_noalias, noalias_dep_list);
    if (decoded.n)
        glass_task_wait_depend_at(self, decoded.deps, decoded.n, codeptr);
    release(&decoded);
}

/* Waits for the dependences of an if(false) task before Clang runs it, and
 * taskwait with depend clauses. */
GLASS_EXPORT void __kmpc_omp_wait_deps(struct kmp_ident *loc, int32_t gtid, int32_t ndeps,
                                       const struct kmp_depend_info *dep_list, int32_t ndeps_noalias,
                                       const struct kmp_depend_info *noalias_dep_list)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    wait_deps(kmp_thread(gtid), ndeps, dep_list, ndeps_noalias, noalias_dep_list, __builtin_return_address(0));
}

/* taskwait with depend clauses, and (OpenMP 5.1) a nowait clause: libomp 19
 * takes has_no_wait as a placeholder and waits all the same, which the
 * construct allows (its dependences are then met before the encountering
 * task goes on); so does Glass. */
GLASS_EXPORT void __kmpc_omp_taskwait_deps_51(struct kmp_ident *loc, int32_t gtid, int32_t ndeps,
                                              const struct kmp_depend_info *dep_list, int32_t ndeps_noalias,
                                              const struct kmp_depend_info *noalias_dep_list, int32_t has_no_wait)
{
    (void)loc, (void)has_no_wait;
    GLASS_OMPT_ENTRY();
    wait_deps(kmp_thread(gtid), ndeps, dep_list, ndeps_noalias, noalias_dep_list, __builtin_return_address(0));
}
