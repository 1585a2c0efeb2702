/* The rule table of glass check and the report made from it at exit. Section
 * numbers are OpenMP 5.1's; the IDs are those of shared/seed-inventory.md. */
#include <stdarg.h>
#include <string.h>

#include "names.h"
#include "rules.h"

const struct check_rule_info check_rule_info[RULE_COUNT] = {
    [RULE_PAIR_PARALLEL] = {"pair.parallel", "parallel_begin and parallel_end on the encountering thread, "
                                             "same parallel_data (5.1 4.5.2.3-4; C-03, C-04, O-04, O-11)"},
    [RULE_PAIR_IMPLICIT_TASK] = {"pair.implicit_task",
                                 "implicit_task begin and end on one thread, same task_data (5.1 4.5.2.11; C-07, O-04)"},
    [RULE_PAIR_SYNC_REGION] = {"pair.sync_region",
                               "sync_region begin and end on one thread, same kind and task (5.1 4.5.2.13; C-23, O-08)"},
    [RULE_PAIR_SYNC_REGION_WAIT] = {"pair.sync_region_wait", "sync_region_wait begin and end, same kind, inside their "
                                                             "sync_region (5.1 4.5.2.13; C-16, O-08)"},
    [RULE_PAIR_WORK] = {"pair.work", "work begin and end on one thread, same kind and task (5.1 4.5.2.5; C-20, O-10)"},
    [RULE_PAIR_MASKED] = {"pair.masked", "masked begin and end on one thread, same task (5.1 4.5.2.12; C-21)"},
    [RULE_PAIR_REDUCTION] = {"pair.reduction", "reduction begin and end on one thread, same task (5.1 4.5.2.13; C-31)"},
    [RULE_PAIR_MUTEX] = {"pair.mutex", "mutex_acquire, then mutex_acquired, then mutex_released, per wait_id on one "
                                       "thread (5.1 4.5.2.14-15; C-26, C-27, C-17, O-09)"},
    [RULE_PAIR_NEST_LOCK] = {"pair.nest_lock", "nest_lock begin/end only while the thread owns the nest lock, end "
                                               "only while it holds it more than once (5.1 4.5.2.16; C-28, O-09)"},
    [RULE_PAIR_TASK] = {"pair.task", "task_schedule leaves the task the thread runs, and a task's regions are closed "
                                     "when it completes (5.1 4.5.2.10; C-06, O-07, O-11)"},
    [RULE_PAIR_TARGET] = {"pair.target", "target begin and end on one thread, same target (5.1 4.5.2.26; C-08, C-33, "
                                         "O-14)"},
    [RULE_PAIR_TARGET_DATA_OP] = {"pair.target_data_op",
                                  "target_data_op_emi begin and end on one thread, same host_op_id location, inside "
                                  "the target region (5.1 4.5.2.25; C-34, O-14)"},
    [RULE_PAIR_TARGET_SUBMIT] = {"pair.target_submit", "target_submit_emi begin and end on one thread, inside the "
                                                       "target region (5.1 4.5.2.28; C-35, O-14)"},
    [RULE_ORDER_THREAD_BEGIN_FIRST] = {"order.thread_begin_first",
                                       "thread_begin is a thread's first event (5.1 4.5.2.1; C-01, O-02)"},
    [RULE_ORDER_THREAD_END_LAST] = {"order.thread_end_last",
                                    "thread_end is a thread's last event, with no region open (5.1 4.5.2.2; C-02, O-02)"},
    [RULE_ORDER_IMPLICIT_AFTER_PARALLEL] = {"order.implicit_after_parallel",
                                            "implicit_task begin only in a parallel region that has begun and not "
                                            "ended (5.1 4.5.2.11; C-07, O-04)"},
    [RULE_ORDER_TASK_CREATE_FIRST] = {"order.task_create_first",
                                      "task_create before the task's first task_schedule (5.1 4.5.2.7, 4.5.2.10; "
                                      "C-05, C-06, O-06)"},
    [RULE_ORDER_DEPENDENCES] = {"order.dependences",
                                "dependences and task_dependence between a task's creation and its first schedule, "
                                "and given for every task created with dependences (5.1 4.5.2.8-9; C-18, C-19, O-06)"},
    [RULE_ORDER_DISPATCH_IN_WORK] = {"order.dispatch_in_work",
                                     "dispatch only inside a loop, sections, taskloop or distribute region of the "
                                     "thread (5.1 4.5.2.6; C-32, O-10)"},
    [RULE_ORDER_AFTER_FINALIZE] = {"order.after_finalize",
                                   "no callback after the tool's finalize (5.1 4.5.1.2; T-19, O-03)"},
    [RULE_ID_UNIQUE] = {"id.unique", "the ompt_data_t of a live task or parallel region is not given to another one "
                                     "(5.1 4.4.4.4; O-07)"},
    [RULE_ID_DATA_KEPT] = {"id.data_kept", "the value a tool stores in an ompt_data_t is kept: the same object, "
                                           "unchanged, at every later event of it (5.1 4.4.4.4; O-07)"},
    [RULE_QUERY_TASK_INFO] = {"query.task_info", "ompt_get_task_info(0) inside a callback names the callback's task "
                                                 "and parallel region (5.1 4.6.1; E-13)"},
    [RULE_QUERY_PARALLEL_INFO] = {"query.parallel_info", "ompt_get_parallel_info(0) inside a callback names the "
                                                         "callback's parallel region and team size (5.1 4.6.1; E-12)"},
    [RULE_QUERY_THREAD_DATA] = {"query.thread_data", "ompt_get_thread_data gives the thread_data of the thread's "
                                                     "thread_begin (5.1 4.6.1; E-05, C-01)"},
    [RULE_FRAME_FLAGS] = {"frame.flags", "a frame address comes with valid flags: runtime or application, and one of "
                                         "cfa, framepointer, stackaddress (5.1 4.4.4.28-29; K-13)"},
    [RULE_FRAME_NESTING] = {"frame.nesting", "going outwards through ompt_get_task_info's levels, the frames on the "
                                             "thread's own stack nest: enter(n) < exit(n) < enter(n+1) "
                                             "(5.1 4.4.4.28; E-13)"},
    [RULE_FRAME_ENTER_SET] = {"frame.enter_set", "the encountering task's enter_frame is set when it starts a "
                                                 "parallel region or creates a task (5.1 4.4.4.28, 4.5.2.3, 4.5.2.7)"},
    [RULE_STATE_WAIT] = {"state.wait", "ompt_get_state inside sync_region_wait is the wait state of the region's "
                                       "kind (5.1 4.4.4.27; E-11, O-08)"},
    [RULE_DEVICE_LIFECYCLE] = {"device.lifecycle", "device_load, device_unload and device_finalize only for an "
                                                   "initialized device, finalized once (5.1 4.5.2.19-22; C-12 - "
                                                   "C-15, O-12)"},
    /* Device tracing (tools/check/device_tracing_rules.c): the checker starts it on every
     * device in device_initialize unless GLASS_CHECK_DEVICE_TRACING=off. */
    [RULE_TRACE_BUFFER_ONCE] = {"trace.buffer_once", "every buffer buffer_request handed out comes back through "
                                                     "buffer_complete exactly once, for its device, before the "
                                                     "device's device_finalize (5.1 4.5.2.20, 4.5.2.23-24; O-13, "
                                                     "C-13, C-41)"},
    [RULE_TRACE_COMPLETE_THREAD] = {"trace.complete_thread", "buffer_complete runs on a thread that is not an "
                                                             "OpenMP initial or worker thread (5.1 4.5.2.24; C-41)"},
    [RULE_TRACE_CURSOR] = {"trace.cursor", "a completed buffer is no larger than handed out, and "
                                           "ompt_advance_buffer_cursor walks OMPT records that lie inside it, one "
                                           "after another, and ends (5.1 4.5.2.24, 4.6.2.9-11)"},
    [RULE_TRACE_RECORD_TIME] = {"trace.record_time", "a record does not end before it starts: data-op and kernel "
                                                     "end_time >= time, a target end record not before its begin "
                                                     "record (5.1 4.5.2.25-26, 4.5.2.28)"},
    [RULE_TRACE_RECORD_MATCH] = {"trace.record_match", "each trace record names a callback of the same kind in the "
                                                       "same run: target and map records a target region's "
                                                       "target_id, data-op and kernel records a host_op_id, "
                                                       "task_create and dependences records a target task's "
                                                       "task_create (its data's value), with the callbacks' flags, "
                                                       "has_dependences and dependence count, one record per "
                                                       "dependence (5.1 4.5.2, 4.5.2.7-8, 4.6.1 "
                                                       "ompt_get_target_info; C-05, C-18, O-14)"},
    [RULE_TRACE_AFTER_DEVICE_FINALIZE] = {"trace.after_device_finalize",
                                          "no buffer_request or buffer_complete for a device after its "
                                          "device_finalize (5.1 4.5.2.20; O-12, C-13)"},
    [RULE_CHECKER_CAPACITY] = {"checker.capacity", "the checker's bounded tables overflowed, so some events went "
                                                   "unchecked (not a fault of the runtime)"},
};

struct check_violations check_violations[RULE_COUNT];
int check_verbose;

void check_violation(enum check_rule rule, unsigned thread, const char *event, const void *codeptr,
                     const char *format, ...)
{
    struct check_violations *v = &check_violations[rule];
    uint64_t before = atomic_fetch_add_explicit(&v->count, 1, memory_order_relaxed);
    if (before < (uint64_t)check_verbose) {
        char detail[sizeof v->detail];
        va_list args;
        va_start(args, format);
        vsnprintf(detail, sizeof detail, format, args);
        va_end(args);
        fprintf(stderr, "glass check: %s: thread %u, %s at %p: %s\n", check_rule_info[rule].id, thread, event,
                codeptr, detail);
    }
    if (atomic_exchange_explicit(&v->claimed, 1, memory_order_acq_rel))
        return;
    v->thread = thread;
    v->event = event;
    v->codeptr = codeptr;
    va_list args;
    va_start(args, format);
    vsnprintf(v->detail, sizeof v->detail, format, args);
    va_end(args);
    atomic_store_explicit(&v->ready, 1, memory_order_release);
}

uint64_t check_violation_total(void)
{
    uint64_t total = 0;
    for (int r = 0; r < RULE_COUNT; r++)
        total += atomic_load_explicit(&check_violations[r].count, memory_order_relaxed);
    return total;
}

void check_report(FILE *out, uint64_t events, unsigned threads,
                  const char *(*symbolize)(const void *codeptr, char *buf, size_t size))
{
    uint64_t total = check_violation_total();
    if (!total) {
        fprintf(out, "glass check: no violations (%llu events, %u threads)\n", (unsigned long long)events, threads);
        return;
    }
    unsigned rules = 0;
    for (int r = 0; r < RULE_COUNT; r++)
        rules += atomic_load(&check_violations[r].count) != 0;
    fprintf(out, "glass check: %llu violations of %u rules (%llu events, %u threads)\n", (unsigned long long)total,
            rules, (unsigned long long)events, threads);
    fprintf(out, "(each rule cites the OpenMP 5.1 sections it comes from, and tags such as E-13: items of the OMPT\n"
                 " checklist the checker was written from, explained under the rule)\n");
    for (int r = 0; r < RULE_COUNT; r++) {
        struct check_violations *v = &check_violations[r];
        uint64_t count = atomic_load(&v->count);
        if (!count)
            continue;
        fprintf(out, "%s: %llu violation%s\n", check_rule_info[r].id, (unsigned long long)count,
                count == 1 ? "" : "s");
        fprintf(out, "  rule: %s\n", check_rule_info[r].description);
        check_explain_tags(out, check_rule_info[r].description);
        if (!atomic_load_explicit(&v->ready, memory_order_acquire))
            continue; /* the first one is still being written by its thread */
        char where[512] = "unknown position";
        if (v->codeptr && symbolize)
            symbolize(v->codeptr, where, sizeof where);
        fprintf(out, "  first: thread %u, %s at %s: %s\n", v->thread, v->event, v->codeptr ? where : "an unknown position",
                v->detail);
    }
}

void check_rules_reset(void)
{
    for (int r = 0; r < RULE_COUNT; r++) {
        atomic_store(&check_violations[r].count, 0);
        atomic_store(&check_violations[r].claimed, 0);
        atomic_store(&check_violations[r].ready, 0);
    }
}

enum check_rule check_rule_by_id(const char *id)
{
    for (int r = 0; r < RULE_COUNT; r++)
        if (!strcmp(check_rule_info[r].id, id))
            return (enum check_rule)r;
    return RULE_COUNT;
}
