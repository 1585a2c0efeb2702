/* The claims file shared by the processes of one glass command (output_claim.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* program_invocation_short_name */
#endif
#include "output_claim.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* The claims file, locked, or -1 when there is none. */
static int open_claims(void)
{
    const char *path = getenv("GLASS_OUTPUT_CLAIMS");
    if (!path || !*path)
        return -1;
    int fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC);
    if (fd < 0)
        return -1;
    while (flock(fd, LOCK_EX) != 0)
        if (errno != EINTR) {
            close(fd);
            return -1;
        }
    return fd;
}

static void close_claims(int fd)
{
    flock(fd, LOCK_UN);
    close(fd);
}

/* One line, in one write (O_APPEND): tabs or newlines in a path would
 * break the format, so such a path is not recorded. */
static void append(int fd, const char *kind, const char *tool, const char *text)
{
    if (strpbrk(text, "\t\n"))
        return;
    char line[8192];
    int n = snprintf(line, sizeof line, "%s\t%d\t%s\t%s\n", kind, (int)getpid(), tool, text);
    if (n > 0 && (size_t)n < sizeof line && write(fd, line, (size_t)n) != n)
        fprintf(stderr, "glass %s: cannot record %s in $GLASS_OUTPUT_CLAIMS: %s\n", tool, text, strerror(errno));
}

static void record(const char *kind, const char *tool, const char *text)
{
    int fd = open_claims();
    if (fd < 0)
        return;
    append(fd, kind, tool, text);
    close_claims(fd);
}

void tool_output_started(const char *tool)
{
    record("start", tool, program_invocation_short_name);
}

void tool_output_done(const char *tool, const char *path)
{
    record("done", tool, path);
}

/* `asked` with "-PROGRAM-PID" before the extension of a file's last
 * component (its ".html" stays last, so it still opens as one), or after
 * a directory's name. */
static void derive(const char *asked, int directory, char *chosen, size_t size)
{
    const char *base = strrchr(asked, '/');
    base = base ? base + 1 : asked;
    const char *dot = directory ? NULL : strrchr(base, '.');
    if (!dot || dot == base)
        dot = asked + strlen(asked);
    snprintf(chosen, size, "%.*s-%s-%d%s", (int)(dot - asked), asked, program_invocation_short_name, (int)getpid(),
             dot);
}

int tool_mpi_rank(void)
{
    static const char *const variables[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"};
    for (size_t i = 0; i < sizeof variables / sizeof *variables; i++) {
        const char *value = getenv(variables[i]);
        if (value && *value)
            return atoi(value);
    }
    return -1;
}

void tool_output_for_rank(const char *asked, int rank, char *chosen, size_t size)
{
    const char *base = strrchr(asked, '/');
    base = base ? base + 1 : asked;
    const char *dot = strrchr(base, '.');
    if (!dot || dot == base)
        dot = asked + strlen(asked);
    snprintf(chosen, size, "%.*s-rank-%d%s", (int)(dot - asked), asked, rank, dot);
}

int tool_output_claim(const char *tool, const char *asked, char *chosen, size_t size)
{
    snprintf(chosen, size, "%s", asked);
    int fd = open_claims();
    if (fd < 0)
        return 0;
    char derived[8192];
    derive(asked, !strcmp(tool, "trace"), derived, sizeof derived);
    /* Who has claimed `asked` so far (this file is small: lines per process). */
    FILE *in = fdopen(dup(fd), "r");
    int taken = 0, mine = 0;
    char line[8192];
    while (in && fgets(line, sizeof line, in)) {
        char kind[16], owner_tool[16];
        int pid, at = 0;
        if (sscanf(line, "%15[^\t]\t%d\t%15[^\t]\t%n", kind, &pid, owner_tool, &at) != 3 || !at ||
            strcmp(kind, "claim") || strcmp(owner_tool, tool))
            continue;
        line[strcspn(line, "\n")] = '\0';
        const char *path = line + at;
        if (pid == (int)getpid()) {
            /* Asked before by this process: the same answer. */
            if (!strcmp(path, asked) || !strcmp(path, derived)) {
                snprintf(chosen, size, "%s", path);
                mine = 1;
            }
        } else if (!strcmp(path, asked)) {
            taken = 1;
        }
    }
    if (in)
        fclose(in);
    if (!mine) {
        if (taken)
            snprintf(chosen, size, "%s", derived);
        append(fd, "claim", tool, chosen);
    }
    close_claims(fd);
    return strcmp(chosen, asked) != 0;
}

const char *tool_output_foreign(const char *path, const char *signature)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return NULL; /* nothing there (or unreachable: opening it will say why) */
    if (S_ISDIR(st.st_mode))
        return "it is a directory";
    if (!S_ISREG(st.st_mode))
        return "it is not a regular file";
    if (st.st_size == 0)
        return NULL;
    char head[4096 + 1];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, head, sizeof head - 1) : -1;
    if (fd >= 0)
        close(fd);
    if (n >= 4 && !memcmp(head, "\177ELF", 4))
        return "it is an ELF program, not an output of glass";
    if (st.st_mode & 0111)
        return "it is executable, not an output of glass";
    if (n < 0)
        return NULL; /* unreadable: opening it for writing will say why */
    head[n] = '\0';
    /* The text may hold NULs in theory: search what precedes the first. */
    if (strstr(head, signature))
        return NULL;
    static char reason[128];
    snprintf(reason, sizeof reason, "its text is not glass's (no \"%s\" in its first 4 KiB)", signature);
    return reason;
}
