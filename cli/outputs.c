/* Preflight of the tools' outputs (outputs.h). */
#include "outputs.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "trace_dir.h" /* made as the tracing tool makes it */

const char *glass_cli_file_unwritable(const char *path)
{
    /* Not truncated here: the tool truncates it when it writes, and a file
     * the program's run never reaches (it crashed) keeps what it had. A new
     * file is made to see that it can be, then removed: a run that writes
     * nothing leaves no empty file behind. */
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd >= 0) {
        close(fd);
        return NULL;
    }
    if (errno != ENOENT)
        return strerror(errno);
    fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0)
        return strerror(errno);
    close(fd);
    unlink(path);
    return NULL;
}

const char *glass_cli_dir_unwritable(const char *dir)
{
    char path[PATH_MAX];
    if (!dir) {
        /* The default directory is made by the tool in the current one. */
        return access(".", W_OK | X_OK) != 0 ? strerror(errno) : NULL;
    }
    if (strlen(dir) >= sizeof path)
        return strerror(ENAMETOOLONG);
    strcpy(path, dir);
    if (trace_make_directories(path) != 0)
        return strerror(errno);
    struct stat st;
    if (stat(dir, &st) != 0)
        return strerror(errno);
    if (!S_ISDIR(st.st_mode))
        return strerror(ENOTDIR);
    if (access(dir, W_OK | X_OK) != 0)
        return strerror(errno);
    return NULL;
}
