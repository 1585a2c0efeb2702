// Detach edge: a detached task completes when its event is fulfilled, so
// what the fulfilling thread wrote before omp_fulfill_event, the task's
// parent reads after its taskwait. Racy: that write comes after the
// fulfillment. Also, a detached task's memory may serve a new task once its
// body is done, before it completes (tasks made on one thread, run on the
// others): the new task's data must not look racy with the old one's.
// RUN: %archer-cc %s -o %t
// RUN: %archer-run %t good 2>&1 | FileCheck --check-prefix=GOOD %s
// RUN: %not %archer-run %S/Inputs/until-report.sh %t racy | FileCheck --check-prefix=RACY %s
// GOOD-NOT: ThreadSanitizer
// GOOD: message=1 sum=16225
// RACY: WARNING: ThreadSanitizer: data race
#include <omp.h>

#include "archer.h"

#define ROUNDS 50

int message;

int main(int argc, char **argv)
{
    int racy = racy_mode(argc, argv);
    omp_event_handle_t event;
    atomic_int published = 0;
    int seen = 0;
    long sum = 0;
#pragma omp parallel num_threads(3)
    {
        if (omp_get_thread_num() == 0) {
#pragma omp task detach(event) shared(published)
            publish_flag(&published);
#pragma omp taskwait
            seen = message;
            /* A detached task made here runs on another thread (this one
             * waits for its body without reaching a scheduling point); its
             * body done, new tasks made here may get its memory while it is
             * still incomplete. */
            for (int round = 0; round < ROUNDS; round++) {
                omp_event_handle_t made;
                atomic_int body_done = 0;
                long parts[4] = {0};
#pragma omp task detach(made) firstprivate(round) shared(parts, body_done)
                {
                    parts[0] = round;
                    raise_flag(&body_done);
                }
                wait_flag(&body_done);
                for (int spin = 0; spin < 100; spin++)
                    sched_yield();
                for (int i = 1; i < 4; i++) {
#pragma omp task firstprivate(i, round) shared(parts)
                    parts[i] = (long)round * 4 + i;
                }
                omp_fulfill_event(made);
#pragma omp taskwait
                for (int i = 0; i < 4; i++)
                    sum += parts[i];
            }
        } else if (omp_get_thread_num() == 1) {
            /* The handle is read once the task has begun (published with
             * release and acquire, which orders that read only); this
             * thread is no task of the detached one's parent: only the
             * fulfillment orders its write before the parent's read. */
            wait_published(&published);
            if (!racy)
                message = 1;
            omp_fulfill_event(event);
            if (racy)
                message = 1;
        }
    }
    printf("message=%d sum=%ld\n", racy ? 1 : seen, sum);
    return 0;
}
