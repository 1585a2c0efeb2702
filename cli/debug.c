/* glass debug PROGRAM [CORE] [-- GDB-ARGS...]
 *
 * Starts gdb with the OMPD extension (share/glass/gdb/glass-ompd.py, found
 * relative to this executable: ../share/glass/gdb/) on PROGRAM, or on PROGRAM
 * and its core file CORE. A live program runs with the Glass runtime (library
 * path as in `glass run`) and OMP_DEBUG=enabled, which the runtime needs to
 * keep the state an OMPD library reads (OpenMP 5.1 section 6.20). GDB-ARGS go
 * to gdb before the program (e.g. -batch -ex 'ompd init'). A gdb that cannot
 * run Python (built without it, or its Python broken) is refused up front with
 * what it said, rather than started without the ompd commands. */
#include "debug.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
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

int glass_find_gdb(char *out, size_t size)
{
    const char *gdb_name = getenv("GLASS_GDB");
    return search_path(gdb_name && *gdb_name ? gdb_name : "gdb", out, size, 1);
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

/* How long the Python probe below may take: gdb starts in well under a second,
 * but the machine may be loaded. */
enum { PROBE_SECONDS = 30 };

/* The last non-empty line of TEXT, trimmed, in place. */
static const char *last_line(char *text)
{
    size_t n = strlen(text);
    while (n && (text[n - 1] == '\n' || text[n - 1] == '\r' || text[n - 1] == ' '))
        text[--n] = '\0';
    char *nl = strrchr(text, '\n');
    return nl ? nl + 1 : text;
}

/* Runs `GDB -nx -batch -ex "python import ctypes"`: the extension is Python
 * using ctypes, and a gdb built without Python (Debian's gdb-minimal) or whose
 * Python cannot start would otherwise only say "Undefined command: ompd" after
 * loading the program. Returns 1 when the probe succeeds; otherwise writes what
 * gdb said (its last line, or how it ended) into WHY and returns 0. */
static int gdb_runs_python(const char *gdb, char *why, size_t why_size)
{
    int out[2];
    if (pipe(out) != 0) {
        snprintf(why, why_size, "cannot make a pipe: %s", strerror(errno));
        return 0;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, why_size, "cannot fork: %s", strerror(errno));
        close(out[0]);
        close(out[1]);
        return 0;
    }
    if (pid == 0) {
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0)
            dup2(null, STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        dup2(out[1], STDERR_FILENO);
        close(out[0]);
        close(out[1]);
        execl(gdb, gdb, "-nx", "-batch", "-ex", "python import ctypes", (char *)NULL);
        _exit(127);
    }
    close(out[1]);

    /* Keeps the last part of the output; reads until gdb closes it or time is up. */
    char text[4096];
    size_t used = 0;
    int timed_out = 0;
    time_t deadline = time(NULL) + PROBE_SECONDS;
    for (;;) {
        long left = (long)(deadline - time(NULL));
        struct pollfd p = { .fd = out[0], .events = POLLIN };
        int ready = left > 0 ? poll(&p, 1, (int)(left * 1000)) : 0;
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0) {
            timed_out = 1;
            break;
        }
        char chunk[sizeof text / 4];
        ssize_t n = read(out[0], chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        if (used + (size_t)n >= sizeof text) { /* drop the oldest bytes (chunk is smaller than text) */
            size_t drop = used + (size_t)n - (sizeof text - 1);
            memmove(text, text + drop, used - drop);
            used -= drop;
        }
        memcpy(text + used, chunk, (size_t)n);
        used += (size_t)n;
    }
    close(out[0]);
    text[used] = '\0';
    if (timed_out)
        kill(pid, SIGKILL);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (timed_out) {
        snprintf(why, why_size, "it did not finish within %d seconds", (int)PROBE_SECONDS);
        return 0;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 1;
    const char *said = last_line(text);
    if (*said)
        snprintf(why, why_size, "it said: %s", said);
    else if (WIFEXITED(status))
        snprintf(why, why_size, "it exited with status %d", WEXITSTATUS(status));
    else
        snprintf(why, why_size, "it was killed by signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return 0;
}

int glass_debug(char **args, const char *lib_dir)
{
    char program[PATH_MAX], gdb[PATH_MAX], extension[PATH_MAX];
    if (!args[0] || !strcmp(args[0], "--"))
        return debug_fail(2, "%s", "no program given: glass debug PROGRAM [CORE] [-- GDB-ARGS...]");
    struct stat there;
    if (!search_path(args[0], program, sizeof program, 0) && strchr(args[0], '/') && stat(args[0], &there) == 0)
        return debug_fail(126, S_ISDIR(there.st_mode) ? "%s: is a directory, not a program"
                                                      : "%s: is not an executable program",
                          args[0]);
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
    if (!glass_find_gdb(gdb, sizeof gdb))
        return debug_fail(127, "%s", "gdb not found: install gdb (or set GLASS_GDB to its path)");
    if (!find_extension(extension, sizeof extension))
        return debug_fail(1, "%s", "cannot find the OMPD extension share/glass/gdb/glass-ompd.py next to glass");
    char why[512];
    if (!gdb_runs_python(gdb, why, sizeof why)) {
        fprintf(stderr,
                "glass debug: %s cannot run Python, which the OMPD extension needs (%s): install a gdb "
                "built with Python (Debian: gdb, not gdb-minimal), or set GLASS_GDB to one\n",
                gdb, why);
        return 1;
    }

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
