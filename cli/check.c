/* glass check: the program runs in a child process with libglass-check as its
 * OMPT tool; this process waits for it. The tool cannot set the exit status
 * itself without hiding the program's, so at finalize it appends one line
 * "glass-check violations=N events=E threads=T" to the file GLASS_CHECK_RESULT
 * names (one line per process that ran OpenMP: a program that forks may
 * leave several). The status is the program's when it failed, else says
 * whether any line counted violations. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "supervise.h"

/* Sums the violations of the result lines; -1 when there is no line (the
 * program never started OpenMP, or ended without finalizing it). */
static long long read_violations(const char *path)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return -1;
    long long total = -1;
    char line[256];
    while (fgets(line, sizeof line, in)) {
        long long violations;
        if (sscanf(line, "glass-check violations=%lld", &violations) == 1)
            total = (total < 0 ? 0 : total) + violations;
    }
    fclose(in);
    return total;
}

static char result_path[4096];

void glass_check_prepare(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(result_path, sizeof result_path, "%s/glass-check-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(result_path);
    if (fd < 0) {
        fprintf(stderr, "glass: cannot make the result file %s (%s)\n", result_path, strerror(errno));
        exit(1);
    }
    close(fd);
    setenv("GLASS_CHECK_RESULT", result_path, 1);
}

_Noreturn void glass_check_finish(int status, const char *program)
{
    long long violations = read_violations(result_path);
    unlink(result_path);
    if (WIFSIGNALED(status))
        supervise_exit_like(status);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    if (violations < 0 && code != 126 && code != 127)
        fprintf(stderr, "glass check: the checker made no report (%s did not start OpenMP, or ended without "
                        "finalizing it)\n", program);
    if (code != 0)
        exit(code);
    exit(violations > 0 ? GLASS_CHECK_VIOLATIONS_STATUS : 0);
}
