/* glass check: the supervising side (cli/check.c). */
#ifndef GLASS_CLI_CHECK_H
#define GLASS_CLI_CHECK_H

/* The exit status of `glass check` when the program succeeded but the
 * checker found violations. */
#define GLASS_CHECK_VIOLATIONS_STATUS 3

/* Before the program starts (cli/supervise.c runs it as a child): a fresh
 * result file, named in GLASS_CHECK_RESULT, that the tool appends to. */
void glass_check_prepare(void);

/* Once the program has ended with wait status `status`: exits with the
 * program's status when that is not 0 (dying by its signal as it did),
 * else GLASS_CHECK_VIOLATIONS_STATUS when the tool reported violations,
 * else 0. */
_Noreturn void glass_check_finish(int status, const char *program);

#endif
