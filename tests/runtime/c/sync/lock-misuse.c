// Lock misuse the specification leaves undefined is reported instead of
// corrupting the lock or hanging: unsetting a lock the task does not hold
// (free, or held by another thread, which keeps it), destroying a set lock,
// setting a simple lock the task already holds (a certain deadlock) and
// setting a destroyed lock.
// RUN: %omp-cc %s -o %t
// RUN: %run %t 2>&1 | FileCheck %s
// CHECK: glass: omp_unset_lock: lock [[LOCK:0x[0-9a-f]+]] is not set by the calling task; ignored
// CHECK-NEXT: glass: omp_unset_lock: lock [[LOCK]] is not set by the calling task; ignored
// CHECK-NEXT: other thread's lock still held: 1
// CHECK-NEXT: glass: omp_destroy_lock: lock [[LOCK]] is still set; it was not destroyed
// CHECK-NEXT: glass: omp_unset_nest_lock: lock {{0x[0-9a-f]+}} is not set by the calling task; ignored
// CHECK-NEXT: done
// RUN: %not --crash %run %t deadlock 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// DEADLOCK: glass: omp_set_lock: the calling task already owns lock {{.*}}: deadlock
// DEADLOCK-NOT: unreachable
// RUN: %not --crash %run %t destroyed 2>&1 | FileCheck %s --check-prefix=DESTROYED
// DESTROYED: glass: omp_set_lock: lock {{.*}} was destroyed
// DESTROYED-NOT: unreachable
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    omp_lock_t lock;
    omp_init_lock(&lock);
    if (argc > 1 && strcmp(argv[1], "deadlock") == 0) {
        omp_set_lock(&lock);
        omp_set_lock(&lock);
        printf("unreachable\n");
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "destroyed") == 0) {
        omp_destroy_lock(&lock);
        omp_set_lock(&lock);
        printf("unreachable\n");
        return 0;
    }

    setvbuf(stdout, NULL, _IONBF, 0); /* keep stdout and stderr in order */
    omp_unset_lock(&lock);            /* free */

    int step = 0, still_held = -1;
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
            omp_set_lock(&lock);
            __atomic_store_n(&step, 1, __ATOMIC_RELEASE);
            while (__atomic_load_n(&step, __ATOMIC_ACQUIRE) != 2)
                sched_yield();
            omp_unset_lock(&lock);
        } else {
            while (__atomic_load_n(&step, __ATOMIC_ACQUIRE) != 1)
                sched_yield();
            omp_unset_lock(&lock); /* held by thread 0 */
            still_held = !omp_test_lock(&lock);
            __atomic_store_n(&step, 2, __ATOMIC_RELEASE);
        }
    }
    printf("other thread's lock still held: %d\n", still_held);

    omp_set_lock(&lock);
    omp_destroy_lock(&lock);
    omp_unset_lock(&lock);
    omp_destroy_lock(&lock);

    omp_nest_lock_t nest;
    omp_init_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_destroy_nest_lock(&nest);
    printf("done\n");
    return 0;
}
