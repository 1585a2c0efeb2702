// Mutex events (OpenMP 5.1, 4.5.2.14 - 4.5.2.16): lock routines (set, test,
// unset, with and without hint), nest locks (first acquisition, nested holds
// as nest_lock begin/end, last release), critical (unnamed and named),
// atomic done in software (long double; clang compiles it to libatomic calls
// instead, which the runtime never sees), and ordered. One object gives one
// wait id everywhere; codeptr_ra is the program's call.
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: %run %t | FileCheck %s --check-prefixes=CHECK,%ompt-prefix
#include <omp.h>

#include "tool.h"

static void report_codeptr(const char *event, const char *routine)
{
    tool_log("%s codeptr calls %s: %s", event, routine,
             tool_codeptr_calls(tool_last_codeptr(event), routine) ? "yes" : "no");
}

int main(void)
{
    omp_lock_t lock;
    omp_nest_lock_t nest;
    long double sum = 0;
    int order = 0;

    omp_init_lock(&lock);
    report_codeptr("lock_init", "omp_init_lock");
    tool_log("lock=%p", (void *)&lock);
    omp_set_lock(&lock);
    report_codeptr("mutex_acquired", "omp_set_lock");
    omp_unset_lock(&lock);
    report_codeptr("mutex_released", "omp_unset_lock");
    int tested = omp_test_lock(&lock);
    omp_unset_lock(&lock);
    omp_destroy_lock(&lock);
    report_codeptr("lock_destroy", "omp_destroy_lock");
    omp_init_lock_with_hint(&lock, omp_sync_hint_contended);
    omp_destroy_lock(&lock);

    omp_init_nest_lock(&nest);
    tool_log("nest=%p", (void *)&nest);
    omp_set_nest_lock(&nest);
    omp_set_nest_lock(&nest);
    int depth = omp_test_nest_lock(&nest);
    report_codeptr("nest_lock", "omp_test_nest_lock");
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_destroy_nest_lock(&nest);

#pragma omp critical
    sum += 1;
    report_codeptr("mutex_acquire", ENTRY_NAME("GOMP_critical_start", "__kmpc_critical"));
#pragma omp critical(named)
    sum += 2;
    report_codeptr("mutex_acquire", ENTRY_NAME("GOMP_critical_name_start", "__kmpc_critical"));
#pragma omp atomic
    sum += 3;
#ifndef __clang__
    report_codeptr("mutex_released", "GOMP_atomic_end");
#endif

#pragma omp parallel for ordered schedule(dynamic) num_threads(2)
    for (int i = 0; i < 2; i++) {
#pragma omp ordered
        order = order * 10 + i + 1;
    }
    tool_log("tested=%d depth=%d sum=%d order=%d", tested, depth, (int)sum, order);
    return 0;
}

// CHECK: lock_init: kind=lock hint=0 impl=1 wait_id=[[LOCK:0x[0-9a-f]+]] codeptr=0x{{[0-9a-f]+}}
// CHECK: lock_init codeptr calls omp_init_lock: yes
// CHECK: lock=[[LOCK]]
// CHECK: mutex_acquire: kind=lock hint=0 impl=1 wait_id=[[LOCK]] codeptr=[[SET:0x[0-9a-f]+]]
// CHECK-NEXT: mutex_acquired: kind=lock wait_id=[[LOCK]] codeptr=[[SET]]
// CHECK: mutex_acquired codeptr calls omp_set_lock: yes
// CHECK-NEXT: mutex_released: kind=lock wait_id=[[LOCK]] codeptr=
// CHECK: mutex_released codeptr calls omp_unset_lock: yes
// CHECK-NEXT: mutex_acquire: kind=test_lock hint=0 impl=1 wait_id=[[LOCK]] codeptr=[[TEST:0x[0-9a-f]+]]
// CHECK-NEXT: mutex_acquired: kind=test_lock wait_id=[[LOCK]] codeptr=[[TEST]]
// CHECK-NEXT: mutex_released: kind=lock wait_id=[[LOCK]]
// CHECK-NEXT: lock_destroy: kind=lock wait_id=[[LOCK]]
// CHECK-NEXT: lock_destroy codeptr calls omp_destroy_lock: yes
// CHECK-NEXT: lock_init: kind=lock hint=2 impl=1 wait_id=[[LOCK]]
// CHECK-NEXT: lock_destroy: kind=lock wait_id=[[LOCK]]

// Nest lock: the first set acquires, the next ones nest.
// CHECK-NEXT: lock_init: kind=nest_lock hint=0 impl=1 wait_id=[[NEST:0x[0-9a-f]+]]
// CHECK-NEXT: nest=[[NEST]]
// CHECK-NEXT: mutex_acquire: kind=nest_lock hint=0 impl=1 wait_id=[[NEST]]
// CHECK-NEXT: mutex_acquired: kind=nest_lock wait_id=[[NEST]]
// CHECK-NEXT: mutex_acquire: kind=nest_lock hint=0 impl=1 wait_id=[[NEST]]
// CHECK-NEXT: nest_lock_begin: wait_id=[[NEST]]
// CHECK-NEXT: mutex_acquire: kind=test_nest_lock hint=0 impl=1 wait_id=[[NEST]]
// CHECK-NEXT: nest_lock_begin: wait_id=[[NEST]]
// CHECK-NEXT: nest_lock codeptr calls omp_test_nest_lock: yes
// CHECK-NEXT: nest_lock_end: wait_id=[[NEST]]
// CHECK-NEXT: nest_lock_end: wait_id=[[NEST]]
// CHECK-NEXT: mutex_released: kind=nest_lock wait_id=[[NEST]]
// CHECK-NEXT: lock_destroy: kind=nest_lock wait_id=[[NEST]]

// Critical regions: one wait id per name.
// CHECK-NEXT: mutex_acquire: kind=critical hint=0 impl=1 wait_id=[[UNNAMED:0x[0-9a-f]+]]
// CHECK-NEXT: mutex_acquired: kind=critical wait_id=[[UNNAMED]]
// CHECK-NEXT: mutex_released: kind=critical wait_id=[[UNNAMED]]
// GCC-NEXT: mutex_acquire codeptr calls GOMP_critical_start: yes
// CLANG-NEXT: mutex_acquire codeptr calls __kmpc_critical: yes
// CHECK-NEXT: mutex_acquire: kind=critical hint=0 impl=1 wait_id=[[NAMED:0x[0-9a-f]+]]
// CHECK-NOT: wait_id=[[UNNAMED]]
// CHECK: mutex_released: kind=critical wait_id=[[NAMED]]
// GCC-NEXT: mutex_acquire codeptr calls GOMP_critical_name_start: yes
// CLANG-NEXT: mutex_acquire codeptr calls __kmpc_critical: yes
// GCC-NEXT: mutex_acquire: kind=atomic hint=0 impl=1 wait_id=[[ATOMIC:0x[0-9a-f]+]]
// GCC-NEXT: mutex_acquired: kind=atomic wait_id=[[ATOMIC]]
// GCC-NEXT: mutex_released: kind=atomic wait_id=[[ATOMIC]]
// GCC-NEXT: mutex_released codeptr calls GOMP_atomic_end: yes
// CLANG-NOT: kind=atomic

// Ordered regions of the loop, in iteration order, on the loop's turn.
// CHECK: mutex_acquire: kind=ordered hint=0 impl=2 wait_id=[[TURN:0x[0-9a-f]+]]
// CHECK: mutex_acquired: kind=ordered wait_id=[[TURN]]
// CHECK: mutex_released: kind=ordered wait_id=[[TURN]]
// CHECK: mutex_acquired: kind=ordered wait_id=[[TURN]]
// CHECK: mutex_released: kind=ordered wait_id=[[TURN]]
// CHECK: tested=1 depth=3 sum=6 order=12
