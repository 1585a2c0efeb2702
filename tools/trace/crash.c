/* On a crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) the trace cannot be
 * written: the process is in an unknown state, and the writers allocate. But
 * the events still in the threads' buffers can be appended to their raw
 * files with write(2), which is safe in a signal handler, so that
 * `glass trace --recover` finds the whole run and not only what was spilled
 * before. Then the crash goes on as it would have: the handler puts the
 * previous disposition back and returns, and the faulting instruction
 * faults again (a signal sent by a process is raised again instead).
 *
 * Only async-signal-safe calls here: open, write, close, getpid, sigaction,
 * raise. Another thread may be appending to its buffer meanwhile: its last
 * event may be torn (the recovering replay takes events as they are). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "spill.h"
#include "trace.h"

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
enum { CRASH_SIGNALS = sizeof crash_signals / sizeof *crash_signals };

static struct sigaction previous[CRASH_SIGNALS];
static pid_t owner;
static atomic_int saving;

/* "DIR/thread-N.raw" without snprintf (not safe in a handler). */
static void raw_path(char *path, size_t size, unsigned number)
{
    size_t n = strlen(trace_dir);
    const char middle[] = "/thread-", end[] = ".raw";
    char digits[16];
    int d = 0;
    do
        digits[d++] = (char)('0' + number % 10);
    while ((number /= 10) && d < (int)sizeof digits);
    if (n + sizeof middle + (size_t)d + sizeof end > size) {
        path[0] = '\0';
        return;
    }
    memcpy(path, trace_dir, n);
    memcpy(path + n, middle, sizeof middle - 1);
    n += sizeof middle - 1;
    while (d)
        path[n++] = digits[--d];
    memcpy(path + n, end, sizeof end);
}

static void save_thread(struct trace_thread *t)
{
    size_t count = atomic_load_explicit(&t->count, memory_order_acquire);
    if (!count)
        return;
    int fd = t->fd;
    if (fd < 0) {
        char path[sizeof trace_dir + 32];
        raw_path(path, sizeof path, t->number);
        fd = path[0] ? open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) : -1;
        if (fd < 0)
            return;
    }
    const char *bytes = (const char *)t->events;
    size_t left = count * sizeof *t->events;
    while (left) {
        ssize_t n = write(fd, bytes, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        bytes += n;
        left -= (size_t)n;
    }
}

static void on_crash(int sig, siginfo_t *info, void *context)
{
    (void)context;
    int saved_errno = errno;
    int index = 0;
    while (index < CRASH_SIGNALS - 1 && crash_signals[index] != sig)
        index++;
    if (getpid() == owner && !atomic_exchange(&saving, 1) && trace_spill_active()) {
        unsigned threads = atomic_load(&trace_thread_count);
        for (unsigned i = 0; i < threads && i < TRACE_MAX_THREADS; i++) {
            struct trace_thread *t = __atomic_load_n(&trace_threads[i], __ATOMIC_ACQUIRE);
            if (t)
                save_thread(t);
        }
    }
    sigaction(sig, &previous[index], NULL);
    if (info->si_code <= 0 || sig == SIGABRT)
        raise(sig); /* sent, not caused by an instruction: it will not come again by itself */
    errno = saved_errno;
}

void trace_crash_handlers(void)
{
    owner = getpid();
    struct sigaction action = {.sa_sigaction = on_crash, .sa_flags = SA_SIGINFO | SA_NODEFER};
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < CRASH_SIGNALS; i++) {
        if (sigaction(crash_signals[i], NULL, &previous[i]) != 0)
            continue;
        if (!(previous[i].sa_flags & SA_SIGINFO) && previous[i].sa_handler == SIG_IGN)
            continue;
        sigaction(crash_signals[i], &action, NULL);
    }
}
