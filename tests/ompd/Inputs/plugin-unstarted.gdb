# LLVM's gdb OMPD plugin on plugin-unstarted.c: the region's workers exist
# but their OS threads have not run yet when the primary thread stops.
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
