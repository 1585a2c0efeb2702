// The error callback (OpenMP 5.1, 4.5.2.30) for the error directive with
// at(execution): severity, message and its length, the call site; for
// severity(fatal) before the program ends. The same event whichever ABI's
// entry point (GOMP_warning/GOMP_error, __kmpc_error) the directive calls.
// clang 14 does not parse the error directive; clang 19 does.
// REQUIRES: gcc || clang-19
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t 2> %t.err | FileCheck %s
// RUN: %not %run %t fatal 2> %t.err | FileCheck %s --check-prefix=FATAL
#include <string.h>

#include "tool.h"

#ifdef __clang__
#define ENTRY "__kmpc_error"
#else
#define ENTRY "GOMP_warning"
#endif

int main(int argc, char **argv)
{
    (void)argv;
#pragma omp error at(execution) severity(warning) message("careful")
    tool_log("warning codeptr calls %s: %s", ENTRY,
             tool_codeptr_calls(tool_last_codeptr("error"), ENTRY) ? "yes" : "no");
    if (argc > 1) {
#pragma omp error at(execution) severity(fatal) message("stop here")
    }
    tool_log("after");
    return 0;
}

// CHECK: set_callback ompt_callback_error: always
// CHECK: error: severity=warning message="careful" length=7 codeptr=0x{{[0-9a-f]+}}
// CHECK: warning codeptr calls {{GOMP_warning|__kmpc_error}}: yes
// CHECK: after
// FATAL: error: severity=warning message="careful" length=7
// FATAL: error: severity=fatal message="stop here" length=9
// FATAL-NOT: after
