// The OMPT target and device events of a GCC-compiled program on a host
// device (GLASS_HOST_DEVICES=1), seen by a tool linked into it
// (Inputs/target_tool.c, which checks order, pairing, ids, addresses and byte
// counts as the events come and prints "ERROR:" for any broken rule), once
// with the EMI callbacks and once with the plain ones; and on the host alone,
// where each construct raises only its target begin and end, with the
// initial device's number (0) and no data operation.
// Clang without offload targets compiles target regions as host code and
// raises no target event (the device layer is the GCC ABI's):
// REQUIRES: gcc
// RUN: %ompt-cc %s %srcroot/tests/ompt/Inputs/target_tool.c %ompt-link -o %t
// RUN: env GLASS_HOST_DEVICES=1 OMP_NUM_THREADS=2 %run %t > %t.emi
// RUN: FileCheck %s --check-prefixes=CHECK,EMI,DEV -DTYPE=glass-host < %t.emi
// RUN: env GLASS_HOST_DEVICES=1 OMP_NUM_THREADS=2 TARGET_TOOL_FORM=plain %run %t > %t.plain
// RUN: FileCheck %s --check-prefixes=CHECK,PLAIN,DEV -DTYPE=glass-host < %t.plain
// RUN: env OMP_NUM_THREADS=2 %run %t > %t.host
// RUN: FileCheck %s --check-prefixes=CHECK,EMI,HOST < %t.host
// RUN: %not grep ERROR %t.emi %t.plain %t.host
// RUN: %not grep -E 'data_op|device_|submit|map:' %t.host
// Every data operation is one line: none missing, none extra.
// RUN: grep -c 'data_op:' %t.emi | FileCheck %s --check-prefix=COUNT
// RUN: grep -c 'data_op:' %t.plain | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}196{{$}}
// The constructs of two threads at once, 20 each:
// RUN: sed -n '/mark: parallel/,/mark: end/p' %t.emi | sort | uniq -c | FileCheck %s --check-prefix=PAR
// RUN: sed -n '/mark: parallel/,/mark: end/p' %t.plain | sort | uniq -c | FileCheck %s --check-prefix=PAR
// PAR: 20 data_op: alloc h0 bytes=16
// PAR-NEXT: 20 data_op: alloc h1 bytes=16
// PAR-NEXT: 20 data_op: delete h0
// PAR-NEXT: 20 data_op: delete h1
// PAR-NEXT: 20 data_op: from h0 bytes=16
// PAR-NEXT: 20 data_op: from h1 bytes=16
// PAR-NEXT: 20 data_op: to h0 bytes=16
// PAR-NEXT: 20 data_op: to h1 bytes=16
// PAR-NEXT: 20 map: h0 bytes=16 flags=to,from,alloc
// PAR-NEXT: 20 map: h1 bytes=16 flags=to,from,alloc
// PAR-NEXT: 1 mark: end
// PAR-NEXT: 1 mark: parallel
// PAR-NEXT: 40 submit: teams=1
// PAR-NEXT: 40 target begin: kind=target device=0
// PAR-NEXT: 40 target end: kind=target device=0
//
// The tool starts at the first construct; the device starts there too, and
// is initialized, then gets its code, before the construct begins.
// CHECK: mark: target
// EMI-NEXT: target tool: form=emi
// PLAIN-NEXT: target tool: form=plain
// DEV-NEXT: device_initialize: device=0 type=[[TYPE]]
// DEV-NEXT: device_load: device=0 file=the-program
// DEV-NEXT: num_devices=1
// HOST-NEXT: num_devices=0
// CHECK-NEXT: target begin: kind=target device=0
// Storage and copies in (in GCC's order of the items), then the map event,
// all before the submit; copies back and deletions after it.
// DEV-DAG: data_op: alloc a bytes=64
// DEV-DAG: data_op: alloc b bytes=64
// DEV-DAG: data_op: alloc c bytes=64
// DEV-DAG: data_op: to a bytes=64
// DEV-DAG: data_op: to c bytes=64
// DEV-DAG: map: a bytes=64 flags=to,alloc
// DEV-DAG: map: b bytes=64 flags=from,alloc
// DEV-DAG: map: c bytes=64 flags=to,from,alloc
// DEV: submit: teams=1
// DEV-DAG: data_op: from b bytes=64
// DEV-DAG: data_op: from c bytes=64
// DEV-DAG: data_op: delete a
// DEV-DAG: data_op: delete b
// DEV-DAG: data_op: delete c
// CHECK: target end: kind=target device=0
// CHECK-NEXT: mark: teams
// CHECK-NEXT: target begin: kind=target device=0
// DEV-NEXT: data_op: alloc c bytes=64
// DEV-NEXT: data_op: to c bytes=64
// DEV-NEXT: map: c bytes=64 flags=to,from,alloc
// DEV-NEXT: submit: teams=3
// DEV-NEXT: data_op: from c bytes=64
// DEV-NEXT: data_op: delete c
// CHECK-NEXT: target end: kind=target device=0
// A target data region's begin and end are an enter and an exit data
// construct (as LLVM reports them); the region's items stay mapped between.
// An array the region uses without a clause: mapped tofrom, implicit.
// CHECK-NEXT: mark: implicit
// CHECK-NEXT: target begin: kind=target device=0
// DEV-NEXT: data_op: alloc k bytes=8
// DEV-NEXT: data_op: to k bytes=8
// DEV-NEXT: map: k bytes=8 flags=to,from,alloc,implicit
// DEV-NEXT: submit: teams=1
// DEV-NEXT: data_op: from k bytes=8
// DEV-NEXT: data_op: delete k
// CHECK-NEXT: target end: kind=target device=0
// CHECK-NEXT: mark: target data
// CHECK-NEXT: target begin: kind=enter_data device=0
// DEV-NEXT: data_op: alloc d bytes=32
// DEV-NEXT: data_op: to d bytes=32
// DEV-NEXT: map: d bytes=32 flags=to,from,alloc
// CHECK-NEXT: target end: kind=enter_data device=0
// CHECK-NEXT: mark: update
// CHECK-NEXT: target begin: kind=update device=0
// DEV-NEXT: data_op: to d bytes=32
// CHECK-NEXT: target end: kind=update device=0
// A region on present storage: no allocation, no copy.
// CHECK-NEXT: mark: nested target
// CHECK-NEXT: target begin: kind=target device=0
// DEV-NEXT: map: d bytes=32 flags=to,from
// DEV-NEXT: submit: teams=1
// CHECK-NEXT: target end: kind=target device=0
// CHECK-NEXT: mark: data end
// CHECK-NEXT: target begin: kind=exit_data device=0
// DEV-NEXT: data_op: from d bytes=32
// DEV-NEXT: data_op: delete d
// CHECK-NEXT: target end: kind=exit_data device=0
// CHECK-NEXT: mark: enter data
// CHECK-NEXT: target begin: kind=enter_data device=0
// DEV-NEXT: data_op: alloc e bytes=16
// DEV-NEXT: data_op: to e bytes=16
// DEV-NEXT: map: e bytes=16 flags=to,alloc
// CHECK-NEXT: target end: kind=enter_data device=0
// Exit data lists its items (device addresses still valid) before it
// copies and deletes them.
// CHECK-NEXT: mark: exit data
// CHECK-NEXT: target begin: kind=exit_data device=0
// DEV-NEXT: map: e bytes=16 flags=from,release
// DEV-NEXT: data_op: from e bytes=16
// DEV-NEXT: data_op: delete e
// CHECK-NEXT: target end: kind=exit_data device=0
// The nowait forms, each run by its target task at the taskwait.
// CHECK-NEXT: mark: target nowait
// CHECK-NEXT: target begin: kind=target_nowait device=0
// DEV-NEXT: data_op: alloc f bytes=16
// DEV-NEXT: data_op: to f bytes=16
// DEV-NEXT: map: f bytes=16 flags=to,from,alloc
// DEV-NEXT: submit: teams=1
// DEV-NEXT: data_op: from f bytes=16
// DEV-NEXT: data_op: delete f
// CHECK-NEXT: target end: kind=target_nowait device=0
// CHECK-NEXT: mark: enter data nowait
// CHECK-NEXT: target begin: kind=enter_data_nowait device=0
// DEV-NEXT: data_op: alloc g bytes=16
// DEV-NEXT: data_op: to g bytes=16
// DEV-NEXT: map: g bytes=16 flags=to,alloc
// CHECK-NEXT: target end: kind=enter_data_nowait device=0
// CHECK-NEXT: mark: update nowait
// CHECK-NEXT: target begin: kind=update_nowait device=0
// DEV-NEXT: data_op: from g bytes=16
// CHECK-NEXT: target end: kind=update_nowait device=0
// CHECK-NEXT: mark: exit data nowait
// CHECK-NEXT: target begin: kind=exit_data_nowait device=0
// DEV-NEXT: map: g bytes=16 flags=from,release
// DEV-NEXT: data_op: from g bytes=16
// DEV-NEXT: data_op: delete g
// CHECK-NEXT: target end: kind=exit_data_nowait device=0
// Constructs sent to the host while a device exists (if(0), and
// device(omp_get_initial_device())): their target events name the initial
// device (1 beside the host device, 0 without), and they map nothing.
// CHECK-NEXT: mark: if0
// DEV-NEXT: target begin: kind=target device=1
// DEV-NEXT: target end: kind=target device=1
// HOST-NEXT: target begin: kind=target device=0
// HOST-NEXT: target end: kind=target device=0
// CHECK-NEXT: mark: initial device
// DEV-NEXT: target begin: kind=target device=1
// DEV-NEXT: target end: kind=target device=1
// DEV-NEXT: target begin: kind=update device=1
// DEV-NEXT: target end: kind=update device=1
// HOST-NEXT: target begin: kind=target device=0
// HOST-NEXT: target end: kind=target device=0
// HOST-NEXT: target begin: kind=update device=0
// HOST-NEXT: target end: kind=update device=0
// CHECK-NEXT: mark: parallel
// CHECK: mark: end
// CHECK-NEXT: values: b=15 c=32 d=1 e=3 f=1 g=3 h=5,5 k=42 host=3
// At exit: the device's code is unloaded and the device finalized, before
// the tool's own finalize.
// DEV-NEXT: device_unload: device=0
// DEV-NEXT: device_finalize: device=0
// Every data operation came in the thread state of its construct: 2 in the
// two update constructs, the 194 others in wait_target_map.
// DEV-NEXT: target tool: data operations in wait_target_map=194 in wait_target_update=2
// HOST-NEXT: target tool: data operations in wait_target_map=0 in wait_target_update=0
// CHECK-NEXT: target tool: finalize errors=0
#include <omp.h>
#include <stdio.h>

#include "target_tool.h"

#define NAME(array) target_tool_name(array, sizeof array, #array)

int main(void)
{
    int a[16], b[16], c[16], d[8], e[4], f[4], g[4];
    for (int i = 0; i < 16; i++)
        a[i] = i, c[i] = 2 * i;
    for (int i = 0; i < 8; i++)
        d[i] = i;
    for (int i = 0; i < 4; i++)
        e[i] = f[i] = g[i] = i;
    NAME(a), NAME(b), NAME(c), NAME(d), NAME(e), NAME(f), NAME(g);

    target_tool_mark("target");
#pragma omp target map(to : a) map(from : b) map(tofrom : c)
    for (int i = 0; i < 16; i++) {
        b[i] = a[i];
        c[i] += 1;
    }

    target_tool_mark("teams");
#pragma omp target teams num_teams(3) map(tofrom : c)
    if (omp_get_team_num() == 0)
        c[15] += 1;

    int k[2] = {1, 2};
    NAME(k);
    target_tool_mark("implicit");
#pragma omp target
    k[1] += 40;

    target_tool_mark("target data");
#pragma omp target data map(tofrom : d)
    {
        target_tool_mark("update");
#pragma omp target update to(d)
        target_tool_mark("nested target");
#pragma omp target map(tofrom : d)
        d[0]++;
        target_tool_mark("data end");
    }

    target_tool_mark("enter data");
#pragma omp target enter data map(to : e)
    target_tool_mark("exit data");
#pragma omp target exit data map(from : e)

    target_tool_mark("target nowait");
#pragma omp target map(tofrom : f) nowait
    f[0]++;
#pragma omp taskwait
    target_tool_mark("enter data nowait");
#pragma omp target enter data map(to : g) nowait
#pragma omp taskwait
    target_tool_mark("update nowait");
#pragma omp target update from(g) nowait
#pragma omp taskwait
    target_tool_mark("exit data nowait");
#pragma omp target exit data map(from : g) nowait
#pragma omp taskwait
    int m = 1;
    target_tool_mark("if0");
#pragma omp target if (0) map(tofrom : m)
    m += omp_is_initial_device();
    target_tool_mark("initial device");
#pragma omp target device(omp_get_initial_device()) map(tofrom : m)
    m += omp_is_initial_device();
#pragma omp target update device(omp_get_initial_device()) to(m)
    /* Constructs from two threads at once: each event names its own
     * thread's construct (the tool keeps them per thread). */
    int h0[4] = {0}, h1[4] = {0};
    NAME(h0), NAME(h1);
    target_tool_mark("parallel");
#pragma omp parallel num_threads(2)
    {
        int *h = omp_get_thread_num() ? h1 : h0;
        for (int round = 0; round < 20; round++) {
#pragma omp target map(tofrom : h[0 : 4])
            h[round % 4] += 1;
        }
    }
    target_tool_mark("end");
    printf("values: b=%d c=%d d=%d e=%d f=%d g=%d h=%d,%d k=%d host=%d\n", b[15], c[15], d[0], e[3], f[0], g[3], h0[3],
           h1[3], k[1], m);
    fflush(stdout);
    return 0;
}
