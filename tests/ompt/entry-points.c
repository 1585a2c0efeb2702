// The inquiry entry points (OpenMP 5.1, 4.6.1) against what the program knows
// through omp_* routines: state, thread data, parallel and task info at every
// ancestor level of nested regions, unique ids, processors and places, devices,
// target info, task memory, the enumerations; and the registration entry
// points: get_callback, set_callback's errors, EMI exclusion, registration
// after the initializer.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env TOOL_QUIET=1 TOOL_SKIP=flush OMP_PLACES=threads OMP_PROC_BIND=close %run %t | FileCheck %s
#define _GNU_SOURCE /* sched_getcpu */
#include <omp.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

static int cmp_ids(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Levels 0 .. 2 of the nested region against the omp_* view. */
static int check_levels(void)
{
    int bad = 0;
    for (int level = 0; level <= 2; level++) {
        int flags, thread_num, team_size;
        ompt_data_t *task_parallel, *parallel;
        int omp_level = omp_get_level() - level;
        if (tool_entry.get_task_info(level, &flags, NULL, NULL, &task_parallel, &thread_num) != 2 ||
            tool_entry.get_parallel_info(level, &parallel, &team_size) != 2)
            bad++;
        else {
            bad += team_size != omp_get_team_size(omp_level);
            bad += thread_num != omp_get_ancestor_thread_num(omp_level);
            bad += task_parallel != parallel;
            bad += !(flags & (omp_level ? ompt_task_implicit : ompt_task_initial));
        }
    }
    bad += tool_entry.get_task_info(3, NULL, NULL, NULL, NULL, NULL) != 0;
    bad += tool_entry.get_parallel_info(3, NULL, NULL) != 0;
    return bad;
}

int main(void)
{
    /* The first use of OpenMP starts the tool and makes this thread the
     * initial thread. */
    tool_log("thread %d", omp_get_thread_num());
    ompt_wait_id_t wait_id = 99;
    int serial_state = tool_entry.get_state(&wait_id);
    tool_log("serial: state=0x%x wait_id=%lu", serial_state, (unsigned long)wait_id);
    tool_log("serial: thread data %s", tool_entry.get_thread_data() ? "set" : "NULL");
    tool_print_tasks("serial");

    /* Nested regions: 3 threads, each with 2. */
    omp_set_max_active_levels(2);
    int bad = 0, threads = 0;
#pragma omp parallel num_threads(3) reduction(+ : bad, threads)
#pragma omp parallel num_threads(2) reduction(+ : bad, threads)
    {
        bad += check_levels();
        bad += tool_entry.get_state(NULL) != ompt_state_work_parallel;
        bad += tool_entry.get_thread_data() == NULL;
        threads++;
    }
    tool_log("nested: tasks checked=%d inconsistent=%d", threads, bad);

    /* Unique ids from several threads. */
    enum { PER_THREAD = 1000, THREADS = 4 };
    static uint64_t ids[PER_THREAD * THREADS];
#pragma omp parallel num_threads(THREADS)
    for (int i = 0; i < PER_THREAD; i++)
        ids[omp_get_thread_num() * PER_THREAD + i] = tool_entry.get_unique_id();
    qsort(ids, PER_THREAD * THREADS, sizeof *ids, cmp_ids);
    int repeated = 0;
    for (int i = 1; i < PER_THREAD * THREADS; i++)
        repeated += ids[i] == ids[i - 1];
    tool_log("unique ids: zero=%d repeated=%d", ids[0] == 0, repeated);

    /* Processors and places. */
    int places_bad = 0;
    places_bad += tool_entry.get_num_procs() != omp_get_num_procs();
    places_bad += tool_entry.get_num_places() != omp_get_num_places();
    int ids0[256], ompt_ids0[256];
    int n0 = omp_get_place_num_procs(0);
    omp_get_place_proc_ids(0, ids0);
    places_bad += tool_entry.get_place_proc_ids(0, 256, ompt_ids0) != n0 || memcmp(ids0, ompt_ids0, n0 * sizeof(int));
    places_bad += tool_entry.get_place_proc_ids(0, 0, NULL) != n0;
    places_bad += tool_entry.get_place_proc_ids(-1, 256, ompt_ids0) != 0;
#pragma omp parallel num_threads(2) reduction(+ : places_bad)
    {
        int nums[256], ompt_nums[256];
        omp_get_partition_place_nums(nums);
        places_bad += tool_entry.get_place_num() != omp_get_place_num();
        int len = tool_entry.get_partition_place_nums(256, ompt_nums);
        places_bad += len != omp_get_partition_num_places() || memcmp(nums, ompt_nums, len * sizeof(int));
        places_bad += tool_entry.get_proc_id() != sched_getcpu();
    }
    tool_log("places: num_places=%s inconsistent=%d", tool_entry.get_num_places() > 0 ? "some" : "none",
             places_bad);

    /* Devices, targets and task memory on a host-only runtime. */
    uint64_t device = 7;
    ompt_id_t target = 7, op = 7;
    void *addr = &device;
    size_t size = 7;
    int devices = tool_entry.get_num_devices();
    int in_target = tool_entry.get_target_info(&device, &target, &op);
    int more_blocks = tool_entry.get_task_memory(&addr, &size, 0);
    tool_log("devices=%d target_info=%d task_memory=%d addr=%s size=%zu", devices, in_target, more_blocks,
             addr ? "set" : "NULL", size);

    /* Enumerations. */
    int state, count = 0;
    const char *name;
    for (int current = ompt_state_undefined; tool_entry.enumerate_states(current, &state, &name); current = state) {
        tool_log("state 0x%03x %s", state, name);
        count++;
    }
    tool_log("states after undefined: %d", count);
    for (int current = 0, impl; tool_entry.enumerate_mutex_impls(current, &impl, &name); current = impl)
        tool_log("mutex impl %d %s", impl, name);

    /* Registration. */
    ompt_callback_t callback = NULL;
    int registered = tool_entry.get_callback(ompt_callback_parallel_begin, &callback);
    tool_log("get_callback parallel_begin: %d %s", registered, callback ? "set" : "NULL");
    tool_log("get_callback flush (skipped): %d", tool_entry.get_callback(ompt_callback_flush, &callback));
    int invalid0 = tool_entry.set_callback(0, callback);
    int invalid38 = tool_entry.set_callback(38, callback);
    int invalid1000 = tool_entry.set_callback(1000, callback);
    tool_log("set_callback 0: %d, 38: %d, 1000: %d", invalid0, invalid38, invalid1000);
    tool_log("set_callback target_emi with target registered: %d",
             tool_entry.set_callback(ompt_callback_target_emi, callback));
    int unregistered = tool_entry.set_callback(ompt_callback_target, NULL);
    int emi = tool_entry.set_callback(ompt_callback_target_emi, callback);
    tool_log("unregister target: %d, then target_emi: %d", unregistered, emi);
    unregistered = tool_entry.set_callback(ompt_callback_implicit_task, NULL);
    tool_log("unregister implicit_task: %d, get_callback: %d", unregistered,
             tool_entry.get_callback(ompt_callback_implicit_task, &callback));
    return 0;
}

// CHECK: serial: state=0x0 wait_id=0
// CHECK: serial: thread data set
// CHECK: serial: task level 0: task={{[1-9][0-9]*}} flags=initial parallel=[[IMPLICIT:[1-9][0-9]*]] thread_num=0 exit=none enter=none
// CHECK: serial: parallel level 0: parallel=[[IMPLICIT]] team_size=1
// CHECK: serial: task level 1: none
// CHECK: nested: tasks checked=6 inconsistent=0
// CHECK: unique ids: zero=0 repeated=0
// CHECK: places: num_places=some inconsistent=0
// CHECK: devices=0 target_info=0 task_memory=0 addr=NULL size=0
// CHECK: state 0x000 ompt_state_work_serial
// CHECK: state 0x001 ompt_state_work_parallel
// CHECK: state 0x011 ompt_state_wait_barrier_implicit_parallel
// CHECK: state 0x041 ompt_state_wait_lock
// CHECK: state 0x100 ompt_state_idle
// CHECK: state 0x101 ompt_state_overhead
// CHECK: states after undefined: 20
// CHECK: mutex impl 1 glass_futex_lock
// CHECK: mutex impl 2 glass_ordered_turn
// CHECK: get_callback parallel_begin: 1 set
// CHECK: get_callback flush (skipped): 0
// CHECK: set_callback 0: 0, 38: 0, 1000: 0
// CHECK: set_callback target_emi with target registered: 0
// CHECK: unregister target: 5, then target_emi: 5
// CHECK: unregister implicit_task: 5, get_callback: 0
