/* GCC 12's offload image for NVIDIA as mkoffload lays it out
 * (src/device/nvptx/nvptx_image.h), written by hand for the tests that run the
 * NVIDIA device kind against the mock driver (mock_cuda.c): the image data,
 * and the host table GOMP_offload_register_ver takes with it. */
#ifndef GLASS_TEST_MOCK_IMAGE_H
#define GLASS_TEST_MOCK_IMAGE_H

#include <stddef.h>

struct mock_ptx_obj {
    const char *code;
    size_t size;
};

struct mock_fn_name {
    const char *name;
    unsigned short dim[3];
};

struct mock_target_data {
    const void *ptx;
    unsigned ptx_num;
    const char *const *vars;
    unsigned var_num;
    const void *fns;
    unsigned fn_num;
};

void GOMP_offload_register_ver(unsigned version, const void *host_table, int target_type, const void *target_data);

#define MOCK_PTX "// the region's PTX\n.version 7.0\n.target sm_80\n"
#define MOCK_NVIDIA_PTX 5 /* GCC's OFFLOAD_TARGET_TYPE_NVIDIA_PTX */

/* An image of one region: host function HOST_FN, kernel KERNEL (the mock
 * runs it as mock_kernel_KERNEL), no variables; registered before main. */
#define MOCK_ONE_REGION_IMAGE(HOST_FN, KERNEL)                                                             \
    static const char mock_ptx[] = MOCK_PTX;                                                               \
    static const struct mock_ptx_obj mock_ptx_objs[] = {{mock_ptx, sizeof mock_ptx}};                     \
    static const struct mock_fn_name mock_fn_names[] = {{KERNEL, {0, 0, 0}}};                              \
    static const struct mock_target_data mock_target_data = {mock_ptx_objs, 1, NULL, 0, mock_fn_names, 1}; \
    static void *const mock_host_funcs[] = {(void *)(HOST_FN)};                                            \
    static const void *const mock_offload_table[] = {mock_host_funcs, mock_host_funcs + 1, NULL, NULL};    \
    __attribute__((constructor)) static void mock_register_image(void)                                     \
    {                                                                                                      \
        GOMP_offload_register_ver(0x10001, mock_offload_table, MOCK_NVIDIA_PTX, &mock_target_data);        \
    }

#endif
