// Threads the program creates itself become initial threads when they use
// OpenMP (OpenMP 5.1, 1.3): each gets thread_begin (type initial) and its
// initial task, and at its exit the initial task's end and thread_end. The
// main thread, which never uses OpenMP here, is no OpenMP thread.
// RUN: %ompt-cc %s %tool-src %ompt-link -lpthread -o %t
// RUN: %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: grep -c 'thread_begin: type=initial' %t.out | FileCheck %s --check-prefix=TWO
// RUN: grep -c 'flags=initial' %t.out | FileCheck %s --check-prefix=FOUR
#include <omp.h>
#include <pthread.h>

#include "tool.h"

static void *user_thread(void *arg)
{
    int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
    sum += 1;
    tool_log("user thread %ld: sum=%d", (long)arg, sum);
    return NULL;
}

int main(void)
{
    pthread_t threads[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&threads[i], NULL, user_thread, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(threads[i], NULL);
    tool_log("joined");
    return 0;
}

// CHECK-DAG: [[A:T[0-9]+]]: user thread 0: sum=2
// CHECK-DAG: [[B:T[0-9]+]]: user thread 1: sum=2
// CHECK-DAG: [[A]]: thread_end
// CHECK-DAG: [[B]]: thread_end
// CHECK: T0: joined
// CHECK: tool: finalize
// Two initial threads, each with its initial task's begin and end.
// TWO: 2
// FOUR: 4
