/* The core's mirrors of the public OMPT types (src/ompt/hooks.h, the task
 * flags of src/core/tasks/task.h) must agree with <omp-tools.h>: the core hands its
 * objects to tools as the public types. Checked at compile time. */
#include <omp-tools.h>
#include <stddef.h>

#include "../core/tasks/task.h"
#include "hooks.h"

#define SAME_LAYOUT(ours, theirs)                                                                \
    _Static_assert(sizeof(ours) == sizeof(theirs) && _Alignof(ours) == _Alignof(theirs),         \
                   #ours " must have the layout of " #theirs)
#define SAME_FIELD(ours, our_field, theirs, their_field)                                         \
    _Static_assert(offsetof(ours, our_field) == offsetof(theirs, their_field),                   \
                   #ours "." #our_field " must sit where " #theirs "." #their_field " does")
#define SAME_VALUE(ours, theirs) _Static_assert((long long)(ours) == (long long)(theirs), #ours " != " #theirs)

SAME_LAYOUT(glass_tool_data, ompt_data_t);
SAME_FIELD(glass_tool_data, value, ompt_data_t, value);
SAME_FIELD(glass_tool_data, ptr, ompt_data_t, ptr);

SAME_LAYOUT(struct glass_frame, ompt_frame_t);
SAME_FIELD(struct glass_frame, exit_frame, ompt_frame_t, exit_frame);
SAME_FIELD(struct glass_frame, enter_frame, ompt_frame_t, enter_frame);
SAME_FIELD(struct glass_frame, exit_frame_flags, ompt_frame_t, exit_frame_flags);
SAME_FIELD(struct glass_frame, enter_frame_flags, ompt_frame_t, enter_frame_flags);

SAME_LAYOUT(struct glass_dispatch_chunk, ompt_dispatch_chunk_t);
SAME_FIELD(struct glass_dispatch_chunk, start, ompt_dispatch_chunk_t, start);
SAME_FIELD(struct glass_dispatch_chunk, iterations, ompt_dispatch_chunk_t, iterations);

SAME_LAYOUT(struct glass_dependence, ompt_dependence_t);
SAME_FIELD(struct glass_dependence, variable, ompt_dependence_t, variable);
SAME_FIELD(struct glass_dependence, dependence_type, ompt_dependence_t, dependence_type);

/* The state list (state_list.h) against <omp-tools.h>: every entry has the
 * public value of its name (a name the header lacks does not compile), and
 * both lists are as long, so neither has a state the other lacks. */
#define SAME_STATE(name, NAME, value) SAME_VALUE(value, ompt_state_##name);
#define SAME_REPORTED_STATE(name, NAME, value) SAME_STATE(name, NAME, value) SAME_VALUE(GLASS_STATE_##NAME, value);
GLASS_OMPT_STATE_LIST(SAME_REPORTED_STATE, SAME_STATE)
#define COUNT_OURS(name, NAME, value) +1
#define COUNT_PUBLIC(name, value) +1
_Static_assert(0 GLASS_OMPT_STATE_LIST(COUNT_OURS, COUNT_OURS) == 0 FOREACH_OMPT_STATE(COUNT_PUBLIC),
               "state_list.h and <omp-tools.h> must list the same states");

/* enum glass_task_flag (task.h): ompt_task_flag_t */
SAME_VALUE(GLASS_TASK_INITIAL, ompt_task_initial);
SAME_VALUE(GLASS_TASK_IMPLICIT, ompt_task_implicit);
SAME_VALUE(GLASS_TASK_EXPLICIT, ompt_task_explicit);
SAME_VALUE(GLASS_TASK_TARGET, ompt_task_target);
SAME_VALUE(GLASS_TASK_UNDEFERRED, ompt_task_undeferred);
SAME_VALUE(GLASS_TASK_UNTIED, ompt_task_untied);
SAME_VALUE(GLASS_TASK_FINAL, ompt_task_final);
SAME_VALUE(GLASS_TASK_MERGEABLE, ompt_task_mergeable);
SAME_VALUE((unsigned)GLASS_TASK_MERGED, (unsigned)ompt_task_merged);

/* enum glass_frame_flag: ompt_frame_flag_t */
SAME_VALUE(GLASS_FRAME_RUNTIME, ompt_frame_runtime);
SAME_VALUE(GLASS_FRAME_APPLICATION, ompt_frame_application);
SAME_VALUE(GLASS_FRAME_CFA, ompt_frame_cfa);
SAME_VALUE(GLASS_FRAME_FRAMEPOINTER, ompt_frame_framepointer);

/* enum glass_ompt_event: ompt_callbacks_t */
SAME_VALUE(GLASS_OMPT_EV_thread_begin, ompt_callback_thread_begin);
SAME_VALUE(GLASS_OMPT_EV_thread_end, ompt_callback_thread_end);
SAME_VALUE(GLASS_OMPT_EV_parallel_begin, ompt_callback_parallel_begin);
SAME_VALUE(GLASS_OMPT_EV_parallel_end, ompt_callback_parallel_end);
SAME_VALUE(GLASS_OMPT_EV_task_create, ompt_callback_task_create);
SAME_VALUE(GLASS_OMPT_EV_task_schedule, ompt_callback_task_schedule);
SAME_VALUE(GLASS_OMPT_EV_implicit_task, ompt_callback_implicit_task);
SAME_VALUE(GLASS_OMPT_EV_target, ompt_callback_target);
SAME_VALUE(GLASS_OMPT_EV_target_data_op, ompt_callback_target_data_op);
SAME_VALUE(GLASS_OMPT_EV_target_submit, ompt_callback_target_submit);
SAME_VALUE(GLASS_OMPT_EV_control_tool, ompt_callback_control_tool);
SAME_VALUE(GLASS_OMPT_EV_device_initialize, ompt_callback_device_initialize);
SAME_VALUE(GLASS_OMPT_EV_device_finalize, ompt_callback_device_finalize);
SAME_VALUE(GLASS_OMPT_EV_device_load, ompt_callback_device_load);
SAME_VALUE(GLASS_OMPT_EV_device_unload, ompt_callback_device_unload);
SAME_VALUE(GLASS_OMPT_EV_sync_region_wait, ompt_callback_sync_region_wait);
SAME_VALUE(GLASS_OMPT_EV_mutex_released, ompt_callback_mutex_released);
SAME_VALUE(GLASS_OMPT_EV_dependences, ompt_callback_dependences);
SAME_VALUE(GLASS_OMPT_EV_task_dependence, ompt_callback_task_dependence);
SAME_VALUE(GLASS_OMPT_EV_work, ompt_callback_work);
SAME_VALUE(GLASS_OMPT_EV_masked, ompt_callback_masked);
SAME_VALUE(GLASS_OMPT_EV_target_map, ompt_callback_target_map);
SAME_VALUE(GLASS_OMPT_EV_sync_region, ompt_callback_sync_region);
SAME_VALUE(GLASS_OMPT_EV_lock_init, ompt_callback_lock_init);
SAME_VALUE(GLASS_OMPT_EV_lock_destroy, ompt_callback_lock_destroy);
SAME_VALUE(GLASS_OMPT_EV_mutex_acquire, ompt_callback_mutex_acquire);
SAME_VALUE(GLASS_OMPT_EV_mutex_acquired, ompt_callback_mutex_acquired);
SAME_VALUE(GLASS_OMPT_EV_nest_lock, ompt_callback_nest_lock);
SAME_VALUE(GLASS_OMPT_EV_flush, ompt_callback_flush);
SAME_VALUE(GLASS_OMPT_EV_cancel, ompt_callback_cancel);
SAME_VALUE(GLASS_OMPT_EV_reduction, ompt_callback_reduction);
SAME_VALUE(GLASS_OMPT_EV_dispatch, ompt_callback_dispatch);
SAME_VALUE(GLASS_OMPT_EV_target_emi, ompt_callback_target_emi);
SAME_VALUE(GLASS_OMPT_EV_target_data_op_emi, ompt_callback_target_data_op_emi);
SAME_VALUE(GLASS_OMPT_EV_target_submit_emi, ompt_callback_target_submit_emi);
SAME_VALUE(GLASS_OMPT_EV_target_map_emi, ompt_callback_target_map_emi);
SAME_VALUE(GLASS_OMPT_EV_error, ompt_callback_error);

/* The other enumerations the core reports. */
SAME_VALUE(GLASS_SCOPE_BEGIN, ompt_scope_begin);
SAME_VALUE(GLASS_SCOPE_END, ompt_scope_end);
SAME_VALUE(GLASS_SCOPE_BEGINEND, ompt_scope_beginend);
SAME_VALUE(GLASS_THREAD_INITIAL, ompt_thread_initial);
SAME_VALUE(GLASS_THREAD_WORKER, ompt_thread_worker);
SAME_VALUE(GLASS_THREAD_OTHER, ompt_thread_other);
SAME_VALUE(GLASS_PARALLEL_INVOKER_PROGRAM, ompt_parallel_invoker_program);
SAME_VALUE(GLASS_PARALLEL_INVOKER_RUNTIME, ompt_parallel_invoker_runtime);
SAME_VALUE(GLASS_PARALLEL_LEAGUE, ompt_parallel_league);
SAME_VALUE((unsigned)GLASS_PARALLEL_TEAM, (unsigned)ompt_parallel_team);
SAME_VALUE(GLASS_SYNC_BARRIER_EXPLICIT, ompt_sync_region_barrier_explicit);
SAME_VALUE(GLASS_SYNC_BARRIER_IMPLEMENTATION, ompt_sync_region_barrier_implementation);
SAME_VALUE(GLASS_SYNC_TASKWAIT, ompt_sync_region_taskwait);
SAME_VALUE(GLASS_SYNC_TASKGROUP, ompt_sync_region_taskgroup);
SAME_VALUE(GLASS_SYNC_REDUCTION, ompt_sync_region_reduction);
SAME_VALUE(GLASS_SYNC_BARRIER_IMPLICIT_WORKSHARE, ompt_sync_region_barrier_implicit_workshare);
SAME_VALUE(GLASS_SYNC_BARRIER_IMPLICIT_PARALLEL, ompt_sync_region_barrier_implicit_parallel);
SAME_VALUE(GLASS_SYNC_BARRIER_TEAMS, ompt_sync_region_barrier_teams);
SAME_VALUE(GLASS_WORK_LOOP, ompt_work_loop);
SAME_VALUE(GLASS_WORK_SECTIONS, ompt_work_sections);
SAME_VALUE(GLASS_WORK_SINGLE_EXECUTOR, ompt_work_single_executor);
SAME_VALUE(GLASS_WORK_SINGLE_OTHER, ompt_work_single_other);
SAME_VALUE(GLASS_WORK_WORKSHARE, ompt_work_workshare);
SAME_VALUE(GLASS_WORK_DISTRIBUTE, ompt_work_distribute);
SAME_VALUE(GLASS_WORK_TASKLOOP, ompt_work_taskloop);
SAME_VALUE(GLASS_WORK_SCOPE, ompt_work_scope);
SAME_VALUE(GLASS_WORK_LOOP_STATIC, ompt_work_loop_static);
SAME_VALUE(GLASS_WORK_LOOP_DYNAMIC, ompt_work_loop_dynamic);
SAME_VALUE(GLASS_WORK_LOOP_GUIDED, ompt_work_loop_guided);
SAME_VALUE(GLASS_WORK_LOOP_OTHER, ompt_work_loop_other);
SAME_VALUE(GLASS_DISPATCH_ITERATION, ompt_dispatch_iteration);
SAME_VALUE(GLASS_DISPATCH_SECTION, ompt_dispatch_section);
SAME_VALUE(GLASS_DISPATCH_WS_LOOP_CHUNK, ompt_dispatch_ws_loop_chunk);
SAME_VALUE(GLASS_DISPATCH_TASKLOOP_CHUNK, ompt_dispatch_taskloop_chunk);
SAME_VALUE(GLASS_DISPATCH_DISTRIBUTE_CHUNK, ompt_dispatch_distribute_chunk);
SAME_VALUE(GLASS_MUTEX_LOCK, ompt_mutex_lock);
SAME_VALUE(GLASS_MUTEX_TEST_LOCK, ompt_mutex_test_lock);
SAME_VALUE(GLASS_MUTEX_NEST_LOCK, ompt_mutex_nest_lock);
SAME_VALUE(GLASS_MUTEX_TEST_NEST_LOCK, ompt_mutex_test_nest_lock);
SAME_VALUE(GLASS_MUTEX_CRITICAL, ompt_mutex_critical);
SAME_VALUE(GLASS_MUTEX_ATOMIC, ompt_mutex_atomic);
SAME_VALUE(GLASS_MUTEX_ORDERED, ompt_mutex_ordered);
SAME_VALUE(GLASS_CANCEL_FLAG_PARALLEL, ompt_cancel_parallel);
SAME_VALUE(GLASS_CANCEL_FLAG_SECTIONS, ompt_cancel_sections);
SAME_VALUE(GLASS_CANCEL_FLAG_LOOP, ompt_cancel_loop);
SAME_VALUE(GLASS_CANCEL_FLAG_TASKGROUP, ompt_cancel_taskgroup);
SAME_VALUE(GLASS_CANCEL_FLAG_ACTIVATED, ompt_cancel_activated);
SAME_VALUE(GLASS_CANCEL_FLAG_DETECTED, ompt_cancel_detected);
SAME_VALUE(GLASS_CANCEL_FLAG_DISCARDED_TASK, ompt_cancel_discarded_task);
SAME_VALUE(GLASS_TASK_TASKWAIT, ompt_task_taskwait);
SAME_VALUE(GLASS_TASK_STATUS_COMPLETE, ompt_task_complete);
SAME_VALUE(GLASS_TASK_STATUS_YIELD, ompt_task_yield);
SAME_VALUE(GLASS_TASK_STATUS_CANCEL, ompt_task_cancel);
SAME_VALUE(GLASS_TASK_STATUS_DETACH, ompt_task_detach);
SAME_VALUE(GLASS_TASK_STATUS_EARLY_FULFILL, ompt_task_early_fulfill);
SAME_VALUE(GLASS_TASK_STATUS_LATE_FULFILL, ompt_task_late_fulfill);
SAME_VALUE(GLASS_TASK_STATUS_SWITCH, ompt_task_switch);
SAME_VALUE(GLASS_TASK_STATUS_TASKWAIT_COMPLETE, ompt_taskwait_complete);
SAME_VALUE(GLASS_DEPENDENCE_IN, ompt_dependence_type_in);
SAME_VALUE(GLASS_DEPENDENCE_OUT, ompt_dependence_type_out);
SAME_VALUE(GLASS_DEPENDENCE_INOUT, ompt_dependence_type_inout);
SAME_VALUE(GLASS_DEPENDENCE_MUTEXINOUTSET, ompt_dependence_type_mutexinoutset);
SAME_VALUE(GLASS_DEPENDENCE_SOURCE, ompt_dependence_type_source);
SAME_VALUE(GLASS_DEPENDENCE_SINK, ompt_dependence_type_sink);
SAME_VALUE(GLASS_DEPENDENCE_INOUTSET, ompt_dependence_type_inoutset);
SAME_VALUE(GLASS_DEPENDENCE_OUT_ALL_MEMORY, ompt_dependence_type_out_all_memory);
SAME_VALUE(GLASS_DEPENDENCE_INOUT_ALL_MEMORY, ompt_dependence_type_inout_all_memory);
SAME_VALUE(GLASS_SEVERITY_WARNING, ompt_warning);
SAME_VALUE(GLASS_SEVERITY_FATAL, ompt_fatal);
SAME_VALUE(GLASS_SYNC_HINT_NONE, 0);
