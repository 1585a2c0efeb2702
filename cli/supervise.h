/* The `glass` command as the program's parent (profile, trace, check): it
 * waits for the program, so that after the program ends it can say what the
 * tools could not (a crash, outputs lost or recoverable), and it ends the
 * way the program ended. */
#ifndef GLASS_CLI_SUPERVISE_H
#define GLASS_CLI_SUPERVISE_H

#include <sys/types.h>

/* Forks. Returns 0 in the child, which goes on to exec the program with the
 * signal dispositions glass was started with; the child's pid in the
 * parent. Exits with a message when fork fails. */
pid_t supervise_fork(void);

/* Waits for the child and returns its wait status. Meanwhile a stop signal
 * sent to glass by another process (SIGTERM from a job's time limit, kill)
 * is passed on to the program; one from the terminal (^C) already reached
 * the whole foreground process group, the program included, and is not
 * passed twice. */
int supervise_wait(pid_t child);

/* Ends glass as the program ended: its exit code, or the same signal (with
 * no core file of glass's own). */
_Noreturn void supervise_exit_like(int status);

#endif
