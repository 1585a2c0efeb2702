/* The ompt_state_t values (OpenMP 5.1, 4.4.4.27) in enumeration order, as an
 * X-macro list, for the two enumerations that hand them out by name: the
 * runtime's ompt_enumerate_states (lookup.c) and libompd's
 * ompd_enumerate_states (src/ompd/states.c). X(state) for the states Glass
 * reports, DEPRECATED(state) for the 5.0 names 5.1 deprecated, which only
 * libompd lists. A plain list: no runtime layout, so libompd may include it. */
#ifndef GLASS_OMPT_STATE_LIST_H
#define GLASS_OMPT_STATE_LIST_H

#define GLASS_OMPT_STATE_LIST(X, DEPRECATED) \
    X(ompt_state_undefined) \
    X(ompt_state_work_serial) \
    X(ompt_state_work_parallel) \
    X(ompt_state_work_reduction) \
    DEPRECATED(ompt_state_wait_barrier) \
    X(ompt_state_wait_barrier_implicit_parallel) \
    X(ompt_state_wait_barrier_implicit_workshare) \
    DEPRECATED(ompt_state_wait_barrier_implicit) \
    X(ompt_state_wait_barrier_explicit) \
    X(ompt_state_wait_barrier_implementation) \
    X(ompt_state_wait_barrier_teams) \
    X(ompt_state_wait_taskwait) \
    X(ompt_state_wait_taskgroup) \
    X(ompt_state_wait_mutex) \
    X(ompt_state_wait_lock) \
    X(ompt_state_wait_critical) \
    X(ompt_state_wait_atomic) \
    X(ompt_state_wait_ordered) \
    X(ompt_state_wait_target) \
    X(ompt_state_wait_target_map) \
    X(ompt_state_wait_target_update) \
    X(ompt_state_idle) \
    X(ompt_state_overhead)

#endif
