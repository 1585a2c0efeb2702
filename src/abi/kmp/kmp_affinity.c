/* libomp's affinity mask routines: a kmp_affinity_mask_t is an opaque
 * pointer to a CPU set the program builds and then binds the calling thread
 * to. Processor numbers are the operating system's. */
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include "kmp.h"

static int max_procs(void)
{
    long n = sysconf(_SC_NPROCESSORS_CONF);
    return n > 0 ? (int)n : 1;
}

static size_t mask_size(void)
{
    return CPU_ALLOC_SIZE(max_procs());
}

/* The process's mask when the library was loaded. */
static cpu_set_t *initial_mask;

__attribute__((constructor)) static void save_initial_mask(void)
{
    initial_mask = CPU_ALLOC(max_procs());
    if (initial_mask && sched_getaffinity(0, mask_size(), initial_mask) != 0) {
        CPU_FREE(initial_mask);
        initial_mask = NULL;
    }
}

GLASS_EXPORT void kmp_create_affinity_mask(void **mask)
{
    cpu_set_t *set = CPU_ALLOC(max_procs());
    if (set)
        CPU_ZERO_S(mask_size(), set);
    *mask = set;
}

GLASS_EXPORT void kmp_destroy_affinity_mask(void **mask)
{
    if (*mask)
        CPU_FREE(*mask);
    *mask = NULL;
}

/* 0 on success, -1 when the mask or processor is invalid, -2 when the
 * processor is not available to the process. */
static int check(int proc, void **mask)
{
    if (!mask || !*mask || proc < 0 || proc >= max_procs())
        return -1;
    if (initial_mask && !CPU_ISSET_S((size_t)proc, mask_size(), initial_mask))
        return -2;
    return 0;
}

GLASS_EXPORT int kmp_set_affinity_mask_proc(int proc, void **mask)
{
    int status = check(proc, mask);
    if (status == 0)
        CPU_SET_S((size_t)proc, mask_size(), (cpu_set_t *)*mask);
    return status;
}

GLASS_EXPORT int kmp_unset_affinity_mask_proc(int proc, void **mask)
{
    int status = check(proc, mask);
    if (status == 0)
        CPU_CLR_S((size_t)proc, mask_size(), (cpu_set_t *)*mask);
    return status;
}

/* 1 when the processor is in the mask, 0 when not, -1 when invalid. */
GLASS_EXPORT int kmp_get_affinity_mask_proc(int proc, void **mask)
{
    if (!mask || !*mask || proc < 0 || proc >= max_procs())
        return -1;
    return CPU_ISSET_S((size_t)proc, mask_size(), (cpu_set_t *)*mask) != 0;
}

/* Binds the calling thread to the mask; 0 on success. */
GLASS_EXPORT int kmp_set_affinity(void **mask)
{
    if (!mask || !*mask)
        return -1;
    return sched_setaffinity(0, mask_size(), *mask) == 0 ? 0 : -1;
}

GLASS_EXPORT int kmp_get_affinity(void **mask)
{
    if (!mask || !*mask)
        return -1;
    return sched_getaffinity(0, mask_size(), *mask) == 0 ? 0 : -1;
}

GLASS_EXPORT int kmp_get_affinity_max_proc(void)
{
    return max_procs();
}

/* Binds the calling thread back to every processor the process had. */
GLASS_EXPORT int kmp_set_thread_affinity_mask_initial(void)
{
    if (!initial_mask)
        return -1;
    return sched_setaffinity(0, mask_size(), initial_mask) == 0 ? 0 : -1;
}

GLASS_EXPORT int kmpc_set_affinity_mask_proc(int proc, void **mask)
{
    return kmp_set_affinity_mask_proc(proc, mask);
}

GLASS_EXPORT int kmpc_unset_affinity_mask_proc(int proc, void **mask)
{
    return kmp_unset_affinity_mask_proc(proc, mask);
}

GLASS_EXPORT int kmpc_get_affinity_mask_proc(int proc, void **mask)
{
    return kmp_get_affinity_mask_proc(proc, mask);
}

/* Fortran bindings. */
GLASS_EXPORT void kmp_create_affinity_mask_(void **mask)
{
    kmp_create_affinity_mask(mask);
}

GLASS_EXPORT void kmp_destroy_affinity_mask_(void **mask)
{
    kmp_destroy_affinity_mask(mask);
}

GLASS_EXPORT int kmp_set_affinity_mask_proc_(const int *proc, void **mask)
{
    return kmp_set_affinity_mask_proc(*proc, mask);
}

GLASS_EXPORT int kmp_unset_affinity_mask_proc_(const int *proc, void **mask)
{
    return kmp_unset_affinity_mask_proc(*proc, mask);
}

GLASS_EXPORT int kmp_get_affinity_mask_proc_(const int *proc, void **mask)
{
    return kmp_get_affinity_mask_proc(*proc, mask);
}

GLASS_EXPORT int kmp_set_affinity_(void **mask)
{
    return kmp_set_affinity(mask);
}

GLASS_EXPORT int kmp_get_affinity_(void **mask)
{
    return kmp_get_affinity(mask);
}

GLASS_EXPORT int kmp_get_affinity_max_proc_(void)
{
    return kmp_get_affinity_max_proc();
}
