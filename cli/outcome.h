/* What the `glass` command says once the program has ended (profile, trace
 * and check with --trace), from the claims file its processes' tools wrote
 * (tools/common/output_claim.h): a tool that no process started (the program
 * never used OpenMP), a process that ended without writing its output (a
 * crash, SIGKILL: lost for a profile, recoverable for a spilled trace, with
 * the command that recovers it), and where each process's output went when
 * there were several. */
#ifndef GLASS_CLI_OUTCOME_H
#define GLASS_CLI_OUTCOME_H

#include <sys/types.h>

struct outcome_plan {
    const char *claims;   /* the claims file */
    const char *program;  /* as the user named it */
    pid_t child;          /* the program's process */
    int status;           /* its wait status */
    int profile, trace;   /* which tools were loaded */
    const char *made_dir; /* a trace directory glass made before the run, or NULL */
};

void outcome_report(const struct outcome_plan *plan);

#endif
