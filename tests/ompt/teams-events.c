// The events of a host teams construct (OpenMP 5.1, 4.5.2.3 and 4.5.2.11) as
// libomp 19 reports them, for both compilers: the league's parallel_begin
// (flags invoker_runtime|league, requested the number of teams, in the
// encountering initial task), per team an initial task (implicit_task
// begin, flags initial, actual_parallelism the league size, index the team
// number), the barrier that ends the team (barrier_teams, its wait in state
// wait_barrier_teams), the initial task's end, and parallel_end. Inside a
// team the inquiries name the team's initial task and the league, and the
// team's parallel regions are that initial task's; after the league, the
// encountering task's own data is back. Glass reported none of these.
// Glass runs the teams one after another on the encountering thread, so the
// events of every team are T1's (libomp starts a thread per team); T2 is
// the worker of the parallel region in team 1.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// RUN: grep -e '^T1: ' %t.out | FileCheck %s
// RUN: %not grep WRONG %t.out
#include <omp.h>

#include "tool.h"

static _Atomic int sink; /* written by several threads: atomic, for TSan */

int main(void)
{
    (void)omp_get_level(); /* the runtime, and with it the tool, starts */
    tool_log("before: task=%lu", tool_task_id(0));
    int seen[3] = {0};
#pragma omp teams num_teams(3) thread_limit(2)
    {
        int team = omp_get_team_num();
        tool_log("team %d: task=%lu parallel=%lu", team, tool_task_id(0), tool_parallel_id(0));
        seen[team] = 1;
        if (team == 1) {
#pragma omp parallel num_threads(2)
            sink++;
        }
    }
    tool_log("after: task=%lu teams=%d", tool_task_id(0), seen[0] + seen[1] + seen[2]);

    /* A teams region in a target region run on the host: the target
     * region's initial task encounters it (GCC drives the league through
     * GOMP_teams4 calls in the region's code, Clang calls __kmpc_fork_teams). */
    int target_seen[2] = {0};
#pragma omp target teams num_teams(2) map(tofrom : target_seen)
    target_seen[omp_get_team_num()] = 1;
    tool_log("target teams=%d", target_seen[0] + target_seen[1]);
    return 0;
}

// CHECK: T1: before: task=[[INITIAL:[1-9][0-9]*]]
// CHECK: T1: parallel_begin: encountering_task=[[INITIAL]] frame.exit=(nil) frame.enter=0x{{[0-9a-f]+}} frame.enter_flags=application|cfa parallel=[[LEAGUE:[0-9]+]] requested=3 flags=invoker_runtime|league codeptr=[[CODEPTR:0x[0-9a-f]+]]

// CHECK-NEXT: T1: implicit_task_begin: parallel=[[LEAGUE]] task=[[TEAM0:[0-9]+]] actual_parallelism=3 index=0 flags=initial
// CHECK-NEXT: T1: team 0: task=[[TEAM0]] parallel=[[LEAGUE]]
// CHECK-NEXT: T1: sync_region_begin: kind=barrier_teams parallel=[[LEAGUE]] task=[[TEAM0]] codeptr=[[CODEPTR]] task_frame.exit=none task_frame.enter=none
// CHECK-NEXT: T1: sync_region_wait_begin: kind=barrier_teams parallel=[[LEAGUE]] task=[[TEAM0]] codeptr=[[CODEPTR]] state=ompt_state_wait_barrier_teams
// CHECK-NEXT: T1: sync_region_wait_end: kind=barrier_teams parallel=none task=[[TEAM0]] codeptr=[[CODEPTR]] state=ompt_state_wait_barrier_teams
// CHECK-NEXT: T1: sync_region_end: kind=barrier_teams parallel=none task=[[TEAM0]] codeptr=[[CODEPTR]]
// CHECK-NEXT: T1: implicit_task_end: parallel=none task=[[TEAM0]] actual_parallelism=0 index=0 flags=initial

// Team 1's parallel region is its initial task's.
// CHECK-NEXT: T1: implicit_task_begin: parallel=[[LEAGUE]] task=[[TEAM1:[0-9]+]] actual_parallelism=3 index=1 flags=initial
// CHECK-NEXT: T1: team 1: task=[[TEAM1]] parallel=[[LEAGUE]]
// CHECK: T1: parallel_begin: encountering_task=[[TEAM1]]
// CHECK: T1: parallel_end: parallel={{[0-9]+}} encountering_task=[[TEAM1]]
// CHECK: T1: sync_region_begin: kind=barrier_teams parallel=[[LEAGUE]] task=[[TEAM1]] codeptr=[[CODEPTR]]
// CHECK: T1: sync_region_end: kind=barrier_teams parallel=none task=[[TEAM1]] codeptr=[[CODEPTR]]
// CHECK-NEXT: T1: implicit_task_end: parallel=none task=[[TEAM1]] actual_parallelism=0 index=1 flags=initial

// CHECK-NEXT: T1: implicit_task_begin: parallel=[[LEAGUE]] task=[[TEAM2:[0-9]+]] actual_parallelism=3 index=2 flags=initial
// CHECK-NEXT: T1: team 2: task=[[TEAM2]] parallel=[[LEAGUE]]
// CHECK: T1: implicit_task_end: parallel=none task=[[TEAM2]] actual_parallelism=0 index=2 flags=initial
// CHECK-NEXT: T1: parallel_end: parallel=[[LEAGUE]] encountering_task=[[INITIAL]] flags=invoker_runtime|league codeptr=[[CODEPTR]]
// CHECK-NEXT: T1: after: task=[[INITIAL]] teams=3

// Clang 14 runs a target region without offload targets inline, with no
// target events; GCC and Clang 19 go through the runtime.
// CHECK: T1: parallel_begin: encountering_task=[[TARGET:[0-9]+]] {{.*}} parallel=[[TLEAGUE:[0-9]+]] requested=2 flags=invoker_runtime|league codeptr=[[TCODEPTR:0x[0-9a-f]+]]
// CHECK-NEXT: T1: implicit_task_begin: parallel=[[TLEAGUE]] task=[[TTEAM0:[0-9]+]] actual_parallelism=2 index=0 flags=initial
// CHECK-NEXT: T1: sync_region_begin: kind=barrier_teams parallel=[[TLEAGUE]] task=[[TTEAM0]] codeptr=[[TCODEPTR]]
// CHECK: T1: implicit_task_end: parallel=none task=[[TTEAM0]] actual_parallelism=0 index=0 flags=initial
// CHECK-NEXT: T1: implicit_task_begin: parallel=[[TLEAGUE]] task=[[TTEAM1:[0-9]+]] actual_parallelism=2 index=1 flags=initial
// CHECK-NEXT: T1: sync_region_begin: kind=barrier_teams parallel=[[TLEAGUE]] task=[[TTEAM1]] codeptr=[[TCODEPTR]]
// CHECK: T1: implicit_task_end: parallel=none task=[[TTEAM1]] actual_parallelism=0 index=1 flags=initial
// CHECK-NEXT: T1: parallel_end: parallel=[[TLEAGUE]] encountering_task=[[TARGET]] flags=invoker_runtime|league codeptr=[[TCODEPTR]]
// CHECK: T1: target teams=2
