/* Stops the primary thread inside a parallel region whose workers have not
 * started their implicit tasks: a first-party tool holds each new worker in
 * its thread_begin callback (which the runtime calls before the worker takes
 * its first region) until the primary has called plugin_stop(). The program
 * exports ompt_start_tool (-rdynamic) for the runtime to find the tool. */
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

static int released, holding;

__attribute__((noinline)) void plugin_stop(void)
{
    __asm__ volatile("" ::: "memory");
}

static void on_thread_begin(ompt_thread_t type, ompt_data_t *data)
{
    (void)data;
    if (type != ompt_thread_worker)
        return;
    __atomic_add_fetch(&holding, 1, __ATOMIC_RELEASE);
    while (!__atomic_load_n(&released, __ATOMIC_ACQUIRE))
        usleep(1000);
}

static int tool_init(ompt_function_lookup_t lookup, int device, ompt_data_t *data)
{
    (void)device, (void)data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    set_callback(ompt_callback_thread_begin, (ompt_callback_t)on_thread_begin);
    return 1;
}

static void tool_fini(ompt_data_t *data) { (void)data; }

ompt_start_tool_result_t *ompt_start_tool(unsigned version, const char *runtime)
{
    (void)version, (void)runtime;
    static ompt_start_tool_result_t result = {tool_init, tool_fini, {0}};
    return &result;
}

int main(void)
{
    int sum = 0;
#pragma omp parallel num_threads(4) reduction(+ : sum)
    {
        if (omp_get_thread_num() == 0) {
            /* Every worker has started (gdb saw its ompd_bp_thread_begin)
             * and is held before its implicit task. */
            while (__atomic_load_n(&holding, __ATOMIC_ACQUIRE) < omp_get_num_threads() - 1)
                usleep(1000);
            plugin_stop();
            __atomic_store_n(&released, 1, __ATOMIC_RELEASE);
        }
        sum += omp_get_thread_num();
    }
    printf("sum %d\n", sum);
    return sum == 6 ? 0 : 1;
}
