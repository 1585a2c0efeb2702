// Detached tasks (OpenMP 5.1, 2.12.1): a task with a detach clause completes
// when its body has finished and its event has been fulfilled. The events
// here are fulfilled from a thread the runtime does not know (a pthread),
// from a sibling task, and for an undeferred task by the generating task
// itself after the construct (its body runs at once; completion waits). A
// task that depends on a detached one waits for the event; taskwait too.
// RUN: %omp-cc %s -o %t -lpthread && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx -lpthread && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: detach pthread=ok sibling=ok undeferred=ok
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int fulfilled_by_pthread;

static void *fulfiller(void *arg)
{
    omp_event_handle_t *event = (omp_event_handle_t *)arg;
    usleep(20000);
    __atomic_store_n(&fulfilled_by_pthread, 1, __ATOMIC_SEQ_CST);
    omp_fulfill_event(*event);
    return NULL;
}

int main(void)
{
    int x = 0, seen_pthread = -1, sibling_order = -1, undeferred_ok = 0;
    int fulfilled_by_sibling = 0;
#pragma omp parallel
#pragma omp single
    {
        omp_event_handle_t event;
        pthread_t thread;
#pragma omp task detach(event) depend(out : x) shared(x)
        x = 1;
        pthread_create(&thread, NULL, fulfiller, &event);
#pragma omp task depend(in : x) shared(x, seen_pthread)
        seen_pthread = __atomic_load_n(&fulfilled_by_pthread, __ATOMIC_SEQ_CST) * 10 + x;
#pragma omp taskwait
        pthread_join(thread, NULL);

        omp_event_handle_t second;
        int y = 0;
#pragma omp task detach(second) depend(out : y) shared(y)
        y = 1;
#pragma omp task firstprivate(second) shared(fulfilled_by_sibling)
        {
            __atomic_store_n(&fulfilled_by_sibling, 1, __ATOMIC_SEQ_CST);
            omp_fulfill_event(second);
        }
#pragma omp task depend(in : y) shared(y, fulfilled_by_sibling, sibling_order)
        sibling_order = __atomic_load_n(&fulfilled_by_sibling, __ATOMIC_SEQ_CST) * 10 + y;
#pragma omp taskwait

        omp_event_handle_t third;
        int body_ran = 0, z = 0;
#pragma omp task detach(third) if (0) depend(out : z) shared(body_ran, z)
        body_ran = z = 1;
        /* The body has run; the task is not complete until the event is. */
        int ran_at_once = body_ran;
        omp_fulfill_event(third);
#pragma omp task depend(in : z) shared(z, undeferred_ok) firstprivate(ran_at_once)
        undeferred_ok = ran_at_once && z == 1;
#pragma omp taskwait
    }
    int ok = seen_pthread == 11 && sibling_order == 11 && undeferred_ok;
    printf("detach pthread=%s sibling=%s undeferred=%s\n", seen_pthread == 11 ? "ok" : "WRONG",
           sibling_order == 11 ? "ok" : "WRONG", undeferred_ok ? "ok" : "WRONG");
    return !ok;
}
