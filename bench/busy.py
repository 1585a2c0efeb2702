"""The busy-machine mode of bench/run (--busy N): N CPU-bound processes that
compete for the processors while the runtimes are measured.

Each spinner is a Python loop with no affinity of its own (it inherits the
driver's mask, so the scheduler moves it like any other program). They are
stopped by Spinners.stop(), which bench/run calls from a `finally` (normal
end, exception, Ctrl-C) and from its SIGTERM/SIGHUP handlers; should the
driver die without running it (SIGKILL), each spinner dies with it: the
kernel sends it SIGKILL when its parent exits (PR_SET_PDEATHSIG), and the
loop also checks every few milliseconds that its parent is still the same."""

import os
import signal
import subprocess
import sys
import time

# The spinner's program. argv[1]: the driver's pid; argv[2] is a marker that
# names the processes in `ps` (bench-busy-spinner).
SPINNER = r"""
import ctypes, os, signal, sys
parent = int(sys.argv[1])
try:
    ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG
except (OSError, AttributeError):
    pass  # the parent check below still ends the loop
while os.getppid() == parent:
    n = 0
    while n < 200000:
        n += 1
"""
MARKER = "bench-busy-spinner"


class Spinners:
    """N spinning processes: start() launches them, stop() kills and reaps
    them (idempotent), cpu_seconds() says how much processor time they took."""

    def __init__(self, count, shared_session=False):
        self.count = count
        self.shared_session = shared_session
        self.procs = []
        self.cpu = {}  # pid -> processor seconds, read just before the kill
        self.died_early = []  # pids that had exited before stop()
        self.started = self.stopped = None  # time.monotonic() of start() and stop()

    def start(self):
        self.started = time.monotonic()
        for _ in range(self.count):
            # Own process group, so a Ctrl-C in the terminal reaches only the
            # driver, which stops them itself, in order, rather than racing
            # them. Own session by default: with autogroup scheduling each
            # session's threads share out their processor time among
            # themselves, as separate programs on a server do. A shared
            # session puts the spinners beside the measured threads, as
            # `yes &` in the same shell or the jobs of one `make -j` are.
            where = {"process_group": 0} if self.shared_session else {"start_new_session": True}
            self.procs.append(subprocess.Popen(
                [sys.executable, "-c", SPINNER, str(os.getpid()), MARKER],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **where))
        time.sleep(0.3)  # Python starts in tens of ms: the first run already finds them spinning
        return self

    def alive(self):
        return sum(1 for p in self.procs if p.poll() is None)

    def stop(self):
        procs, self.procs = self.procs, []
        if procs:
            self.stopped = time.monotonic()
        for p in procs:
            if p.poll() is not None:
                self.died_early.append(p.pid)
                continue
            self.cpu[p.pid] = processor_seconds(p.pid)
            try:
                p.kill()
            except ProcessLookupError:
                pass
        for p in procs:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass  # SIGKILL does not fail to end a process; nothing else to do

    def wall_seconds(self):
        return (self.stopped - self.started) if self.started and self.stopped else 0.0

    def cpu_seconds(self):
        return sum(v for v in self.cpu.values() if v is not None)


def processor_seconds(pid):
    """User + system time of a process, from /proc/PID/stat (None if unreadable)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        # After the command name: state is field 3, utime 14, stime 15 (1-based).
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def raise_on_termination():
    """SIGTERM and SIGHUP raise SystemExit, so the `finally` that stops the
    spinners runs as it does for Ctrl-C."""
    def handler(signum, _frame):
        raise SystemExit(128 + signum)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, handler)
