/* libompd internals: handles, the runtime layout learned at
 * ompd_process_initialize, and target memory access through the tool's
 * callbacks (the only way libompd touches the debugged process). */
#ifndef GLASS_OMPD_INTERNAL_H
#define GLASS_OMPD_INTERNAL_H

#include <omp-tools.h>
#include <stdbool.h>
#include <stdint.h>

#include "glass_ompd_abi.h"

#define OMPD_API_VERSION 202011 /* OpenMP 5.1 */

enum glass_ompd_struct_id {
#define STRUCT_ID(s) S_##s,
    GLASS_OMPD_STRUCTS(STRUCT_ID)
#undef STRUCT_ID
    S_COUNT
};

enum glass_ompd_field_id {
#define FIELD_ID(s, f) F_##s##_##f,
    GLASS_OMPD_FIELDS(FIELD_ID)
#undef FIELD_ID
    F_COUNT
};

struct field {
    uint64_t offset, size;
};

/* Magic numbers tell handles of each kind apart from each other and from
 * foreign pointers. A NULL, foreign or released handle gives
 * ompd_rc_stale_handle: ompd_rc_t (OpenMP 5.1, 5.3.12) keeps bad_input for
 * the parameters other than the handle. */
enum handle_magic {
    MAGIC_ASPACE = 0x41535043,
    MAGIC_THREAD = 0x54485244,
    MAGIC_PARALLEL = 0x50415241,
    MAGIC_TASK = 0x5441534b,
};

struct _ompd_aspace_handle {
    uint32_t magic;
    ompd_address_space_context_t *context;
    ompd_device_type_sizes_t sizes;
    uint64_t process;            /* address of glass_ompd_process */
    struct glass_ompd_process record; /* as read at initialization */
    uint64_t struct_size[S_COUNT];
    struct field fields[F_COUNT];
};

struct _ompd_thread_handle {
    uint32_t magic;
    ompd_address_space_handle_t *aspace;
    uint64_t thread; /* address of the struct glass_thread */
};

struct _ompd_parallel_handle {
    uint32_t magic;
    ompd_address_space_handle_t *aspace;
    uint64_t team;
};

/* `task` is the task's address; 0 for the implicit task of member
 * `thread_num` of `team` before that thread has started it (the runtime makes
 * a worker's implicit task when the worker starts; OMPD shows it from the
 * fork on, from what the team says of it). */
struct _ompd_task_handle {
    uint32_t magic;
    ompd_address_space_handle_t *aspace;
    uint64_t task;
    uint64_t team;
    uint64_t thread_num;
};

extern ompd_callbacks_t glass_ompd_cb;
extern bool glass_ompd_initialized;

/* Reads `size` bytes at `addr` into `out`, converted to the host's byte order
 * as one unit (device_to_host). */
ompd_rc_t glass_ompd_read(ompd_address_space_handle_t *ah, uint64_t addr, uint64_t size, void *out);
/* A field of the structure at `base`, zero-extended (or sign-extended). */
ompd_rc_t glass_ompd_read_field(ompd_address_space_handle_t *ah, uint64_t base, enum glass_ompd_field_id f,
                                uint64_t *value);
ompd_rc_t glass_ompd_read_field_signed(ompd_address_space_handle_t *ah, uint64_t base,
                                       enum glass_ompd_field_id f, int64_t *value);
/* The address of a field (for embedded structures). */
static inline uint64_t glass_ompd_field_addr(ompd_address_space_handle_t *ah, uint64_t base,
                                             enum glass_ompd_field_id f)
{
    return base + ah->fields[f].offset;
}
/* The current glass_globals address and the thread list head, read fresh. */
ompd_rc_t glass_ompd_read_process(ompd_address_space_handle_t *ah, struct glass_ompd_process *record);

/* Handle checks and constructors. */
bool glass_ompd_aspace_ok(ompd_address_space_handle_t *ah);
ompd_rc_t glass_ompd_thread_check(ompd_thread_handle_t *th); /* stale_handle or ok */
bool glass_ompd_parallel_ok(ompd_parallel_handle_t *ph);
bool glass_ompd_task_ok(ompd_task_handle_t *th);
ompd_rc_t glass_ompd_new_thread(ompd_address_space_handle_t *ah, uint64_t thread, ompd_thread_handle_t **out);
ompd_rc_t glass_ompd_new_parallel(ompd_address_space_handle_t *ah, uint64_t team, ompd_parallel_handle_t **out);
ompd_rc_t glass_ompd_new_task(ompd_address_space_handle_t *ah, uint64_t task, ompd_task_handle_t **out);
ompd_rc_t glass_ompd_new_pending_task(ompd_address_space_handle_t *ah, uint64_t team, uint64_t thread_num,
                                      ompd_task_handle_t **out);

/* A string in memory from alloc_memory (the tool frees it with free_memory). */
ompd_rc_t glass_ompd_strdup(const char *text, const char **out);

#endif
