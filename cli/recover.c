/* glass trace --recover (recover.h). */
#include "recover.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* One directory that holds a run's spilled events, or -1 when it does not. */
static int recover_one(int (*recover)(const char *, const char *), const char *dir, const char *format)
{
    char info[PATH_MAX + 32];
    snprintf(info, sizeof info, "%s/glass-trace.info", dir);
    return is_file(info) ? recover(dir, format) : -1;
}

int glass_trace_recover_dir(const char *dir, const char *format, const char *lib_dir)
{
    char library[PATH_MAX + 32];
    snprintf(library, sizeof library, "%s/libglass-trace.so", lib_dir);
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    int (*recover)(const char *, const char *) =
        handle ? (int (*)(const char *, const char *))dlsym(handle, "glass_trace_recover") : NULL;
    if (!recover) {
        fprintf(stderr, "glass: cannot load the tracing tool %s (%s)\n", library,
                handle ? "no glass_trace_recover" : dlerror());
        return 1;
    }
    int result = recover_one(recover, dir, format);
    if (result >= 0)
        return result;
    /* An MPI run's directory: one trace per rank below it. */
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "glass: cannot recover %s: %s\n", dir, strerror(errno));
        return 1;
    }
    int ranks = 0, failed = 0;
    struct dirent *entry;
    while ((entry = readdir(d))) {
        char rank_dir[PATH_MAX + 300];
        int rank;
        if (sscanf(entry->d_name, "rank-%d", &rank) != 1)
            continue;
        snprintf(rank_dir, sizeof rank_dir, "%s/%s", dir, entry->d_name);
        int one = recover_one(recover, rank_dir, format);
        ranks += one >= 0;
        failed |= one > 0;
    }
    closedir(d);
    if (!ranks) {
        fprintf(stderr, "glass: nothing to recover in %s: it has no glass-trace.info (a trace that was written has "
                        "none; a run that left one behind says so when it ends)\n", dir);
        return 1;
    }
    return failed;
}

