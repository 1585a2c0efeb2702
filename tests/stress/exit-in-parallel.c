// exit() from inside a parallel region, by a worker or the primary thread,
// while the others wait in a barrier or spin in a loop: the process ends with
// the given status and atexit handlers run, without hanging.
// RUN: %omp-cc %s -o %t
// RUN: for who in 0 1 3; do env OMP_NUM_THREADS=4 timeout 20 %run %t $who; echo "status=$?"; done | FileCheck %s
// RUN: env OMP_NUM_THREADS=8 timeout 20 %run %t 7; echo "status=$?" | FileCheck %s --check-prefix=EIGHT
// CHECK: atexit ran
// CHECK-NEXT: status=3
// CHECK: atexit ran
// CHECK-NEXT: status=3
// CHECK: atexit ran
// CHECK-NEXT: status=3
// EIGHT: status=3
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void at_exit(void)
{
    printf("atexit ran\n");
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int exiting = argc > 1 ? atoi(argv[1]) : 0;
    atexit(at_exit);
#pragma omp parallel
    {
        if (omp_get_thread_num() == exiting)
            exit(3);
        if (omp_get_thread_num() % 2) {
#pragma omp barrier
        } else {
            for (volatile long i = 0; i < 100000000; i++)
                ;
        }
    }
    printf("not reached\n");
    return 0;
}
