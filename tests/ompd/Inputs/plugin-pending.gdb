# LLVM's gdb OMPD plugin on plugin-pending.c: the region's workers have not
# started their implicit tasks when the primary thread stops.
set confirm off
set pagination off
set width 0
ompd init
break plugin_stop
continue
echo == parallel\n
ompd parallel
echo == end\n
kill
