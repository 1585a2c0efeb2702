/* libompd: internal control variables (OpenMP 5.1, 5.5.9, ICVs of 2.4.1
 * Table 2.1). Each ICV is read in one scope (5.5.9.1 lets an implementation
 * store an ICV in another scope than Table 2.3 gives):
 * - address space: the global and device ICVs (glass_globals);
 * - thread: the thread's number in its innermost team;
 * - parallel: the team's size and nesting;
 * - task: the data-environment ICVs every task carries, and the two ICVs
 *   Table 2.3 scopes to the implicit task, place-partition-var and
 *   def-allocator-var: Glass keeps those in every task's ICV copy too
 *   (inherited when the task is created, what omp_get_default_allocator and
 *   omp_get_partition_place_nums read in that task), so a task handle, of an
 *   implicit or an explicit task, designates their value. They are also
 *   accepted with ompd_scope_implicit_task and the handle of an implicit task.
 * 5.1 ICVs without a Glass equivalent readable from memory: def-sched-var
 * (Glass's schedule(auto) and default are fixed, not an ICV), tool-var,
 * tool-libraries-var and tool-verbose-init-var (read once by the OMPT start-up
 * and not kept).
 *
 * ICV ids are positions in the table below, from 1 (0 is ompd_icv_undefined);
 * they may change between Glass versions: a tool finds an ICV by its name
 * through ompd_enumerate_icvs. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "ompd_internal.h"

#define EXPORT __attribute__((visibility("default")))

/* How an ICV is read: one field of the scope's object, or computed. */
enum icv_source {
    GLOBAL_FIELD,    /* field of glass_globals */
    THREAD_FIELD,    /* field of the thread */
    TEAM_FIELD,      /* field of the team */
    TASK_ICV_FIELD,  /* field of the task's struct glass_icvs */
    TASK_FLAGS,      /* whether the task's flags have one of the bits in `mask` */
    PLACE_PARTITION, /* place-partition-var */
};

enum icv_format { NUMBER, BOOLEAN, STRING, SCHEDULE, BIND, NTHREADS, LIMIT };

struct icv {
    const char *name;
    ompd_scope_t scope;
    enum icv_source source;
    enum glass_ompd_field_id field;
    enum icv_format format;
    uint64_t mask;      /* TASK_FLAGS */
    bool implicit_task; /* Table 2.3 scopes it to the implicit task */
};

#define TASK_IS_IMPLICIT (GLASS_OMPD_TASK_INITIAL | GLASS_OMPD_TASK_IMPLICIT)

/* The ids are the indexes + 1 (ompd_icv_undefined is 0). 5.1 asks for
 * num-procs-var, thread-num-var, final-task-var, implicit-task-var and
 * team-size-var under an "ompd-" name too; OpenMP 5.0 named two of them
 * ompd-final-var and ompd-implicit-var, kept for 5.0 tools. place-partition-var
 * comes last: its integer form is its first place only (see
 * ompd_get_icv_from_scope), and a tool that stops at an ICV it cannot print as
 * an integer has then listed all the others. */
static const struct icv icvs[] = {
    {"cancel-var", ompd_scope_address_space, GLOBAL_FIELD, F_globals_cancellation, BOOLEAN, 0, false},
    {"max-task-priority-var", ompd_scope_address_space, GLOBAL_FIELD, F_globals_max_task_priority, NUMBER, 0, false},
    {"stacksize-var", ompd_scope_address_space, GLOBAL_FIELD, F_globals_stacksize, NUMBER, 0, false},
    {"wait-policy-var", ompd_scope_address_space, GLOBAL_FIELD, F_globals_wait_policy, NUMBER, 0, false},
    {"display-affinity-var", ompd_scope_address_space, GLOBAL_FIELD, F_globals_display_affinity, BOOLEAN, 0, false},
    {"affinity-format-var", ompd_scope_address_space, GLOBAL_FIELD, F_globals_affinity_format, STRING, 0, false},
    {"debug-var", ompd_scope_address_space, GLOBAL_FIELD, F_globals_debug, BOOLEAN, 0, false},
    {"nteams-var", ompd_scope_address_space, GLOBAL_FIELD, F_globals_num_teams, NUMBER, 0, false},
    {"teams-thread-limit-var", ompd_scope_address_space, GLOBAL_FIELD, F_globals_teams_thread_limit, NUMBER, 0,
     false},
    {"target-offload-var", ompd_scope_address_space, GLOBAL_FIELD, F_globals_target_offload, NUMBER, 0, false},
    {"num-procs-var", ompd_scope_address_space, GLOBAL_FIELD, F_globals_num_procs, NUMBER, 0, false},
    {"ompd-num-procs-var", ompd_scope_address_space, GLOBAL_FIELD, F_globals_num_procs, NUMBER, 0, false},
    {"thread-num-var", ompd_scope_thread, THREAD_FIELD, F_thread_num, NUMBER, 0, false},
    {"ompd-thread-num-var", ompd_scope_thread, THREAD_FIELD, F_thread_num, NUMBER, 0, false},
    {"team-size-var", ompd_scope_parallel, TEAM_FIELD, F_team_nthreads, NUMBER, 0, false},
    {"ompd-team-size-var", ompd_scope_parallel, TEAM_FIELD, F_team_nthreads, NUMBER, 0, false},
    {"levels-var", ompd_scope_parallel, TEAM_FIELD, F_team_level, NUMBER, 0, false},
    {"active-levels-var", ompd_scope_parallel, TEAM_FIELD, F_team_active_level, NUMBER, 0, false},
    {"nthreads-var", ompd_scope_task, TASK_ICV_FIELD, F_icvs_nthreads, NTHREADS, 0, false},
    {"dyn-var", ompd_scope_task, TASK_ICV_FIELD, F_icvs_dynamic, BOOLEAN, 0, false},
    {"run-sched-var", ompd_scope_task, TASK_ICV_FIELD, F_icvs_run_sched, SCHEDULE, 0, false},
    {"bind-var", ompd_scope_task, TASK_ICV_FIELD, F_icvs_bind, BIND, 0, false},
    {"max-active-levels-var", ompd_scope_task, TASK_ICV_FIELD, F_icvs_max_active_levels, NUMBER, 0, false},
    {"default-device-var", ompd_scope_task, TASK_ICV_FIELD, F_icvs_default_device, NUMBER, 0, false},
    {"thread-limit-var", ompd_scope_task, TASK_ICV_FIELD, F_icvs_thread_limit, LIMIT, 0, false},
    {"final-task-var", ompd_scope_task, TASK_FLAGS, F_task_flags, BOOLEAN, GLASS_OMPD_TASK_FINAL, false},
    {"ompd-final-task-var", ompd_scope_task, TASK_FLAGS, F_task_flags, BOOLEAN, GLASS_OMPD_TASK_FINAL, false},
    {"ompd-final-var", ompd_scope_task, TASK_FLAGS, F_task_flags, BOOLEAN, GLASS_OMPD_TASK_FINAL, false},
    /* The initial task is an implicit task too (1.2.5). */
    {"implicit-task-var", ompd_scope_task, TASK_FLAGS, F_task_flags, BOOLEAN, TASK_IS_IMPLICIT, false},
    {"ompd-implicit-task-var", ompd_scope_task, TASK_FLAGS, F_task_flags, BOOLEAN, TASK_IS_IMPLICIT, false},
    {"ompd-implicit-var", ompd_scope_task, TASK_FLAGS, F_task_flags, BOOLEAN, TASK_IS_IMPLICIT, false},
    {"def-allocator-var", ompd_scope_task, TASK_ICV_FIELD, F_icvs_default_allocator, NUMBER, 0, true},
    {"place-partition-var", ompd_scope_task, PLACE_PARTITION, F_icvs_place_partition_len, NUMBER, 0, true},
};
#define NICVS (sizeof icvs / sizeof icvs[0])

EXPORT ompd_rc_t ompd_enumerate_icvs(ompd_address_space_handle_t *handle, ompd_icv_id_t current,
                                     ompd_icv_id_t *next_id, const char **next_icv_name,
                                     ompd_scope_t *next_scope, int *more)
{
    if (!glass_ompd_aspace_ok(handle))
        return ompd_rc_stale_handle;
    if (!next_id || !next_icv_name || !next_scope || !more)
        return ompd_rc_bad_input;
    if (current >= NICVS) /* 0 (ompd_icv_undefined) starts */
        return ompd_rc_bad_input;
    /* The tool owns the name and frees it with its free_memory (5.5.9.1). */
    ompd_rc_t rc = glass_ompd_strdup(icvs[current].name, next_icv_name);
    if (rc != ompd_rc_ok)
        return rc;
    *next_id = current + 1;
    *next_scope = icvs[current].scope;
    *more = current + 1 < NICVS;
    return ompd_rc_ok;
}

/* What an ICV is read from: for the task scope, `object` is the task's
 * struct glass_icvs (for an implicit task not started yet, its team's
 * child_icvs, which it will copy) and `flags` the task's flags. */
struct scope_ref {
    ompd_address_space_handle_t *ah;
    uint64_t object;
    uint64_t flags;
    bool pending; /* an implicit task not started yet (handles.c) */
};

/* Checks that `handle` is a handle of the scope and finds the address space
 * and the object the scope designates. */
static ompd_rc_t scope_object(void *handle, ompd_scope_t scope, struct scope_ref *ref)
{
    if (!handle)
        return ompd_rc_stale_handle;
    *ref = (struct scope_ref){0};
    switch (scope) {
    case ompd_scope_address_space: {
        ompd_address_space_handle_t *a = handle;
        if (!glass_ompd_aspace_ok(a))
            return ompd_rc_stale_handle;
        ref->ah = a;
        return glass_ompd_read(a, a->process + offsetof(struct glass_ompd_process, globals), 8, &ref->object);
    }
    case ompd_scope_thread: {
        ompd_thread_handle_t *t = handle;
        ompd_rc_t rc = glass_ompd_thread_check(t);
        if (rc == ompd_rc_ok)
            ref->ah = t->aspace, ref->object = t->thread;
        return rc;
    }
    case ompd_scope_parallel: {
        ompd_parallel_handle_t *p = handle;
        if (!glass_ompd_parallel_ok(p))
            return ompd_rc_stale_handle;
        ref->ah = p->aspace, ref->object = p->team;
        return ompd_rc_ok;
    }
    case ompd_scope_implicit_task:
    case ompd_scope_task: {
        ompd_task_handle_t *t = handle;
        if (!glass_ompd_task_ok(t))
            return ompd_rc_stale_handle;
        ref->ah = t->aspace;
        if (!t->task) {
            ref->pending = true;
            ref->flags = GLASS_OMPD_TASK_IMPLICIT;
            ref->object = glass_ompd_field_addr(t->aspace, t->team, F_team_child_icvs);
            return ompd_rc_ok;
        }
        ref->object = glass_ompd_field_addr(t->aspace, t->task, F_task_icv);
        return glass_ompd_read_field(t->aspace, t->task, F_task_flags, &ref->flags);
    }
    default:
        return ompd_rc_bad_input;
    }
}

static ompd_rc_t find_icv(void *handle, ompd_scope_t scope, ompd_icv_id_t icv_id, const struct icv **icv,
                          struct scope_ref *ref)
{
    if (icv_id == 0 || icv_id > NICVS)
        return ompd_rc_bad_input;
    *icv = &icvs[icv_id - 1];
    bool as_implicit_task = (*icv)->implicit_task && scope == ompd_scope_implicit_task;
    if ((*icv)->scope != scope && !as_implicit_task)
        return ompd_rc_bad_input;
    ompd_rc_t rc = scope_object(handle, scope, ref);
    if (rc != ompd_rc_ok)
        return rc;
    if (as_implicit_task && !(ref->flags & TASK_IS_IMPLICIT))
        return ompd_rc_stale_handle; /* not the handle of an implicit task */
    /* A member's place partition is decided when it starts (affinity.c). */
    if ((*icv)->source == PLACE_PARTITION && ref->pending)
        return ompd_rc_unavailable;
    return ompd_rc_ok;
}

static ompd_rc_t read_icv_value(const struct icv *icv, const struct scope_ref *ref, int64_t *value)
{
    ompd_address_space_handle_t *ah = ref->ah;
    switch (icv->source) {
    case GLOBAL_FIELD:
    case THREAD_FIELD:
    case TEAM_FIELD:
        return glass_ompd_read_field_signed(ah, ref->object, icv->field, value);
    case TASK_FLAGS:
        *value = (ref->flags & icv->mask) != 0;
        return ompd_rc_ok;
    case TASK_ICV_FIELD:
    case PLACE_PARTITION: {
        int64_t raw;
        ompd_rc_t rc = glass_ompd_read_field_signed(ah, ref->object, icv->field, &raw);
        if (rc != ompd_rc_ok)
            return rc;
        /* Unsigned ICVs keep their unsigned value; UINT_MAX means "no limit". */
        if (ah->fields[icv->field].size == 4 &&
            (icv->field == F_icvs_nthreads || icv->field == F_icvs_thread_limit ||
             icv->field == F_icvs_max_active_levels))
            raw = (int64_t)(uint32_t)raw;
        *value = raw;
        return ompd_rc_ok;
    }
    }
    return ompd_rc_error;
}

/* Where the later elements of a list ICV (nthreads-var, bind-var) come from:
 * the environment's list, from the index the task's ICVs record. */
static ompd_rc_t list_tail(ompd_address_space_handle_t *ah, uint64_t icv_addr, bool bind, uint64_t *globals,
                           uint64_t *next, uint64_t *len)
{
    ompd_rc_t rc;
    if ((rc = glass_ompd_read(ah, ah->process + offsetof(struct glass_ompd_process, globals), 8, globals)) !=
            ompd_rc_ok ||
        (rc = glass_ompd_read_field(ah, icv_addr, bind ? F_icvs_bind_next : F_icvs_nthreads_next, next)) !=
            ompd_rc_ok)
        return rc;
    return glass_ompd_read_field(ah, *globals, bind ? F_globals_bind_list_len : F_globals_nthreads_list_len, len);
}

static ompd_rc_t list_continues(ompd_address_space_handle_t *ah, uint64_t icv_addr, bool bind, bool *more)
{
    uint64_t globals, next, len;
    ompd_rc_t rc = list_tail(ah, icv_addr, bind, &globals, &next, &len);
    if (rc == ompd_rc_ok)
        *more = next < len;
    return rc;
}

EXPORT ompd_rc_t ompd_get_icv_from_scope(void *handle, ompd_scope_t scope, ompd_icv_id_t icv_id,
                                         ompd_word_t *icv_value)
{
    const struct icv *icv;
    struct scope_ref ref;
    ompd_rc_t rc = find_icv(handle, scope, icv_id, &icv, &ref);
    if (rc != ompd_rc_ok)
        return rc;
    ompd_address_space_handle_t *ah = ref.ah;
    uint64_t object = ref.object;
    if (!icv_value)
        return ompd_rc_bad_input;
    /* Not one integer: a string, or a schedule (a kind and a chunk size);
     * ompd_get_icv_string_from_scope gives them (5.5.9.2). */
    if (icv->format == STRING || icv->format == SCHEDULE)
        return ompd_rc_incompatible;
    if (icv->field == F_thread_num && icv->source == THREAD_FIELD) {
        uint64_t team;
        if ((rc = glass_ompd_read_field(ah, object, F_thread_team, &team)) != ompd_rc_ok)
            return rc;
        if (!team)
            return ompd_rc_unavailable; /* an idle worker */
    }
    int64_t value;
    if ((rc = read_icv_value(icv, &ref, &value)) != ompd_rc_ok)
        return rc;
    /* A list ICV gives its first element; ompd_rc_incomplete says more follow
     * (5.5.9.2), for ompd_get_icv_string_from_scope to show. */
    if (icv->source == PLACE_PARTITION) {
        int64_t first;
        if (value == 0)
            return ompd_rc_incompatible; /* no places: an empty list has no integer form */
        if ((rc = glass_ompd_read_field_signed(ah, object, F_icvs_place_partition_first, &first)) != ompd_rc_ok)
            return rc;
        *icv_value = first;
        return value > 1 ? ompd_rc_incomplete : ompd_rc_ok;
    }
    /* No thread limit is UINT_MAX inside; omp_get_thread_limit() says INT_MAX. */
    if (icv->format == LIMIT && value > INT32_MAX)
        value = INT32_MAX;
    *icv_value = value;
    if (icv->format == NTHREADS || icv->format == BIND) {
        bool more;
        if ((rc = list_continues(ah, object, icv->format == BIND, &more)) != ompd_rc_ok)
            return rc;
        if (more)
            return ompd_rc_incomplete;
    }
    return ompd_rc_ok;
}

static const char *bind_name(int64_t policy)
{
    static const char *const names[] = {"false", "true", "primary", "close", "spread"};
    return policy >= 0 && policy <= 4 ? names[policy] : "false";
}

/* A list ICV (nthreads-var, bind-var): the task's value, then the elements
 * later nesting levels take from the environment's list. */
static ompd_rc_t list_string(ompd_address_space_handle_t *ah, uint64_t icv_addr, bool bind, int64_t first, char *out,
                             size_t size)
{
    uint64_t globals, next, len;
    ompd_rc_t rc = list_tail(ah, icv_addr, bind, &globals, &next, &len);
    if (rc != ompd_rc_ok)
        return rc;
    size_t used = bind ? (size_t)snprintf(out, size, "%s", bind_name(first))
                       : (size_t)snprintf(out, size, "%" PRId64, first);
    uint64_t element = bind ? 1 : 4;
    uint64_t list = glass_ompd_field_addr(ah, globals, bind ? F_globals_bind_list : F_globals_nthreads_list);
    for (uint64_t i = next; i < len && i < 64 && used < size; i++) {
        uint64_t value = 0;
        if ((rc = glass_ompd_read(ah, list + i * element, element, &value)) != ompd_rc_ok)
            return rc;
        if (bind)
            used += (size_t)snprintf(out + used, size - used, ",%s", bind_name((int64_t)(int8_t)value));
        else
            used += (size_t)snprintf(out + used, size - used, ",%" PRIu64, value & 0xffffffffu);
    }
    return ompd_rc_ok;
}

/* The string is allocated with alloc_memory; the tool releases it with its
 * free_memory. */
EXPORT ompd_rc_t ompd_get_icv_string_from_scope(void *handle, ompd_scope_t scope, ompd_icv_id_t icv_id,
                                                const char **icv_string)
{
    const struct icv *icv;
    struct scope_ref ref;
    ompd_rc_t rc = find_icv(handle, scope, icv_id, &icv, &ref);
    if (rc != ompd_rc_ok)
        return rc;
    ompd_address_space_handle_t *ah = ref.ah;
    uint64_t object = ref.object;
    if (!icv_string)
        return ompd_rc_bad_input;
    char text[512];
    if (icv->format == STRING) {
        uint64_t size = ah->fields[icv->field].size;
        if (size >= sizeof text)
            size = sizeof text - 1;
        ompd_address_t where = {ompd_segment_none, glass_ompd_field_addr(ah, object, icv->field)};
        if ((rc = glass_ompd_cb.read_memory(ah->context, NULL, &where, size, text)) != ompd_rc_ok)
            return rc;
        text[size] = '\0';
        return glass_ompd_strdup(text, icv_string);
    }
    int64_t value;
    if (icv->source == THREAD_FIELD) {
        ompd_word_t word;
        if ((rc = ompd_get_icv_from_scope(handle, scope, icv_id, &word)) != ompd_rc_ok)
            return rc;
        value = word;
    } else if ((rc = read_icv_value(icv, &ref, &value)) != ompd_rc_ok) {
        return rc;
    }
    uint64_t icv_addr = object; /* the task's ICVs, for the task-scope formats below */
    switch (icv->format) {
    case BOOLEAN:
        snprintf(text, sizeof text, "%s", value ? "true" : "false");
        break;
    case LIMIT:
        if (value == 0xffffffffll)
            snprintf(text, sizeof text, "unlimited");
        else
            snprintf(text, sizeof text, "%" PRId64, value);
        break;
    case SCHEDULE: {
        static const char *const kinds[] = {"?", "static", "dynamic", "guided", "auto"};
        int64_t chunk;
        if ((rc = glass_ompd_read_field_signed(ah, icv_addr, F_icvs_run_sched_chunk, &chunk)) != ompd_rc_ok)
            return rc;
        int64_t kind = value & 0x7fffffff;
        snprintf(text, sizeof text, "%s%s,%" PRId64, (value & 0x80000000ll) ? "monotonic:" : "",
                 kinds[kind >= 1 && kind <= 4 ? kind : 0], chunk);
        break;
    }
    case BIND:
    case NTHREADS:
        if ((rc = list_string(ah, object, icv->format == BIND, value, text, sizeof text)) != ompd_rc_ok)
            return rc;
        break;
    default:
        if (icv->source == PLACE_PARTITION) {
            int64_t first;
            if ((rc = glass_ompd_read_field_signed(ah, icv_addr, F_icvs_place_partition_first, &first)) !=
                ompd_rc_ok)
                return rc;
            /* Place numbers, not their processor lists (those live in the runtime's place table). */
            if (value == 0)
                snprintf(text, sizeof text, "none");
            else
                snprintf(text, sizeof text, "places %" PRId64 "-%" PRId64, first, first + value - 1);
        } else {
            snprintf(text, sizeof text, "%" PRId64, value);
        }
        break;
    }
    return glass_ompd_strdup(text, icv_string);
}
