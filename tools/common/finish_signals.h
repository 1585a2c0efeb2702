/* Writing a tool's output when the program is told to stop: a job that
 * reaches its time limit gets SIGTERM (or SIGINT, SIGHUP, SIGXCPU) and would
 * otherwise end with nothing written, since the tools write at exit.
 *
 * On the first such signal, `finish` runs once, on a thread the tool made at
 * start (a handler cannot safely allocate or use stdio: the thread it
 * interrupted may hold their locks); the handler waits for it (at most
 * TOOL_FINISH_WAIT_SECONDS), then does what the signal would have done
 * without the tool: the handler installed before (the program's, or another
 * tool's) runs, or the default action ends the process with that signal, so
 * that the exit status is the same. A signal that was ignored stays ignored;
 * a handler the program installs later replaces this one (the program then
 * decides, and the tool writes if it exits). In a forked child the handler
 * only passes the signal on. */
#ifndef GLASS_TOOL_FINISH_SIGNALS_H
#define GLASS_TOOL_FINISH_SIGNALS_H

#define TOOL_FINISH_WAIT_SECONDS 120

/* The output is written once, by whichever comes first: the program's end
 * or a signal. `state` (0 at start) decides: returns 1 to the first caller,
 * which writes and then calls tool_finish_done; a later caller waits until
 * that is done (at most TOOL_FINISH_WAIT_SECONDS: the process must not end
 * under a half-written file) and gets 0. */
int tool_finish_begin(_Atomic int *state);
void tool_finish_done(_Atomic int *state);

/* Installs the handlers; `name` ("glass trace") prefixes its messages.
 * Returns 0, or -1 when the thread could not be made (nothing installed). */
int tool_finish_on_signals(const char *name, void (*finish)(void));

#endif
