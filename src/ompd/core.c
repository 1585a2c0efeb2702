/* libompd: initialization, address spaces, reading target memory, handle
 * bookkeeping (OpenMP 5.1, 5.5.1 to 5.5.3). */
#include <stdlib.h>
#include <string.h>

#include "ompd_internal.h"

#define EXPORT __attribute__((visibility("default")))

ompd_callbacks_t glass_ompd_cb;
bool glass_ompd_initialized;

static const char *const struct_names[S_COUNT] = {
#define STRUCT_NAME(s) "sizeof." #s,
    GLASS_OMPD_STRUCTS(STRUCT_NAME)
#undef STRUCT_NAME
};
static const char *const field_names[F_COUNT] = {
#define FIELD_NAME(s, f) #s "." #f,
    GLASS_OMPD_FIELDS(FIELD_NAME)
#undef FIELD_NAME
};

/* 5.5.1.1 */
EXPORT ompd_rc_t ompd_initialize(ompd_word_t api_version, const ompd_callbacks_t *callbacks)
{
    if (!callbacks || !callbacks->alloc_memory || !callbacks->free_memory || !callbacks->read_memory ||
        !callbacks->symbol_addr_lookup || !callbacks->device_to_host || !callbacks->sizeof_type)
        return ompd_rc_bad_input;
    /* OpenMP 5.0 (201811) to 5.2 (202111) share the API this library provides. */
    if (api_version < 201811 || api_version > 202111)
        return ompd_rc_unsupported;
    glass_ompd_cb = *callbacks;
    glass_ompd_initialized = true;
    return ompd_rc_ok;
}

/* 5.5.1.2 */
EXPORT ompd_rc_t ompd_get_api_version(ompd_word_t *version)
{
    if (!version)
        return ompd_rc_bad_input;
    *version = OMPD_API_VERSION;
    return ompd_rc_ok;
}

/* 5.5.1.3: static storage, valid while the library is loaded. */
EXPORT ompd_rc_t ompd_get_version_string(const char **string)
{
    if (!string)
        return ompd_rc_bad_input;
    *string = "Glass libompd " GLASS_VERSION_STRING " (OMPD API 202011, OpenMP 5.1)";
    return ompd_rc_ok;
}

/* 5.5.1.4 */
EXPORT ompd_rc_t ompd_finalize(void)
{
    if (!glass_ompd_initialized)
        return ompd_rc_unsupported;
    glass_ompd_initialized = false;
    return ompd_rc_ok;
}

ompd_rc_t glass_ompd_read(ompd_address_space_handle_t *ah, uint64_t addr, uint64_t size, void *out)
{
    unsigned char raw[64];
    if (size == 0 || size > sizeof raw)
        return ompd_rc_error;
    if (addr == 0)
        return ompd_rc_unavailable;
    ompd_address_t where = {ompd_segment_none, addr};
    ompd_rc_t rc = glass_ompd_cb.read_memory(ah->context, NULL, &where, size, raw);
    if (rc != ompd_rc_ok)
        return rc;
    return glass_ompd_cb.device_to_host(ah->context, raw, size, 1, out);
}

static ompd_rc_t read_raw(ompd_address_space_handle_t *ah, uint64_t addr, uint64_t size, void *out)
{
    ompd_address_t where = {ompd_segment_none, addr};
    return glass_ompd_cb.read_memory(ah->context, NULL, &where, size, out);
}

ompd_rc_t glass_ompd_read_field(ompd_address_space_handle_t *ah, uint64_t base, enum glass_ompd_field_id f,
                                uint64_t *value)
{
    uint64_t size = ah->fields[f].size;
    union {
        uint8_t u8;
        uint16_t u16;
        uint32_t u32;
        uint64_t u64;
    } v;
    if (size != 1 && size != 2 && size != 4 && size != 8)
        return ompd_rc_error;
    ompd_rc_t rc = glass_ompd_read(ah, base + ah->fields[f].offset, size, &v);
    if (rc != ompd_rc_ok)
        return rc;
    *value = size == 1 ? v.u8 : size == 2 ? v.u16 : size == 4 ? v.u32 : v.u64;
    return ompd_rc_ok;
}

ompd_rc_t glass_ompd_read_field_signed(ompd_address_space_handle_t *ah, uint64_t base,
                                       enum glass_ompd_field_id f, int64_t *value)
{
    uint64_t raw;
    ompd_rc_t rc = glass_ompd_read_field(ah, base, f, &raw);
    if (rc != ompd_rc_ok)
        return rc;
    unsigned bits = (unsigned)ah->fields[f].size * 8;
    if (bits < 64 && (raw >> (bits - 1)) & 1)
        raw |= ~0ull << bits;
    *value = (int64_t)raw;
    return ompd_rc_ok;
}

static ompd_rc_t read_u64(ompd_address_space_handle_t *ah, uint64_t addr, uint64_t *value)
{
    return glass_ompd_read(ah, addr, 8, value);
}

ompd_rc_t glass_ompd_read_process(ompd_address_space_handle_t *ah, struct glass_ompd_process *record)
{
    uint64_t *words = (uint64_t *)record;
    for (size_t i = 0; i < sizeof *record / 8; i++) {
        ompd_rc_t rc = read_u64(ah, ah->process + i * 8, &words[i]);
        if (rc != ompd_rc_ok)
            return rc;
    }
    return ompd_rc_ok;
}

/* The layout table: every name this library needs must be there. */
static ompd_rc_t read_layout(ompd_address_space_handle_t *ah, uint64_t table)
{
    uint64_t magic, version, count;
    ompd_rc_t rc;
    if ((rc = read_u64(ah, table, &magic)) != ompd_rc_ok || (rc = read_u64(ah, table + 8, &version)) != ompd_rc_ok ||
        (rc = read_u64(ah, table + 16, &count)) != ompd_rc_ok)
        return rc;
    if (magic != GLASS_OMPD_LAYOUT_MAGIC || version != GLASS_OMPD_LAYOUT_VERSION || count > 100000)
        return ompd_rc_incompatible;
    bool found_struct[S_COUNT] = {0}, found_field[F_COUNT] = {0};
    uint64_t entry = table + 24;
    for (uint64_t i = 0; i < count; i++, entry += sizeof(struct glass_ompd_layout_entry)) {
        char name[GLASS_OMPD_NAME_LEN + 1] = {0};
        uint64_t offset, size;
        if ((rc = read_raw(ah, entry, GLASS_OMPD_NAME_LEN, name)) != ompd_rc_ok ||
            (rc = read_u64(ah, entry + GLASS_OMPD_NAME_LEN, &offset)) != ompd_rc_ok ||
            (rc = read_u64(ah, entry + GLASS_OMPD_NAME_LEN + 8, &size)) != ompd_rc_ok)
            return rc;
        for (int s = 0; s < S_COUNT; s++)
            if (strcmp(name, struct_names[s]) == 0) {
                ah->struct_size[s] = size;
                found_struct[s] = true;
            }
        for (int f = 0; f < F_COUNT; f++)
            if (strcmp(name, field_names[f]) == 0) {
                ah->fields[f] = (struct field){offset, size};
                found_field[f] = true;
            }
    }
    for (int s = 0; s < S_COUNT; s++)
        if (!found_struct[s])
            return ompd_rc_incompatible;
    for (int f = 0; f < F_COUNT; f++)
        if (!found_field[f])
            return ompd_rc_incompatible;
    return ompd_rc_ok;
}

/* 5.5.2.1 */
EXPORT ompd_rc_t ompd_process_initialize(ompd_address_space_context_t *context,
                                         ompd_address_space_handle_t **handle)
{
    if (!glass_ompd_initialized)
        return ompd_rc_error;
    if (!context || !handle)
        return ompd_rc_bad_input;
    ompd_address_space_handle_t probe = {.magic = MAGIC_ASPACE, .context = context};
    ompd_address_t layout_addr, process_addr;
    /* A process without these symbols does not run Glass. */
    if (glass_ompd_cb.symbol_addr_lookup(context, NULL, "glass_ompd_layout", &layout_addr, NULL) != ompd_rc_ok ||
        glass_ompd_cb.symbol_addr_lookup(context, NULL, "glass_ompd_process", &process_addr, NULL) != ompd_rc_ok)
        return ompd_rc_incompatible;
    ompd_rc_t rc = glass_ompd_cb.sizeof_type(context, &probe.sizes);
    if (rc != ompd_rc_ok)
        return rc;
    rc = read_layout(&probe, layout_addr.address);
    if (rc != ompd_rc_ok)
        return rc;
    if (probe.sizes.sizeof_pointer != probe.struct_size[S_pointer] || probe.sizes.sizeof_pointer != 8)
        return ompd_rc_incompatible; /* the record holds 64-bit addresses */
    probe.process = process_addr.address;
    rc = glass_ompd_read_process(&probe, &probe.record);
    if (rc != ompd_rc_ok)
        return rc;
    if (probe.record.magic == 0)
        return ompd_rc_unavailable; /* the runtime has not initialized yet */
    if (probe.record.magic != GLASS_OMPD_PROCESS_MAGIC || probe.record.version != GLASS_OMPD_LAYOUT_VERSION)
        return ompd_rc_incompatible;
    void *memory;
    rc = glass_ompd_cb.alloc_memory(sizeof probe, &memory);
    if (rc != ompd_rc_ok)
        return rc;
    memcpy(memory, &probe, sizeof probe);
    *handle = memory;
    return ompd_rc_ok;
}

/* 5.5.2.2: Glass has no target devices. */
EXPORT ompd_rc_t ompd_device_initialize(ompd_address_space_handle_t *process_handle,
                                        ompd_address_space_context_t *device_context, ompd_device_t kind,
                                        ompd_size_t sizeof_id, void *id,
                                        ompd_address_space_handle_t **device_handle)
{
    (void)kind, (void)sizeof_id;
    if (!glass_ompd_aspace_ok(process_handle))
        return ompd_rc_stale_handle;
    if (!device_context || !id || !device_handle)
        return ompd_rc_bad_input;
    return ompd_rc_unsupported;
}

/* 5.5.2.3 */
EXPORT ompd_rc_t ompd_rel_address_space_handle(ompd_address_space_handle_t *handle)
{
    if (!glass_ompd_aspace_ok(handle))
        return ompd_rc_stale_handle;
    handle->magic = 0;
    return glass_ompd_cb.free_memory(handle);
}

/* 5.5.2.4-5 (OpenMP 5.0 names kept in 5.1): the version of the OpenMP API the
 * runtime implements. */
EXPORT ompd_rc_t ompd_get_omp_version(ompd_address_space_handle_t *address_space, ompd_word_t *omp_version)
{
    if (!glass_ompd_aspace_ok(address_space))
        return ompd_rc_stale_handle;
    if (!omp_version)
        return ompd_rc_bad_input;
    *omp_version = 202011;
    return ompd_rc_ok;
}

EXPORT ompd_rc_t ompd_get_omp_version_string(ompd_address_space_handle_t *address_space, const char **string)
{
    if (!glass_ompd_aspace_ok(address_space))
        return ompd_rc_stale_handle;
    if (!string)
        return ompd_rc_bad_input;
    *string = "OpenMP 5.1 (Glass)";
    return ompd_rc_ok;
}

bool glass_ompd_aspace_ok(ompd_address_space_handle_t *ah)
{
    return ah && ah->magic == MAGIC_ASPACE;
}

bool glass_ompd_parallel_ok(ompd_parallel_handle_t *ph)
{
    return ph && ph->magic == MAGIC_PARALLEL && glass_ompd_aspace_ok(ph->aspace);
}

bool glass_ompd_task_ok(ompd_task_handle_t *th)
{
    return th && th->magic == MAGIC_TASK && glass_ompd_aspace_ok(th->aspace);
}

/* A thread handle is stale once its descriptor left the registry (the thread
 * ended). */
ompd_rc_t glass_ompd_thread_check(ompd_thread_handle_t *th)
{
    if (!th || th->magic != MAGIC_THREAD || !glass_ompd_aspace_ok(th->aspace))
        return ompd_rc_stale_handle;
    ompd_address_space_handle_t *ah = th->aspace;
    uint64_t thread;
    ompd_rc_t rc = read_u64(ah, ah->process + offsetof(struct glass_ompd_process, threads), &thread);
    for (unsigned n = 0; rc == ompd_rc_ok && thread && n < 1u << 20; n++) {
        if (thread == th->thread)
            return ompd_rc_ok;
        rc = glass_ompd_read_field(ah, thread, F_thread_ompd_next, &thread);
    }
    return rc == ompd_rc_ok ? ompd_rc_stale_handle : rc;
}

static ompd_rc_t new_handle(size_t size, void **out)
{
    return glass_ompd_cb.alloc_memory(size, out);
}

ompd_rc_t glass_ompd_new_thread(ompd_address_space_handle_t *ah, uint64_t thread, ompd_thread_handle_t **out)
{
    ompd_thread_handle_t *h;
    ompd_rc_t rc = new_handle(sizeof *h, (void **)&h);
    if (rc != ompd_rc_ok)
        return rc;
    *h = (ompd_thread_handle_t){MAGIC_THREAD, ah, thread};
    *out = h;
    return ompd_rc_ok;
}

ompd_rc_t glass_ompd_new_parallel(ompd_address_space_handle_t *ah, uint64_t team, ompd_parallel_handle_t **out)
{
    ompd_parallel_handle_t *h;
    ompd_rc_t rc = new_handle(sizeof *h, (void **)&h);
    if (rc != ompd_rc_ok)
        return rc;
    *h = (ompd_parallel_handle_t){MAGIC_PARALLEL, ah, team};
    *out = h;
    return ompd_rc_ok;
}

ompd_rc_t glass_ompd_new_task(ompd_address_space_handle_t *ah, uint64_t task, ompd_task_handle_t **out)
{
    ompd_task_handle_t *h;
    ompd_rc_t rc = new_handle(sizeof *h, (void **)&h);
    if (rc != ompd_rc_ok)
        return rc;
    *h = (ompd_task_handle_t){MAGIC_TASK, ah, task, 0, 0};
    *out = h;
    return ompd_rc_ok;
}

ompd_rc_t glass_ompd_new_pending_task(ompd_address_space_handle_t *ah, uint64_t team, uint64_t thread_num,
                                      ompd_task_handle_t **out)
{
    ompd_task_handle_t *h;
    ompd_rc_t rc = new_handle(sizeof *h, (void **)&h);
    if (rc != ompd_rc_ok)
        return rc;
    *h = (ompd_task_handle_t){MAGIC_TASK, ah, 0, team, thread_num};
    *out = h;
    return ompd_rc_ok;
}

ompd_rc_t glass_ompd_strdup(const char *text, const char **out)
{
    size_t len = strlen(text) + 1;
    void *memory;
    ompd_rc_t rc = glass_ompd_cb.alloc_memory(len, &memory);
    if (rc != ompd_rc_ok)
        return rc;
    memcpy(memory, text, len);
    *out = memory;
    return ompd_rc_ok;
}
