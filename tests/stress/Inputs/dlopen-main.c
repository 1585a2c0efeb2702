/* A program without OpenMP that dlopen's an OpenMP library (which brings in
 * the runtime), uses it and dlcloses it; the runtime may then be unloaded. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int ok = argc > 1;
    for (int round = 0; round < 3 && ok; round++) {
        void *handle = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
        int (*sum)(int) = handle ? (int (*)(int))dlsym(handle, "plugin_team_sum") : NULL;
        if (!sum) {
            printf("dlopen: %s\n", dlerror());
            return 1;
        }
        ok &= sum(4) == 10;
        dlclose(handle);
    }
    printf("runtime-loaded-by-dlopen ok=%d\n", ok);
    return !ok;
}
