/* The rules glass check verifies, and what it remembers about their
 * violations: a count and the first occurrence. The table is global and
 * written by every thread without locks (atomics only). */
#ifndef GLASS_CHECK_RULES_H
#define GLASS_CHECK_RULES_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

/* One entry per rule; the order is the order of the report. */
enum check_rule {
    RULE_PAIR_PARALLEL,
    RULE_PAIR_IMPLICIT_TASK,
    RULE_PAIR_SYNC_REGION,
    RULE_PAIR_SYNC_REGION_WAIT,
    RULE_PAIR_WORK,
    RULE_PAIR_MASKED,
    RULE_PAIR_REDUCTION,
    RULE_PAIR_MUTEX,
    RULE_PAIR_NEST_LOCK,
    RULE_PAIR_TASK,
    RULE_PAIR_TARGET,
    RULE_PAIR_TARGET_DATA_OP,
    RULE_PAIR_TARGET_SUBMIT,
    RULE_ORDER_THREAD_BEGIN_FIRST,
    RULE_ORDER_THREAD_END_LAST,
    RULE_ORDER_IMPLICIT_AFTER_PARALLEL,
    RULE_ORDER_TASK_CREATE_FIRST,
    RULE_ORDER_DEPENDENCES,
    RULE_ORDER_DISPATCH_IN_WORK,
    RULE_ORDER_AFTER_FINALIZE,
    RULE_ID_UNIQUE,
    RULE_ID_DATA_KEPT,
    RULE_QUERY_TASK_INFO,
    RULE_QUERY_PARALLEL_INFO,
    RULE_QUERY_THREAD_DATA,
    RULE_FRAME_FLAGS,
    RULE_FRAME_NESTING,
    RULE_FRAME_ENTER_SET,
    RULE_STATE_WAIT,
    RULE_DEVICE_LIFECYCLE,
    RULE_TRACE_BUFFER_ONCE,
    RULE_TRACE_COMPLETE_THREAD,
    RULE_TRACE_CURSOR,
    RULE_TRACE_RECORD_TIME,
    RULE_TRACE_RECORD_MATCH,
    RULE_TRACE_AFTER_DEVICE_FINALIZE,
    RULE_CHECKER_CAPACITY,
    RULE_COUNT
};

struct check_rule_info {
    const char *id;          /* "pair.parallel" */
    const char *description; /* one line, with the section and inventory IDs */
};

extern const struct check_rule_info check_rule_info[RULE_COUNT];

/* What a rule's violations left behind. `claimed` lets exactly one thread
 * write the first occurrence; `ready` says it finished writing it. */
struct check_violations {
    atomic_uint_fast64_t count;
    atomic_int claimed;
    atomic_int ready;
    unsigned thread;
    const char *event;
    const void *codeptr;
    char detail[384];
};

extern struct check_violations check_violations[RULE_COUNT];

/* Counts a violation of `rule` by thread number `thread` in callback `event`;
 * the first one also keeps codeptr (where in the program; may be NULL) and a
 * printf-style detail. */
void check_violation(enum check_rule rule, unsigned thread, const char *event, const void *codeptr,
                     const char *format, ...) __attribute__((format(printf, 5, 6)));

/* How many violations of each rule are also printed as they happen
 * (GLASS_CHECK_VERBOSE=N; 0: none, only the report at exit). */
extern int check_verbose;

/* Total violations so far, all rules. */
uint64_t check_violation_total(void);

/* The report: each violated rule once (count, first occurrence, its source
 * position through `symbolize`), or the one-line clean summary. */
void check_report(FILE *out, uint64_t events, unsigned threads,
                  const char *(*symbolize)(const void *codeptr, char *buf, size_t size));

/* Back to no violations (the replay driver runs several streams). */
void check_rules_reset(void);

/* Looks a rule up by id; RULE_COUNT if there is none. */
enum check_rule check_rule_by_id(const char *id);

#endif
