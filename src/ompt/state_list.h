/* The ompt_state_t values (OpenMP 5.1, 4.4.4.27), the one list every part of
 * Glass builds its states from, in enumeration order:
 * X(name, NAME, value) for ompt_state_<name>, which the core reports as
 * GLASS_STATE_<NAME> (enum glass_state, hooks.h), and DEPRECATED(...) for the
 * 5.0 names 5.1 deprecated, which only libompd lists. Its users: the core's
 * enum glass_state, the runtime's ompt_enumerate_states (lookup.c), libompd's
 * ompd_enumerate_states (src/ompd/states.c); src/ompt/public_type_checks.c checks it
 * against the public <omp-tools.h> FOREACH_OMPT_STATE, entry for entry, which
 * is what tools (tools/check) build from. A plain list: no runtime layout, so
 * libompd may include it. */
#ifndef GLASS_OMPT_STATE_LIST_H
#define GLASS_OMPT_STATE_LIST_H

#define GLASS_OMPT_STATE_LIST(X, DEPRECATED) \
    X(undefined, UNDEFINED, 0x102) \
    X(work_serial, WORK_SERIAL, 0x000) \
    X(work_parallel, WORK_PARALLEL, 0x001) \
    X(work_reduction, WORK_REDUCTION, 0x002) \
    DEPRECATED(wait_barrier, WAIT_BARRIER, 0x010) \
    X(wait_barrier_implicit_parallel, WAIT_BARRIER_IMPLICIT_PARALLEL, 0x011) \
    X(wait_barrier_implicit_workshare, WAIT_BARRIER_IMPLICIT_WORKSHARE, 0x012) \
    DEPRECATED(wait_barrier_implicit, WAIT_BARRIER_IMPLICIT, 0x013) \
    X(wait_barrier_explicit, WAIT_BARRIER_EXPLICIT, 0x014) \
    X(wait_barrier_implementation, WAIT_BARRIER_IMPLEMENTATION, 0x015) \
    X(wait_barrier_teams, WAIT_BARRIER_TEAMS, 0x016) \
    X(wait_taskwait, WAIT_TASKWAIT, 0x020) \
    X(wait_taskgroup, WAIT_TASKGROUP, 0x021) \
    X(wait_mutex, WAIT_MUTEX, 0x040) \
    X(wait_lock, WAIT_LOCK, 0x041) \
    X(wait_critical, WAIT_CRITICAL, 0x042) \
    X(wait_atomic, WAIT_ATOMIC, 0x043) \
    X(wait_ordered, WAIT_ORDERED, 0x044) \
    X(wait_target, WAIT_TARGET, 0x080) \
    X(wait_target_map, WAIT_TARGET_MAP, 0x081) \
    X(wait_target_update, WAIT_TARGET_UPDATE, 0x082) \
    X(idle, IDLE, 0x100) \
    X(overhead, OVERHEAD, 0x101)

#endif
