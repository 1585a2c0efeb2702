/* The trace directory, made the same way by the tracing tool (record.c) and
 * by the `glass` command, which checks it before the program runs. */
#ifndef GLASS_TRACE_DIR_H
#define GLASS_TRACE_DIR_H

/* mkdir -p: `path` and its missing parents (0755); an existing directory is
 * fine. `path` is written to during the call and restored. 0, or -1 with
 * errno set. */
int trace_make_directories(char *path);

#endif
