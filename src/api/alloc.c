/* User API: memory management routines (OpenMP 5.1, 3.13), C and Fortran.
 *
 * Compiled against Glass's own omp.h so the definitions are checked against
 * the prototypes programs see. */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>

#include "../../include/omp.h"
#include "../core/memory/alloc.h"
#include "../core/threads/thread.h"
#include "api.h"

_Static_assert(sizeof(omp_alloctrait_t) == sizeof(struct glass_alloc_trait) &&
                   offsetof(omp_alloctrait_t, value) == offsetof(struct glass_alloc_trait, value),
               "omp_alloctrait_t and struct glass_alloc_trait differ");
_Static_assert(sizeof(omp_allocator_handle_t) == sizeof(uintptr_t), "allocator handles are pointer-sized");

GLASS_EXPORT omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t memspace, int ntraits,
                                                       const omp_alloctrait_t traits[])
{
    return (omp_allocator_handle_t)glass_allocator_create(
        (uintptr_t)memspace, ntraits, (const struct glass_alloc_trait *)traits);
}

GLASS_EXPORT void omp_destroy_allocator(omp_allocator_handle_t allocator)
{
    glass_allocator_destroy((uintptr_t)allocator);
}

GLASS_EXPORT void omp_set_default_allocator(omp_allocator_handle_t allocator)
{
    /* 3.13.4: the argument must be a valid allocator; keep the ICV usable. */
    if (allocator == omp_null_allocator || !glass_allocator_is_valid((uintptr_t)allocator)) {
        glass_warn("omp_set_default_allocator(%#" PRIxPTR "): not a valid allocator handle; ignored",
                   (uintptr_t)allocator);
        return;
    }
    glass_self()->task->icv.default_allocator = (uintptr_t)allocator;
}

GLASS_EXPORT omp_allocator_handle_t omp_get_default_allocator(void)
{
    return (omp_allocator_handle_t)glass_allocator_resolve(GLASS_NULL_ALLOCATOR);
}

GLASS_EXPORT void *omp_alloc(size_t size, omp_allocator_handle_t allocator)
{
    return glass_alloc(0, size, (uintptr_t)allocator);
}

GLASS_EXPORT void *omp_aligned_alloc(size_t alignment, size_t size, omp_allocator_handle_t allocator)
{
    return glass_alloc(alignment, size, (uintptr_t)allocator);
}

GLASS_EXPORT void *omp_calloc(size_t nmemb, size_t size, omp_allocator_handle_t allocator)
{
    return glass_calloc(0, nmemb, size, (uintptr_t)allocator);
}

GLASS_EXPORT void *omp_aligned_calloc(size_t alignment, size_t nmemb, size_t size,
                                      omp_allocator_handle_t allocator)
{
    return glass_calloc(alignment, nmemb, size, (uintptr_t)allocator);
}

GLASS_EXPORT void *omp_realloc(void *ptr, size_t size, omp_allocator_handle_t allocator,
                               omp_allocator_handle_t free_allocator)
{
    return glass_realloc(ptr, size, (uintptr_t)allocator, (uintptr_t)free_allocator);
}

GLASS_EXPORT void omp_free(void *ptr, omp_allocator_handle_t allocator)
{
    glass_free(ptr, (uintptr_t)allocator);
}

/* Fortran bindings of the routines without bind(c): arguments by reference,
 * handles of kind c_intptr_t, and an _8_ variant for integer(8) counts. The
 * allocation routines themselves are bind(c) and need no wrapper. */

GLASS_EXPORT intptr_t omp_init_allocator_(const intptr_t *memspace, const int32_t *ntraits,
                                          const omp_alloctrait_t *traits);
GLASS_EXPORT intptr_t omp_init_allocator_8_(const intptr_t *memspace, const int64_t *ntraits,
                                            const omp_alloctrait_t *traits);
GLASS_EXPORT void omp_destroy_allocator_(const intptr_t *allocator);
GLASS_EXPORT void omp_set_default_allocator_(const intptr_t *allocator);
GLASS_EXPORT intptr_t omp_get_default_allocator_(void);

intptr_t omp_init_allocator_(const intptr_t *memspace, const int32_t *ntraits, const omp_alloctrait_t *traits)
{
    return (intptr_t)omp_init_allocator((omp_memspace_handle_t)*memspace, *ntraits, traits);
}

intptr_t omp_init_allocator_8_(const intptr_t *memspace, const int64_t *ntraits, const omp_alloctrait_t *traits)
{
    if (*ntraits < 0 || *ntraits > INT32_MAX)
        return (intptr_t)omp_null_allocator;
    return (intptr_t)omp_init_allocator((omp_memspace_handle_t)*memspace, (int)*ntraits, traits);
}

void omp_destroy_allocator_(const intptr_t *allocator)
{
    omp_destroy_allocator((omp_allocator_handle_t)*allocator);
}

void omp_set_default_allocator_(const intptr_t *allocator)
{
    omp_set_default_allocator((omp_allocator_handle_t)*allocator);
}

intptr_t omp_get_default_allocator_(void)
{
    return (intptr_t)omp_get_default_allocator();
}
