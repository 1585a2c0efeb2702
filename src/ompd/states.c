/* libompd: thread states (OpenMP 5.1, 5.5.8), display control variables
 * (5.5.10.1-2) and tool data (5.5.12). */
#include <string.h>

#include "../ompt/state_list.h"
#include "ompd_internal.h"

#define EXPORT __attribute__((visibility("default")))

/* ompt_state_t (4.4.4.27), in the order they are enumerated. */
static const struct {
    ompd_word_t value;
    const char *name;
} states[] = {
#define STATE_ENTRY(name, NAME, value) {value, "ompt_state_" #name},
    GLASS_OMPT_STATE_LIST(STATE_ENTRY, STATE_ENTRY)
#undef STATE_ENTRY
};
#define NSTATES (sizeof states / sizeof states[0])

/* Start with ompt_state_undefined as current_state; each call gives the next. */
EXPORT ompd_rc_t ompd_enumerate_states(ompd_address_space_handle_t *address_space_handle,
                                       ompd_word_t current_state, ompd_word_t *next_state,
                                       const char **next_state_name, ompd_word_t *more_enums)
{
    if (!glass_ompd_aspace_ok(address_space_handle))
        return ompd_rc_stale_handle;
    if (!next_state || !next_state_name || !more_enums)
        return ompd_rc_bad_input;
    for (size_t i = 0; i < NSTATES; i++) {
        if (states[i].value != current_state)
            continue;
        size_t next = current_state == ompt_state_undefined ? 1 : i + 1;
        if (next >= NSTATES)
            return ompd_rc_bad_input;
        *next_state = states[next].value;
        *next_state_name = states[next].name;
        *more_enums = next + 1 < NSTATES;
        return ompd_rc_ok;
    }
    return ompd_rc_bad_input;
}

/* The wait id is the address the thread waits on (lock, critical name, ...),
 * meaningful in the wait states only. */
EXPORT ompd_rc_t ompd_get_state(ompd_thread_handle_t *thread_handle, ompd_word_t *state, ompd_wait_id_t *wait_id)
{
    ompd_rc_t rc = glass_ompd_thread_check(thread_handle);
    if (rc != ompd_rc_ok)
        return rc;
    if (!state)
        return ompd_rc_bad_input;
    ompd_address_space_handle_t *ah = thread_handle->aspace;
    int64_t value;
    if ((rc = glass_ompd_read_field_signed(ah, thread_handle->thread, F_thread_state, &value)) != ompd_rc_ok)
        return rc;
    *state = value;
    if (wait_id) {
        uint64_t id = 0;
        if (value >= ompt_state_wait_barrier && value < ompt_state_idle &&
            (rc = glass_ompd_read_field(ah, thread_handle->thread, F_thread_wait_id, &id)) != ompd_rc_ok)
            return rc;
        *wait_id = id;
    }
    return ompd_rc_ok;
}

/* One block from alloc_memory: the pointer array, then the strings. */
EXPORT ompd_rc_t ompd_get_display_control_vars(ompd_address_space_handle_t *address_space_handle,
                                               const char *const **control_vars)
{
    if (!glass_ompd_aspace_ok(address_space_handle))
        return ompd_rc_stale_handle;
    if (!control_vars)
        return ompd_rc_bad_input;
    ompd_address_space_handle_t *ah = address_space_handle;
    struct glass_ompd_process record;
    ompd_rc_t rc = glass_ompd_read_process(ah, &record);
    if (rc != ompd_rc_ok)
        return rc;
    if (!record.display_vars)
        return ompd_rc_unavailable;
    enum { MAX_VARS = 64, MAX_LEN = 1024 };
    uint64_t addresses[MAX_VARS];
    static char text[MAX_VARS][MAX_LEN];
    size_t n = 0, bytes = 0;
    for (; n < MAX_VARS; n++) {
        if ((rc = glass_ompd_read(ah, record.display_vars + n * 8, 8, &addresses[n])) != ompd_rc_ok)
            return rc;
        if (!addresses[n])
            break;
        ompd_address_t where = {ompd_segment_none, addresses[n]};
        ompd_callback_memory_read_fn_t read_string =
            glass_ompd_cb.read_string ? glass_ompd_cb.read_string : glass_ompd_cb.read_memory;
        if ((rc = read_string(ah->context, NULL, &where, MAX_LEN - 1, text[n])) != ompd_rc_ok)
            return rc;
        text[n][MAX_LEN - 1] = '\0';
        bytes += strlen(text[n]) + 1;
    }
    char *block;
    if ((rc = glass_ompd_cb.alloc_memory((n + 1) * sizeof(char *) + bytes, (void **)&block)) != ompd_rc_ok)
        return rc;
    const char **array = (const char **)block;
    char *strings = block + (n + 1) * sizeof(char *);
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(text[i]) + 1;
        memcpy(strings, text[i], len);
        array[i] = strings;
        strings += len;
    }
    array[n] = NULL;
    *control_vars = array;
    return ompd_rc_ok;
}

EXPORT ompd_rc_t ompd_rel_display_control_vars(const char *const **control_vars)
{
    if (!control_vars || !*control_vars)
        return ompd_rc_bad_input;
    ompd_rc_t rc = glass_ompd_cb.free_memory((void *)*control_vars);
    *control_vars = NULL;
    return rc;
}

/* The ompt_data_t of a thread, parallel region or task: value is its 64 bits,
 * ptr the same bits as an address. */
EXPORT ompd_rc_t ompd_get_tool_data(void *handle, ompd_scope_t scope, ompd_word_t *value, ompd_address_t *ptr)
{
    if (!handle)
        return ompd_rc_stale_handle;
    if (!value || !ptr)
        return ompd_rc_bad_input;
    ompd_address_space_handle_t *ah;
    uint64_t base;
    enum glass_ompd_field_id field;
    ompd_rc_t rc;
    switch (scope) {
    case ompd_scope_thread: {
        ompd_thread_handle_t *th = handle;
        if ((rc = glass_ompd_thread_check(th)) != ompd_rc_ok)
            return rc;
        ah = th->aspace, base = th->thread, field = F_thread_tool_data;
        break;
    }
    case ompd_scope_parallel: {
        ompd_parallel_handle_t *ph = handle;
        if (!glass_ompd_parallel_ok(ph))
            return ompd_rc_stale_handle;
        ah = ph->aspace, base = ph->team, field = F_team_tool_data;
        break;
    }
    case ompd_scope_task:
    case ompd_scope_implicit_task: {
        ompd_task_handle_t *th = handle;
        if (!glass_ompd_task_ok(th))
            return ompd_rc_stale_handle;
        if (!th->task)
            return ompd_rc_unavailable; /* an implicit task not started: no tool data yet */
        ah = th->aspace, base = th->task, field = F_task_tool_data;
        break;
    }
    default:
        return ompd_rc_bad_input;
    }
    uint64_t data;
    if ((rc = glass_ompd_read_field(ah, base, field, &data)) != ompd_rc_ok)
        return rc;
    *value = (ompd_word_t)data;
    *ptr = (ompd_address_t){ompd_segment_none, data};
    return ompd_rc_ok;
}
