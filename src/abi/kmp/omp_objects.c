/* The allocator and memory space handles libomp exports as constant objects
 * (its omp.h declares them as objects on some platforms), with the values
 * both compilers' omp.h give the names and the core uses (alloc.h).
 * kmp_max_mem_alloc is libomp's bound above which a handle is an allocator
 * made by omp_init_allocator. */
#include <stdint.h>

#include "../../core/memory/alloc.h"
#include "../../core/export.h"

GLASS_EXPORT const uintptr_t omp_null_allocator = GLASS_NULL_ALLOCATOR;
GLASS_EXPORT const uintptr_t omp_default_mem_alloc = GLASS_DEFAULT_MEM_ALLOC;
GLASS_EXPORT const uintptr_t omp_large_cap_mem_alloc = GLASS_LARGE_CAP_MEM_ALLOC;
GLASS_EXPORT const uintptr_t omp_const_mem_alloc = GLASS_CONST_MEM_ALLOC;
GLASS_EXPORT const uintptr_t omp_high_bw_mem_alloc = GLASS_HIGH_BW_MEM_ALLOC;
GLASS_EXPORT const uintptr_t omp_low_lat_mem_alloc = GLASS_LOW_LAT_MEM_ALLOC;
GLASS_EXPORT const uintptr_t omp_cgroup_mem_alloc = GLASS_CGROUP_MEM_ALLOC;
GLASS_EXPORT const uintptr_t omp_pteam_mem_alloc = GLASS_PTEAM_MEM_ALLOC;
GLASS_EXPORT const uintptr_t omp_thread_mem_alloc = GLASS_THREAD_MEM_ALLOC;
GLASS_EXPORT const uintptr_t kmp_max_mem_alloc = 1024;

GLASS_EXPORT const uintptr_t omp_default_mem_space = GLASS_MEMSPACE_DEFAULT;
GLASS_EXPORT const uintptr_t omp_large_cap_mem_space = GLASS_MEMSPACE_LARGE_CAP;
GLASS_EXPORT const uintptr_t omp_const_mem_space = GLASS_MEMSPACE_CONST;
GLASS_EXPORT const uintptr_t omp_high_bw_mem_space = GLASS_MEMSPACE_HIGH_BW;
GLASS_EXPORT const uintptr_t omp_low_lat_mem_space = GLASS_MEMSPACE_LOW_LAT;
