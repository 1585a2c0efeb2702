"""Runs a command, waits until its output says "running", sends it a signal
(as a job's time limit or a user's kill does), and prints how it ended:

  stop-when-running.py SIGNAL [--program] COMMAND...   (SIGNAL: TERM, INT, KILL, ...)

With --program the signal goes to the command's child, the program that
glass runs (as a crash or the kernel's out-of-memory killer would end it),
not to glass.

The command's output is echoed; then one line: "ended by signal SIGNAME" or
"exited with N". The command starts with SIGINT and SIGTERM at their default
(a shell's background job would have SIGINT ignored)."""
import os
import signal
import subprocess
import sys
import time

number = getattr(signal, "SIG" + sys.argv[1])
to_program = sys.argv[2] == "--program"
command = sys.argv[3:] if to_program else sys.argv[2:]


def defaults():
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, preexec_fn=defaults)
sent = False
for line in process.stdout:
    sys.stdout.write(line)
    sys.stdout.flush()
    if not sent and line.strip() == "running":
        time.sleep(0.3)  # some events after the first region
        if to_program:
            with open("/proc/%d/task/%d/children" % (process.pid, process.pid)) as children:
                os.kill(int(children.read().split()[0]), number)
        else:
            process.send_signal(number)
        sent = True
status = process.wait()
if not sent:
    print("never said running")
if status < 0:
    print("ended by signal " + signal.Signals(-status).name)
else:
    print("exited with %d" % status)
