/* A tool's output written when the program is told to stop (finish_signals.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* pipe2 */
#endif
#include "finish_signals.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const int stop_signals[] = {SIGTERM, SIGINT, SIGHUP, SIGXCPU};
enum { STOP_SIGNALS = sizeof stop_signals / sizeof *stop_signals };

static struct sigaction previous[STOP_SIGNALS];
static void (*finish_output)(void);
static const char *tool_name;
static pid_t owner;          /* the process that made the thread */
static int request[2] = {-1, -1}; /* handler -> thread: the signal's number */
static int reply[2] = {-1, -1};   /* thread -> handler: readable once finished */
static atomic_int requested;

static void *finisher(void *arg)
{
    (void)arg;
    unsigned char number;
    ssize_t n;
    while ((n = read(request[0], &number, 1)) < 0 && errno == EINTR)
        ;
    if (n != 1)
        return NULL;
    const char *abbreviation = sigabbrev_np(number);
    fprintf(stderr, "%s: SIG%s: writing what was recorded until now\n", tool_name,
            abbreviation ? abbreviation : "NAL");
    finish_output();
    unsigned char done = 1;
    while (write(reply[1], &done, 1) < 0 && errno == EINTR)
        ;
    return NULL;
}

/* What the signal would have done without this tool. */
static void pass_on(int index, int sig, siginfo_t *info, void *context)
{
    const struct sigaction *old = &previous[index];
    if (old->sa_flags & SA_SIGINFO) {
        if (old->sa_sigaction)
            old->sa_sigaction(sig, info, context);
        return;
    }
    if (old->sa_handler == SIG_IGN)
        return;
    if (old->sa_handler != SIG_DFL) {
        old->sa_handler(sig);
        return;
    }
    /* The default action, now: the signal is blocked in its handler, so it
     * is raised pending and then unblocked. */
    struct sigaction default_action = {.sa_handler = SIG_DFL};
    sigemptyset(&default_action.sa_mask);
    sigaction(sig, &default_action, NULL);
    raise(sig);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, sig);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
}

/* Only async-signal-safe calls: getpid, write, poll, sigaction, raise. */
static void on_stop_signal(int sig, siginfo_t *info, void *context)
{
    int saved_errno = errno;
    int index = 0;
    while (index < STOP_SIGNALS - 1 && stop_signals[index] != sig)
        index++;
    if (getpid() == owner) {
        if (!atomic_exchange(&requested, 1)) {
            unsigned char number = (unsigned char)sig;
            if (write(request[1], &number, 1) != 1)
                goto out;
        }
        /* Every thread that gets one of these signals waits for the same
         * end: the byte in the reply pipe is never read. */
        struct pollfd done = {.fd = reply[0], .events = POLLIN};
        int waited = 0;
        while (waited < TOOL_FINISH_WAIT_SECONDS * 10 && poll(&done, 1, 100) <= 0)
            waited++;
    }
out:
    pass_on(index, sig, info, context);
    errno = saved_errno;
}

int tool_finish_begin(_Atomic int *state)
{
    int idle = 0;
    if (atomic_compare_exchange_strong(state, &idle, 1))
        return 1;
    struct timespec pause = {0, 10 * 1000 * 1000};
    for (int waited = 0; atomic_load(state) != 2 && waited < TOOL_FINISH_WAIT_SECONDS * 100; waited++)
        nanosleep(&pause, NULL);
    return 0;
}

void tool_finish_done(_Atomic int *state)
{
    atomic_store(state, 2);
}

int tool_finish_on_signals(const char *name, void (*finish)(void))
{
    tool_name = name;
    finish_output = finish;
    owner = getpid();
    if (pipe2(request, O_CLOEXEC) != 0 || pipe2(reply, O_CLOEXEC) != 0)
        return -1;
    /* The thread takes no signal itself: they go to the program's threads. */
    sigset_t all, old_mask;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old_mask);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 1 << 20);
    pthread_t thread;
    int made = pthread_create(&thread, &attr, finisher, NULL);
    pthread_attr_destroy(&attr);
    pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
    if (made != 0) {
        fprintf(stderr, "%s: cannot start a thread to write the output on SIGTERM or SIGINT (%s): a signal "
                        "will end the program without it\n", name, strerror(made));
        return -1;
    }
    struct sigaction action = {.sa_sigaction = on_stop_signal, .sa_flags = SA_SIGINFO | SA_RESTART};
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < STOP_SIGNALS; i++)
        sigaddset(&action.sa_mask, stop_signals[i]);
    for (int i = 0; i < STOP_SIGNALS; i++) {
        if (sigaction(stop_signals[i], NULL, &previous[i]) != 0)
            continue;
        if (!(previous[i].sa_flags & SA_SIGINFO) && previous[i].sa_handler == SIG_IGN)
            continue; /* nohup, or a shell's background job: stays ignored */
        sigaction(stop_signals[i], &action, NULL);
    }
    return 0;
}
