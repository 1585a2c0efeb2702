# LLVM's gdb OMPD plugin on the core file written at plugin-live.gdb's stop.
# On a core no thread was registered by a breakpoint: each `ompd parallel`
# registers the thread it runs on, after which `ompd threads` lists them.
set pagination off
set width 0
ompd init
thread 1
echo == parallel\n
ompd parallel
echo == register\n
thread apply all -s ompd parallel
echo == threads\n
ompd threads
thread 1
echo == icvs\n
ompd icvs
echo == frames\n
check-task-frames
echo == bt\n
ompd bt on
bt
echo == bt all\n
thread apply all bt
echo == bt continued\n
ompd bt on continued
thread apply all bt
ompd bt off
echo == end\n
