// Events only the Clang ABI lets the runtime see (GCC compiles these
// constructs inline): masked begin/end for master and masked (only in the
// thread that runs the block), flush, the work events of statically
// scheduled loops and sections (begin in __kmpc_for_static_init, end in
// __kmpc_for_static_fini, both with the construct's iteration count), and
// the call sites of the static loop's begin and end.
// REQUIRES: clang
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: grep -c 'masked_begin:' %t.out | FileCheck %s --check-prefix=TWO
// RUN: grep -c 'masked_end:' %t.out | FileCheck %s --check-prefix=TWO
// RUN: grep -c 'work_begin: type=loop_static .* count=12 ' %t.out | FileCheck %s --check-prefix=THREE
// RUN: grep -c 'work_end: type=loop_static .* count=12 ' %t.out | FileCheck %s --check-prefix=THREE
// RUN: grep -c 'work_begin: type=sections .* count=3 ' %t.out | FileCheck %s --check-prefix=THREE
// RUN: grep -c 'work_end: type=sections .* count=3 ' %t.out | FileCheck %s --check-prefix=THREE
// RUN: grep -c 'flush: thread=' %t.out | FileCheck %s --check-prefix=THREE
#include <omp.h>

#include "tool.h"

int main(void)
{
    int total = 0, masked_runs = 0, section_sum = 0;
#pragma omp parallel num_threads(3) reduction(+ : total, masked_runs, section_sum)
    {
#pragma omp master
        masked_runs++;
#pragma omp masked filter(1)
        masked_runs++;
#pragma omp flush
#pragma omp for schedule(static)
        for (int i = 0; i < 12; i++)
            total += i;
        if (omp_get_thread_num() == 0) {
            tool_log("loop begin codeptr calls its entry point: %s",
                     tool_codeptr_calls(tool_last_codeptr("work_begin"), "__kmpc_for_static_init_4") ? "yes"
                                                                                                      : "no");
            tool_log("loop end codeptr calls its entry point: %s",
                     tool_codeptr_calls(tool_last_codeptr("work_end"), "__kmpc_for_static_fini") ? "yes" : "no");
        }
#pragma omp sections
        {
#pragma omp section
            section_sum += 1;
#pragma omp section
            section_sum += 2;
#pragma omp section
            section_sum += 3;
        }
    }
    tool_log("total=%d masked_runs=%d section_sum=%d", total, masked_runs, section_sum);
    return 0;
}

// CHECK-DAG: masked_begin: parallel=[[P:[0-9]+]] task={{[0-9]+}} codeptr=0x{{[0-9a-f]+}}
// CHECK-DAG: masked_end: parallel=[[P]] task={{[0-9]+}} codeptr=0x{{[0-9a-f]+}}
// CHECK-DAG: work_begin: type=loop_static parallel=[[P]] task={{[0-9]+}} count=12 codeptr=0x{{[0-9a-f]+}}
// CHECK-DAG: work_end: type=loop_static parallel=[[P]] task={{[0-9]+}} count=12 codeptr=0x{{[0-9a-f]+}}
// CHECK-DAG: loop begin codeptr calls its entry point: yes
// CHECK-DAG: loop end codeptr calls its entry point: yes
// CHECK: total=66 masked_runs=2 section_sum=6
// TWO: 2
// THREE: 3
