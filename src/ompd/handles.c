/* libompd: thread, parallel and task handles (OpenMP 5.1, 5.5.4 to 5.5.7). */
#include <string.h>

#include "ompd_internal.h"

#define EXPORT __attribute__((visibility("default")))

#define THREAD_ID_PTHREAD ompd_thread_id_pthread
#define THREAD_ID_LWP ompd_thread_id_lwp

static int compare(uint64_t a, uint64_t b)
{
    return a < b ? -1 : a > b;
}

/* ---- Threads ---------------------------------------------------------- */

EXPORT ompd_rc_t ompd_get_thread_in_parallel(ompd_parallel_handle_t *parallel_handle, int thread_num,
                                             ompd_thread_handle_t **thread_handle)
{
    if (!glass_ompd_parallel_ok(parallel_handle))
        return ompd_rc_stale_handle;
    if (!thread_handle)
        return ompd_rc_bad_input;
    ompd_address_space_handle_t *ah = parallel_handle->aspace;
    uint64_t nthreads, members, thread;
    ompd_rc_t rc = glass_ompd_read_field(ah, parallel_handle->team, F_team_nthreads, &nthreads);
    if (rc != ompd_rc_ok)
        return rc;
    if (thread_num < 0 || (uint64_t)thread_num >= nthreads)
        return ompd_rc_bad_input;
    if ((rc = glass_ompd_read_field(ah, parallel_handle->team, F_team_members, &members)) != ompd_rc_ok ||
        (rc = glass_ompd_read(ah, members + (uint64_t)thread_num * ah->struct_size[S_pointer], 8, &thread)) !=
            ompd_rc_ok)
        return rc;
    if (!thread)
        return ompd_rc_unavailable;
    return glass_ompd_new_thread(ah, thread, thread_handle);
}

EXPORT ompd_rc_t ompd_get_thread_handle(ompd_address_space_handle_t *handle, ompd_thread_id_t kind,
                                        ompd_size_t sizeof_thread_id, const void *thread_id,
                                        ompd_thread_handle_t **thread_handle)
{
    if (!glass_ompd_aspace_ok(handle))
        return ompd_rc_stale_handle;
    if (!thread_id || !thread_handle)
        return ompd_rc_bad_input;
    enum glass_ompd_field_id field;
    uint64_t wanted;
    if (kind == THREAD_ID_LWP && (sizeof_thread_id == 4 || sizeof_thread_id == 8)) {
        field = F_thread_tid;
        if (sizeof_thread_id == 4) {
            int32_t id;
            memcpy(&id, thread_id, 4);
            wanted = (uint64_t)(uint32_t)id;
        } else {
            memcpy(&wanted, thread_id, 8);
        }
    } else if (kind == THREAD_ID_PTHREAD && sizeof_thread_id == handle->fields[F_thread_pthread].size &&
               sizeof_thread_id == 8) {
        field = F_thread_pthread;
        memcpy(&wanted, thread_id, 8);
    } else if (kind == THREAD_ID_LWP || kind == THREAD_ID_PTHREAD) {
        return ompd_rc_bad_input;
    } else {
        return ompd_rc_unsupported;
    }
    uint64_t thread;
    ompd_rc_t rc = glass_ompd_read(handle, handle->process + offsetof(struct glass_ompd_process, threads), 8, &thread);
    for (unsigned n = 0; rc == ompd_rc_ok && thread && n < 1u << 20; n++) {
        uint64_t id;
        if ((rc = glass_ompd_read_field(handle, thread, field, &id)) != ompd_rc_ok)
            return rc;
        if (field == F_thread_tid)
            id = (uint32_t)id;
        if (id == wanted)
            return glass_ompd_new_thread(handle, thread, thread_handle);
        rc = glass_ompd_read_field(handle, thread, F_thread_ompd_next, &thread);
    }
    return rc == ompd_rc_ok ? ompd_rc_unavailable : rc; /* not an OpenMP thread */
}

EXPORT ompd_rc_t ompd_rel_thread_handle(ompd_thread_handle_t *thread_handle)
{
    if (!thread_handle || thread_handle->magic != MAGIC_THREAD)
        return ompd_rc_stale_handle;
    thread_handle->magic = 0;
    return glass_ompd_cb.free_memory(thread_handle);
}

EXPORT ompd_rc_t ompd_thread_handle_compare(ompd_thread_handle_t *thread_handle_1,
                                            ompd_thread_handle_t *thread_handle_2, int *cmp_value)
{
    if (!thread_handle_1 || thread_handle_1->magic != MAGIC_THREAD || !thread_handle_2 ||
        thread_handle_2->magic != MAGIC_THREAD)
        return ompd_rc_stale_handle;
    if (!cmp_value)
        return ompd_rc_bad_input;
    *cmp_value = compare(thread_handle_1->thread, thread_handle_2->thread);
    return ompd_rc_ok;
}

EXPORT ompd_rc_t ompd_get_thread_id(ompd_thread_handle_t *thread_handle, ompd_thread_id_t kind,
                                    ompd_size_t sizeof_thread_id, void *thread_id)
{
    ompd_rc_t rc = glass_ompd_thread_check(thread_handle);
    if (rc != ompd_rc_ok)
        return rc;
    if (!thread_id)
        return ompd_rc_bad_input;
    ompd_address_space_handle_t *ah = thread_handle->aspace;
    uint64_t id;
    if (kind == THREAD_ID_LWP) {
        if (sizeof_thread_id != 4 && sizeof_thread_id != 8)
            return ompd_rc_bad_input;
        if ((rc = glass_ompd_read_field(ah, thread_handle->thread, F_thread_tid, &id)) != ompd_rc_ok)
            return rc;
        if (sizeof_thread_id == 4) {
            uint32_t small = (uint32_t)id;
            memcpy(thread_id, &small, 4);
        } else {
            memcpy(thread_id, &id, 8);
        }
        return ompd_rc_ok;
    }
    if (kind == THREAD_ID_PTHREAD) {
        if (sizeof_thread_id != 8)
            return ompd_rc_bad_input;
        if ((rc = glass_ompd_read_field(ah, thread_handle->thread, F_thread_pthread, &id)) != ompd_rc_ok)
            return rc;
        memcpy(thread_id, &id, 8);
        return ompd_rc_ok;
    }
    return ompd_rc_unsupported;
}

/* ---- Parallel regions ----------------------------------------------- */

EXPORT ompd_rc_t ompd_get_curr_parallel_handle(ompd_thread_handle_t *thread_handle,
                                               ompd_parallel_handle_t **parallel_handle)
{
    ompd_rc_t rc = glass_ompd_thread_check(thread_handle);
    if (rc != ompd_rc_ok)
        return rc;
    if (!parallel_handle)
        return ompd_rc_bad_input;
    uint64_t team;
    if ((rc = glass_ompd_read_field(thread_handle->aspace, thread_handle->thread, F_thread_team, &team)) !=
        ompd_rc_ok)
        return rc;
    if (!team)
        return ompd_rc_unavailable; /* an idle worker */
    return glass_ompd_new_parallel(thread_handle->aspace, team, parallel_handle);
}

EXPORT ompd_rc_t ompd_get_enclosing_parallel_handle(ompd_parallel_handle_t *parallel_handle,
                                                    ompd_parallel_handle_t **enclosing_parallel_handle)
{
    if (!glass_ompd_parallel_ok(parallel_handle))
        return ompd_rc_stale_handle;
    if (!enclosing_parallel_handle)
        return ompd_rc_bad_input;
    uint64_t parent;
    ompd_rc_t rc = glass_ompd_read_field(parallel_handle->aspace, parallel_handle->team, F_team_parent, &parent);
    if (rc != ompd_rc_ok)
        return rc;
    if (!parent)
        return ompd_rc_unavailable; /* the implicit region of an initial task */
    return glass_ompd_new_parallel(parallel_handle->aspace, parent, enclosing_parallel_handle);
}

EXPORT ompd_rc_t ompd_get_task_parallel_handle(ompd_task_handle_t *task_handle,
                                               ompd_parallel_handle_t **task_parallel_handle)
{
    if (!glass_ompd_task_ok(task_handle))
        return ompd_rc_stale_handle;
    if (!task_parallel_handle)
        return ompd_rc_bad_input;
    uint64_t team = task_handle->team;
    ompd_rc_t rc = task_handle->task ? glass_ompd_read_field(task_handle->aspace, task_handle->task, F_task_team, &team)
                                     : ompd_rc_ok;
    if (rc != ompd_rc_ok)
        return rc;
    if (!team)
        return ompd_rc_unavailable;
    return glass_ompd_new_parallel(task_handle->aspace, team, task_parallel_handle);
}

EXPORT ompd_rc_t ompd_rel_parallel_handle(ompd_parallel_handle_t *parallel_handle)
{
    if (!parallel_handle || parallel_handle->magic != MAGIC_PARALLEL)
        return ompd_rc_stale_handle;
    parallel_handle->magic = 0;
    return glass_ompd_cb.free_memory(parallel_handle);
}

EXPORT ompd_rc_t ompd_parallel_handle_compare(ompd_parallel_handle_t *parallel_handle_1,
                                              ompd_parallel_handle_t *parallel_handle_2, int *cmp_value)
{
    if (!glass_ompd_parallel_ok(parallel_handle_1) || !glass_ompd_parallel_ok(parallel_handle_2))
        return ompd_rc_stale_handle;
    if (!cmp_value)
        return ompd_rc_bad_input;
    *cmp_value = compare(parallel_handle_1->team, parallel_handle_2->team);
    return ompd_rc_ok;
}

/* ---- Tasks ---------------------------------------------------------- */

EXPORT ompd_rc_t ompd_get_curr_task_handle(ompd_thread_handle_t *thread_handle, ompd_task_handle_t **task_handle)
{
    ompd_rc_t rc = glass_ompd_thread_check(thread_handle);
    if (rc != ompd_rc_ok)
        return rc;
    if (!task_handle)
        return ompd_rc_bad_input;
    uint64_t task;
    if ((rc = glass_ompd_read_field(thread_handle->aspace, thread_handle->thread, F_thread_task, &task)) !=
        ompd_rc_ok)
        return rc;
    if (!task)
        return ompd_rc_unavailable; /* an idle worker */
    return glass_ompd_new_task(thread_handle->aspace, task, task_handle);
}

/* The generating task: the encountering task for an implicit task. */
EXPORT ompd_rc_t ompd_get_generating_task_handle(ompd_task_handle_t *task_handle,
                                                 ompd_task_handle_t **generating_task_handle)
{
    if (!glass_ompd_task_ok(task_handle))
        return ompd_rc_stale_handle;
    if (!generating_task_handle)
        return ompd_rc_bad_input;
    uint64_t parent;
    ompd_rc_t rc = task_handle->task
                       ? glass_ompd_read_field(task_handle->aspace, task_handle->task, F_task_parent, &parent)
                       : glass_ompd_read_field(task_handle->aspace, task_handle->team, F_team_encountering_task,
                                               &parent);
    if (rc != ompd_rc_ok)
        return rc;
    if (!parent)
        return ompd_rc_unavailable; /* an initial task */
    return glass_ompd_new_task(task_handle->aspace, parent, generating_task_handle);
}

/* The task the executing thread suspended to start this one: recorded for
 * explicit tasks; for the primary thread's implicit task it is the
 * encountering task; other implicit tasks and initial tasks have none. */
static ompd_rc_t scheduling_task(ompd_address_space_handle_t *ah, uint64_t task, uint64_t *out)
{
    uint64_t flags, value;
    ompd_rc_t rc = glass_ompd_read_field(ah, task, F_task_flags, &flags);
    if (rc != ompd_rc_ok)
        return rc;
    if (flags & GLASS_OMPD_TASK_EXPLICIT) {
        rc = glass_ompd_read_field(ah, task, F_task_scheduler, &value);
    } else if (flags & GLASS_OMPD_TASK_IMPLICIT) {
        uint64_t num;
        if ((rc = glass_ompd_read_field(ah, task, F_task_thread_num, &num)) != ompd_rc_ok)
            return rc;
        value = 0;
        if (num == 0)
            rc = glass_ompd_read_field(ah, task, F_task_parent, &value);
    } else {
        value = 0;
    }
    if (rc != ompd_rc_ok)
        return rc;
    *out = value;
    return value ? ompd_rc_ok : ompd_rc_unavailable;
}

EXPORT ompd_rc_t ompd_get_scheduling_task_handle(ompd_task_handle_t *task_handle,
                                                 ompd_task_handle_t **scheduling_task_handle)
{
    if (!glass_ompd_task_ok(task_handle))
        return ompd_rc_stale_handle;
    if (!scheduling_task_handle)
        return ompd_rc_bad_input;
    if (!task_handle->task)
        return ompd_rc_unavailable; /* not started: nothing scheduled it yet */
    uint64_t task;
    ompd_rc_t rc = scheduling_task(task_handle->aspace, task_handle->task, &task);
    if (rc != ompd_rc_ok)
        return rc;
    return glass_ompd_new_task(task_handle->aspace, task, scheduling_task_handle);
}

/* The implicit task of thread `thread_num` in the region: the primary thread's
 * lives in the team; another member's is found by walking back from the task
 * it runs now, through the tasks it suspended and the regions it started. */
EXPORT ompd_rc_t ompd_get_task_in_parallel(ompd_parallel_handle_t *parallel_handle, int thread_num,
                                           ompd_task_handle_t **task_handle)
{
    if (!glass_ompd_parallel_ok(parallel_handle))
        return ompd_rc_stale_handle;
    if (!task_handle)
        return ompd_rc_bad_input;
    ompd_address_space_handle_t *ah = parallel_handle->aspace;
    uint64_t team = parallel_handle->team, nthreads, parent, members, thread, task;
    ompd_rc_t rc = glass_ompd_read_field(ah, team, F_team_nthreads, &nthreads);
    if (rc != ompd_rc_ok)
        return rc;
    if (thread_num < 0 || (uint64_t)thread_num >= nthreads)
        return ompd_rc_bad_input;
    if ((rc = glass_ompd_read_field(ah, team, F_team_parent, &parent)) != ompd_rc_ok)
        return rc;
    if ((rc = glass_ompd_read_field(ah, team, F_team_members, &members)) != ompd_rc_ok ||
        (rc = glass_ompd_read(ah, members + (uint64_t)thread_num * 8, 8, &thread)) != ompd_rc_ok)
        return rc;
    if (!parent) /* the implicit region of an initial thread: its initial task */
        return glass_ompd_new_task(ah, glass_ompd_field_addr(ah, thread, F_thread_initial_task), task_handle);
    if (thread_num == 0)
        return glass_ompd_new_task(ah, glass_ompd_field_addr(ah, team, F_team_master_task), task_handle);
    task = 0;
    if (thread && (rc = glass_ompd_read_field(ah, thread, F_thread_task, &task)) != ompd_rc_ok)
        return rc;
    for (unsigned n = 0; task && n < 1u << 16; n++) {
        uint64_t flags, task_team;
        if ((rc = glass_ompd_read_field(ah, task, F_task_flags, &flags)) != ompd_rc_ok ||
            (rc = glass_ompd_read_field(ah, task, F_task_team, &task_team)) != ompd_rc_ok)
            return rc;
        if ((flags & GLASS_OMPD_TASK_IMPLICIT) && task_team == team)
            return glass_ompd_new_task(ah, task, task_handle);
        if (flags & GLASS_OMPD_TASK_INITIAL)
            break;
        rc = glass_ompd_read_field(ah, task, (flags & GLASS_OMPD_TASK_EXPLICIT) ? F_task_scheduler : F_task_parent,
                                   &task);
        if (rc != ompd_rc_ok)
            return rc;
    }
    /* The thread has not started its implicit task yet; it exists from the fork (5.5.7.4). */
    return glass_ompd_new_pending_task(ah, team, (uint64_t)thread_num, task_handle);
}

EXPORT ompd_rc_t ompd_rel_task_handle(ompd_task_handle_t *task_handle)
{
    if (!task_handle || task_handle->magic != MAGIC_TASK)
        return ompd_rc_stale_handle;
    task_handle->magic = 0;
    return glass_ompd_cb.free_memory(task_handle);
}

EXPORT ompd_rc_t ompd_task_handle_compare(ompd_task_handle_t *task_handle_1, ompd_task_handle_t *task_handle_2,
                                          int *cmp_value)
{
    if (!glass_ompd_task_ok(task_handle_1) || !glass_ompd_task_ok(task_handle_2))
        return ompd_rc_stale_handle;
    if (!cmp_value)
        return ompd_rc_bad_input;
    /* Tasks by address; implicit tasks not started yet after them, by team and number. */
    const ompd_task_handle_t *a = task_handle_1, *b = task_handle_2;
    if (a->task || b->task)
        *cmp_value = !a->task ? 1 : !b->task ? -1 : compare(a->task, b->task);
    else
        *cmp_value = a->team != b->team ? compare(a->team, b->team) : compare(a->thread_num, b->thread_num);
    return ompd_rc_ok;
}

/* The entry point of the task's user code: the outlined function of an
 * explicit task, the region's function for an implicit task. */
EXPORT ompd_rc_t ompd_get_task_function(ompd_task_handle_t *task_handle, ompd_address_t *entry_point)
{
    if (!glass_ompd_task_ok(task_handle))
        return ompd_rc_stale_handle;
    if (!entry_point)
        return ompd_rc_bad_input;
    ompd_address_space_handle_t *ah = task_handle->aspace;
    uint64_t flags = GLASS_OMPD_TASK_IMPLICIT, entry = 0, team = task_handle->team;
    ompd_rc_t rc = task_handle->task ? glass_ompd_read_field(ah, task_handle->task, F_task_flags, &flags) : ompd_rc_ok;
    if (rc != ompd_rc_ok)
        return rc;
    if (flags & GLASS_OMPD_TASK_EXPLICIT) {
        rc = glass_ompd_read_field(ah, task_handle->task, F_task_entry, &entry);
    } else if (flags & GLASS_OMPD_TASK_IMPLICIT) {
        if (!task_handle->task || (rc = glass_ompd_read_field(ah, task_handle->task, F_task_team, &team)) == ompd_rc_ok)
            rc = glass_ompd_read_field(ah, team, F_team_entry, &entry);
    }
    if (rc != ompd_rc_ok)
        return rc;
    if (!entry)
        return ompd_rc_unavailable; /* the initial task runs the program itself */
    *entry_point = (ompd_address_t){ompd_segment_none, entry};
    return ompd_rc_ok;
}

/* A frame as the runtime records it (glass_ompd_abi.h, "Task frames"), told
 * to the tool as the frame it designates (ompt_frame_flag_t, 4.4.4.29), so
 * that a debugger can match it with the frames it unwinds:
 * - a runtime frame is recorded as the frame pointer of the runtime function
 *   that called the task's code; that function keeps a standard x86-64 frame
 *   (its caller's %rbp pushed just under its return address), so its
 *   canonical frame address is 16 bytes above: reported with ompt_frame_cfa;
 * - an application frame is recorded as the canonical frame address of the
 *   runtime entry point that the user's code called, which is the lowest
 *   address of the calling user frame. Every frame starts and ends 16-byte
 *   aligned at a call (the x86-64 psABI), so that user frame spans at least
 *   16 bytes and the address 8 bytes up lies inside it and in no callee:
 *   reported with ompt_frame_stackaddress. */
static ompd_frame_info_t frame_info(uint64_t address, uint64_t flags)
{
    enum { APPLICATION = 0x01, CFA = 0x10, STACKADDRESS = 0x30, KIND = 0xf0 };
    if (!address || (flags & KIND) != CFA)
        return (ompd_frame_info_t){{ompd_segment_none, address}, (ompd_word_t)flags};
    if (flags & APPLICATION)
        return (ompd_frame_info_t){{ompd_segment_none, address + 8}, APPLICATION | STACKADDRESS};
    return (ompd_frame_info_t){{ompd_segment_none, address + 16}, CFA};
}

EXPORT ompd_rc_t ompd_get_task_frame(ompd_task_handle_t *task_handle, ompd_frame_info_t *exit_frame,
                                     ompd_frame_info_t *enter_frame)
{
    if (!glass_ompd_task_ok(task_handle))
        return ompd_rc_stale_handle;
    if (!exit_frame || !enter_frame)
        return ompd_rc_bad_input;
    ompd_address_space_handle_t *ah = task_handle->aspace;
    if (!ah->record.enabled)
        return ompd_rc_needs_state_tracking; /* frames are kept with OMP_DEBUG=enabled */
    if (!task_handle->task) { /* not started: it neither runs user code nor entered the runtime */
        *exit_frame = *enter_frame = (ompd_frame_info_t){{ompd_segment_none, 0}, 0};
        return ompd_rc_ok;
    }
    uint64_t frame = glass_ompd_field_addr(ah, task_handle->task, F_task_frame);
    uint64_t exit_addr, enter_addr, exit_flags, enter_flags;
    ompd_rc_t rc;
    if ((rc = glass_ompd_read_field(ah, frame, F_frame_exit_frame, &exit_addr)) != ompd_rc_ok ||
        (rc = glass_ompd_read_field(ah, frame, F_frame_enter_frame, &enter_addr)) != ompd_rc_ok ||
        (rc = glass_ompd_read_field(ah, frame, F_frame_exit_frame_flags, &exit_flags)) != ompd_rc_ok ||
        (rc = glass_ompd_read_field(ah, frame, F_frame_enter_frame_flags, &enter_flags)) != ompd_rc_ok)
        return rc;
    *exit_frame = frame_info(exit_addr, exit_flags);
    *enter_frame = frame_info(enter_addr, enter_flags);
    return ompd_rc_ok;
}
