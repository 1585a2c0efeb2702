/* The end of a profile or trace run, as the `glass` command sees it (outcome.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* sigabbrev_np */
#endif
#include "outcome.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

struct claim_line {
    char kind[8], tool[16];
    int pid;
    char text[4096];
};

static struct claim_line *read_claims(const char *path, size_t *count)
{
    *count = 0;
    FILE *in = fopen(path, "r");
    if (!in)
        return NULL;
    struct claim_line *lines = NULL;
    size_t capacity = 0;
    char buffer[8192];
    while (fgets(buffer, sizeof buffer, in)) {
        struct claim_line line;
        int at = 0;
        buffer[strcspn(buffer, "\n")] = '\0';
        if (sscanf(buffer, "%7[^\t]\t%d\t%15[^\t]\t%n", line.kind, &line.pid, line.tool, &at) != 3 || !at)
            continue;
        snprintf(line.text, sizeof line.text, "%s", buffer + at);
        if (*count == capacity) {
            capacity = capacity ? 2 * capacity : 16;
            struct claim_line *grown = realloc(lines, capacity * sizeof *lines);
            if (!grown)
                break;
            lines = grown;
        }
        lines[(*count)++] = line;
    }
    fclose(in);
    return lines;
}

/* The text of the first line of `kind` by `pid` for `tool`, or NULL. */
static const char *find(const struct claim_line *lines, size_t count, const char *kind, int pid, const char *tool)
{
    for (size_t i = 0; i < count; i++)
        if (lines[i].pid == pid && !strcmp(lines[i].kind, kind) && !strcmp(lines[i].tool, tool))
            return lines[i].text;
    return NULL;
}

/* How process `pid` ended, as far as glass knows: it waited only for its child. */
static void describe_end(const struct outcome_plan *plan, int pid, char *text, size_t size)
{
    if (pid != plan->child)
        snprintf(text, size, "crashed, was killed or called _exit");
    else if (WIFSIGNALED(plan->status))
        snprintf(text, size, "was killed by SIG%s (%s)",
                 sigabbrev_np(WTERMSIG(plan->status)) ? sigabbrev_np(WTERMSIG(plan->status)) : "NAL",
                 strsignal(WTERMSIG(plan->status)));
    else
        snprintf(text, size, "exited (status %d) without the runtime's end, as _exit does",
                 WIFEXITED(plan->status) ? WEXITSTATUS(plan->status) : -1);
}

/* The raw events left in a trace directory: bytes, and the record size. */
static unsigned long long raw_events(const char *dir, unsigned long long *bytes)
{
    *bytes = 0;
    DIR *d = opendir(dir);
    struct dirent *entry;
    while (d && (entry = readdir(d))) {
        unsigned number;
        char path[8192];
        struct stat st;
        if (sscanf(entry->d_name, "thread-%u.raw", &number) != 1)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
        if (stat(path, &st) == 0)
            *bytes += (unsigned long long)st.st_size;
    }
    if (d)
        closedir(d);
    char info_path[8192], line[256];
    snprintf(info_path, sizeof info_path, "%s/glass-trace.info", dir);
    FILE *info = fopen(info_path, "r");
    unsigned long long event_size = 0;
    while (info && fgets(line, sizeof line, info))
        sscanf(line, "event_size=%llu", &event_size);
    if (info)
        fclose(info);
    return event_size ? *bytes / event_size : 0;
}

/* A trace directory with nothing to recover: the bookkeeping files go, and
 * the directory too when nothing else is in it. */
static void remove_spill(const char *dir)
{
    char path[8192];
    snprintf(path, sizeof path, "%s/glass-trace.info", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/glass-trace.maps", dir);
    unlink(path);
    rmdir(dir);
}

static void unfinished(const struct outcome_plan *plan, const char *tool, int pid, const char *name,
                       const char *output)
{
    if (pid != plan->child && (kill(pid, 0) == 0 || errno == EPERM)) {
        /* A process the program left running (a daemon, a job in the background). */
        fprintf(stderr, "glass %s: %s (pid %d) is still running: it writes its %s%s%s when it ends\n", tool, name,
                pid, tool, output ? " to " : "", output ? output : "");
        return;
    }
    char end[256];
    describe_end(plan, pid, end, sizeof end);
    if (!strcmp(tool, "profile")) {
        fprintf(stderr, "glass profile: %s (pid %d) %s before writing its profile, which is kept in memory until "
                        "the program ends: it is lost (SIGTERM or SIGINT would have left time to write it)\n",
                name, pid, end);
        return;
    }
    unsigned long long bytes, events = output ? raw_events(output, &bytes) : 0;
    /* A crash lets the tool save the events in memory too (tools/trace/crash.c). */
    int sig = pid == plan->child && WIFSIGNALED(plan->status) ? WTERMSIG(plan->status) : 0;
    int saved = sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL || sig == SIGABRT;
    if (output && events) {
        fprintf(stderr, "glass trace: %s (pid %d) %s before writing its trace; %s keeps %llu of its events (%.1f "
                        "MB%s): glass trace --recover %s writes them as a trace\n",
                name, pid, end, output, events, (double)bytes / 1e6,
                saved ? "" : "; those it still held in memory are lost", output);
    } else {
        fprintf(stderr, "glass trace: %s (pid %d) %s before writing its trace, with all its events still in memory: "
                        "nothing to recover%s%s\n",
                name, pid, end, output ? "; removing " : "", output ? output : "");
        if (output)
            remove_spill(output);
    }
}

static void report_tool(const struct outcome_plan *plan, const struct claim_line *lines, size_t count,
                        const char *tool)
{
    int started = 0, written = 0;
    for (size_t i = 0; i < count; i++) {
        if (strcmp(lines[i].kind, "start") || strcmp(lines[i].tool, tool))
            continue;
        started++;
        const char *output = find(lines, count, "claim", lines[i].pid, tool);
        if (find(lines, count, "done", lines[i].pid, tool))
            written += output != NULL;
        else
            unfinished(plan, tool, lines[i].pid, lines[i].text, output);
    }
    int code = WIFEXITED(plan->status) ? WEXITSTATUS(plan->status) : 0;
    if (!started && code != 126 && code != 127) {
        fprintf(stderr, "glass %s: no %s written: %s never started OpenMP (no process of it loaded the %s tool)%s\n",
                tool, tool, plan->program, !strcmp(tool, "trace") ? "tracing" : "profiling",
                !strcmp(tool, "trace") && plan->made_dir ? "; the empty trace directory is removed" : "");
        if (!strcmp(tool, "trace") && plan->made_dir)
            rmdir(plan->made_dir);
    }
    if (written < 2)
        return;
    fprintf(stderr, "glass %s: %d processes, each with its own %s:", tool, written, tool);
    for (size_t i = 0; i < count; i++)
        if (!strcmp(lines[i].kind, "done") && !strcmp(lines[i].tool, tool))
            fprintf(stderr, " %s (%s, pid %d)%s", lines[i].text,
                    find(lines, count, "start", lines[i].pid, tool) ? find(lines, count, "start", lines[i].pid, tool)
                                                                     : "?",
                    lines[i].pid, --written ? "," : "\n");
}

void outcome_report(const struct outcome_plan *plan)
{
    size_t count;
    struct claim_line *lines = read_claims(plan->claims, &count);
    if (plan->profile)
        report_tool(plan, lines, count, "profile");
    if (plan->trace)
        report_tool(plan, lines, count, "trace");
    free(lines);
}
