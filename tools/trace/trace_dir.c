/* The trace directory (trace_dir.h). */
#include "trace_dir.h"

#include <errno.h>
#include <sys/stat.h>

int trace_make_directories(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int failed = mkdir(path, 0755) != 0 && errno != EEXIST;
        *p = '/';
        if (failed)
            return -1;
    }
    return mkdir(path, 0755) != 0 && errno != EEXIST ? -1 : 0;
}
