/* Clang ABI: the num_threads clause of a parallel construct. Clang pushes it
 * before the fork (__kmpc_push_num_threads, fork.c); libomp 19 adds the
 * OpenMP 6.0 forms: a list, whose items after the first become the
 * nthreads-var of the region's implicit tasks (and so size the regions nested
 * in it, level by level), and the strict modifier, under which a team
 * smaller than asked for is an error directive with the clause's severity and
 * message (a warning lets the region run with the threads it got). */
#include <stdio.h>

#include "../../core/threads/team.h"
#include "kmp.h"

static void push_list(uint32_t length, const int32_t *list)
{
    if (!list || length == 0) {
        kmp_state.push_num_threads = 0;
        kmp_state.push_nthreads_rest_len = 0;
        return;
    }
    kmp_state.push_num_threads = list[0] > 0 ? (unsigned)list[0] : 0;
    /* Deeper than GLASS_MAX_LIST levels the last kept item stays in force,
     * as for OMP_NUM_THREADS. Items that are not positive end the list. */
    unsigned n = 0;
    for (uint32_t i = 1; i < length && n < GLASS_MAX_LIST && list[i] > 0; i++)
        kmp_state.push_nthreads_rest[n++] = (unsigned)list[i];
    kmp_state.push_nthreads_rest_len = n;
}

static void push_strict(const struct kmp_ident *loc, int severity, const char *message)
{
    kmp_state.push_strict = true;
    kmp_state.push_strict_severity = severity == KMP_SEVERITY_FATAL ? KMP_SEVERITY_FATAL : KMP_SEVERITY_WARNING;
    kmp_state.push_strict_message = message;
    kmp_state.push_strict_loc = loc;
}

GLASS_EXPORT void __kmpc_push_num_threads_list(struct kmp_ident *loc, int32_t gtid, uint32_t list_length,
                                               int32_t *num_threads_list)
{
    (void)loc, (void)gtid;
    push_list(list_length, num_threads_list);
}

GLASS_EXPORT void __kmpc_push_num_threads_strict(struct kmp_ident *loc, int32_t gtid, int32_t num_threads,
                                                 int severity, const char *message)
{
    (void)gtid;
    kmp_state.push_num_threads = num_threads > 0 ? (unsigned)num_threads : 0;
    kmp_state.push_nthreads_rest_len = 0;
    push_strict(loc, severity, message);
}

GLASS_EXPORT void __kmpc_push_num_threads_list_strict(struct kmp_ident *loc, int32_t gtid, uint32_t list_length,
                                                      int32_t *num_threads_list, int severity,
                                                      const char *message)
{
    (void)gtid;
    push_list(list_length, num_threads_list);
    push_strict(loc, severity, message);
}

/* The core found the team smaller than the strict clause asked for. */
static void strict_failed(void *arg, unsigned granted)
{
    const struct kmp_strict *strict = arg;
    if (strict->message) {
        kmp_error_directive(strict->loc, strict->severity, strict->message, strict->codeptr);
        return;
    }
    char text[160];
    snprintf(text, sizeof text, "num_threads(strict: %u) cannot be honoured: the team has %u thread%s",
             strict->requested, granted, granted == 1 ? "" : "s");
    kmp_error_directive(strict->loc, strict->severity, text, strict->codeptr);
}

void kmp_take_num_threads(struct glass_parallel_args *args, struct kmp_strict *strict, const void *codeptr)
{
    args->num_threads = kmp_state.push_num_threads;
    if (__builtin_expect(kmp_state.push_nthreads_rest_len != 0, 0)) {
        /* The core copies the list into the team before the fork returns. */
        args->nthreads_list = kmp_state.push_nthreads_rest;
        args->nthreads_list_len = kmp_state.push_nthreads_rest_len;
    }
    if (__builtin_expect(kmp_state.push_strict, 0) && kmp_state.push_num_threads) {
        *strict = (struct kmp_strict){
            .loc = kmp_state.push_strict_loc,
            .severity = kmp_state.push_strict_severity,
            .message = kmp_state.push_strict_message,
            .requested = kmp_state.push_num_threads,
            .codeptr = codeptr,
        };
        args->strict = true;
        args->strict_failed = strict_failed;
        args->strict_arg = strict;
    }
    kmp_state.push_num_threads = 0;
    kmp_state.push_nthreads_rest_len = 0;
    kmp_state.push_strict = false;
}

void kmp_clear_push(void)
{
    kmp_state.push_num_threads = 0;
    kmp_state.push_nthreads_rest_len = 0;
    kmp_state.push_strict = false;
    kmp_state.push_proc_bind = GLASS_BIND_FALSE;
}
