// omp_control_tool (OpenMP 5.1, 3.14) and the control_tool callback: the
// program's call reaches the tool before any other construct, with command,
// modifier, arg and the call site; the tool's non-negative result comes back.
// Without a callback the result is omp_control_tool_nocallback (-1): that run
// is control-tool-nocallback.test (it needs a process where no tool registers
// control_tool, which tests/check/ompt-under-check.test does not give).
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t | FileCheck %s
#include "tool.h"

/* GCC 12's omp.h does not declare it. */
extern int omp_control_tool(int command, int modifier, void *arg);

int main(void)
{
    int value = 0;
    int started = omp_control_tool(1, 0, NULL); /* omp_control_tool_start */
    int custom = omp_control_tool(64, 17, &value);
    tool_log("codeptr calls omp_control_tool: %s",
             tool_codeptr_calls(tool_last_codeptr("control_tool"), "omp_control_tool") ? "yes" : "no");
    int ended = omp_control_tool(4, 0, NULL); /* omp_control_tool_end */
    tool_log("results: start=%d custom=%d end=%d", started, custom, ended);
    return 0;
}

// CHECK: set_callback ompt_callback_control_tool: always
// CHECK: control_tool: command=1 modifier=0 arg=none codeptr=0x{{[0-9a-f]+}}
// CHECK: control_tool: command=64 modifier=17 arg=set codeptr=0x{{[0-9a-f]+}}
// CHECK: codeptr calls omp_control_tool: yes
// CHECK: control_tool: command=4 modifier=0 arg=none
// CHECK: results: start=0 custom=17 end=0
// NOCALLBACK-NOT: : control_tool: command
// NOCALLBACK: results: start=-1 custom=-1 end=-1
