/* omp.h: the OpenMP 5.1 runtime library interface for C and C++, as provided
 * by Glass.
 *
 * Written from the OpenMP 5.1 and 5.2 specifications (chapter 3, "Runtime
 * Library Routines"). Every type and constant has the size and value GCC's
 * omp.h gives it, so objects compiled against either header can be linked
 * into one program running on Glass; gcc, g++, clang and clang++ can all
 * compile against it. */
#ifndef GLASS_OMP_H
#define GLASS_OMP_H 1

/* size_t and NULL, and exit, malloc and the rest of <stdlib.h>: programs
 * use them with only <omp.h> included, as libomp's header lets them (it
 * includes both). */
#include <stddef.h>
#include <stdlib.h>

/* ---- compiler support ------------------------------------------------------ */

#if defined(__GNUC__) || defined(__clang__)
#define __GLASS_OMP_ALIGNED(n) __attribute__((__aligned__(n)))
#define __GLASS_OMP_EXTENSION __extension__
#else
#define __GLASS_OMP_ALIGNED(n)
#define __GLASS_OMP_EXTENSION
#endif

/* Deprecated names warn only when the compiler targets the OpenMP version
 * that deprecated them (5.0 is 201811, 5.1 is 202011). */
#if (defined(__GNUC__) || defined(__clang__)) && defined(_OPENMP) && _OPENMP >= 201811
#define __GLASS_OMP_DEPRECATED_IN_5_0 __attribute__((__deprecated__))
#else
#define __GLASS_OMP_DEPRECATED_IN_5_0
#endif
#if (defined(__GNUC__) || defined(__clang__)) && defined(_OPENMP) && _OPENMP >= 202011
#define __GLASS_OMP_DEPRECATED_IN_5_1 __attribute__((__deprecated__))
#else
#define __GLASS_OMP_DEPRECATED_IN_5_1
#endif

#if defined(__cplusplus) && __cplusplus >= 201103L
#define __GLASS_OMP_NOTHROW noexcept
#elif defined(__cplusplus)
#define __GLASS_OMP_NOTHROW throw()
#elif defined(__GNUC__) || defined(__clang__)
#define __GLASS_OMP_NOTHROW __attribute__((__nothrow__))
#else
#define __GLASS_OMP_NOTHROW
#endif

/* Handles are pointer-sized enumerations; C++11 can say so directly. */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define __GLASS_OMP_HANDLE_BASE : omp_uintptr_t
#else
#define __GLASS_OMP_HANDLE_BASE
#endif

/* In C++ the allocator arguments of the memory routines may be omitted. */
#ifdef __cplusplus
#define __GLASS_OMP_DEFAULT_ALLOCATOR = omp_null_allocator
#else
#define __GLASS_OMP_DEFAULT_ALLOCATOR
#endif

/* Attributes that let the compiler check and optimize allocation calls. */
#if defined(__GNUC__) || defined(__clang__)
#define __GLASS_OMP_MALLOC __attribute__((__malloc__))
#define __GLASS_OMP_ALLOC_SIZE(n) __attribute__((__alloc_size__(n)))
#define __GLASS_OMP_ALLOC_SIZE2(n, m) __attribute__((__alloc_size__(n, m)))
#define __GLASS_OMP_ALLOC_ALIGN(n) __attribute__((__alloc_align__(n)))
#else
#define __GLASS_OMP_MALLOC
#define __GLASS_OMP_ALLOC_SIZE(n)
#define __GLASS_OMP_ALLOC_SIZE2(n, m)
#define __GLASS_OMP_ALLOC_ALIGN(n)
#endif
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#define __GLASS_OMP_FREED_BY_OMP_FREE __attribute__((__malloc__(omp_free, 1)))
#else
#define __GLASS_OMP_FREED_BY_OMP_FREE
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- types (OpenMP 5.1, 3.1 and the sections of each routine) ------------- */

typedef __UINTPTR_TYPE__ omp_uintptr_t;
typedef __INTPTR_TYPE__ omp_intptr_t;

/* Locks are opaque to programs. Glass keeps a simple lock in 4 bytes and a
 * nestable lock in 8, so code compiled against any omp.h works; the room here
 * is larger than that, which is always safe. */
typedef struct omp_lock_t {
    unsigned char __glass_opaque[8];
} __GLASS_OMP_ALIGNED(8) omp_lock_t;

typedef struct omp_nest_lock_t {
    unsigned char __glass_opaque[16];
} __GLASS_OMP_ALIGNED(8) omp_nest_lock_t;

/* Schedule kinds for omp_set_schedule / omp_get_schedule (3.2.11). The
 * monotonic modifier may be combined with a kind by bitwise or. */
__GLASS_OMP_EXTENSION typedef enum omp_sched_t {
    omp_sched_static = 0x1,
    omp_sched_dynamic = 0x2,
    omp_sched_guided = 0x3,
    omp_sched_auto = 0x4,
    omp_sched_monotonic = 0x80000000u
} omp_sched_t;

/* Thread affinity policies (2.6.2, 3.3.1). */
typedef enum omp_proc_bind_t {
    omp_proc_bind_false = 0,
    omp_proc_bind_true = 1,
    omp_proc_bind_primary = 2,
    omp_proc_bind_master __GLASS_OMP_DEPRECATED_IN_5_1 = omp_proc_bind_primary,
    omp_proc_bind_close = 3,
    omp_proc_bind_spread = 4
} omp_proc_bind_t;

/* Synchronization hints (2.19.12); the lock_hint names are the 4.5 spelling. */
typedef enum omp_sync_hint_t {
    omp_sync_hint_none = 0x0,
    omp_sync_hint_uncontended = 0x1,
    omp_sync_hint_contended = 0x2,
    omp_sync_hint_nonspeculative = 0x4,
    omp_sync_hint_speculative = 0x8,
    omp_lock_hint_none __GLASS_OMP_DEPRECATED_IN_5_0 = omp_sync_hint_none,
    omp_lock_hint_uncontended __GLASS_OMP_DEPRECATED_IN_5_0 = omp_sync_hint_uncontended,
    omp_lock_hint_contended __GLASS_OMP_DEPRECATED_IN_5_0 = omp_sync_hint_contended,
    omp_lock_hint_nonspeculative __GLASS_OMP_DEPRECATED_IN_5_0 = omp_sync_hint_nonspeculative,
    omp_lock_hint_speculative __GLASS_OMP_DEPRECATED_IN_5_0 = omp_sync_hint_speculative
} omp_sync_hint_t;

typedef omp_sync_hint_t omp_lock_hint_t __GLASS_OMP_DEPRECATED_IN_5_0;

/* A depend object (2.19.10.1). Its contents are written by the compiler's
 * code for the depobj construct, and the two compilers disagree: GCC stores two
 * pointers in it, Clang one pointer (and generates code that only works when
 * the type is a pointer). Each compiler gets the shape its code expects. */
#ifdef __clang__
typedef void *omp_depend_t;
#else
typedef struct omp_depend_t {
    char __glass_opaque[2 * sizeof(void *)];
} __GLASS_OMP_ALIGNED(sizeof(void *)) omp_depend_t;
#endif

/* omp_pause_resource kinds (3.6.1). */
typedef enum omp_pause_resource_t {
    omp_pause_soft = 1,
    omp_pause_hard = 2
} omp_pause_resource_t;

/* Memory spaces (2.13.1). */
__GLASS_OMP_EXTENSION typedef enum omp_memspace_handle_t __GLASS_OMP_HANDLE_BASE {
    omp_default_mem_space = 0,
    omp_large_cap_mem_space = 1,
    omp_const_mem_space = 2,
    omp_high_bw_mem_space = 3,
    omp_low_lat_mem_space = 4,
    __glass_omp_memspace_handle_max = __UINTPTR_MAX__
} omp_memspace_handle_t;

/* Allocators (2.13.3); handles other than these come from omp_init_allocator. */
__GLASS_OMP_EXTENSION typedef enum omp_allocator_handle_t __GLASS_OMP_HANDLE_BASE {
    omp_null_allocator = 0,
    omp_default_mem_alloc = 1,
    omp_large_cap_mem_alloc = 2,
    omp_const_mem_alloc = 3,
    omp_high_bw_mem_alloc = 4,
    omp_low_lat_mem_alloc = 5,
    omp_cgroup_mem_alloc = 6,
    omp_pteam_mem_alloc = 7,
    omp_thread_mem_alloc = 8,
    __glass_omp_allocator_handle_max = __UINTPTR_MAX__
} omp_allocator_handle_t;

/* Allocator traits (2.13.2, table 2.9). */
typedef enum omp_alloctrait_key_t {
    omp_atk_sync_hint = 1,
    omp_atk_alignment = 2,
    omp_atk_access = 3,
    omp_atk_pool_size = 4,
    omp_atk_fallback = 5,
    omp_atk_fb_data = 6,
    omp_atk_pinned = 7,
    omp_atk_partition = 8
} omp_alloctrait_key_t;

__GLASS_OMP_EXTENSION typedef enum omp_alloctrait_value_t {
    omp_atv_default = (omp_uintptr_t)-1,
    omp_atv_false = 0,
    omp_atv_true = 1,
    omp_atv_contended = 3,
    omp_atv_uncontended = 4,
    omp_atv_serialized = 5,
    omp_atv_sequential __GLASS_OMP_DEPRECATED_IN_5_1 = omp_atv_serialized,
    omp_atv_private = 6,
    omp_atv_all = 7,
    omp_atv_thread = 8,
    omp_atv_pteam = 9,
    omp_atv_cgroup = 10,
    omp_atv_default_mem_fb = 11,
    omp_atv_null_fb = 12,
    omp_atv_abort_fb = 13,
    omp_atv_allocator_fb = 14,
    omp_atv_environment = 15,
    omp_atv_nearest = 16,
    omp_atv_blocked = 17,
    omp_atv_interleaved = 18
} omp_alloctrait_value_t;

typedef struct omp_alloctrait_t {
    omp_alloctrait_key_t key;
    omp_uintptr_t value;
} omp_alloctrait_t;

/* The event of a detachable task (2.12.1, 3.11.1). */
__GLASS_OMP_EXTENSION typedef enum omp_event_handle_t __GLASS_OMP_HANDLE_BASE {
    __glass_omp_event_handle_max = __UINTPTR_MAX__
} omp_event_handle_t;

/* Interoperability (2.15, 3.12). */
typedef void *omp_interop_t;
#define omp_interop_none ((omp_interop_t)0)

typedef enum omp_interop_property_t {
    omp_ipr_fr_id = -1,
    omp_ipr_fr_name = -2,
    omp_ipr_vendor = -3,
    omp_ipr_vendor_name = -4,
    omp_ipr_device_num = -5,
    omp_ipr_platform = -6,
    omp_ipr_device = -7,
    omp_ipr_device_context = -8,
    omp_ipr_targetsync = -9,
    omp_ipr_first = -9
} omp_interop_property_t;

typedef enum omp_interop_rc_t {
    omp_irc_no_value = 1,
    omp_irc_success = 0,
    omp_irc_empty = -1,
    omp_irc_out_of_range = -2,
    omp_irc_type_int = -3,
    omp_irc_type_ptr = -4,
    omp_irc_type_str = -5,
    omp_irc_other = -6
} omp_interop_rc_t;

/* Foreign runtime ids, from the OpenMP Additional Definitions document. */
typedef enum omp_interop_fr_t {
    omp_ifr_cuda = 1,
    omp_ifr_cuda_driver = 2,
    omp_ifr_opencl = 3,
    omp_ifr_sycl = 4,
    omp_ifr_hip = 5,
    omp_ifr_level_zero = 6,
    omp_ifr_last = 7
} omp_interop_fr_t;

/* Tool control (3.14). */
typedef enum omp_control_tool_t {
    omp_control_tool_start = 1,
    omp_control_tool_pause = 2,
    omp_control_tool_flush = 3,
    omp_control_tool_end = 4
} omp_control_tool_t;

typedef enum omp_control_tool_result_t {
    omp_control_tool_notool = -2,
    omp_control_tool_nocallback = -1,
    omp_control_tool_success = 0,
    omp_control_tool_ignored = 1
} omp_control_tool_result_t;

/* ---- 3.2 parallel region and thread team routines -------------------------- */

extern void omp_set_num_threads(int num_threads) __GLASS_OMP_NOTHROW;
extern int omp_get_num_threads(void) __GLASS_OMP_NOTHROW;
extern int omp_get_max_threads(void) __GLASS_OMP_NOTHROW;
extern int omp_get_thread_num(void) __GLASS_OMP_NOTHROW;
extern int omp_get_num_procs(void) __GLASS_OMP_NOTHROW;
extern int omp_in_parallel(void) __GLASS_OMP_NOTHROW;
extern void omp_set_dynamic(int dynamic_threads) __GLASS_OMP_NOTHROW;
extern int omp_get_dynamic(void) __GLASS_OMP_NOTHROW;
extern int omp_get_cancellation(void) __GLASS_OMP_NOTHROW;
extern void omp_set_nested(int nested) __GLASS_OMP_NOTHROW __GLASS_OMP_DEPRECATED_IN_5_0;
extern int omp_get_nested(void) __GLASS_OMP_NOTHROW __GLASS_OMP_DEPRECATED_IN_5_0;
extern void omp_set_schedule(omp_sched_t kind, int chunk_size) __GLASS_OMP_NOTHROW;
extern void omp_get_schedule(omp_sched_t *kind, int *chunk_size) __GLASS_OMP_NOTHROW;
extern int omp_get_thread_limit(void) __GLASS_OMP_NOTHROW;
extern int omp_get_supported_active_levels(void) __GLASS_OMP_NOTHROW;
extern void omp_set_max_active_levels(int max_levels) __GLASS_OMP_NOTHROW;
extern int omp_get_max_active_levels(void) __GLASS_OMP_NOTHROW;
extern int omp_get_level(void) __GLASS_OMP_NOTHROW;
extern int omp_get_ancestor_thread_num(int level) __GLASS_OMP_NOTHROW;
extern int omp_get_team_size(int level) __GLASS_OMP_NOTHROW;
extern int omp_get_active_level(void) __GLASS_OMP_NOTHROW;

/* ---- 3.3 thread affinity routines ------------------------------------------ */

extern omp_proc_bind_t omp_get_proc_bind(void) __GLASS_OMP_NOTHROW;
extern int omp_get_num_places(void) __GLASS_OMP_NOTHROW;
extern int omp_get_place_num_procs(int place_num) __GLASS_OMP_NOTHROW;
extern void omp_get_place_proc_ids(int place_num, int *ids) __GLASS_OMP_NOTHROW;
extern int omp_get_place_num(void) __GLASS_OMP_NOTHROW;
extern int omp_get_partition_num_places(void) __GLASS_OMP_NOTHROW;
extern void omp_get_partition_place_nums(int *place_nums) __GLASS_OMP_NOTHROW;
extern void omp_set_affinity_format(const char *format) __GLASS_OMP_NOTHROW;
extern __SIZE_TYPE__ omp_get_affinity_format(char *buffer, __SIZE_TYPE__ size) __GLASS_OMP_NOTHROW;
extern void omp_display_affinity(const char *format) __GLASS_OMP_NOTHROW;
extern __SIZE_TYPE__ omp_capture_affinity(char *buffer, __SIZE_TYPE__ size, const char *format)
    __GLASS_OMP_NOTHROW;

/* ---- 3.4 teams region routines --------------------------------------------- */

extern int omp_get_num_teams(void) __GLASS_OMP_NOTHROW;
extern int omp_get_team_num(void) __GLASS_OMP_NOTHROW;
extern void omp_set_num_teams(int num_teams) __GLASS_OMP_NOTHROW;
extern int omp_get_max_teams(void) __GLASS_OMP_NOTHROW;
extern void omp_set_teams_thread_limit(int thread_limit) __GLASS_OMP_NOTHROW;
extern int omp_get_teams_thread_limit(void) __GLASS_OMP_NOTHROW;

/* ---- 3.5 tasking routines ---------------------------------------------------- */

extern int omp_get_max_task_priority(void) __GLASS_OMP_NOTHROW;
extern int omp_in_final(void) __GLASS_OMP_NOTHROW;

/* ---- 3.6 resource relinquishing routines ------------------------------------ */

extern int omp_pause_resource(omp_pause_resource_t kind, int device_num) __GLASS_OMP_NOTHROW;
extern int omp_pause_resource_all(omp_pause_resource_t kind) __GLASS_OMP_NOTHROW;

/* ---- 3.7 device information routines ---------------------------------------- */

extern void omp_set_default_device(int device_num) __GLASS_OMP_NOTHROW;
extern int omp_get_default_device(void) __GLASS_OMP_NOTHROW;
extern int omp_get_num_devices(void) __GLASS_OMP_NOTHROW;
extern int omp_get_device_num(void) __GLASS_OMP_NOTHROW;
extern int omp_is_initial_device(void) __GLASS_OMP_NOTHROW;
extern int omp_get_initial_device(void) __GLASS_OMP_NOTHROW;

/* ---- 3.8 device memory routines ---------------------------------------------- */

extern void *omp_target_alloc(__SIZE_TYPE__ size, int device_num) __GLASS_OMP_NOTHROW;
extern void omp_target_free(void *device_ptr, int device_num) __GLASS_OMP_NOTHROW;
extern int omp_target_is_present(const void *ptr, int device_num) __GLASS_OMP_NOTHROW;
extern int omp_target_is_accessible(const void *ptr, __SIZE_TYPE__ size, int device_num)
    __GLASS_OMP_NOTHROW;
extern int omp_target_memcpy(void *dst, const void *src, __SIZE_TYPE__ length,
                             __SIZE_TYPE__ dst_offset, __SIZE_TYPE__ src_offset,
                             int dst_device_num, int src_device_num) __GLASS_OMP_NOTHROW;
extern int omp_target_memcpy_rect(void *dst, const void *src, __SIZE_TYPE__ element_size,
                                  int num_dims, const __SIZE_TYPE__ *volume,
                                  const __SIZE_TYPE__ *dst_offsets,
                                  const __SIZE_TYPE__ *src_offsets,
                                  const __SIZE_TYPE__ *dst_dimensions,
                                  const __SIZE_TYPE__ *src_dimensions,
                                  int dst_device_num, int src_device_num) __GLASS_OMP_NOTHROW;
extern int omp_target_memcpy_async(void *dst, const void *src, __SIZE_TYPE__ length,
                                   __SIZE_TYPE__ dst_offset, __SIZE_TYPE__ src_offset,
                                   int dst_device_num, int src_device_num,
                                   int depobj_count, omp_depend_t *depobj_list)
    __GLASS_OMP_NOTHROW;
extern int omp_target_memcpy_rect_async(void *dst, const void *src,
                                        __SIZE_TYPE__ element_size, int num_dims,
                                        const __SIZE_TYPE__ *volume,
                                        const __SIZE_TYPE__ *dst_offsets,
                                        const __SIZE_TYPE__ *src_offsets,
                                        const __SIZE_TYPE__ *dst_dimensions,
                                        const __SIZE_TYPE__ *src_dimensions,
                                        int dst_device_num, int src_device_num,
                                        int depobj_count, omp_depend_t *depobj_list)
    __GLASS_OMP_NOTHROW;
extern int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr,
                                    __SIZE_TYPE__ size, __SIZE_TYPE__ device_offset,
                                    int device_num) __GLASS_OMP_NOTHROW;
extern int omp_target_disassociate_ptr(const void *ptr, int device_num) __GLASS_OMP_NOTHROW;
extern void *omp_get_mapped_ptr(const void *ptr, int device_num) __GLASS_OMP_NOTHROW;

/* ---- 3.9 lock routines ------------------------------------------------------- */

extern void omp_init_lock(omp_lock_t *lock) __GLASS_OMP_NOTHROW;
extern void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint) __GLASS_OMP_NOTHROW;
extern void omp_destroy_lock(omp_lock_t *lock) __GLASS_OMP_NOTHROW;
extern void omp_set_lock(omp_lock_t *lock) __GLASS_OMP_NOTHROW;
extern void omp_unset_lock(omp_lock_t *lock) __GLASS_OMP_NOTHROW;
extern int omp_test_lock(omp_lock_t *lock) __GLASS_OMP_NOTHROW;

extern void omp_init_nest_lock(omp_nest_lock_t *lock) __GLASS_OMP_NOTHROW;
extern void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_sync_hint_t hint)
    __GLASS_OMP_NOTHROW;
extern void omp_destroy_nest_lock(omp_nest_lock_t *lock) __GLASS_OMP_NOTHROW;
extern void omp_set_nest_lock(omp_nest_lock_t *lock) __GLASS_OMP_NOTHROW;
extern void omp_unset_nest_lock(omp_nest_lock_t *lock) __GLASS_OMP_NOTHROW;
extern int omp_test_nest_lock(omp_nest_lock_t *lock) __GLASS_OMP_NOTHROW;

/* ---- 3.10 timing routines ---------------------------------------------------- */

extern double omp_get_wtime(void) __GLASS_OMP_NOTHROW;
extern double omp_get_wtick(void) __GLASS_OMP_NOTHROW;

/* ---- 3.11 event routine ------------------------------------------------------ */

extern void omp_fulfill_event(omp_event_handle_t event) __GLASS_OMP_NOTHROW;

/* ---- 3.12 interoperability routines ------------------------------------------ */

extern int omp_get_num_interop_properties(const omp_interop_t interop) __GLASS_OMP_NOTHROW;
extern omp_intptr_t omp_get_interop_int(const omp_interop_t interop,
                                        omp_interop_property_t property_id, int *ret_code)
    __GLASS_OMP_NOTHROW;
extern void *omp_get_interop_ptr(const omp_interop_t interop, omp_interop_property_t property_id,
                                 int *ret_code) __GLASS_OMP_NOTHROW;
extern const char *omp_get_interop_str(const omp_interop_t interop,
                                       omp_interop_property_t property_id, int *ret_code)
    __GLASS_OMP_NOTHROW;
extern const char *omp_get_interop_name(const omp_interop_t interop,
                                        omp_interop_property_t property_id) __GLASS_OMP_NOTHROW;
extern const char *omp_get_interop_type_desc(const omp_interop_t interop,
                                             omp_interop_property_t property_id)
    __GLASS_OMP_NOTHROW;
extern const char *omp_get_interop_rc_desc(const omp_interop_t interop,
                                           omp_interop_rc_t ret_code) __GLASS_OMP_NOTHROW;

/* ---- 3.13 memory management routines ------------------------------------------ */

extern omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t memspace, int ntraits,
                                                 const omp_alloctrait_t traits[])
    __GLASS_OMP_NOTHROW;
extern void omp_destroy_allocator(omp_allocator_handle_t allocator) __GLASS_OMP_NOTHROW;
extern void omp_set_default_allocator(omp_allocator_handle_t allocator) __GLASS_OMP_NOTHROW;
extern omp_allocator_handle_t omp_get_default_allocator(void) __GLASS_OMP_NOTHROW;

extern void omp_free(void *ptr, omp_allocator_handle_t allocator __GLASS_OMP_DEFAULT_ALLOCATOR)
    __GLASS_OMP_NOTHROW;
extern void *omp_alloc(__SIZE_TYPE__ size,
                       omp_allocator_handle_t allocator __GLASS_OMP_DEFAULT_ALLOCATOR)
    __GLASS_OMP_NOTHROW __GLASS_OMP_MALLOC __GLASS_OMP_FREED_BY_OMP_FREE
    __GLASS_OMP_ALLOC_SIZE(1);
extern void *omp_aligned_alloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ size,
                               omp_allocator_handle_t allocator __GLASS_OMP_DEFAULT_ALLOCATOR)
    __GLASS_OMP_NOTHROW __GLASS_OMP_MALLOC __GLASS_OMP_FREED_BY_OMP_FREE
    __GLASS_OMP_ALLOC_SIZE(2) __GLASS_OMP_ALLOC_ALIGN(1);
extern void *omp_calloc(__SIZE_TYPE__ nmemb, __SIZE_TYPE__ size,
                        omp_allocator_handle_t allocator __GLASS_OMP_DEFAULT_ALLOCATOR)
    __GLASS_OMP_NOTHROW __GLASS_OMP_MALLOC __GLASS_OMP_FREED_BY_OMP_FREE
    __GLASS_OMP_ALLOC_SIZE2(1, 2);
extern void *omp_aligned_calloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ nmemb, __SIZE_TYPE__ size,
                                omp_allocator_handle_t allocator __GLASS_OMP_DEFAULT_ALLOCATOR)
    __GLASS_OMP_NOTHROW __GLASS_OMP_MALLOC __GLASS_OMP_FREED_BY_OMP_FREE
    __GLASS_OMP_ALLOC_SIZE2(2, 3) __GLASS_OMP_ALLOC_ALIGN(1);
/* Not __malloc__: the result may be the old block, whose contents survive. */
extern void *omp_realloc(void *ptr, __SIZE_TYPE__ size,
                         omp_allocator_handle_t allocator __GLASS_OMP_DEFAULT_ALLOCATOR,
                         omp_allocator_handle_t free_allocator __GLASS_OMP_DEFAULT_ALLOCATOR)
    __GLASS_OMP_NOTHROW __GLASS_OMP_FREED_BY_OMP_FREE __GLASS_OMP_ALLOC_SIZE(2);

/* ---- 3.14 tool control routine ------------------------------------------------- */

extern int omp_control_tool(int command, int modifier, void *arg) __GLASS_OMP_NOTHROW;

/* ---- 3.15 environment display routine ------------------------------------------ */

extern void omp_display_env(int verbose) __GLASS_OMP_NOTHROW;

#ifdef __cplusplus
}
#endif

#endif /* GLASS_OMP_H */
