/* The frame-flag rule of LLVM's OMPT test tool, shared by every test tool of
 * ours: both flags of every ompt_frame_t a tool is given or asks for, set or
 * NULL, are exactly ompt_frame_application|ompt_frame_cfa or
 * ompt_frame_runtime|ompt_frame_cfa. LLVM's tool aborts on anything else, and
 * so do ours: a WRONG line on stdout (write(2), so that it keeps its place
 * among the tool's other lines), then abort().
 *
 * TOOL_FRAME_FLAGS=report in the environment prints the WRONG line and goes
 * on (tests/ompt/libomp-diff.sh counts them on LLVM's libomp).
 *
 * Header-only, with static functions: each tool is one translation unit and
 * gets its own copy. Call frame_flags_init from the tool's initializer, then
 * frame_flags_check on the frames a callback is passed and
 * frame_flags_check_tasks at each event where the thread has a current task
 * (not at thread_begin/thread_end). */
#ifndef GLASS_TEST_FRAME_FLAGS_H
#define GLASS_TEST_FRAME_FLAGS_H

#include <omp-tools.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ompt_get_task_info_t frame_flags_get_task_info;
static int frame_flags_report_only;

static inline void frame_flags_init(ompt_function_lookup_t lookup)
{
    frame_flags_get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
    const char *mode = getenv("TOOL_FRAME_FLAGS");
    frame_flags_report_only = mode && strcmp(mode, "report") == 0;
}

static inline int frame_flags_ok(int flags)
{
    return flags == (ompt_frame_application | ompt_frame_cfa) || flags == (ompt_frame_runtime | ompt_frame_cfa);
}

/* Whether a frame (NULL: none given) keeps the rule. Atomic reads: an
 * ancestor's frame belongs to a task that may run (and enter or leave the
 * runtime) on another thread right now. */
static inline int frame_flags_frame_ok(const ompt_frame_t *frame)
{
    return !frame || (frame_flags_ok(__atomic_load_n(&frame->exit_frame_flags, __ATOMIC_RELAXED)) &&
                      frame_flags_ok(__atomic_load_n(&frame->enter_frame_flags, __ATOMIC_RELAXED)));
}

/* `tag` starts the WRONG line (tool.c: the thread, "T3"); NULL for none.
 * `where` says which event, `level` which ancestor (0 for a passed frame). */
static inline void frame_flags_check(const char *tag, const char *where, int level, const ompt_frame_t *frame)
{
    if (frame_flags_frame_ok(frame))
        return;
    int exit_flags = __atomic_load_n(&frame->exit_frame_flags, __ATOMIC_RELAXED);
    int enter_flags = __atomic_load_n(&frame->enter_frame_flags, __ATOMIC_RELAXED);
    char line[256];
    int n = snprintf(line, sizeof line, "%s%sWRONG: frame flags at %.40s, level %d: exit_frame_flags=0x%x "
                     "enter_frame_flags=0x%x\n", tag ? tag : "", tag ? ": " : "", where, level,
                     (unsigned)exit_flags, (unsigned)enter_flags);
    if (n > (int)sizeof line - 1)
        n = (int)sizeof line - 1;
    if (write(1, line, (size_t)n) < 0 || !frame_flags_report_only)
        abort();
}

/* Every task frame of the calling thread's current task and its ancestors. */
static inline void frame_flags_check_tasks(const char *tag, const char *where)
{
    if (!frame_flags_get_task_info)
        return;
    for (int level = 0;; level++) {
        ompt_frame_t *frame = NULL;
        if (frame_flags_get_task_info(level, NULL, NULL, &frame, NULL, NULL) != 2)
            break;
        frame_flags_check(tag, where, level, frame);
    }
}

#endif
