/* User API: devices and the league of teams (OpenMP 5.1, 3.4 and 3.7). The
 * devices are those of the device table (src/device/, GLASS_HOST_DEVICES);
 * the host is the initial device, numbered after them (3.7.7). A task knows
 * the device it runs on from its device-num ICV, which a target region on a
 * device sets for everything it runs (its parallel regions included). Code
 * outside a teams construct runs in a league of one team. */
#include "../core/globals.h"
#include "../core/threads/team.h"
#include "../core/tasks/tasking.h"
#include "../device/device.h"
#include "../device/target_ops.h"
#include "api.h"

void omp_set_default_device(int device_num)
{
    if (device_num < 0) {
        glass_warn("omp_set_default_device(%d): the device number must not be negative; ignored",
                   device_num);
        return;
    }
    glass_self()->task->icv.default_device = device_num;
    glass_target_default_device_chosen();
}

int omp_get_default_device(void)
{
    return glass_self()->task->icv.default_device;
}

int omp_get_num_devices(void)
{
    return glass_device_initial_number();
}

int omp_get_device_num(void)
{
    int device = glass_self()->task->icv.device_num;
    return device >= 0 ? device : omp_get_initial_device();
}

int omp_is_initial_device(void)
{
    return glass_self()->task->icv.device_num < 0;
}

int omp_get_initial_device(void)
{
    return omp_get_num_devices();
}

/* The teams construct is later work; until then every thread is in team 0 of
 * a league of one. */
/* Outside a teams region the league is one team (OpenMP 5.1, 3.4.1-3.4.2). */
int omp_get_num_teams(void)
{
    return (int)glass_league_size(glass_self());
}

int omp_get_team_num(void)
{
    return (int)glass_league_num(glass_self());
}
