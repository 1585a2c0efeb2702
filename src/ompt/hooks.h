/* What the core needs from OMPT: the per-thread state values, tool-data and frame
 * storage, and the flag that every event point tests.
 *
 * An event point is one line, GLASS_OMPT(event, args...), that compiles to a
 * single predictable branch on glass_ompt_active when no tool is attached. The
 * dispatch functions (glass_ompt_dispatch_<event>) live in src/ompt/ and are
 * only called when a tool registered the event. */
#ifndef GLASS_OMPT_HOOKS_H
#define GLASS_OMPT_HOOKS_H

#include <stdbool.h>
#include <stdint.h>

/* Values of ompt_state_t (OpenMP 5.1, 4.4.4.27). */
enum glass_state {
    GLASS_STATE_WORK_SERIAL = 0x000,
    GLASS_STATE_WORK_PARALLEL = 0x001,
    GLASS_STATE_WORK_REDUCTION = 0x002,
    GLASS_STATE_WAIT_BARRIER_IMPLICIT_PARALLEL = 0x011,
    GLASS_STATE_WAIT_BARRIER_IMPLICIT_WORKSHARE = 0x012,
    GLASS_STATE_WAIT_BARRIER_EXPLICIT = 0x014,
    GLASS_STATE_WAIT_BARRIER_IMPLEMENTATION = 0x015,
    GLASS_STATE_WAIT_BARRIER_TEAMS = 0x016,
    GLASS_STATE_WAIT_TASKWAIT = 0x020,
    GLASS_STATE_WAIT_TASKGROUP = 0x021,
    GLASS_STATE_WAIT_MUTEX = 0x040,
    GLASS_STATE_WAIT_LOCK = 0x041,
    GLASS_STATE_WAIT_CRITICAL = 0x042,
    GLASS_STATE_WAIT_ATOMIC = 0x043,
    GLASS_STATE_WAIT_ORDERED = 0x044,
    GLASS_STATE_IDLE = 0x100,
    GLASS_STATE_OVERHEAD = 0x101,
    GLASS_STATE_UNDEFINED = 0x102,
};

/* Layout of ompt_data_t. */
typedef union glass_tool_data {
    uint64_t value;
    void *ptr;
} glass_tool_data;

/* Layout of ompt_frame_t: exit_frame is set when the runtime calls user code for
 * a task, enter_frame when that user code calls back into the runtime. */
struct glass_frame {
    glass_tool_data exit_frame;
    glass_tool_data enter_frame;
    int exit_frame_flags;
    int enter_frame_flags;
};

/* True once a tool's initializer returned non-zero; read on every event point. */
extern bool glass_ompt_active;

#define GLASS_OMPT_ACTIVE() __builtin_expect(glass_ompt_active, 0)

#endif
