/* single and single copyprivate. */
#include "single.h"

#include "../../ompt/events.h"
#include "../threads/team.h"

/* OMPT work events of a single construct; count is always 1 (5.1 4.5.2.5). */
#define REPORT_SINGLE(self, type, endpoint, codeptr)                                                   \
    GLASS_OMPT_EMIT(work, type, endpoint, &(self)->team->tool_data, &(self)->task->tool_data, 1, codeptr)

/* The n-th single construct goes to whoever moves the team's counter from
 * n-1 to n first. A late thread finds the counter at n or beyond and loses; no
 * thread can be at n+1 before n was won. */
static inline bool claim(struct glass_thread *self)
{
    unsigned long number = ++self->task->single_count;
    unsigned long expected = number - 1;
    return atomic_compare_exchange_strong_explicit(&self->team->ws.single_winner, &expected, number,
                                                   memory_order_relaxed, memory_order_relaxed);
}

void glass_single_report_open_end(struct glass_thread *self)
{
    struct glass_task *task = self->task;
    task->single_open = false;
    REPORT_SINGLE(self, GLASS_WORK_SINGLE_EXECUTOR, GLASS_SCOPE_END, task->single_codeptr);
}

static bool __attribute__((noinline)) begin_observed(struct glass_thread *self, const void *codeptr)
{
    /* A single of GCC's this task still has open ends here (nowait). */
    glass_single_close_open(self);
    bool won = claim(self);
    if (won) {
        REPORT_SINGLE(self, GLASS_WORK_SINGLE_EXECUTOR, GLASS_SCOPE_BEGIN, codeptr);
    } else {
        REPORT_SINGLE(self, GLASS_WORK_SINGLE_OTHER, GLASS_SCOPE_BEGIN, codeptr);
        REPORT_SINGLE(self, GLASS_WORK_SINGLE_OTHER, GLASS_SCOPE_END, codeptr);
    }
    return won;
}

bool glass_single_begin_at(struct glass_thread *self, const void *codeptr)
{
    if (GLASS_OMPT_ACTIVE())
        return begin_observed(self, codeptr);
    return claim(self);
}

void glass_single_end_at(struct glass_thread *self, const void *codeptr)
{
    REPORT_SINGLE(self, GLASS_WORK_SINGLE_EXECUTOR, GLASS_SCOPE_END, codeptr);
}

/* GCC's single: the executor's end waits for the point where the block must
 * have ended (single.h). Only implicit tasks run worksharing constructs, and
 * only they reach the points that close it. */
static bool __attribute__((noinline)) whole_observed(struct glass_thread *self, const void *codeptr)
{
    bool won = begin_observed(self, codeptr);
    if (won) {
        struct glass_task *task = self->task;
        if (task->flags & (GLASS_TASK_IMPLICIT | GLASS_TASK_INITIAL)) {
            task->single_codeptr = codeptr;
            task->single_open = true;
        } else {
            glass_single_end_at(self, codeptr);
        }
    }
    return won;
}

bool glass_single_whole_unwatched(struct glass_thread *self)
{
    return claim(self);
}

bool glass_single_whole_at(struct glass_thread *self, const void *codeptr)
{
    if (GLASS_OMPT_ACTIVE())
        return whole_observed(self, codeptr);
    return claim(self);
}

void *glass_single_copy_begin_at(struct glass_thread *self, const void *codeptr)
{
    glass_single_close_open(self);
    /* The descriptor's initializer is the executing thread: it publishes the
     * descriptor only once its data is there, in glass_single_copy_end. */
    if (glass_ws_enter_unpublished(self)) {
        self->task->ws->kind = GLASS_WS_SINGLE_COPY;
        REPORT_SINGLE(self, GLASS_WORK_SINGLE_EXECUTOR, GLASS_SCOPE_BEGIN, codeptr);
        return NULL;
    }
    REPORT_SINGLE(self, GLASS_WORK_SINGLE_OTHER, GLASS_SCOPE_BEGIN, codeptr);
    glass_ws_wait_published(self);
    void *data = self->task->ws->copy_data;
    glass_ws_leave(self);
    REPORT_SINGLE(self, GLASS_WORK_SINGLE_OTHER, GLASS_SCOPE_END, codeptr);
    return data;
}

void glass_single_copy_end_at(struct glass_thread *self, void *data, const void *codeptr)
{
    self->task->ws->copy_data = data;
    glass_ws_publish(self);
    glass_ws_leave(self);
    REPORT_SINGLE(self, GLASS_WORK_SINGLE_EXECUTOR, GLASS_SCOPE_END, codeptr);
}
