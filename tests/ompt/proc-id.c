// ompt_get_proc_id (OpenMP 5.1, 4.6.1.11) gives the processor the calling
// OpenMP thread runs on, and -1, the value that marks the identifier as
// undefined (a defined one is non-negative), where there is none to give:
// on a thread that is not an OpenMP thread (the entry point's binding thread
// is the current thread, which the runtime does not know), and when the
// tool's initializer returned 0, so the OMPT interface is inactive (4.2.3;
// then ompt_get_thread_data, _parallel_info and _task_info have nothing to
// give the tool either). libomp answers the same; LLVM's OMPT tests
// api_calls_from_other_thread and api_calls_without_ompt check it.
// RUN: %ompt-cc %s %tool-src %ompt-link -lpthread -o %t
// RUN: env TOOL_QUIET=1 %run %t | FileCheck %s
// The inactive case is in proc-id-inactive.test (under glass check another
// tool would keep the interface active).
#define _GNU_SOURCE /* sched_getcpu */
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <unistd.h>

#include "tool.h"

/* The processor of the calling thread, as ompt_get_proc_id gives it: equal
 * to sched_getcpu() read just before and after (retried when the thread
 * moved in between). */
static const char *proc_id_verdict(void)
{
    for (int attempt = 0; attempt < 1000; attempt++) {
        int before = sched_getcpu();
        int id = tool_entry.get_proc_id();
        int after = sched_getcpu();
        if (before == after)
            return id == before ? "the thread's processor" : "WRONG: another processor";
    }
    return "undecided (the thread kept moving)";
}

static void *not_an_openmp_thread(void *unused)
{
    (void)unused;
    tool_log("other thread: proc_id=%d", tool_entry.get_proc_id());
    return NULL;
}

int main(int argc, char **argv)
{
    omp_get_num_threads(); /* starts the runtime, and with it the tool */
    if (argc > 1 && strcmp(argv[1], "inactive") == 0) {
        tool_log("inactive: proc_id=%d", tool_entry.get_proc_id ? tool_entry.get_proc_id() : -2);
        /* The entry points acting for the declined tool have nothing to
         * give it either. */
        tool_log("inactive: thread_data=%s parallel_info=%d task_info=%d",
                 tool_entry.get_thread_data() ? "set" : "NULL", tool_entry.get_parallel_info(0, NULL, NULL),
                 tool_entry.get_task_info(0, NULL, NULL, NULL, NULL, NULL));
        return 0;
    }
    tool_log("initial thread: %s", proc_id_verdict());
#pragma omp parallel num_threads(2)
    {
        const char *verdict = proc_id_verdict();
#pragma omp critical
        tool_log("thread %d: %s", omp_get_thread_num(), verdict);
    }
    pthread_t other;
    pthread_create(&other, NULL, not_an_openmp_thread, NULL);
    pthread_join(other, NULL);
    return 0;
}

// CHECK: initial thread: the thread's processor
// CHECK-DAG: thread 0: the thread's processor
// CHECK-DAG: thread 1: the thread's processor
// CHECK: other thread: proc_id=-1

// INACTIVE: inactive: proc_id=-1
// INACTIVE-NEXT: inactive: thread_data=NULL parallel_info=0 task_info=0
