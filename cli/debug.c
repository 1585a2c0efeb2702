/* glass debug PROGRAM [CORE] [-- GDB-ARGS...]
 *
 * Starts gdb with the OMPD extension (share/glass/gdb/glass-ompd.py, found
 * relative to this executable: ../share/glass/gdb/) on PROGRAM, or on PROGRAM
 * and its core file CORE. A live program runs with the Glass runtime (library
 * path as in `glass run`) and OMP_DEBUG=enabled, which the runtime needs to
 * keep the state an OMPD library reads (OpenMP 5.1 section 6.20). GDB-ARGS go
 * to gdb before the program (e.g. -batch -ex 'ompd init'). */
#include "debug.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int debug_fail(int status, const char *fmt, const char *arg)
{
    fprintf(stderr, "glass debug: ");
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return status;
}

static int regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Looks NAME up in PATH unless it names a path already. */
static int search_path(const char *name, char *out, size_t size, int need_exec)
{
    if (strchr(name, '/')) {
        snprintf(out, size, "%s", name);
        return regular_file(out) && (!need_exec || access(out, X_OK) == 0);
    }
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    while (*path) {
        size_t len = strcspn(path, ":");
        snprintf(out, size, "%.*s/%s", (int)len, len ? path : ".", name);
        if (regular_file(out) && access(out, X_OK) == 0)
            return 1;
        path += len + (path[len] == ':');
    }
    return 0;
}

/* share/glass/gdb/glass-ompd.py next to the bin/ directory holding us. */
static int find_extension(char *out, size_t size)
{
    char self[PATH_MAX / 2]; /* leaves room for the suffix below */
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return 0;
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    snprintf(out, size, "%s/../share/glass/gdb/glass-ompd.py", self);
    return regular_file(out);
}

int glass_debug(char **args, const char *lib_dir)
{
    char program[PATH_MAX], gdb[PATH_MAX], extension[PATH_MAX];
    if (!args[0] || !strcmp(args[0], "--"))
        return debug_fail(2, "%s", "no program given: glass debug PROGRAM [CORE] [-- GDB-ARGS...]");
    if (!search_path(args[0], program, sizeof program, 0))
        return debug_fail(127, "%s: program not found", args[0]);
    const char *core = NULL;
    char **gdb_args = args + 1;
    if (*gdb_args && strcmp(*gdb_args, "--")) {
        core = *gdb_args++;
        if (!regular_file(core))
            return debug_fail(1, "%s: core file not found", core);
    }
    if (*gdb_args && strcmp(*gdb_args, "--"))
        return debug_fail(2, "unexpected argument '%s' (glass debug PROGRAM [CORE] [-- GDB-ARGS...])", *gdb_args);
    if (*gdb_args)
        gdb_args++;
    const char *gdb_name = getenv("GLASS_GDB");
    if (!search_path(gdb_name && *gdb_name ? gdb_name : "gdb", gdb, sizeof gdb, 1))
        return debug_fail(127, "%s", "gdb not found: install gdb (or set GLASS_GDB to its path)");
    if (!find_extension(extension, sizeof extension))
        return debug_fail(1, "%s", "cannot find the OMPD extension share/glass/gdb/glass-ompd.py next to glass");

    /* The inferior's environment, set inside gdb so gdb itself keeps its own. */
    const char *old = getenv("LD_LIBRARY_PATH");
    size_t len = strlen(lib_dir) + (old ? strlen(old) : 0) + 64;
    char *set_path = malloc(len);
    if (!set_path)
        return debug_fail(1, "%s", "out of memory");
    snprintf(set_path, len, "set environment LD_LIBRARY_PATH %s%s%s", lib_dir, old && *old ? ":" : "",
             old && *old ? old : "");

    size_t extra = 0;
    while (gdb_args[extra])
        extra++;
    char **argv = calloc(extra + 16, sizeof *argv);
    if (!argv)
        return debug_fail(1, "%s", "out of memory");
    size_t k = 0;
    argv[k++] = gdb;
    argv[k++] = "-q";
    argv[k++] = "-x";
    argv[k++] = extension;
    if (!core) {
        argv[k++] = "-ex";
        argv[k++] = set_path;
        argv[k++] = "-ex";
        argv[k++] = "set environment OMP_DEBUG enabled";
    }
    for (size_t i = 0; i < extra; i++)
        argv[k++] = gdb_args[i];
    argv[k++] = program;
    if (core)
        argv[k++] = (char *)core;
    argv[k] = NULL;
    execv(gdb, argv);
    return debug_fail(126, "cannot run %s", gdb);
}
