// The three views of the settings from one program: "display" calls
// omp_display_env (OMP_DISPLAY_ENV's text for the calling task), "ompd"
// loads libompd.so through the runtime's ompd_dll_locations, as a debugger
// does, and prints every display control variable and libompd's version
// string, "kmp NAME=value" first applies kmp_set_defaults, then displays.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <omp-tools.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../ompd/Inputs/in_process_callbacks.h"

#define LOOKUP(name) __typeof__(name) *p_##name = (__typeof__(name) *)dlsym(library, #name)
#define CALL(call)                                                               \
    do {                                                                         \
        ompd_rc_t rc_ = (call);                                                  \
        if (rc_ != ompd_rc_ok) {                                                 \
            printf("FAIL %s: %d\n", #call, (int)rc_);                            \
            return 1;                                                            \
        }                                                                        \
    } while (0)

static int ompd_view(void)
{
    const char ***locations = dlsym(RTLD_DEFAULT, "ompd_dll_locations");
    void *library = NULL;
    for (int i = 0; locations && *locations && (*locations)[i] && !library; i++)
        library = dlopen((*locations)[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        printf("FAIL no libompd\n");
        return 1;
    }
    LOOKUP(ompd_initialize);
    LOOKUP(ompd_get_version_string);
    LOOKUP(ompd_process_initialize);
    LOOKUP(ompd_get_display_control_vars);
    LOOKUP(ompd_rel_display_control_vars);
    if (!p_ompd_initialize || !p_ompd_get_version_string || !p_ompd_process_initialize ||
        !p_ompd_get_display_control_vars || !p_ompd_rel_display_control_vars) {
        printf("FAIL missing OMPD functions\n");
        return 1;
    }
    const char *version = NULL;
    ompd_address_space_handle_t *aspace = NULL;
    const char *const *vars = NULL;
    CALL(p_ompd_initialize(202011, &callbacks));
    CALL(p_ompd_get_version_string(&version));
    printf("libompd version: %s\n", version);
    CALL(p_ompd_process_initialize(&process_context, &aspace));
    CALL(p_ompd_get_display_control_vars(aspace, &vars));
    for (int i = 0; vars[i]; i++)
        printf("ompd %s\n", vars[i]);
    CALL(p_ompd_rel_display_control_vars(&vars));
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "ompd"))
        return ompd_view();
    if (argc > 2 && !strcmp(argv[1], "kmp")) {
        /* Looked up: gcc links against libgomp's names, which lack it. */
        void (*kmp_set_defaults)(const char *) = (void (*)(const char *))dlsym(RTLD_DEFAULT, "kmp_set_defaults");
        if (!kmp_set_defaults) {
            printf("FAIL no kmp_set_defaults\n");
            return 1;
        }
        kmp_set_defaults(argv[2]);
    }
    fflush(stdout);
    omp_display_env(1);
    return 0;
}
