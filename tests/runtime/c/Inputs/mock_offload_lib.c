/* A shared library with offload code for the NVIDIA mock (mock_image.h), as
 * gcc -foffload=nvptx-none builds one: mkoffload's constructor registers its
 * image when the library is loaded, its destructor unregisters it when the
 * library goes (dlclose). Its region adds 1 to its argument on the host; the
 * device version (mock_kernel_lib_kernel, in the test program) adds 1000.
 * lib_counter is its `declare target` variable. */
#include <omp.h>
#include <stddef.h>
#include <stdint.h>

#include "mock_image.h"

void GOMP_offload_unregister_ver(unsigned version, const void *host_table, int target_type, const void *target_data);
void GOMP_target_ext(int, void (*)(void *), size_t, void **, size_t *, unsigned short *, unsigned, void **, void **);

int lib_counter = 5;

static void lib_region(void *arg)
{
    **(int **)arg += 1;
}

static const char ptx[] = MOCK_PTX;
static const struct mock_ptx_obj ptx_objs[] = {{ptx, sizeof ptx}};
static const char *const var_names[] = {"lib_counter"};
static const struct mock_fn_name fn_names[] = {{"lib_kernel", {0, 0, 0}}};
static const struct mock_target_data target_data = {ptx_objs, 1, var_names, 1, fn_names, 1};
static void *const host_funcs[] = {(void *)lib_region};
static void *const host_vars[] = {&lib_counter, (void *)sizeof lib_counter};
static const void *const offload_table[] = {host_funcs, host_funcs + 1, host_vars, host_vars + 2};

__attribute__((constructor)) static void register_image(void)
{
    GOMP_offload_register_ver(0x10001, offload_table, MOCK_NVIDIA_PTX, &target_data);
}

/* What mkoffload's destructor does; the test also calls it early. */
void lib_unregister(void)
{
    GOMP_offload_unregister_ver(0x10001, offload_table, MOCK_NVIDIA_PTX, &target_data);
}

__attribute__((destructor)) static void unregister_image(void)
{
    lib_unregister();
}

/* #pragma omp target map(tofrom: x) */
int lib_run(int x)
{
    void *hostaddrs[] = {&x};
    size_t sizes[] = {sizeof x};
    unsigned short kinds[] = {(2 << 8) | 3};
    GOMP_target_ext(-1, lib_region, 1, hostaddrs, sizes, kinds, 0, NULL, NULL);
    return x;
}

int lib_counter_present(void)
{
    return omp_target_is_present(&lib_counter, 0);
}
