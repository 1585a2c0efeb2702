/* Where each process of one `glass profile`, `trace` or `check` writes.
 *
 * The `glass` command can run a script that starts several OpenMP programs,
 * or a program that forks: each process loads the tool and would write the
 * same -o FILE or DIR. The command makes a claims file (GLASS_OUTPUT_CLAIMS
 * names it) that the processes append to under an flock: the first process
 * to claim an output gets the name asked for, every later one the same name
 * with "-PROGRAM-PID" added (before a file's extension; after a trace
 * directory's name), and says so. The
 * command reads the file when the program has ended: which processes started
 * a tool, where each wrote, and which never finished (they crashed or were
 * killed), so that it can say what was lost and how to recover a trace.
 *
 * Lines of the claims file, tab-separated:
 *   start  PID  TOOL  PROGRAM            a process started the tool
 *   claim  PID  TOOL  PATH               it writes PATH
 *   done   PID  TOOL  PATH               it finished writing PATH
 * TOOL is "profile", "html", "trace" or "check". Without GLASS_OUTPUT_CLAIMS
 * (a tool loaded without the command) every process gets the name asked. */
#ifndef GLASS_TOOL_OUTPUT_CLAIM_H
#define GLASS_TOOL_OUTPUT_CLAIM_H

#include <stddef.h>

/* The MPI rank of this process from the launcher's environment, or -1. */
int tool_mpi_rank(void);

/* `asked` for MPI rank `rank`: "-rank-N" before a file's extension, so
 * that the ranks of `mpirun glass profile -o FILE` write apart. */
void tool_output_for_rank(const char *asked, int rank, char *chosen, size_t size);

/* Appends "start PID TOOL PROGRAM". */
void tool_output_started(const char *tool);

/* Chooses this process's name for the output asked as `asked` (written
 * into `chosen`) and records it. Returns 1 when it is not `asked` (another
 * process has that one), else 0. The same process asking again gets the
 * same answer. */
int tool_output_claim(const char *tool, const char *asked, char *chosen, size_t size);

/* Appends "done PID TOOL PATH". */
void tool_output_done(const char *tool, const char *path);

/* Why a file must not be overwritten by an output whose text holds
 * `signature` within its first 4 KiB ("glass profile", "glass check"), or
 * NULL when it may: it does not exist, is empty, or holds that signature.
 * A program, a directory or any other file is not ours to overwrite. */
const char *tool_output_foreign(const char *path, const char *signature);

#endif
