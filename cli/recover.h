/* glass trace --recover DIR: the trace of a run that ended without writing
 * it (a crash, SIGKILL), from the raw events it had spilled into DIR; the
 * tracing tool's own code does it (tools/trace/recover.c). */
#ifndef GLASS_CLI_RECOVER_H
#define GLASS_CLI_RECOVER_H

/* DIR, or each DIR/rank-N of an MPI run; the formats of the run unless
 * `format` (a --format list, checked already) says others. `lib_dir` holds
 * libglass-trace.so. Returns the exit status: 0 when written. */
int glass_trace_recover_dir(const char *dir, const char *format, const char *lib_dir);

#endif
