// Device routines (OpenMP 5.1, 3.7) on a host-only runtime: no target
// devices, the host is the initial device (number 0 = the number of devices);
// default-device-var set and read back per task; omp_pause_resource and
// omp_pause_resource_all accept the host and valid kinds and refuse the rest.
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t; done 2>&1 | FileCheck %s
// CHECK: glass: omp_set_default_device(-4): the device number must not be negative; ignored
// CHECK-NEXT: devices 0 initial 0 device-num 0 is-initial 1 in-region ok
// CHECK-NEXT: default-device 0->2 kept 2 region-inherits 2 region-change-stays 2
// CHECK-NEXT: pause soft 0 hard 0 all 0 bad-kind -1 bad-device -1 all-bad-kind -1 after-pause ok
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int wrong = 0;
#pragma omp parallel reduction(+ : wrong)
    wrong += omp_get_num_devices() != 0 || omp_is_initial_device() != 1 ||
             omp_get_device_num() != omp_get_initial_device();
    int before = omp_get_default_device();
    omp_set_default_device(2);
    int after = omp_get_default_device();
    omp_set_default_device(-4);
    int kept = omp_get_default_device();
    int inherited = 0;
#pragma omp parallel reduction(max : inherited)
    {
        inherited = omp_get_default_device();
        omp_set_default_device(5);
    }
    int host = omp_get_initial_device();
    int soft = omp_pause_resource(omp_pause_soft, host), hard = omp_pause_resource(omp_pause_hard, host);
    int all = omp_pause_resource_all(omp_pause_hard);
    int bad_kind = omp_pause_resource((omp_pause_resource_t)7, host);
    int bad_device = omp_pause_resource(omp_pause_soft, 3);
    int all_bad = omp_pause_resource_all((omp_pause_resource_t)0);
    /* The runtime still works after a pause. */
    int sum = 0;
#pragma omp parallel reduction(+ : sum)
    sum += 1;
    fflush(stderr);
    printf("devices %d initial %d device-num %d is-initial %d in-region %s\n", omp_get_num_devices(),
           omp_get_initial_device(), omp_get_device_num(), omp_is_initial_device(), wrong ? "WRONG" : "ok");
    printf("default-device %d->%d kept %d region-inherits %d region-change-stays %d\n", before, after, kept,
           inherited, omp_get_default_device());
    printf("pause soft %d hard %d all %d bad-kind %d bad-device %d all-bad-kind %d after-pause %s\n", soft, hard,
           all, bad_kind, bad_device, all_bad, sum == omp_get_max_threads() ? "ok" : "WRONG");
    return 0;
}
