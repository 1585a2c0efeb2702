// The frames of a host teams region (OpenMP 5.1, 4.4.4.28): the runtime
// calls each team's region on the encountering (initial) task, which then
// runs user code: no enter frame, and the exit frame of the runtime function
// that called the region (__builtin_frame_address(1) in the region, compiled
// with frame pointers). A parallel region inside sees the initial task
// suspended in the runtime. Back after the league, the task has neither.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env TOOL_QUIET=1 %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: grep -c 'frame table ok' %t.out | FileCheck %s --check-prefix=FIVE
// RUN: %not grep WRONG %t.out
#include <omp.h>

#include "tool.h"

int main(void)
{
    int teams_seen = 0;
#pragma omp teams num_teams(2) reduction(+ : teams_seen)
    {
        char tag[32];
        __builtin_snprintf(tag, sizeof tag, "team %d", omp_get_team_num());
        tool_check_frames(tag, __builtin_frame_address(0), __builtin_frame_address(1));
        teams_seen++;
        if (omp_get_team_num() == 1) {
#pragma omp parallel num_threads(2)
            {
                char inner[32]; /* each thread's own: the team's `tag` is shared here */
                __builtin_snprintf(inner, sizeof inner, "team 1 thread %d", omp_get_thread_num());
                tool_check_frames(inner, __builtin_frame_address(0), __builtin_frame_address(1));
            }
        }
    }
    tool_check_frames("after", __builtin_frame_address(0), NULL);
    tool_log("teams=%d", teams_seen);
    return 0;
}

// CHECK-DAG: team 0: frame level 0: exit=runtime|cfa enter=none{{$}}
// CHECK-DAG: team 0: frame table ok
// CHECK-DAG: team 1: frame level 0: exit=runtime|cfa enter=none{{$}}
// CHECK-DAG: team 1: frame table ok
// CHECK-DAG: team 1 thread 0: frame level 0: exit=runtime|cfa enter=none{{$}}
// CHECK-DAG: team 1 thread 0: frame level 1: exit=runtime|cfa enter=application|cfa{{$}}
// CHECK-DAG: team 1 thread 1: frame table ok
// CHECK: after: frame level 0: exit=none enter=none
// CHECK: after: frame table ok
// CHECK: teams=2
// Two teams, two threads of the inner region, and after.
// FIVE: 5
