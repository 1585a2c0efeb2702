/* Whether the threads had a CPU each. Every figure of the profile is wall
 * time: a thread that waits for a CPU looks like a late start, an imbalance
 * or a long lock hold. So the report says how many CPUs the process could
 * use, how many threads it ran, how loaded the machine was, and how often
 * the kernel took a CPU away from a thread that still wanted it. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#endif
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "profile.h"

static int cpus;            /* CPUs this process may run on */
static double load_at_start = -1.0;
static long recorded_involuntary = -1; /* a replayed run's (glass report) */

void profile_machine_recorded(int run_cpus, double load, long involuntary)
{
    cpus = run_cpus > 0 ? run_cpus : 1;
    load_at_start = load;
    recorded_involuntary = involuntary;
}

static int allowed_cpus(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        return CPU_COUNT(&set);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}

void profile_machine_start(void)
{
    cpus = allowed_cpus();
    double load[1];
    if (getloadavg(load, 1) == 1)
        load_at_start = load[0];
}

/* The most threads that ran OpenMP work at once: the widest team plus the
 * threads of the other teams alive beside it is not known, so the number
 * of OpenMP threads the program made stands for it. */
void profile_machine_report(FILE *out, unsigned threads, int html)
{
    struct rusage usage;
    long involuntary = profile_replay_clock ? recorded_involuntary
                       : getrusage(RUSAGE_SELF, &usage) == 0 ? usage.ru_nivcsw
                                                             : -1;
    uint64_t elapsed = profile_now() - profile_start_ns;
    const char *open = html ? "<p class=\"machine\">" : "", *close = html ? "</p>\n" : "\n";
    fprintf(out, "%sMachine: %u OpenMP threads on %d CPU%s this process may use", open, threads, cpus,
            cpus == 1 ? "" : "s");
    if ((int)threads > cpus)
        fprintf(out, ": OVERSUBSCRIBED (%.1f threads per CPU). Threads waited for a CPU, and that wait shows "
                     "below as late start, imbalance and lock waits",
                (double)threads / cpus);
    fprintf(out, ".%s", close);
    if (load_at_start >= 0) {
        fprintf(out, "%sLoad: %.2f runnable threads on average over the minute before the run", open, load_at_start);
        if (load_at_start >= cpus - 0.5)
            fprintf(out, ": the machine was BUSY before the program started; its threads shared the CPUs with "
                         "others, and the times below include waits for a CPU");
        fprintf(out, ".%s", close);
    }
    if (involuntary >= 0 && elapsed)
        fprintf(out, "%sInvoluntary context switches: %ld (%.0f a second)%s%s", open, involuntary,
                (double)involuntary * 1e9 / (double)elapsed,
                (double)involuntary * 1e9 / (double)elapsed > 100.0 * cpus
                    ? ": threads were often preempted while they could run"
                    : "",
                close);
}
