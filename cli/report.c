/* glass report [-o FILE] [--html FILE] DIR: the profile of a run traced by
 * `glass trace -o DIR`, made from the events the tracer kept in DIR/events,
 * without the program and without a network: the text report (on stdout, or
 * in FILE) and, with --html, the same self-contained page as `glass profile
 * --html`. The work is the profiling tool's own (its replay, in
 * libglass-profile.so beside the runtime), so the two reports agree. */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "report.h"

int glass_report(char **argv, const char *lib_dir)
{
    const char *output = NULL, *html = NULL, *dir = NULL;
    for (; *argv; argv++) {
        int takes_value = !strcmp(*argv, "-o") || !strcmp(*argv, "--output") || !strcmp(*argv, "--html");
        if (takes_value && !argv[1]) {
            fprintf(stderr, "glass: option '%s' needs a value (see glass --help)\n", *argv);
            return 2;
        }
        if (takes_value) {
            *(!strcmp(*argv, "--html") ? &html : &output) = argv[1];
            argv++;
        } else if (!strcmp(*argv, "--")) {
            dir = argv[1];
            break;
        } else if ((*argv)[0] == '-') {
            fprintf(stderr, "glass: unknown option '%s' (see glass --help)\n", *argv);
            return 2;
        } else if (!dir) {
            dir = *argv;
        } else {
            fprintf(stderr, "glass report: one trace folder, not '%s' too\n", *argv);
            return 2;
        }
    }
    struct stat st;
    if (!dir) {
        fprintf(stderr, "glass report: no trace folder given (glass report [-o FILE] [--html FILE] DIR)\n");
        return 2;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "glass report: %s is not a folder (give the folder glass trace -o wrote)\n", dir);
        return 2;
    }
    char library[PATH_MAX + 32];
    snprintf(library, sizeof library, "%s/libglass-profile.so", lib_dir);
    void *profile = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!profile) {
        fprintf(stderr, "glass report: cannot load the profiling tool %s: %s\n", library, dlerror());
        return 1;
    }
    int (*report)(const char *, const char *, const char *) =
        (int (*)(const char *, const char *, const char *))dlsym(profile, "glass_profile_report_trace");
    if (!report) {
        fprintf(stderr, "glass report: %s has no trace replay (an older Glass?)\n", library);
        return 1;
    }
    return report(dir, output, html) == 0 ? 0 : 1;
}
