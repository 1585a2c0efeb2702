/* Where the tools will write, checked before the program runs: a user who
 * asked for a profile, a trace or a report learns at once that it cannot be
 * written, not after the program has run for nothing. */
#ifndef GLASS_CLI_OUTPUTS_H
#define GLASS_CLI_OUTPUTS_H

/* A file the tool will write (profile -o / --html, check -o): it can be
 * opened for writing, or created (and is not left behind). NULL when it
 * can, else the reason (strerror). */
const char *glass_cli_file_unwritable(const char *path);

/* The trace directory: it exists or can be created (with its parents, as the
 * tracing tool does), and files can be created in it. NULL or the reason.
 * `dir` NULL: the default, a new directory in the current one. */
const char *glass_cli_dir_unwritable(const char *dir);

#endif
