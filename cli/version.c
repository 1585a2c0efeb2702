/* glass --version: the version, the build type, and which optional parts
 * this build has, each with what it gives the user and, when missing, how
 * to get it: a tool that degrades should say so before the user finds out. */
#include <limits.h>
#include <stdio.h>

#include "debug.h" /* glass_find_gdb */
#include "version.h"

struct part {
    const char *name;
    int built;
    const char *with;    /* what it gives */
    const char *without; /* what happens without it, and the remedy */
};

/* Each GLASS_BUILT_X is defined by cli/CMakeLists.txt when part X is built. */
#ifdef GLASS_BUILT_OMPT
#define BUILT_OMPT 1
#else
#define BUILT_OMPT 0
#endif
#ifdef GLASS_BUILT_LIBDW
#define BUILT_LIBDW 1
#else
#define BUILT_LIBDW 0
#endif
#ifdef GLASS_BUILT_OTF2
#define BUILT_OTF2 1
#else
#define BUILT_OTF2 0
#endif
#ifdef GLASS_BUILT_FORTRAN
#define BUILT_FORTRAN 1
#else
#define BUILT_FORTRAN 0
#endif

void glass_print_version(const char *lib_dir)
{
    const struct part parts[] = {
        {"OMPT event points", BUILT_OMPT, "tools (glass profile, trace, any OMPT tool) see events",
         "built with -DGLASS_OMPT=OFF: no tool sees any event"},
        {"source lines (libdw)", BUILT_LIBDW, "glass profile and trace name file:line",
         "functions only; install libdw-dev and rebuild for file:line"},
        {"OTF2 archives (glass trace)", BUILT_OTF2, "glass trace writes OTF2 as well as Perfetto",
         "Perfetto only; install libotf2-trace-dev and rebuild for OTF2"},
        {"Fortran omp_lib module", BUILT_FORTRAN, "gfortran programs can `use omp_lib` from Glass",
         "no gfortran at build time; omp_lib.h is still installed"},
    };
    printf("glass %s (%s build)\n", GLASS_VERSION_STRING, GLASS_BUILD_TYPE);
    if (lib_dir)
        printf("runtime: %s/libglass.so\n", lib_dir);
    printf("optional parts:\n");
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        printf("  %-28s %-3s  %s\n", parts[i].name, parts[i].built ? "yes" : "no",
               parts[i].built ? parts[i].with : parts[i].without);
    char gdb[PATH_MAX];
    if (glass_find_gdb(gdb, sizeof gdb))
        printf("  %-28s %-3s  glass debug runs %s\n", "gdb (glass debug)", "yes", gdb);
    else
        printf("  %-28s %-3s  glass debug needs gdb: install gdb\n", "gdb (glass debug)", "no");
}
