/* glass check: the supervising side (cli/check.c). */
#ifndef GLASS_CLI_CHECK_H
#define GLASS_CLI_CHECK_H

/* The exit status of `glass check` when the program succeeded but the
 * checker found violations. */
#define GLASS_CHECK_VIOLATIONS_STATUS 3

/* Forks: returns 0 in the child, which goes on to run the program with the
 * checking tool (GLASS_CHECK_RESULT set to a fresh file it appends to). The
 * parent waits for it and exits: with the program's status when that is not
 * 0 (128 + N when signal N ended it), else GLASS_CHECK_VIOLATIONS_STATUS
 * when the tool reported violations, else 0. */
int glass_check_supervise(const char *program);

#endif
