/* Reading GCC 12's NVIDIA offload images (nvptx_image.h). */
#include "nvptx_image.h"

const char *glass_nvptx_image_read(const void *host_table, const void *target_data, struct glass_nvptx_image *out)
{
    const void *const *table = host_table;
    const struct glass_nvptx_tdata *data = target_data;
    if (!table || !data)
        return "the image has no tables";
    void *const *functions = (void *const *)table[0], *const *functions_end = (void *const *)table[1];
    const struct glass_offload_var *vars = table[2], *vars_end = table[3];
    if ((size_t)(functions_end - functions) != data->function_count)
        return "the host and device function tables differ in length";
    if ((size_t)(vars_end - vars) != data->var_count)
        return "the host and device variable tables differ in length";
    if (data->ptx_count == 0 || !data->ptx)
        return "the image has no PTX code";
    out->data = data;
    out->host_functions = functions;
    out->host_vars = vars;
    return NULL;
}
