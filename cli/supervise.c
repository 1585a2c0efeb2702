/* The program as glass's child (supervise.h). */
#include "supervise.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static const int passed_signals[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM};
enum { PASSED_SIGNALS = sizeof passed_signals / sizeof *passed_signals };

static volatile pid_t child_pid;
static sigset_t mask_at_start;

static void pass_to_child(int sig, siginfo_t *info, void *context)
{
    (void)context;
    /* SI_KERNEL: the terminal's, sent to the foreground group already. */
    if (info->si_code == SI_KERNEL || (info->si_code <= 0 && info->si_pid == child_pid))
        return;
    int saved_errno = errno;
    kill(child_pid, sig);
    errno = saved_errno;
}

pid_t supervise_fork(void)
{
    /* Blocked across the fork: a signal in between must not end glass
     * before it can pass signals on; the child unblocks them. */
    sigset_t passed;
    sigemptyset(&passed);
    for (int i = 0; i < PASSED_SIGNALS; i++)
        sigaddset(&passed, passed_signals[i]);
    sigprocmask(SIG_BLOCK, &passed, &mask_at_start);
    fflush(NULL);
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        fprintf(stderr, "glass: cannot fork (%s)\n", strerror(errno));
        exit(1);
    }
    if (child == 0) {
        /* SIGKILL to glass cannot be passed on: the program gets it too,
         * as it would if glass were not between (then glass can say
         * nothing; a trace's directory says how to recover it). */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(137); /* glass died before the line above */
        sigprocmask(SIG_SETMASK, &mask_at_start, NULL);
        return 0;
    }
    child_pid = child;
    struct sigaction action = {.sa_sigaction = pass_to_child, .sa_flags = SA_SIGINFO | SA_RESTART};
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < PASSED_SIGNALS; i++)
        sigaction(passed_signals[i], &action, NULL);
    sigprocmask(SIG_SETMASK, &mask_at_start, NULL);
    return child;
}

int supervise_wait(pid_t child)
{
    int status;
    while (waitpid(child, &status, 0) < 0)
        if (errno != EINTR) {
            fprintf(stderr, "glass: lost the program (%s)\n", strerror(errno));
            exit(1);
        }
    return status;
}

_Noreturn void supervise_exit_like(int status)
{
    fflush(NULL);
    if (WIFEXITED(status))
        exit(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        signal(sig, SIG_DFL);
        sigset_t only;
        sigemptyset(&only);
        sigaddset(&only, sig);
        sigprocmask(SIG_UNBLOCK, &only, NULL);
        raise(sig);
        exit(128 + sig); /* a signal whose default is not to end the process */
    }
    exit(1);
}
