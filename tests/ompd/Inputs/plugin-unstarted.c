/* Stops the primary thread inside the program's first parallel region while
 * the OS threads of its workers exist but have not run any runtime code yet:
 * the program's pthread_create (exported with -rdynamic, so the runtime's
 * calls reach it) starts each new thread in a function that waits until the
 * primary has called plugin_stop() before running the runtime's thread
 * function. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int released;

__attribute__((noinline)) void plugin_stop(void)
{
    __asm__ volatile("" ::: "memory");
}

struct start {
    void *(*fn)(void *);
    void *arg;
};

static void *held_start(void *data)
{
    struct start start = *(struct start *)data;
    free(data);
    while (!__atomic_load_n(&released, __ATOMIC_ACQUIRE))
        usleep(1000);
    return start.fn(start.arg);
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    static int (*real_create)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
    if (!real_create)
        real_create = (int (*)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *))dlsym(
            RTLD_NEXT, "pthread_create");
    struct start *start = malloc(sizeof *start);
    if (!start)
        return 11; /* EAGAIN */
    start->fn = fn, start->arg = arg;
    return real_create(thread, attr, held_start, start);
}

int main(void)
{
    int sum = 0;
#pragma omp parallel num_threads(4) reduction(+ : sum)
    {
        if (omp_get_thread_num() == 0) {
            plugin_stop();
            __atomic_store_n(&released, 1, __ATOMIC_RELEASE);
        }
        sum += omp_get_thread_num();
    }
    printf("sum %d\n", sum);
    return sum == 6 ? 0 : 1;
}
