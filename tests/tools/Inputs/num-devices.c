/* Prints the devices the program sees and where a target region on the last
 * of them ran: `glass run --host-devices N` must give it N host devices. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int devices = omp_get_num_devices(), on_device = 0;
    int last = devices > 0 ? devices - 1 : omp_get_initial_device();
#pragma omp target device(last) map(from : on_device)
    on_device = !omp_is_initial_device();
    printf("devices=%d region on device %d ran on a device: %d\n", devices, devices > 0 ? last : -1, on_device);
    return 0;
}
